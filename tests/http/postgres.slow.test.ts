/**
 * DATABASE_URL: two servers ("hosts") on one PostgreSQL share what a site on several hosts must
 * share (issue 34): the sign-in limit (10 bad guesses across both, then 429 on either), the contact
 * messages (all listed by `npm run messages` with the same DATABASE_URL), sign-out. And a database
 * outage: pages keep being served, the contact form answers 503 with the visitor's text kept,
 * /readyz fails, sign-in keeps working on per-host limits (the log says they are degraded), a
 * sign-out holds on its host, and everything recovers by itself when the database returns (the
 * sign-out reaching the other hosts). Slow tier: it starts PostgreSQL.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startServer, type TestServer } from '../helpers/server.ts';
import { startTestPostgres } from '../helpers/postgres.ts';
import { forkServer, ROOT, skipWithoutBuild, type Forked } from '../helpers/spawn-server.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '../../src/server/log.ts';
import { loadConfig } from '../../src/server/config.ts';

let skip: string | undefined;
const pg = await startTestPostgres({ skip: (m) => void (skip = m) });
after(() => pg?.destroy());

const PASSWORD = 'Shared-Harbour-Password-7781';
const env = (url: string) => ({ DATABASE_URL: url, SITE_PASSWORD: PASSWORD, SESSION_SECRET: 's'.repeat(40), TRUST_PROXY: '1' });
const guess = (s: TestServer, ip: string, password = 'wrong') =>
  fetch(`${s.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify({ password }) });
const post = (s: TestServer, cookie: string, i: number, json = true) =>
  fetch(`${s.url}/api/contact`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'x-forwarded-for': `198.51.100.${i}`, ...(json ? { 'content-type': 'application/json', accept: 'application/json' } : { 'content-type': 'application/x-www-form-urlencoded' }) },
    body: (json ? JSON.stringify : (v: Record<string, string>) => new URLSearchParams(v).toString())({
      name: `Sender ${i}`,
      email: `s${i}@example.com`,
      company: '',
      message: `Message ${i}, posted to one of two hosts.`,
    }),
  });

function logged() {
  const lines: string[] = [];
  return { log: createLogger('json', { write: (l: string) => void lines.push(l) }), msgs: () => lines.map((l) => (JSON.parse(l) as { msg: string }).msg) };
}

test('two hosts on one PostgreSQL: one sign-in limit, every message listed from either, sign-out honoured by both', async (t) => {
  if (skip) return t.skip(skip);
  const url = await pg!.createDatabase();
  const [a, b] = [await startServer({ env: env(url) }), await startServer({ env: env(url) })];
  t.after(async () => {
    await a.close();
    await b.close();
  });
  // 10 bad guesses from one client, alternately on each host: the 11th is throttled on either.
  for (let i = 0; i < 10; i++) assert.equal((await guess(i % 2 ? b : a, '203.0.113.5')).status, 401, `guess ${i + 1}`);
  assert.equal((await guess(a, '203.0.113.5')).status, 429);
  assert.equal((await guess(b, '203.0.113.5')).status, 429);
  assert.equal((await guess(b, '203.0.113.6')).status, 401, 'another client is not throttled');

  // Messages posted alternately: all listed, from either host's point of view (the same database).
  const cookie = await a.login();
  for (let i = 1; i <= 6; i++) assert.equal((await post(i % 2 ? a : b, cookie, i)).status, 201);
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/messages.ts', '--json'], { cwd: ROOT, env: { ...process.env, DATABASE_URL: url } });
  assert.deepEqual(
    (JSON.parse(stdout) as { name: string }[]).map((m) => m.name),
    [1, 2, 3, 4, 5, 6].map((i) => `Sender ${i}`),
  );

  // Signed out on A: the copy of the cookie is refused by B within a second or so.
  await fetch(`${a.url}/api/logout`, { method: 'POST', headers: { cookie, accept: 'application/json' } });
  const deadline = Date.now() + 3000;
  let status = 200;
  while (status === 200 && Date.now() < deadline) {
    status = (await fetch(`${b.url}/api/team`, { headers: { cookie } })).status;
    if (status === 200) await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(status, 401);
});

test('two hosts on one PostgreSQL: the site-wide sign-in ceiling counts failures on both hosts together', async (t) => {
  if (skip) return t.skip(skip);
  const url = await pg!.createDatabase();
  // The ceiling is 200 failures in 15 minutes; 6 here, so that the test stays short.
  const config = { loginLimit: { ...loadConfig({}).loginLimit, global: 6, pressureDelayMs: 600 } };
  const [a, b] = [await startServer({ env: env(url), config }), await startServer({ env: env(url), config })];
  t.after(async () => {
    await a.close();
    await b.close();
  });
  // Six failures from six clients, three on each host: neither host alone reached the ceiling.
  for (let i = 0; i < 6; i++) assert.equal((await guess(i % 2 ? b : a, `198.51.100.${10 + i}`)).status, 401);
  // Past it on both: a new client's attempt waits the pressure delay, on either host.
  for (const [name, host] of [
    ['A', a],
    ['B', b],
  ] as const) {
    const started = performance.now();
    assert.equal((await guess(host, `198.51.100.${name === 'A' ? 40 : 41}`, PASSWORD)).status, 200, 'the right password still gets in');
    const ms = performance.now() - started;
    assert.ok(ms >= 550, `host ${name}: the attempt waited ${ms.toFixed(0)} ms (under pressure: 600)`);
  }
});

test('a PostgreSQL outage: pages served, contact 503 with the text kept, sign-in on per-host limits, all back by itself', async (t) => {
  if (skip) return t.skip(skip);
  if (process.env.TEST_DATABASE_URL) return t.skip('TEST_DATABASE_URL: this test stops and starts the server, which it did not start');
  const url = await pg!.createDatabase();
  const { log, msgs } = logged();
  const s = await startServer({ env: env(url), config: { logFormat: 'json' }, deps: { log } });
  const other = await startServer({ env: env(url) });
  t.after(async () => {
    await s.close();
    await other.close();
  });
  const cookie = await s.login();
  const leaving = await s.login();
  await (await fetch(`${s.url}/team`, { headers: { cookie } })).arrayBuffer();
  assert.equal((await post(s, cookie, 1)).status, 201);

  pg!.stop();
  try {
    assert.equal((await fetch(`${s.url}/team`, { headers: { cookie } })).status, 200, 'pages are served');
    assert.equal((await fetch(`${s.url}/healthz`)).status, 200, 'alive');
    const ready = await fetch(`${s.url}/readyz`);
    assert.equal(ready.status, 503, 'not ready: the store cannot take a write');
    assert.equal((await post(s, cookie, 2)).status, 503);
    const page = await post(s, cookie, 3, false);
    assert.equal(page.status, 503);
    assert.match(await page.text(), /value="Sender 3"/, 'the visitor keeps what they typed');
    // Sign-in still works, and wrong guesses are still counted: on this host.
    assert.equal((await guess(s, '203.0.113.7', PASSWORD)).status, 200);
    for (let i = 0; i < 10; i++) assert.equal((await guess(s, '203.0.113.8')).status, 401);
    assert.equal((await guess(s, '203.0.113.8')).status, 429, 'the per-host limit holds');
    assert.ok(
      msgs().some((m) => m.startsWith('rate limits degraded')),
      'the log says the limits are per host',
    );
    // Signed out while the database is away: refused here at once, elsewhere once it is back.
    assert.equal((await fetch(`${s.url}/api/logout`, { method: 'POST', headers: { cookie: leaving, accept: 'application/json' } })).status, 200);
    assert.equal((await fetch(`${s.url}/api/team`, { headers: { cookie: leaving } })).status, 401);
  } finally {
    pg!.start();
  }
  // Back by itself: the next post is stored, readiness returns, the limits are shared again.
  const deadline = Date.now() + 10_000;
  let status = 0;
  while (status !== 201 && Date.now() < deadline) {
    status = (await post(s, cookie, 4)).status;
    if (status !== 201) await new Promise((r) => setTimeout(r, 250));
  }
  assert.equal(status, 201);
  await new Promise((r) => setTimeout(r, 2100)); // /readyz's own 2 s memory
  assert.equal((await fetch(`${s.url}/readyz`)).status, 200);
  await guess(s, '203.0.113.9');
  assert.ok(msgs().includes('rate limits shared again: PostgreSQL answers'));
  // The sign-out made during the outage reaches the other host.
  let seen = 200;
  const until = Date.now() + 5_000;
  while (seen === 200 && Date.now() < until) {
    seen = (await fetch(`${other.url}/api/team`, { headers: { cookie: leaving } })).status;
    if (seen === 200) await new Promise((r) => setTimeout(r, 100));
  }
  assert.equal(seen, 401, 'the other host refuses the session signed out during the outage');
});

test('a host started while PostgreSQL is away serves pages, answers contact 503, and sets the store up once it answers', async (t) => {
  if (skip) return t.skip(skip);
  if (process.env.TEST_DATABASE_URL) return t.skip('TEST_DATABASE_URL: this test stops and starts the server, which it did not start');
  if (skipWithoutBuild(t)) return;
  const url = await pg!.createDatabase(); // new: no schema yet
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hrc-pg-start-'));
  let host: Forked | undefined;
  t.after(async () => {
    host?.kill('SIGKILL');
    await host?.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
  const message = (cookie: string) =>
    fetch(`${host!.url}/api/contact`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ name: 'Started Meanwhile', email: 'm@example.com', company: '', message: 'Sent to a host that started during an outage.' }),
    });
  pg!.stop();
  let cookie = '';
  try {
    // The production server (main.ts), started while the database is away.
    host = await forkServer({ dataDir, env: { DATABASE_URL: url } });
    cookie = await host.login();
    assert.equal((await fetch(`${host.url}/team`, { headers: { cookie } })).status, 200, 'pages are served');
    assert.equal((await message(cookie)).status, 503);
    assert.equal((await fetch(`${host.url}/readyz`)).status, 503);
    assert.match(host.stdout(), /the store cannot be reached: serving pages/);
  } finally {
    pg!.start();
  }
  const deadline = Date.now() + 10_000;
  let status = 0;
  while (status !== 201 && Date.now() < deadline) {
    status = (await message(cookie)).status;
    if (status !== 201) await new Promise((r) => setTimeout(r, 250));
  }
  assert.equal(status, 201, 'stored once the database answers: the schema was made then');
});
