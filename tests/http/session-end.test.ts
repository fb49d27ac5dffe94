/**
 * Sessions end (issue 32, finding 3; ASVS 7.4.1, 7.3.1, 3.3.1): sign-out revokes the session, so a
 * copy of its cookie is refused afterwards — by this process at once, by another process sharing
 * the store within a second; a session left unused for the idle limit ends, while one in use is
 * renewed; on HTTPS the cookie is `__Host-` prefixed (Secure, Path=/, no Domain).
 * All of these failed on b747b9d: the copied cookie still opened pages, no idle limit, no prefix.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, get, type TestServer } from '../helpers/server.ts';
import { openSqliteStore } from '../../src/server/store/sqlite.ts';
import { SESSION_COOKIE } from '../../src/app/constants.ts';

const PASSWORD = 'Harbour-Lantern-Password-5531';
const env = { SITE_PASSWORD: PASSWORD, SESSION_SECRET: 's'.repeat(40) };

/** Status of a page and an API read with this Cookie header (and extra headers). */
async function statuses(s: TestServer, cookie: string, headers: Record<string, string> = {}) {
  const page = await get(s.url, '/team', { headers: { cookie, ...headers } });
  const api = await get(s.url, '/api/team', { headers: { cookie, ...headers } });
  await page.arrayBuffer();
  await api.arrayBuffer();
  return { page: page.status, api: api.status };
}

const signOut = (s: TestServer, cookie: string) => fetch(`${s.url}/api/logout`, { method: 'POST', headers: { cookie, accept: 'application/json' } });

for (const fastPath of ['on', 'off']) {
  test(`FAST_PATH=${fastPath}: after sign-out, a copy of the session cookie opens nothing`, async (t) => {
    const s = await startServer({ env: { ...env, FAST_PATH: fastPath } });
    t.after(() => s.close());
    const cookie = await s.login();
    // Twice: the second answer of the page comes from memory (the fast path when on).
    assert.deepEqual(await statuses(s, cookie), { page: 200, api: 200 });
    assert.deepEqual(await statuses(s, cookie), { page: 200, api: 200 });
    const out = await signOut(s, cookie);
    assert.equal(out.status, 200);
    assert.deepEqual(await statuses(s, cookie), { page: 302, api: 401 }, 'the copied cookie after sign-out');
    // Another sign-in is a new session, not affected.
    assert.deepEqual(await statuses(s, await s.login()), { page: 200, api: 200 });
  });
}

test('a sign-out in one process is honoured within a second by another process sharing the store', async (t) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hrc-revoke-'));
  const a = await startServer({ env, dataDir });
  const b = await startServer({ env, dataDir });
  t.after(async () => {
    await a.close();
    await b.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const cookie = await a.login();
  assert.deepEqual(await statuses(b, cookie), { page: 200, api: 200 }, 'the same secrets: one session for both');
  await signOut(a, cookie);
  const started = Date.now();
  let refused = false;
  while (!refused && Date.now() - started < 1_500) {
    refused = (await statuses(b, cookie)).api === 401;
    if (!refused) await new Promise((r) => setTimeout(r, 50));
  }
  assert.ok(refused, 'the other process still accepted the session 1.5 s after sign-out');
  t.diagnostic(`refused by the other process ${Date.now() - started} ms after sign-out`);
  // The revocation is kept only as long as a token of that session could live: the idle limit.
  const store = openSqliteStore(dataDir, { readonly: false });
  try {
    const { revoked } = await store.sessions.revokedSince(0, new Date());
    assert.equal(revoked.length, 1);
    assert.ok(revoked[0].expiresAt <= Date.now() + a.config.sessionIdleMs, `kept until ${new Date(revoked[0].expiresAt).toISOString()}`);
  } finally {
    await store.close();
  }
});

test('the idle limit: a session unused for longer ends; one in use is renewed and goes on', async (t) => {
  // Wide margins (seconds): a loaded machine may take hundreds of milliseconds per request.
  const IDLE = 3_000;
  const s = await startServer({ env, config: { sessionIdleMs: IDLE } });
  t.after(() => s.close());
  const signedIn = await s.login();
  const t0 = Date.now();
  // The page rendered once now, so that later answers come from memory (quick).
  await (await get(s.url, '/team', { headers: { cookie: signedIn } })).arrayBuffer();
  // Used after a twelfth of the limit: the answer renews the token (same session, later idle expiry).
  await new Promise((r) => setTimeout(r, Math.max(0, t0 + 600 - Date.now())));
  const used = await get(s.url, '/api/team', { headers: { cookie: signedIn } });
  assert.equal(used.status, 200);
  const renewedLine = used.headers.getSetCookie().find((l) => l.startsWith(`${SESSION_COOKIE}=`));
  assert.ok(renewedLine, 'the answer renews the session cookie');
  assert.match(renewedLine, /; Path=\/; HttpOnly; SameSite=Lax$/);
  const renewed = renewedLine.split(';')[0];
  assert.notEqual(renewed, signedIn);
  // Past the idle limit of the first token, but not of the renewed one.
  await new Promise((r) => setTimeout(r, Math.max(0, t0 + IDLE + 100 - Date.now())));
  assert.deepEqual(await statuses(s, signedIn), { page: 302, api: 401 }, 'the token not used for the idle limit');
  assert.deepEqual(await statuses(s, renewed), { page: 200, api: 200 }, 'the renewed token');
  // Sign-out ends the renewed session and every older token of it.
  await signOut(s, renewed);
  assert.deepEqual(await statuses(s, renewed), { page: 302, api: 401 });
});

test('on HTTPS the session cookie is __Host- prefixed, Secure, Path=/, without Domain; the unprefixed name is not accepted there', async (t) => {
  const s = await startServer({ env: { ...env, TRUST_PROXY: '1' } });
  t.after(() => s.close());
  const https = { 'x-forwarded-proto': 'https' };
  const res = await fetch(`${s.url}/api/login`, {
    method: 'POST',
    headers: { ...https, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  assert.equal(res.status, 200);
  const [line] = res.headers.getSetCookie();
  assert.match(line, new RegExp(`^__Host-${SESSION_COOKIE}=[^;]+; Path=/; HttpOnly; Secure; SameSite=Lax$`));
  const value = line.split(';')[0].split('=')[1];
  assert.deepEqual(await statuses(s, `__Host-${SESSION_COOKIE}=${value}`, https), { page: 200, api: 200 });
  assert.deepEqual(await statuses(s, `${SESSION_COOKIE}=${value}`, https), { page: 302, api: 401 }, 'a cookie any subdomain could set');
  // Sign-out clears the prefixed cookie.
  const out = await fetch(`${s.url}/api/logout`, { method: 'POST', headers: { ...https, cookie: `__Host-${SESSION_COOKIE}=${value}`, accept: 'application/json' } });
  assert.match(out.headers.getSetCookie()[0], new RegExp(`^__Host-${SESSION_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Lax$`));
});
