/** Very long request targets are refused by the HTTP parser (431/414), not rendered or cached. */
import { test, before, after } from 'node:test';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { rawRequest, assertClean, assertStillServing } from '../../helpers/raw-http.ts';

let s: TestServer;
let cookie: string;
before(async () => {
  s = await startServer();
  cookie = await s.login();
});
after(() => s.close());

const tooLong = (st: number) => st === 414 || st === 431;

for (const kb of [20, 100]) {
  test(`a ${kb} KB path: 414 or 431`, async () => {
    const target = '/' + 'a'.repeat(kb * 1024);
    assertClean(await rawRequest(s.port, target, { headers: { cookie } }), `${kb} KB path`, tooLong);
    assertClean(await rawRequest(s.port, target), `${kb} KB path (no session)`, tooLong);
    await assertStillServing(s.port, cookie);
  });

  test(`a ${kb} KB query string: 414 or 431`, async () => {
    const target = '/research?category=' + 'x'.repeat(kb * 1024);
    assertClean(await rawRequest(s.port, target, { headers: { cookie } }), `${kb} KB query`, tooLong);
    assertClean(await rawRequest(s.port, `/api/team?${'q'.repeat(kb * 1024)}`, { headers: { cookie } }), `${kb} KB API query`, tooLong);
    await assertStillServing(s.port, cookie);
  });
}

test('a long but acceptable path (4 KB) gets the 404 page, not an error', async () => {
  assertClean(await rawRequest(s.port, '/' + 'a'.repeat(4096), { headers: { cookie } }), '4 KB path', (st) => st === 404);
  await assertStillServing(s.port, cookie);
});
