/** What the server does with the session cookie it is sent: only its own, unexpired tokens pass. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, get, setCookieLine, type TestServer } from '../helpers/server.ts';
import { createSessionToken, deriveKeys } from '../../src/server/session.ts';
import { SESSION_COOKIE } from '../../src/app/constants.ts';

const PASSWORD = 'Quillon-Basin-8812';
const CURRENT = 'c'.repeat(40);
const PREVIOUS = 'p'.repeat(40);
const RETIRED = 'r'.repeat(40);
const TTL = 12 * 60 * 60_000;

let s: TestServer;
// Rotation in progress: sign with CURRENT, still accept PREVIOUS.
before(async () => {
  s = await startServer({ env: { SITE_PASSWORD: PASSWORD, SESSION_SECRET: `${CURRENT},${PREVIOUS}` } });
});
after(() => s.close());

const token = (secrets: string[], opts: { password?: string; now?: number } = {}) => createSessionToken(deriveKeys(secrets, opts.password ?? PASSWORD), TTL, opts.now);

/** Status of a page and an API read with this cookie header. */
async function statuses(cookie: string) {
  const page = await get(s.url, '/team', { headers: { cookie } });
  const api = await get(s.url, '/api/team', { headers: { cookie } });
  await page.arrayBuffer();
  await api.arrayBuffer();
  return { page: page.status, api: api.status };
}

test('a valid token opens pages and the API', async () => {
  assert.deepEqual(await statuses(`${SESSION_COOKIE}=${token([CURRENT])}`), { page: 200, api: 200 });
});

test('bad cookies are treated as no session: 302 for pages, 401 for the API, never a 500', async () => {
  const good = token([CURRENT]);
  const [exp, id, sig] = good.split('.');
  const bad: Record<string, string> = {
    forged: token(['f'.repeat(40)]),
    'forged with the password as secret': createSessionToken(deriveKeys([PASSWORD], PASSWORD), TTL),
    expired: token([CURRENT], { now: Date.now() - TTL - 60_000 }),
    'expiry pushed out': `${Number(exp) + 365 * 24 * 3600_000}.${id}.${sig}`,
    truncated: good.slice(0, -5),
    'signature only': sig,
    garbage: 'not-a-session',
    empty: '',
    'percent garbage': '%E0%A4%A',
    'json-ish': 'j%3A%7B%22ok%22%3Atrue%7D',
    huge: 'A'.repeat(8000),
    'huge dotted': `${'9'.repeat(3000)}.${'A'.repeat(3000)}.${'B'.repeat(1000)}`,
  };
  for (const [name, value] of Object.entries(bad)) {
    assert.deepEqual(await statuses(`${SESSION_COOKIE}=${value}`), { page: 302, api: 401 }, name);
  }
});

test('a cookie header larger than the server accepts gets 431, not a 500', async () => {
  const res = await get(s.url, '/team', { headers: { cookie: `${SESSION_COOKIE}=${'A'.repeat(64 * 1024)}` } });
  assert.equal(res.status, 431);
});

test('a token signed with a secret that has been rotated out is rejected', async () => {
  assert.deepEqual(await statuses(`${SESSION_COOKIE}=${token([RETIRED])}`), { page: 302, api: 401 });
});

test('a token signed with the second listed secret (before the rotation) is still accepted', async () => {
  assert.deepEqual(await statuses(`${SESSION_COOKIE}=${token([PREVIOUS])}`), { page: 200, api: 200 });
});

test('new logins are signed with the first listed secret', async () => {
  const cookie = await s.login();
  const value = cookie.slice(SESSION_COOKIE.length + 1);
  const onlyCurrent = await startServer({ env: { SITE_PASSWORD: PASSWORD, SESSION_SECRET: CURRENT } });
  try {
    const res = await get(onlyCurrent.url, '/api/team', { headers: { cookie: `${SESSION_COOKIE}=${value}` } });
    assert.equal(res.status, 200);
  } finally {
    await onlyCurrent.close();
  }
});

test('sessions survive a restart with the same settings, and end when SITE_PASSWORD changes', async () => {
  const cookie = await s.login();
  const same = await startServer({ env: { SITE_PASSWORD: PASSWORD, SESSION_SECRET: `${CURRENT},${PREVIOUS}` } });
  const changed = await startServer({ env: { SITE_PASSWORD: `${PASSWORD}-new`, SESSION_SECRET: `${CURRENT},${PREVIOUS}` } });
  try {
    assert.equal((await get(same.url, '/api/team', { headers: { cookie } })).status, 200);
    assert.equal((await get(changed.url, '/api/team', { headers: { cookie } })).status, 401);
    const page = await get(changed.url, '/team', { headers: { cookie } });
    assert.equal(page.status, 302);
    assert.equal(page.headers.get('location'), '/login?next=%2Fteam');
  } finally {
    await same.close();
    await changed.close();
  }
});

test('logout (form post) clears the cookie and answers 303 to /login', async () => {
  const cookie = await s.login();
  const res = await fetch(`${s.url}/api/logout`, { method: 'POST', redirect: 'manual', headers: { cookie } });
  assert.equal(res.status, 303);
  assert.equal(res.headers.get('location'), '/login');
  const line = setCookieLine(res, SESSION_COOKIE);
  assert.ok(line, 'Set-Cookie clears the session');
  assert.match(line, new RegExp(`^${SESSION_COOKIE}=;`), 'empty value');
  const expires = /expires=([^;]+)/i.exec(line)?.[1];
  assert.ok(expires && Date.parse(expires) < Date.now(), `expires in the past: ${line}`);
  assert.match(line, /path=\//i, 'same path as the session cookie, or the browser keeps it');
  // A browser that applies the Set-Cookie has no session any more.
  assert.equal((await get(s.url, '/team', { headers: { cookie: `${SESSION_COOKIE}=` } })).status, 302);
});

test('logout (JSON) answers 200 and clears the cookie', async () => {
  const res = await fetch(`${s.url}/api/logout`, { method: 'POST', redirect: 'manual', headers: { accept: 'application/json', cookie: await s.login() } });
  assert.equal(res.status, 200);
  assert.match(setCookieLine(res, SESSION_COOKIE) ?? '', /^hrc_session=;/);
});

test('logout refuses cross-site posts and other methods', async () => {
  const cross = await fetch(`${s.url}/api/logout`, { method: 'POST', redirect: 'manual', headers: { origin: 'https://evil.example' } });
  assert.equal(cross.status, 403);
  assert.equal(setCookieLine(cross, SESSION_COOKIE), undefined);
  const getRes = await get(s.url, '/api/logout');
  assert.equal(getRes.status, 405);
  assert.equal(getRes.headers.get('allow'), 'POST');
});
