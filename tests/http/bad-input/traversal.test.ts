/**
 * Path traversal, plain, encoded and double-encoded, sent byte for byte (fetch would resolve
 * ".." itself): never a file outside dist/assets or public/images, always a clean 4xx.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { rawRequest, assertClean, assertStillServing, type RawResponse } from '../../helpers/raw-http.ts';

let s: TestServer;
let cookie: string;
before(async () => {
  s = await startServer();
  cookie = await s.login();
});
after(() => s.close());

const TARGETS = [
  '/assets/..%2f..%2fpackage.json',
  '/assets/..%2F..%2Fpackage.json',
  '/images/%2e%2e/%2e%2e/package.json',
  '/images/%2e%2e%2f%2e%2e%2fpackage.json',
  '/assets/%252e%252e%252fpackage.json',
  '/images/%252e%252e%252f%252e%252e%252fpackage.json',
  '/assets/../../package.json',
  '/images/../../package.json',
  '/images/../../src/server/config.ts',
  '/assets/%5c..%5c..%5cpackage.json',
  '/images/..\\..\\package.json',
  '/images/%c0%ae%c0%ae/%c0%ae%c0%ae/package.json',
  '/images//etc/passwd',
  '/images/%2fetc%2fpasswd',
  '/..%2f..%2fpackage.json',
  '/%2e%2e/%2e%2e/etc/passwd',
];

function assertNoPrivateFile(res: RawResponse, label: string) {
  for (const secret of ['"devDependencies"', '"halden-rowe-capital"', 'SITE_PASSWORD', 'root:x:0:0']) {
    assert.ok(!res.body.includes(secret), `${label}: served a private file (${secret})`);
  }
}

test('with a session: a clean 4xx and no private file', async () => {
  const seen: string[] = [];
  for (const p of TARGETS) {
    const res = await rawRequest(s.port, p, { headers: { cookie } });
    assertClean(res, p);
    assertNoPrivateFile(res, p);
    seen.push(`${res.status} ${p}`);
  }
  assert.equal(seen.length, TARGETS.length);
  await assertStillServing(s.port, cookie);
});

test('without a session: the gate answers (redirect to /login or 401), never the file', async () => {
  for (const p of TARGETS) {
    const res = await rawRequest(s.port, p);
    assertClean(res, `${p} (no session)`, (st) => st === 302 || st === 401 || (st >= 400 && st < 500));
    assertNoPrivateFile(res, p);
    if (res.status === 302) assert.match(res.headers.location ?? '', /^\/login(\?|$)/, p);
  }
  await assertStillServing(s.port, cookie);
});
