/**
 * SITE_ACCESS=public opens the site for launch: every page and API answer without a session,
 * cacheable by CDNs, indexable (no X-Robots-Tag, robots.txt allows and names the sitemap), no
 * Sign out in the footer, no login API; the contact form works for anyone (same-origin only).
 * SITE_ACCESS=password (the default) is the gate, unchanged.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { startServer, FAKE_MANIFEST, type TestServer } from '../helpers/server.ts';
import { writeTree } from '../helpers/scratch.ts';
import { pagePaths } from '../helpers/pages.ts';
import { PUBLIC_IMAGE_CACHE, PUBLIC_PAGE_CACHE } from '../../src/server/cache-control.ts';
import { routes } from '../../src/app/routes.ts';
import { loadConfig } from '../../src/server/config.ts';

const ORIGIN = 'https://www.example.com';
const dist = writeTree('hrc-public-', {
  'assets/e.js': 'console.log(1)',
  'assets/chunk-A1.js': 'export const a = 1;',
  'manifest.json': JSON.stringify(FAKE_MANIFEST),
});
let pub: TestServer;
let gated: TestServer;

before(async () => {
  [pub, gated] = await Promise.all([startServer({ env: { SITE_ACCESS: 'public', PUBLIC_ORIGIN: ORIGIN }, config: { distDir: dist } }), startServer({ config: { distDir: dist } })]);
});
after(async () => {
  await Promise.all([pub.close(), gated.close()]);
  rmSync(dist, { recursive: true, force: true });
});

const get = (s: TestServer, p: string, init: RequestInit = {}) => fetch(s.url + p, { redirect: 'manual', ...init });

test('every page answers 200 without a cookie, cacheable by a CDN (but those showing a cookie), indexable, with no Sign out', async () => {
  // A page that shows a cookie's value (cookie settings) is private to its visitor: host-cache-log.test.ts.
  const showsCookie = new Set(routes.filter((r) => r.cookie).map((r) => r.pattern));
  for (const p of pagePaths()) {
    const res = await get(pub, p);
    assert.equal(res.status, 200, p);
    assert.equal(res.headers.get('cache-control'), showsCookie.has(p) ? 'private, no-cache' : PUBLIC_PAGE_CACHE, `${p}: cache-control`);
    assert.equal(res.headers.get('x-robots-tag'), null, `${p}: indexable`);
    assert.equal(res.headers.getSetCookie().length, 0, `${p}: no cookie`);
    const html = await res.text();
    assert.doesNotMatch(html, /Sign out|action="\/api\/logout"/, `${p}: no Sign out`);
    // The second answer (from memory) says the same.
    assert.equal((await get(pub, p)).headers.get('cache-control'), res.headers.get('cache-control'));
  }
  const missing = await get(pub, '/no-such-page');
  assert.equal(missing.status, 404);
});

test('the API, hashed bundles and images are public too; a 304 for a CDN revalidating', async () => {
  const api = await get(pub, '/api/news');
  assert.equal(api.status, 200);
  assert.equal(api.headers.get('cache-control'), PUBLIC_PAGE_CACHE);
  const etag = api.headers.get('etag')!;
  assert.equal((await get(pub, '/api/news', { headers: { 'if-none-match': etag } })).status, 304);
  const chunk = await get(pub, '/assets/chunk-A1.js');
  assert.equal(chunk.status, 200);
  assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  const image = await get(pub, '/images/site/og-default.jpg');
  assert.equal(image.status, 200);
  assert.equal(image.headers.get('cache-control'), PUBLIC_IMAGE_CACHE);
});

test("robots.txt allows everything and names the sitemap; the gate's endpoints are gone", async () => {
  const robots = await (await get(pub, '/robots.txt')).text();
  assert.match(robots, /^User-agent: \*\nAllow: \/\n/);
  assert.match(robots, new RegExp(`Sitemap: ${ORIGIN}/sitemap.xml`));
  const login = await get(pub, '/login?next=%2Fteam');
  assert.equal(login.status, 302);
  assert.equal(login.headers.get('location'), '/team');
  const post = await get(pub, '/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"password":"x"}' });
  assert.equal(post.status, 404);
});

test('anyone can send the contact form (same-origin only)', async () => {
  const body = JSON.stringify({ name: 'Public Visitor', email: 'visitor@example.com', company: '', message: 'Writing from the public site without signing in.' });
  const headers = { 'content-type': 'application/json', accept: 'application/json' };
  assert.equal((await get(pub, '/api/contact', { method: 'POST', headers: { ...headers, origin: ORIGIN }, body })).status, 201);
  assert.equal((await get(pub, '/api/contact', { method: 'POST', headers: { ...headers, origin: 'https://evil.example' }, body })).status, 403);
});

test('the default (password) mode is the gate, unchanged', async () => {
  assert.equal(gated.config.siteAccess, 'password');
  const home = await get(gated, '/');
  assert.equal(home.status, 302);
  assert.equal(home.headers.get('x-robots-tag'), 'noindex, nofollow');
  assert.equal((await get(gated, '/api/news')).status, 401);
  assert.equal((await get(gated, '/assets/chunk-A1.js')).status, 302);
  assert.match(await (await get(gated, '/robots.txt')).text(), /Disallow: \//);
  const cookie = await gated.login();
  const page = await get(gated, '/team', { headers: { cookie } });
  assert.equal(page.headers.get('cache-control'), 'private, no-cache');
  assert.match(await page.text(), /Sign out/);
  assert.equal((await get(gated, '/api/news', { headers: { cookie } })).headers.get('cache-control'), 'private, no-cache');
});

test('production public mode requires PUBLIC_ORIGIN (absolute URLs), and it must be an origin', () => {
  const prod = { NODE_ENV: 'production', SITE_PASSWORD: 'pw', SESSION_SECRET: 's'.repeat(40), SITE_ACCESS: 'public' };
  assert.throws(() => loadConfig(prod), /PUBLIC_ORIGIN is required/);
  assert.throws(() => loadConfig({ ...prod, PUBLIC_ORIGIN: 'https://www.example.com/path' }), /origin only/);
  assert.throws(() => loadConfig({ ...prod, PUBLIC_ORIGIN: 'www.example.com' }), /absolute URL/);
  assert.equal(loadConfig({ ...prod, PUBLIC_ORIGIN: 'https://WWW.Example.com/' }).publicOrigin, 'https://www.example.com');
  assert.throws(() => loadConfig({ SITE_ACCESS: 'open' }), /SITE_ACCESS/);
});
