/** Malformed percent-encoding in the path: 400 (not a 500 from decodeURIComponent), no stack trace. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { rawRequest, assertClean, assertStillServing } from '../../helpers/raw-http.ts';

let s: TestServer;
let cookie: string;
before(async () => {
  s = await startServer();
  cookie = await s.login();
});
after(() => s.close());

const PAGES = ['/%E0%A4%A', '/team/%', '/%', '/research/%ZZ', '/assets/%', '/assets/%E0%A4%A.js', '/images/%E0%A4%A', '/healthz%'];

test('pages and static folders: 400 with a plain-text body', async () => {
  for (const p of PAGES) {
    const res = await rawRequest(s.port, p, { headers: { cookie } });
    assertClean(res, p, (st) => st === 400);
    assert.match(res.headers['content-type'] ?? '', /^text\/plain/, p);
    assert.ok(res.headers['content-security-policy'], `${p}: security headers on the error too`);
  }
  await assertStillServing(s.port, cookie);
});

test('the API: 400 JSON', async () => {
  for (const p of ['/api/%ZZ', '/api/team%', '/api/%E0%A4%A']) {
    const res = await rawRequest(s.port, p, { headers: { cookie } });
    assertClean(res, p, (st) => st === 400);
    assert.match(res.headers['content-type'] ?? '', /^application\/json/, p);
    assert.deepEqual(JSON.parse(res.body), { error: 'Bad request.' }, p);
  }
  await assertStillServing(s.port, cookie);
});

test('without a session the gate answers first: a relative redirect to /login, or 401 JSON for the API', async () => {
  for (const p of ['/%E0%A4%A', '/team/%']) {
    const res = await rawRequest(s.port, p);
    // Documented exception to "4xx": the gate's normal answer. The bad path is carried, encoded, in next=.
    assertClean(res, p, (st) => st === 302);
    assert.match(res.headers.location ?? '', /^\/login\?next=%2F/, p);
  }
  const api = await rawRequest(s.port, '/api/%ZZ');
  assertClean(api, '/api/%ZZ', (st) => st === 401);
  // And once signed in, that next= leads to a clean 400, not a loop or a 500.
  const login = await rawRequest(s.port, '/login?next=%2Fteam%2F%25');
  assertClean(login, 'login page with a malformed next', (st) => st === 200);
  await assertStillServing(s.port, cookie);
});

test('a malformed query value is not an error: an unknown parameter is ignored (200), a filter goes unfiltered (documented 302)', async () => {
  assertClean(await rawRequest(s.port, '/team?x=%', { headers: { cookie } }), '/team?x=%', (st) => st === 200);
  for (const [p, to] of [
    ['/research?category=%E0%A4%A', '/research'],
    ['/press-releases?year=%ZZ', '/press-releases'],
  ]) {
    const res = await rawRequest(s.port, p, { headers: { cookie } });
    assertClean(res, p, (st) => st === 302);
    assert.equal(res.headers.location, to, p);
  }
  await assertStillServing(s.port, cookie);
});
