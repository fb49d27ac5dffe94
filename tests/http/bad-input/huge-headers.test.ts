/** Oversized header sections (a 32 KB cookie, a 32 KB header, thousands of headers) → 431. */
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

const is431 = (st: number) => st === 431;

test('a 32 KB cookie: 431', async () => {
  const res = await rawRequest(s.port, '/', { headers: { cookie: `${cookie}; junk=${'a'.repeat(32 * 1024)}` } });
  assertClean(res, '32 KB cookie', is431);
  await assertStillServing(s.port, cookie);
});

test('a 32 KB header of another name, on a page and on the login endpoint: 431', async () => {
  assertClean(await rawRequest(s.port, '/team', { headers: { cookie, 'x-padding': 'b'.repeat(32 * 1024) } }), '32 KB header', is431);
  assertClean(
    await rawRequest(s.port, '/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-padding': 'b'.repeat(32 * 1024) },
      body: '{"password":"x"}',
    }),
    '32 KB header on POST /api/login',
    is431,
  );
  await assertStillServing(s.port, cookie);
});

test('3,000 small headers (over the size limit in total): 431', async () => {
  const lines = Array.from({ length: 3000 }, (_, i) => `x-h${i}: v\r\n`).join('');
  const res = await sendRaw(s.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\n${lines}Connection: close\r\n\r\n`);
  assertClean(res, '3,000 headers', is431);
  await assertStillServing(s.port, cookie);
});

test('a header section that never ends is cut off, not buffered forever', async () => {
  // 64 KB of header bytes without the blank line that ends the section.
  const res = await sendRaw(s.port, `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n${'x-a: b\r\n'.repeat(8 * 1024)}`);
  assertClean(res, 'endless header section', is431);
  await assertStillServing(s.port, cookie);
});

test('junk cookies under the limit (8 KB) beside a valid session are ignored: 200', async () => {
  const junk = Array.from({ length: 80 }, (_, i) => `j${i}=${'%'.repeat(50)}${'z'.repeat(40)}`).join('; ');
  const res = await rawRequest(s.port, '/', { headers: { cookie: `${junk}; ${cookie}` } });
  assertClean(res, '8 KB of junk cookies', (st) => st === 200);
  assert.match(res.body, /<h1/);
});
