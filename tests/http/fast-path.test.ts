/**
 * The fast path (src/server/fast-path.ts) answers exactly what the Express pipeline answers:
 * two servers, one with FAST_PATH on and one off, get the same requests; status, headers and body
 * bytes must be identical, and the fast path's counter shows which requests it took. Requests
 * without a valid session, other methods and paths routed before the pages never take it.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { rmSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { startServer, FAKE_MANIFEST, type TestServer } from '../helpers/server.ts';
import { writeTree } from '../helpers/scratch.ts';
import { contentApi, pagePaths } from '../helpers/pages.ts';
import { routes } from '../../src/app/routes.ts';
import { SESSION_COOKIE } from '../../src/app/constants.ts';
import { createSessionToken, deriveKeys } from '../../src/server/session.ts';

const env = { SITE_PASSWORD: 'fast-path-password', SESSION_SECRET: 'fast-path-secret-'.padEnd(40, 'z'), TRUST_PROXY: '1' };
let on: TestServer;
let off: TestServer;
let cookie: string;
let dist: string;

before(async () => {
  // A dist/ of our own: the site and login bundles of the fake manifest, with compressed twins.
  const files: Record<string, string> = {
    'e.js': `console.log(${JSON.stringify('site '.repeat(400))});`,
    'l.js': `console.log(${JSON.stringify('login '.repeat(400))});`,
    's.css': `body{margin:0}${'.x{color:red}'.repeat(200)}`,
    'chunk-ABC123.js': `export const x=${JSON.stringify('chunk '.repeat(300))};`,
  };
  dist = writeTree('hrc-fast-', {
    ...Object.fromEntries(
      Object.entries(files).flatMap(([name, text]) => [
        [`assets/${name}`, text],
        [`assets/${name}.br`, brotliCompressSync(text)],
        [`assets/${name}.gz`, gzipSync(text)],
      ]),
    ),
    'assets/f.woff2': Buffer.alloc(2048, 7),
  });
  const manifest = { ...FAKE_MANIFEST, fonts: ['/assets/f.woff2'] };
  [on, off] = await Promise.all([
    startServer({ env, config: { distDir: dist }, deps: { manifest } }),
    startServer({ env: { ...env, FAST_PATH: 'off' }, config: { distDir: dist }, deps: { manifest } }),
  ]);
  assert.equal(on.config.fastPath, true);
  assert.equal(off.config.fastPath, false);
  cookie = await on.login();
});
after(async () => {
  await Promise.all([on.close(), off.close()]);
  rmSync(dist, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request, path sent as is, body as raw bytes (compressed bodies are compared byte for byte). */
function send(s: TestServer, target: string, opts: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: s.port, path: target, method: opts.method ?? 'GET', headers: opts.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers = { ...res.headers };
        for (const h of ['date', 'connection', 'keep-alive']) delete headers[h];
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Sends the same request to both servers; the answers must be identical. Returns the fast path's count for it. */
async function same(target: string, opts: { method?: string; headers?: Record<string, string> } = {}) {
  const before = on.stats.fastPath;
  const [a, b] = [await send(on, target, opts), await send(off, target, opts)];
  const label = `${opts.method ?? 'GET'} ${target} ${JSON.stringify(opts.headers ?? {})}`;
  assert.equal(a.status, b.status, `${label}: status`);
  assert.deepEqual(a.headers, b.headers, `${label}: headers`);
  assert.ok(a.body.equals(b.body), `${label}: body`);
  assert.equal(off.stats.fastPath, 0, 'FAST_PATH=off never takes the fast path');
  return { taken: on.stats.fastPath - before, answer: a };
}

/** Pages that show a cookie's value (cookie settings): rendered per cookie value, never by the fast path. */
const cookiePages = new Set(routes.filter((r) => r.cookie).map((r) => r.pattern));
const pages = () => [...pagePaths().filter((p) => !cookiePages.has(p)), '/research?category=Sector+Analysis', '/resources?category=Award&type=news', '/news?more=3', '/no-such-page'];

test('pages that show a cookie (cookie settings): identical answers, per cookie value, never from the fast path', async () => {
  assert.ok(cookiePages.size > 0);
  for (const p of cookiePages) {
    for (const prefs of [undefined, '%7B%22essential%22%3Atrue%2C%22analytics%22%3Atrue%2C%22marketing%22%3Afalse%7D']) {
      const headers = { cookie: prefs ? `${cookie}; cookiePreferences=${prefs}` : cookie, 'accept-encoding': 'br' };
      for (let i = 0; i < 3; i++) {
        const { taken, answer } = await same(p, { headers });
        assert.equal(taken, 0, `${p}: never from the fast path`);
        assert.equal(answer.status, 200);
      }
    }
  }
});

test('pages, API answers and hashed files: identical answers, taken by the fast path once in memory', async () => {
  const api = ['/api/news', '/api/team', '/api/site', '/api/pages/philosophy', '/api/news?ignored=1'];
  const assets = ['/assets/e.js', '/assets/l.js', '/assets/s.css', '/assets/chunk-ABC123.js', '/assets/f.woff2'];

  // First visit of a page: rendered by Express (not in memory yet), same answer.
  let first404 = true;
  for (const p of pages()) {
    const { taken, answer } = await same(p, { headers: { cookie, 'accept-encoding': 'gzip' } });
    // Every unknown path shares one 404 page (render.tsx): only the first one is rendered.
    if (answer.status !== 404 || first404) assert.equal(taken, 0, `${p}: first visit goes through Express`);
    if (answer.status === 404) first404 = false;
    assert.ok(answer.status === 200 || answer.status === 404, `${p}: ${answer.status}`);
  }
  const variants: { method?: string; headers: Record<string, string> }[] = [
    { headers: { cookie, 'accept-encoding': 'gzip, deflate, br' } },
    { headers: { cookie, 'accept-encoding': 'gzip' } },
    { headers: { cookie, 'accept-encoding': 'br;q=0, gzip;q=0.5' } },
    { headers: { cookie, 'accept-encoding': 'deflate' } },
    { headers: { cookie } },
    // On HTTPS (through the trusted proxy) the session cookie has its __Host- name (gate.ts).
    { headers: { cookie: `__Host-${cookie}`, 'x-forwarded-proto': 'https', 'accept-encoding': 'br' } },
    { method: 'HEAD', headers: { cookie, 'accept-encoding': 'br' } },
  ];
  for (const p of api) assert.ok(contentApi().entries.has(p.split('?')[0]), `${p} is an API answer`);
  let requests = 0;
  for (const target of [...pages(), ...api, ...assets]) {
    for (const v of variants) {
      const { taken } = await same(target, v);
      assert.equal(taken, 1, `${v.method ?? 'GET'} ${target}: taken by the fast path`);
      requests++;
    }
    // Revalidation: the ETag from the answer above → 304, on both.
    const { answer } = await same(target, { headers: { cookie, 'accept-encoding': 'br' } });
    const etag = String(answer.headers.etag);
    const { taken, answer: revalidated } = await same(target, { headers: { cookie, 'if-none-match': etag } });
    assert.equal(taken, 1);
    if (answer.status === 200) assert.equal(revalidated.status, 304, `${target}: 304`);
    requests += 2;
  }
  assert.ok(requests > 300, `${requests} requests compared`);
});

test('no valid session, other methods, other spellings and routes before the pages: never a page from the fast path', async () => {
  for (const p of ['/', '/team', '/api/news', '/assets/e.js']) await same(p, { headers: { cookie } }); // in memory now
  const [name, value] = cookie.split('=');
  const [exp, id, sig] = value.split('.');
  const forged = `${name}=${Number(exp) + 1000}.${id}.${sig}`;
  const expired = `${name}=1000.${id}.${sig}`;
  // A page without a valid session never gets the page: the fast path answers the gate's
  // redirect (identical to Express's, see the next test), never the page held in memory.
  const redirects: [string, { headers?: Record<string, string> }][] = [
    ['/team', {}],
    ['/team', { headers: { cookie: forged } }],
    ['/team', { headers: { cookie: expired } }],
    ['/team', { headers: { cookie: `${SESSION_COOKIE}=` } }],
    ['/', { headers: { cookie: 'other=1' } }],
  ];
  for (const [target, opts] of redirects) {
    const { taken, answer } = await same(target, opts);
    assert.equal(answer.status, 302, `${target} ${JSON.stringify(opts.headers ?? {})}: the gate's redirect`);
    assert.equal(taken, 1);
  }
  const misses: [string, { method?: string; headers?: Record<string, string> }][] = [
    ['/api/news', {}],
    ['/api/news', { headers: { cookie: forged } }],
    ['/assets/e.js', {}],
    ['/assets/l.js', {}],
    ['/team', { method: 'POST', headers: { cookie } }],
    ['/team', { method: 'OPTIONS', headers: { cookie } }],
    ['/api/news', { method: 'DELETE', headers: { cookie } }],
    ['/TEAM', { headers: { cookie } }],
    ['/team/', { headers: { cookie } }],
    ['/team?utm_source=mail', { headers: { cookie } }],
    // Not a canonical URL: redirected to one (302), never kept in memory.
    ['/research?category=private-equity', { headers: { cookie } }],
    ['/research?page=1', { headers: { cookie } }],
    // An unknown id: the shared 404 page, answered by renderPage (the id is looked up there).
    ['/research/no-such-note', { headers: { cookie } }],
    ['/Api/news', { headers: { cookie } }],
    ['/api/news/', { headers: { cookie } }],
    ['/API/NEWS', { headers: { cookie } }],
    ['/ASSETS/e.js', { headers: { cookie } }],
    ['/x/../api/nothing', { headers: { cookie } }],
    // Rendered as pages under the normalised keys "/login" and "/healthz": those paths themselves
    // are routed before the pages and must stay so.
    ['/x/../login', { headers: { cookie } }],
    ['/x/../healthz', { headers: { cookie } }],
    ['/%74eam', { headers: { cookie } }],
    ['/login', { headers: { cookie } }],
    ['/login?next=/team', { headers: { cookie } }],
    ['/api/login', { headers: { cookie } }],
    ['/api/contact', { headers: { cookie } }],
    ['/healthz', { headers: { cookie } }],
    ['/robots.txt', { headers: { cookie } }],
    ['//team', { headers: { cookie } }],
  ];
  for (const [target, opts] of misses) {
    const { taken } = await same(target, opts);
    assert.equal(taken, 0, `${opts.method ?? 'GET'} ${target} ${JSON.stringify(opts.headers ?? {})}: not the fast path`);
  }
  // A page path that normalises to an API path was rendered (a 404 page) under that key; the API
  // path itself must still answer JSON, never that page.
  await same('/x/../api/nothing', { headers: { cookie } });
  const api404 = await send(on, '/api/nothing', { headers: { cookie } });
  assert.equal(api404.status, 404);
  assert.match(String(api404.headers['content-type']), /application\/json/);
});

test("without a session the answers are the gate's, even for what is in memory", async () => {
  await same('/team', { headers: { cookie } });
  const page = await send(on, '/team');
  assert.equal(page.status, 302);
  assert.equal(page.headers.location, '/login?next=%2Fteam');
  const api = await send(on, '/api/news');
  assert.equal(api.status, 401);
  const asset = await send(on, '/assets/chunk-ABC123.js');
  assert.equal(asset.status, 302);
});

test('a session due for renewal: the fast path renews it as the gate does (same Set-Cookie, same place), over HTTP and HTTPS', async () => {
  // A token signed in ten minutes ago: past a twelfth of the idle limit, so the next answer renews it.
  const keys = deriveKeys([env.SESSION_SECRET], env.SITE_PASSWORD);
  const token = createSessionToken(keys, on.config.sessionTtlMs, Date.now() - 10 * 60_000, on.config.sessionIdleMs);
  // The renewed token holds the time of the request (ms): the two servers' differ in that only.
  const masked = (a: Answer) => ({ ...a.headers, 'set-cookie': String(a.headers['set-cookie']).replace(/=\d+\.\d+\.([\w-]{16})\.[\w-]{43};/, '=<renewed>.$1;') });
  for (const target of ['/team', '/api/news', '/assets/e.js']) {
    for (const [name, extra] of [
      [SESSION_COOKIE, {}],
      [`__Host-${SESSION_COOKIE}`, { 'x-forwarded-proto': 'https' }],
    ] as const) {
      const headers = { ...extra, cookie: `${name}=${token}`, 'accept-encoding': 'br' };
      await send(on, target, { headers }); // in memory from now on
      const before = on.stats.fastPath;
      const [a, b] = [await send(on, target, { headers }), await send(off, target, { headers })];
      assert.equal(on.stats.fastPath - before, 1, `${target}: taken by the fast path`);
      assert.equal(a.status, 200);
      assert.match(String(a.headers['set-cookie']), new RegExp(`^${name}=\\d+\\.\\d+\\.${token.split('.')[2]}\\.`), `${target}: renewed, same session`);
      assert.deepEqual(masked(a), masked(b), `${target} ${name}: headers`);
      assert.deepEqual(Object.keys(a.headers), Object.keys(b.headers), `${target} ${name}: header order`);
      assert.ok(a.body.equals(b.body));
    }
  }
});

test("the gate's redirect without a session: identical answers for every Accept, scheme and method; pages only", async () => {
  const accepts = [undefined, 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', '*/*', 'text/plain', 'application/json', 'image/avif,image/webp', 'text/html;q=0, text/plain;q=0.5'];
  const targets = ['/', '/team', '/research?category=Sector+Analysis', '/portfolio?sector=technology&status=current', '/no-such-page', '/search?q=%3Cscript%3E'];
  for (const target of targets) {
    for (const accept of accepts) {
      for (const extra of [{}, { 'x-forwarded-proto': 'https' }, { 'accept-encoding': 'br' }, { cookie: `${SESSION_COOKIE}=forged.value` }] as Record<string, string>[]) {
        for (const method of ['GET', 'HEAD']) {
          const headers: Record<string, string> = { ...extra, ...(accept ? { accept } : {}) };
          const { taken, answer } = await same(target, { method, headers });
          assert.equal(answer.status, 302, `${target}: redirected`);
          assert.equal(taken, 1, `${method} ${target} ${JSON.stringify(headers)}: the fast path's redirect`);
        }
      }
    }
  }
  // What the gate leaves open, or answers otherwise, still goes to Express.
  for (const target of ['/login', '/healthz', '/readyz', '/robots.txt', '/favicon.ico', '/api/news', '/assets/chunk-ABC123.js', '/images/x.webp', '/Team', '/sitemap.xml', '/feeds/news.xml']) {
    const { taken } = await same(target, {});
    assert.equal(taken, 0, `${target}: Express`);
  }
  const post = await same('/team', { method: 'POST' });
  assert.equal(post.taken, 0, 'another method: Express');
});

test('public mode (SITE_ACCESS=public): no session needed; identical answers, taken by the fast path once in memory', async (t) => {
  const publicEnv = { ...env, SITE_ACCESS: 'public', PUBLIC_ORIGIN: 'https://www.example.com' };
  const manifest = { ...FAKE_MANIFEST, fonts: ['/assets/f.woff2'] };
  const [pOn, pOff] = await Promise.all([
    startServer({ env: publicEnv, config: { distDir: dist }, deps: { manifest } }),
    startServer({ env: { ...publicEnv, FAST_PATH: 'off' }, config: { distDir: dist }, deps: { manifest } }),
  ]);
  t.after(() => Promise.all([pOn.close(), pOff.close()]));
  const compare = async (target: string, headers: Record<string, string>) => {
    const before = pOn.stats.fastPath;
    const [a, b] = [await send(pOn, target, { headers }), await send(pOff, target, { headers })];
    assert.equal(a.status, b.status, `${target}: status`);
    assert.deepEqual(a.headers, b.headers, `${target}: headers`);
    assert.ok(a.body.equals(b.body), `${target}: body`);
    return { taken: pOn.stats.fastPath - before, answer: a };
  };
  const targets = [...pages(), '/api/news', '/api/pages/philosophy', '/assets/e.js', '/assets/chunk-ABC123.js'];
  let first404 = true;
  for (const p of pages()) {
    const { taken, answer } = await compare(p, { 'accept-encoding': 'br' });
    // Every unknown path shares one 404 page: only the first one is rendered.
    if (answer.status !== 404 || first404) assert.equal(taken, 0, `${p}: first visit through Express`);
    if (answer.status === 404) first404 = false;
  }
  for (const target of targets) {
    const variants: Record<string, string>[] = [{ 'accept-encoding': 'gzip, br' }, {}, { 'accept-encoding': 'gzip', cookie: 'hrc_session=garbage' }];
    for (const headers of variants) {
      const { taken, answer } = await compare(target, headers);
      assert.equal(taken, 1, `${target} ${JSON.stringify(headers)}: fast path, no session needed`);
      assert.match(String(answer.headers['cache-control']), /^public/, `${target}: public caching`);
      assert.equal(answer.headers['x-robots-tag'], undefined);
    }
  }
  for (const miss of ['/login', '/api/login', '/robots.txt']) assert.equal((await compare(miss, {})).taken, 0, miss);
});
