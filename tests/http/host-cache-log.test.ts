/**
 * Issue 32, finding 6 (the smaller ones; SMTP without TLS is in outbox.test.ts): a malformed Host
 * is a 400 (b747b9d: the sitemap answered 500); the sitemap and feeds are built for a bounded set
 * of origins (b747b9d: any new Host rebuilt them); /cookie-settings is never shared by a cache in
 * public mode (b747b9d: `public, max-age=300` without Vary: Cookie); sign-in and throttle log lines
 * carry the client address as the server sees it (b747b9d: a sign-in was not logged at all).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../helpers/server.ts';
import { rawRequest } from '../helpers/raw-http.ts';
import { createLogger } from '../../src/server/log.ts';
import { MAX_ORIGINS } from '../../src/server/seo.ts';

const env = { SITE_PASSWORD: 'host-cache-log-password', SESSION_SECRET: 'h'.repeat(40) };

test('a malformed Host is a 400 everywhere, the sitemap included; well-formed ones are served', async (t) => {
  const s = await startServer({ env });
  t.after(() => s.close());
  const cookie = await s.login();
  const malformed = ['a b', '<script>', 'example.com/../x', 'x:y:z', '127.0.0.1@evil.example', 'exa"mple.com', '', 'é.example'];
  for (const host of malformed) {
    for (const target of ['/sitemap.xml', '/feeds/news.xml', '/', '/team', '/api/news']) {
      const res = await rawRequest(s.port, target, { headers: { host, cookie } });
      assert.equal(res.status, 400, `Host ${JSON.stringify(host)} ${target}: ${res.status}`);
    }
  }
  const wellFormed = ['www.example.com', 'www.example.com:8443', '127.0.0.1:3000', '[::1]:3000', 'halden_rowe', 'example.com.'];
  for (const host of wellFormed) assert.equal((await rawRequest(s.port, '/team', { headers: { host, cookie } })).status, 200, host);
  for (const host of wellFormed.slice(0, MAX_ORIGINS)) assert.equal((await rawRequest(s.port, '/sitemap.xml', { headers: { host, cookie } })).status, 200, host);
});

test(`without PUBLIC_ORIGIN the sitemap and feeds are built for the first ${MAX_ORIGINS} host names only, and kept`, async (t) => {
  const lines: string[] = [];
  const s = await startServer({ env, config: { logFormat: 'json' }, deps: { log: createLogger('json', { write: (l: string) => void lines.push(l) }) } });
  t.after(() => s.close());
  const cookie = await s.login();
  const sitemap = (host: string) => rawRequest(s.port, '/sitemap.xml', { headers: { host, cookie } });
  const first = await sitemap('one.example');
  assert.equal(first.status, 200);
  assert.match(first.body, /<loc>http:\/\/one\.example\/team<\/loc>/);
  for (let i = 2; i <= MAX_ORIGINS; i++) assert.equal((await sitemap(`host${i}.example`)).status, 200);
  const past = await sitemap('one-too-many.example');
  assert.equal(past.status, 404, 'a host name past the bound is not built');
  assert.equal((await rawRequest(s.port, '/feeds/news.xml', { headers: { host: 'yet-another.example', cookie } })).status, 404);
  const again = await sitemap('one.example');
  assert.equal(again.status, 200);
  assert.equal(again.headers.etag, first.headers.etag, 'the kept files, not a rebuild');
  assert.equal(lines.filter((l) => l.includes('Set PUBLIC_ORIGIN')).length, 1, 'the operator is told once');
});

test('with PUBLIC_ORIGIN every Host gets the same sitemap, built once', async (t) => {
  const s = await startServer({ env: { ...env, PUBLIC_ORIGIN: 'https://www.example.com' } });
  t.after(() => s.close());
  const cookie = await s.login();
  const etags = new Set<string>();
  for (let i = 0; i < 10; i++) {
    const res = await rawRequest(s.port, '/sitemap.xml', { headers: { host: `h${i}.example`, cookie } });
    assert.equal(res.status, 200);
    assert.match(res.body, /<loc>https:\/\/www\.example\.com\//);
    etags.add(String(res.headers.etag));
  }
  assert.equal(etags.size, 1);
});

test('public mode: /cookie-settings is private to its visitor and varies with the cookie; other pages stay public', async (t) => {
  const s = await startServer({ env: { SITE_ACCESS: 'public', PUBLIC_ORIGIN: 'https://www.example.com' } });
  t.after(() => s.close());
  for (const cookie of [undefined, 'cookiePreferences=%7B%22essential%22%3Atrue%2C%22analytics%22%3Atrue%2C%22marketing%22%3Afalse%7D']) {
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${s.url}/cookie-settings`, { headers: cookie ? { cookie } : {} });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('cache-control'), 'private, no-cache', `cookie ${cookie ? 'set' : 'unset'}, answer ${i + 1}`);
      assert.match(res.headers.get('vary') ?? '', /\bCookie\b/);
    }
  }
  const saved = await fetch(`${s.url}/cookie-settings?saved=1`);
  assert.equal(saved.headers.get('cache-control'), 'private, no-cache');
  const other = await fetch(`${s.url}/team`);
  assert.match(other.headers.get('cache-control') ?? '', /^public/);
  assert.doesNotMatch(other.headers.get('vary') ?? '', /Cookie/);
});

test('sign-in, sign-out and throttle log lines carry the client address as the server sees it', async (t) => {
  const lines: string[] = [];
  const s = await startServer({ env: { ...env, TRUST_PROXY: '1' }, config: { logFormat: 'json' }, deps: { log: createLogger('json', { write: (l: string) => void lines.push(l) }) } });
  t.after(() => s.close());
  const login = (password: string, ip: string) =>
    fetch(`${s.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify({ password }) });
  const ok = await login(env.SITE_PASSWORD, '198.51.100.7');
  assert.equal(ok.status, 200);
  const cookie = ok.headers.getSetCookie()[0].split(';')[0];
  await fetch(`${s.url}/api/logout`, { method: 'POST', headers: { cookie, accept: 'application/json', 'x-forwarded-for': '198.51.100.7' } });
  for (let i = 0; i < 11; i++) await (await login('wrong', '203.0.113.9')).arrayBuffer();
  const records = lines.map((l) => JSON.parse(l) as { msg: string; ip?: string });
  const ipOf = (msg: string) => records.filter((r) => r.msg === msg).map((r) => r.ip);
  assert.deepEqual(ipOf('signed in'), ['198.51.100.7']);
  assert.deepEqual(ipOf('signed out'), ['198.51.100.7']);
  assert.equal(ipOf('login failed').length, 10);
  assert.ok(ipOf('login failed').every((ip) => ip === '203.0.113.9'));
  assert.deepEqual(ipOf('login throttled'), ['203.0.113.9']);
});
