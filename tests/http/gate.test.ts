/** The gate: without a session nothing but /login, its assets, /healthz and robots.txt is served. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startServer, get, type TestServer } from '../helpers/server.ts';
import { collection, pagePaths } from '../helpers/pages.ts';

let s: TestServer;
before(async () => {
  s = await startServer();
});
after(() => s.close());

test('every page of the route table redirects to /login, remembering where the visitor was going', async () => {
  const paths = pagePaths();
  assert.ok(paths.length >= 15, `route table has ${paths.length} routes`);
  for (const p of paths) {
    const res = await get(s.url, p);
    assert.equal(res.status, 302, p);
    assert.equal(res.headers.get('location'), p === '/' ? '/login' : `/login?next=${encodeURIComponent(p)}`, p);
    const body = await res.text();
    assert.ok(!body.includes('<main'), `${p} leaked a page body`);
  }
});

test('the query string survives the trip through /login', async () => {
  const res = await get(s.url, '/team?x=1#y');
  assert.equal(res.headers.get('location'), `/login?next=${encodeURIComponent('/team?x=1')}`);
});

test('unknown paths and other methods are gated too (no 404/405 hints before login)', async () => {
  for (const [p, method] of [
    ['/does-not-exist', 'GET'],
    ['/team/nobody', 'GET'],
    ['/', 'POST'],
    ['/team', 'HEAD'],
  ] as const) {
    const res = await get(s.url, p, { method });
    assert.equal(res.status, 302, `${method} ${p}`);
    assert.match(res.headers.get('location') ?? '', /^\/login/);
  }
});

test('/api/* without a session answers 401 JSON, never data or a redirect', async () => {
  for (const p of ['/api/team', '/api/stories', '/api/news', '/api/research', '/api/press-releases', '/api/practice-areas', '/api/site', '/api/nope', '/api']) {
    const res = await get(s.url, p, { headers: { accept: 'text/html' } });
    assert.equal(res.status, 401, p);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/, p);
    const body = (await res.json()) as { error?: string };
    assert.equal(typeof body.error, 'string', p);
    assert.ok(!Array.isArray(body), p);
  }
});

test('site assets and images are gated; only what the login page needs is open', async () => {
  for (const p of ['/assets/e.js', '/images/manifest.json']) {
    const res = await get(s.url, p);
    assert.equal(res.status, 302, p);
  }
});

test('with the real build, the login bundle is served without a session and the site bundle is not', { skip: !existsSync('dist/manifest.json') && 'no dist/ (run npm run build)' }, async () => {
  const manifest = JSON.parse(readFileSync('dist/manifest.json', 'utf8'));
  const real = await startServer({ deps: { manifest } });
  try {
    const login = await get(real.url, manifest.entries.login.js);
    assert.equal(login.status, 200);
    assert.match(login.headers.get('content-type') ?? '', /javascript/);
    const css = await get(real.url, manifest.css);
    assert.equal(css.status, 200, 'the login page is styled');
    const loader = await get(real.url, manifest.loader);
    assert.equal(loader.status, 200, 'the loader that starts the login bundle is open');
    const site = await get(real.url, manifest.entries.site.js);
    assert.equal(site.status, 302, 'the site bundle needs a session');
    // And the login bundle (with what it preloads) holds no site content.
    const names = collection<{ name: string }>('/api/team').map((m) => m.name);
    for (const file of [manifest.entries.login.js, ...manifest.entries.login.preload]) {
      const text = readFileSync(path.join('dist', file), 'utf8');
      for (const name of names) assert.ok(!text.includes(name), `${file} contains ${name}`);
    }
  } finally {
    await real.close();
  }
});

test('/healthz (liveness) and /readyz (readiness) are open and cheap', async () => {
  const res = await get(s.url, '/healthz');
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { status: 'ok' });
  assert.equal(res.headers.get('cache-control'), 'no-store');
  const ready = await get(s.url, '/readyz');
  assert.equal(ready.status, 200);
  assert.deepEqual(await ready.json(), { status: 'ok', store: 'ok', disk: 'ok' });
  assert.equal(ready.headers.get('cache-control'), 'no-store');
});

test('/robots.txt is open and disallows everything', async () => {
  const res = await get(s.url, '/robots.txt');
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /text\/plain/);
  const text = await res.text();
  assert.match(text, /^User-agent: \*$/m);
  assert.match(text, /^Disallow: \/$/m);
});

test('/login is open and shows the password form and nothing of the site', async () => {
  const res = await get(s.url, '/login?next=%2Fteam');
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /text\/html/);
  const html = await res.text();
  assert.match(html, /<form[^>]*action="\/api\/login"[^>]*method="post"|<form[^>]*method="post"[^>]*action="\/api\/login"/);
  assert.match(html, /<input[^>]*type="password"[^>]*name="password"|<input[^>]*name="password"[^>]*type="password"/);
  assert.match(html, /<input type="hidden" name="next" value="\/team"\/>/, 'the destination is carried through the form');
  const team = collection<{ name: string }>('/api/team');
  const stories = collection<{ title: string }>('/api/stories');
  for (const t of [...team.map((m) => m.name), ...stories.map((x) => x.title)]) {
    assert.ok(!html.includes(t), `login page contains "${t}"`);
  }
  assert.ok(!html.includes('/api/team') && !html.includes('"data"'), 'no site data embedded');
});

test('/login with an off-site next keeps the visitor on this site', async () => {
  const html = await (await get(s.url, '/login?next=%2F%2Fevil.com')).text();
  assert.match(html, /<input type="hidden" name="next" value="\/"\/>/);
});

test('/login with a valid session goes straight on', async () => {
  const cookie = await s.login();
  const res = await get(s.url, '/login?next=%2Fteam', { headers: { cookie } });
  assert.equal(res.status, 302);
  assert.equal(res.headers.get('location'), '/team');
  // Browsers read "/\evil.com" as "//evil.com"; "/login" itself would loop forever.
  for (const next of ['//evil.com', '/\\evil.com', 'https://evil.com', '/login', '/api/team']) {
    const res2 = await get(s.url, `/login?next=${encodeURIComponent(next)}`, { headers: { cookie } });
    assert.equal(res2.status, 302, next);
    assert.equal(res2.headers.get('location'), '/', next);
  }
});

test('the login form can be submitted without JavaScript', async () => {
  const html = await (await get(s.url, '/login')).text();
  const button = html.match(/<button[^>]*type="submit"[^>]*>/)?.[0] ?? '';
  assert.ok(button, 'a submit button');
  assert.ok(!/\sdisabled/.test(button), button);
});
