/** Security headers on every kind of response: page, API, redirect, 404. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, get, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let cookie: string;
before(async () => {
  s = await startServer();
  cookie = await s.login();
});
after(() => s.close());

function directives(csp: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of csp
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)) {
    const [name, ...values] = part.split(/\s+/);
    assert.ok(!map.has(name.toLowerCase()), `duplicate directive ${name}`);
    map.set(name.toLowerCase(), values);
  }
  return map;
}

function checkSecurityHeaders(label: string, res: Response) {
  const h = res.headers;
  const csp = h.get('content-security-policy');
  assert.ok(csp, `${label}: CSP`);
  const d = directives(csp);
  const scriptSrc = d.get('script-src') ?? d.get('default-src');
  assert.ok(scriptSrc, `${label}: script-src`);
  assert.ok(scriptSrc.includes("'self'"), `${label}: script-src 'self'`);
  for (const bad of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:']) {
    assert.ok(!scriptSrc.includes(bad), `${label}: script-src allows ${bad}`);
  }
  assert.deepEqual(d.get('object-src'), ["'none'"], `${label}: object-src`);
  assert.deepEqual(d.get('base-uri'), ["'none'"], `${label}: base-uri`);
  assert.deepEqual(d.get('frame-ancestors'), ["'none'"], `${label}: frame-ancestors`);
  assert.deepEqual(d.get('form-action'), ["'self'"], `${label}: form-action`);
  assert.equal(h.get('x-content-type-options'), 'nosniff', label);
  assert.equal(h.get('referrer-policy'), 'strict-origin-when-cross-origin', label);
  assert.match(h.get('permissions-policy') ?? '', /camera=\(\)/, `${label}: Permissions-Policy`);
  assert.equal(h.get('cross-origin-opener-policy'), 'same-origin', label);
  assert.match(h.get('x-robots-tag') ?? '', /noindex/, label);
  assert.match(h.get('x-robots-tag') ?? '', /nofollow/, label);
  assert.equal(h.get('x-powered-by'), null, `${label}: X-Powered-By`);
  assert.equal(h.get('strict-transport-security'), null, `${label}: no HSTS over plain http`);
}

test('a page carries every security header', async () => {
  const res = await get(s.url, '/team', { headers: { cookie } });
  assert.equal(res.status, 200);
  checkSecurityHeaders('page', res);
});

test('an API response carries every security header', async () => {
  const res = await get(s.url, '/api/team', { headers: { cookie } });
  assert.equal(res.status, 200);
  checkSecurityHeaders('api', res);
});

test('a redirect to /login carries every security header', async () => {
  const res = await get(s.url, '/team');
  assert.equal(res.status, 302);
  checkSecurityHeaders('redirect', res);
});

test('a 404 page, a 401, a 405, the login page and /healthz carry every security header', async () => {
  const cases: [string, Response, number][] = [
    ['404', await get(s.url, '/nope', { headers: { cookie } }), 404],
    ['401', await get(s.url, '/api/team'), 401],
    ['405', await get(s.url, '/api/login'), 405],
    ['login', await get(s.url, '/login'), 200],
    ['healthz', await get(s.url, '/healthz'), 200],
    ['400', await get(s.url, '/%E0%A4%A', { headers: { cookie } }), 400],
  ];
  for (const [label, res, status] of cases) {
    assert.equal(res.status, status, label);
    checkSecurityHeaders(label, res);
  }
});

test('HSTS is sent only over HTTPS through a trusted proxy (TRUST_PROXY=1)', async () => {
  const spoofed = await get(s.url, '/healthz', { headers: { 'x-forwarded-proto': 'https' } });
  assert.equal(spoofed.headers.get('strict-transport-security'), null, 'X-Forwarded-Proto from an untrusted client is ignored');
  const proxied = await startServer({ env: { TRUST_PROXY: '1' } });
  try {
    const https = await get(proxied.url, '/team', { headers: { 'x-forwarded-proto': 'https' } });
    assert.match(https.headers.get('strict-transport-security') ?? '', /max-age=(\d{8,})/, 'at least a year');
    const maxAge = Number(/max-age=(\d+)/.exec(https.headers.get('strict-transport-security') ?? '')?.[1]);
    assert.ok(maxAge >= 31_536_000);
    const http = await get(proxied.url, '/team');
    assert.equal(http.headers.get('strict-transport-security'), null, 'not over plain http');
  } finally {
    await proxied.close();
  }
});

test('pages and API answers are not cached by shared caches', async () => {
  for (const p of ['/team', '/api/team']) {
    const cc = (await get(s.url, p, { headers: { cookie } })).headers.get('cache-control') ?? '';
    assert.ok(/private|no-store/.test(cc) && !/public/.test(cc), `${p}: Cache-Control ${cc}`);
  }
  const redirect = (await get(s.url, '/team')).headers.get('cache-control') ?? '';
  assert.match(redirect, /no-store/, 'the redirect to /login is not cached (it would outlive the login)');
});
