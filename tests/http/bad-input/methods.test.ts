/**
 * Methods: HEAD mirrors GET without a body; OPTIONS, TRACE, DELETE, PUT, PATCH answer 405 with
 * Allow (TRACE never echoes the request); unknown methods are refused by the HTTP parser.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { collection } from '../../helpers/pages.ts';
import { rawRequest, sendRaw, assertClean, assertStillServing } from '../../helpers/raw-http.ts';

let s: TestServer;
let cookie: string;
before(async () => {
  s = await startServer();
  cookie = await s.login();
});
after(() => s.close());

const memberId = () => collection<{ id: string }>('/api/team')[0].id;
const MARKER = 'echo-marker-7f3a';
/** Headers whose value may differ between two answers for the same resource. */
const VOLATILE = new Set(['date', 'connection', 'keep-alive', 'ratelimit', 'ratelimit-policy']);

test('HEAD answers like GET, headers and all, with no body', async () => {
  // /resources is fetched by HEAD first (a fresh render), /team by GET first (from the page cache).
  for (const [p, first] of [
    ['/resources', 'HEAD'],
    ['/team', 'GET'],
    [`/team/${memberId()}`, 'HEAD'],
    ['/team/nope', 'GET'],
    ['/api/team', 'GET'],
    ['/healthz', 'GET'],
  ] as const) {
    const order = first === 'HEAD' ? ['HEAD', 'GET'] : ['GET', 'HEAD'];
    const answers: Record<string, Awaited<ReturnType<typeof rawRequest>>> = {};
    for (const method of order) answers[method] = await rawRequest(s.port, p, { method, headers: { cookie } });
    const { GET: get, HEAD: head } = answers;
    assert.equal(head.status, get.status, `${p}: HEAD status`);
    const strip = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).filter(([k]) => !VOLATILE.has(k)));
    assert.deepEqual(strip(head.headers), strip(get.headers), `${p}: HEAD headers equal GET's`);
    const afterHeaders = head.raw.slice(head.raw.indexOf('\r\n\r\n') + 4);
    assert.equal(afterHeaders, '', `${p}: HEAD sent a body`);
    assert.ok(get.body.length > 0, `${p}: GET has a body`);
  }
  // Without a session: HEAD gets the same redirect as GET, and the login page is there.
  const gated = await rawRequest(s.port, '/team', { method: 'HEAD' });
  assert.equal(gated.status, 302);
  assert.equal(gated.headers.location, '/login?next=%2Fteam');
  assert.equal((await rawRequest(s.port, '/login', { method: 'HEAD' })).status, 200);
});

const METHODS = ['OPTIONS', 'TRACE', 'DELETE', 'PUT', 'PATCH'];

test('OPTIONS, TRACE, DELETE, PUT, PATCH on pages and read APIs: 405 with Allow: GET, HEAD', async () => {
  for (const p of ['/', '/team', `/team/${memberId()}`, '/nope', '/contact', '/api/team', '/api/research', '/api/site']) {
    for (const method of METHODS) {
      const res = await rawRequest(s.port, p, { method, headers: { cookie, 'x-marker': MARKER, 'content-type': 'text/plain' }, body: MARKER });
      assertClean(res, `${method} ${p}`, (st) => st === 405);
      assert.equal(res.headers.allow, 'GET, HEAD', `${method} ${p}: Allow`);
      assert.ok(!res.raw.includes(MARKER), `${method} ${p}: the request was echoed`);
      if (p.startsWith('/api/')) assert.match(res.headers['content-type'] ?? '', /^application\/json/, `${method} ${p}`);
    }
  }
  await assertStillServing(s.port, cookie);
});

test('other methods on the POST-only endpoints: 405 with Allow: POST', async () => {
  for (const p of ['/api/login', '/api/logout', '/api/contact']) {
    for (const method of ['GET', ...METHODS]) {
      const res = await rawRequest(s.port, p, { method, headers: { cookie, 'x-marker': MARKER } });
      assertClean(res, `${method} ${p}`, (st) => st === 405);
      assert.equal(res.headers.allow, 'POST', `${method} ${p}: Allow`);
      assert.ok(!res.raw.includes(MARKER), `${method} ${p}: the request was echoed`);
    }
  }
  // A DELETE on logout does not end the session.
  await assertStillServing(s.port, cookie);
});

test('TRACE without a session: the gate answers (documented 302/401), nothing is echoed', async () => {
  for (const p of ['/', '/team', '/api/team']) {
    const res = await rawRequest(s.port, p, { method: 'TRACE', headers: { 'x-marker': MARKER, cookie: `secret=${MARKER}` } });
    assertClean(res, `TRACE ${p}`, (st) => st === 302 || st === 401);
    assert.ok(!res.raw.includes(MARKER), `TRACE ${p}: the request was echoed`);
  }
});

test('unknown and malformed methods: 400/405/501 without a stack trace', async () => {
  for (const method of ['FOO', 'PROPFIND', 'BREW', 'get', 'G@T']) {
    for (const p of ['/', '/api/team']) {
      const res = await rawRequest(s.port, p, { method, headers: { cookie } });
      assertClean(res, `${method} ${p}`, (st) => st === 400 || st === 405 || st === 501);
    }
  }
  await assertStillServing(s.port, cookie);
});

test('CONNECT: no tunnel is ever opened (documented: Node closes the connection, or a 4xx)', async () => {
  const res = await sendRaw(s.port, 'CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\nGET / HTTP/1.1\r\nHost: evil.example\r\n\r\n');
  assert.ok(res.status === 0 || (res.status >= 400 && res.status < 500), `CONNECT: ${res.status}`);
  assert.ok(!/^HTTP\/1\.1 200/m.test(res.raw), 'CONNECT was answered 200');
  await assertStillServing(s.port, cookie);
});
