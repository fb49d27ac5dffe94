/**
 * Faults while answering a page (render-errors.test.ts covers the basic 500 page): failing renders
 * under concurrent traffic, the 500 page's own CSP (its inline style allowed by hash), a failure
 * that is not kept in the page cache, and an exception thrown outside React (while reading the
 * page's data) — which gets the same static page, or 500 JSON on the API, never a stack trace.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { rawRequest, assertClean, assertStillServing, leakIn } from '../../helpers/raw-http.ts';
import { buildApiData, type ApiData, type ApiEntry } from '../../../src/content/api-data.ts';
import { loadContent } from '../../../src/content/load.ts';

/** Reading this key throws, with a message that must never reach a visitor. */
const EXPLODING_KEY = '/api/pages/privacy';
const SECRET_MESSAGE = `database on fire in ${process.cwd()}/secret.ts`;

class ExplodingMap extends Map<string, ApiEntry> {
  override get(key: string) {
    if (key === EXPLODING_KEY) throw new Error(SECRET_MESSAGE);
    return super.get(key);
  }
}

let api: ApiData;
let goodTeam: ApiEntry;
let s: TestServer;
let cookie: string;

before(async () => {
  const real = buildApiData(loadContent(), {});
  assert.ok(real.entries.has(EXPLODING_KEY));
  goodTeam = real.entries.get('/api/team')!;
  // /api/team holds an object instead of a list: TeamPage's team.filter(...) throws while rendering.
  const entries = new ExplodingMap(real.entries);
  entries.set('/api/team', { value: { broken: true }, json: '{"broken":true}' });
  api = { ...real, entries };
  s = await startServer({ deps: { api } });
  cookie = await s.login();
});
after(() => s.close());

test('the 500 page carries its own CSP, whose style hash is the hash of its inline style', async () => {
  const res = await rawRequest(s.port, '/team', { headers: { cookie } });
  assertClean(res, '/team', (st) => st === 500);
  const csp = res.headers['content-security-policy'] ?? '';
  const style = /<style>([^<]*)<\/style>/.exec(res.body)?.[1];
  assert.ok(style, 'the 500 page has one inline style');
  const hash = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
  assert.match(csp, /(^|; )default-src 'none'(;|$)/);
  assert.ok(
    csp.split(';').some((d) => d.trim() === `style-src ${hash}`),
    `style-src allows exactly ${hash}: ${csp}`,
  );
  assert.ok(!/unsafe-inline|unsafe-eval|script-src/.test(csp), csp);
  assert.ok(!/<script/i.test(res.body), 'nothing to run');
  // The site-wide headers are still there on the error.
  assert.equal(res.headers['x-content-type-options'], 'nosniff');
  assert.equal(res.headers['cross-origin-opener-policy'], 'same-origin');
  assert.match(res.headers['cache-control'] ?? '', /no-store/);
  assert.equal(res.headers['x-powered-by'], undefined);
  // HEAD gets the same status and no body.
  const head = await rawRequest(s.port, '/team', { method: 'HEAD', headers: { cookie } });
  assert.equal(head.status, 500);
  assert.equal(head.raw.slice(head.raw.indexOf('\r\n\r\n') + 4), '');
});

test('failing renders amid concurrent traffic: each request gets its own right answer', async () => {
  const plan: [string, number][] = [];
  for (let i = 0; i < 8; i++) {
    plan.push(['/team', 500], ['/', 200], ['/resources', 200], ['/api/team', 200], ['/healthz', 200], ['/nope-' + i, 404]);
  }
  const results = await Promise.all(
    plan.map(async ([p, expected]) => {
      const res = await rawRequest(s.port, p, { headers: { cookie } });
      return { p, expected, res };
    }),
  );
  for (const { p, expected, res } of results) {
    assertClean(res, p, (st) => st === expected);
    if (expected === 200 && !p.startsWith('/api') && p !== '/healthz') assert.match(res.body, /<h1/, `${p}: a full page`);
    if (expected === 500) assert.match(res.body, /Something went wrong/, p);
  }
  await assertStillServing(s.port, cookie);
});

test('an exception outside React, while reading the page data: the static 500 page; on the API: 500 JSON', async () => {
  const page = await rawRequest(s.port, '/privacy', { headers: { cookie } });
  assertClean(page, '/privacy', (st) => st === 500);
  assert.match(page.body, /Something went wrong/);
  assert.ok(!page.body.includes('database on fire'), 'the error message leaked');
  const json = await rawRequest(s.port, EXPLODING_KEY, { headers: { cookie } });
  assertClean(json, EXPLODING_KEY, (st) => st === 500);
  assert.deepEqual(JSON.parse(json.body), { error: 'Internal server error.' });
  for (const r of [page, json]) assert.equal(leakIn(r.raw), null, 'headers or body leak internals');
  await assertStillServing(s.port, cookie);
});

test('a failed render is not cached: once the data is good again, the page renders', async () => {
  assert.equal((await rawRequest(s.port, '/team', { headers: { cookie } })).status, 500);
  api.entries.set('/api/team', goodTeam);
  const res = await rawRequest(s.port, '/team', { headers: { cookie } });
  assertClean(res, '/team after the fix', (st) => st === 200);
  assert.match(res.body, /Our Team/);
});
