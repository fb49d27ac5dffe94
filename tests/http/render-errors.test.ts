/** When a page fails to render, or a URL is malformed: a clean answer, no stack trace, the server lives on. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, get, rawRequest, type TestServer } from '../helpers/server.ts';
import { buildApiData, type ApiData } from '../../src/content/api-data.ts';
import { loadContent } from '../../src/content/load.ts';

/** Real content, except that /api/team holds null: TeamPage's team.filter(...) throws. */
function brokenApi(): ApiData {
  const api = buildApiData(loadContent(), {});
  api.entries.set('/api/team', { value: null, json: 'null' });
  return api;
}

const STACK = /\n\s+at\s|\bat\s+\S+\s+\(|node_modules|\.tsx?:\d+|TypeError|Cannot read/;

let s: TestServer;
let cookie: string;
before(async () => {
  s = await startServer({ deps: { api: brokenApi() } });
  cookie = await s.login();
});
after(() => s.close());

test('a page that throws while rendering answers 500 with the static error page, no stack trace', async () => {
  const res = await get(s.url, '/team', { headers: { cookie } });
  assert.equal(res.status, 500);
  assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
  assert.match(res.headers.get('cache-control') ?? '', /no-store/, 'an error page is not cached');
  const html = await res.text();
  assert.match(html, /Something went wrong/);
  assert.match(html, /<a href="\/">/, 'a way home');
  assert.ok(!STACK.test(html), `stack trace in: ${html.slice(0, 300)}`);
  assert.ok(!/<script/i.test(html), 'the static page runs nothing');
  // Its CSP still forbids framing and scripts.
  const csp = res.headers.get('content-security-policy') ?? '';
  assert.match(csp, /frame-ancestors 'none'/);
  assert.match(csp, /default-src 'none'/);
  assert.ok(!/unsafe-inline/.test(csp));
});

test('after a failed render the server still answers', async () => {
  for (let i = 0; i < 3; i++) assert.equal((await get(s.url, '/team', { headers: { cookie } })).status, 500);
  assert.equal((await get(s.url, '/healthz')).status, 200);
  const home = await get(s.url, '/', { headers: { cookie } });
  assert.equal(home.status, 200);
  assert.match(await home.text(), /<h1/);
  assert.equal((await get(s.url, '/philosophy', { headers: { cookie } })).status, 200);
});

test('malformed percent-encoding answers 400, not 500', async () => {
  for (const p of ['/%E0%A4%A', '/%', '/team/%E0%A4%A', '/%ZZ']) {
    const res = await rawRequest(s.port, p, { headers: { cookie } });
    assert.equal(res.status, 400, p);
    assert.ok(!STACK.test(res.body), `${p}: stack trace`);
  }
  const api = await rawRequest(s.port, '/api/%E0', { headers: { cookie } });
  assert.equal(api.status, 400);
  assert.match(String(api.headers['content-type']), /application\/json/);
});

test('path traversal never reaches files outside the public folders', async () => {
  for (const p of [
    '/images/../package.json',
    '/images/..%2f..%2fpackage.json',
    '/assets/..%2f..%2fpackage.json',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/images/%2e%2e%2f%2e%2e%2fsrc%2fserver%2fconfig.ts',
    '/..%5c..%5cpackage.json',
    '/images/.env',
  ]) {
    const res = await rawRequest(s.port, p, { headers: { cookie } });
    assert.ok(res.status >= 400 && res.status < 500, `${p}: ${res.status}`);
    assert.ok(!res.body.includes('"devDependencies"') && !res.body.includes('SITE_PASSWORD'), `${p} served a private file`);
    assert.ok(!STACK.test(res.body), `${p}: stack trace`);
  }
});

test('an unreadable JSON body on the API answers 400 JSON, not 500', async () => {
  const res = await fetch(`${s.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{oops' });
  assert.equal(res.status, 400);
  const body = await res.text();
  assert.ok(!STACK.test(body), body);
});
