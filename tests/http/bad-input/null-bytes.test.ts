/** NUL bytes, encoded in the path or raw in the request line: a clean 4xx, nothing else. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { rawRequest, sendRaw, assertClean, assertStillServing } from '../../helpers/raw-http.ts';

let s: TestServer;
let cookie: string;
before(async () => {
  s = await startServer();
  cookie = await s.login();
});
after(() => s.close());

test('%00 in a page, asset, image or API path: 4xx', async () => {
  for (const p of ['/team%00', '/team/%00', '/assets/x%00.js', '/assets/%00', '/images/x%00.png', '/images/%00../package.json', '/api/team%00', '/%00']) {
    const res = await rawRequest(s.port, p, { headers: { cookie } });
    assertClean(res, p);
  }
  await assertStillServing(s.port, cookie);
});

test('%00 in the query: not a filter value, so a redirect to the unfiltered page (documented 302)', async () => {
  const res = await rawRequest(s.port, '/research?category=%00', { headers: { cookie } });
  assertClean(res, '/research?category=%00', (st) => st === 302);
  assert.equal(res.headers.location, '/research');
});

test('%00 in next= after login never becomes the redirect target', async () => {
  const res = await rawRequest(s.port, '/login?next=%2Fteam%00', { headers: { cookie } });
  assertClean(res, 'signed-in /login?next=/team%00', (st) => st === 302);
  assert.equal(res.headers.location, '/');
});

test('a raw NUL byte in the request line: 400 from the HTTP parser', async () => {
  const res = await sendRaw(s.port, `GET /team\u0000 HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`);
  assertClean(res, 'raw NUL', (st) => st === 400);
  await assertStillServing(s.port, cookie);
});
