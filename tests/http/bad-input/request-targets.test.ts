/**
 * Request targets other than origin-form: absolute-form ("GET http://evil.example/"),
 * asterisk-form ("OPTIONS *"), scheme-relative ("//evil.example/"). None is meant for this
 * site: a clean 400, and nothing ever points a visitor at another host.
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

function assertNoOffsiteRedirect(res: RawResponse, label: string) {
  const location = res.headers.location;
  if (location !== undefined) {
    assert.match(location, /^\/(?![/\\])/, `${label}: Location must be a same-origin path, got ${location}`);
    assert.ok(!/evil/i.test(location), `${label}: Location names another host: ${location}`);
  }
  assert.ok(!/evil\.example/.test(res.body), `${label}: the body echoes the foreign host`);
}

const FOREIGN = ['http://evil.example/', 'http://evil.example/login', 'https://evil.example/team', 'http://127.0.0.1/team', '//evil.example/', '//evil.example/login', '///evil.example/'];

test('absolute-form and scheme-relative targets: 400, with or without a session', async () => {
  for (const target of FOREIGN) {
    for (const headers of [{ cookie }, {} as Record<string, string>]) {
      const label = `GET ${target}${headers.cookie ? '' : ' (no session)'}`;
      const res = await rawRequest(s.port, target, { headers });
      assertClean(res, label, (st) => st === 400);
      assertNoOffsiteRedirect(res, label);
    }
  }
  // The same for a login post: the password is never even looked at.
  const post = await rawRequest(s.port, 'http://evil.example/api/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: s.config.sitePassword }),
  });
  assertClean(post, 'POST absolute-form /api/login', (st) => st === 400);
  assert.equal(post.headers['set-cookie'], undefined);
  await assertStillServing(s.port, cookie);
});

test('asterisk-form: 400', async () => {
  for (const method of ['OPTIONS', 'GET']) {
    for (const headers of [{ cookie }, {} as Record<string, string>]) {
      const res = await rawRequest(s.port, '*', { method, headers });
      assertClean(res, `${method} *`, (st) => st === 400);
    }
  }
  await assertStillServing(s.port, cookie);
});

test('targets that are not a path at all: 400 from the parser', async () => {
  for (const target of ['evil.example', '?next=//evil.example', 'login']) {
    assertClean(await rawRequest(s.port, target, { headers: { cookie } }), `GET ${target}`, (st) => st === 400);
  }
  await assertStillServing(s.port, cookie);
});

test('a foreign Host header never reaches a Location: the gate redirects to a relative /login', async () => {
  for (const host of ['evil.example', 'evil.example:443']) {
    const res = await rawRequest(s.port, '/team', { headers: { host } });
    assertClean(res, `Host: ${host}`, (st) => st === 302);
    assert.equal(res.headers.location, '/login?next=%2Fteam');
  }
  // Not a host name at all: refused before anything reads it (app.ts step 4b).
  assertClean(await rawRequest(s.port, '/team', { headers: { host: '127.0.0.1@evil.example' } }), 'Host: 127.0.0.1@evil.example', (st) => st === 400);
  // The next= of a login is a path, whatever it was given.
  for (const next of ['http://evil.example/', '//evil.example', '/\\evil.example', 'https:evil.example']) {
    const res = await rawRequest(s.port, `/login?next=${encodeURIComponent(next)}`, { headers: { cookie, host: 'evil.example' } });
    assertClean(res, `signed-in /login?next=${next}`, (st) => st === 302);
    assert.equal(res.headers.location, '/', next);
  }
  await assertStillServing(s.port, cookie);
});
