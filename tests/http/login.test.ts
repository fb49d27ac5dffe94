/** POST /api/login: JSON and plain-form logins, the cookie, errors and throttling. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { startServer, setCookieLine, type TestServer } from '../helpers/server.ts';
import { SESSION_COOKIE, LOGIN_ERROR } from '../../src/app/constants.ts';

const PASSWORD = 'Tidewater-Ledger-4471';
const SECRET = 'k'.repeat(48);
const env = { SITE_PASSWORD: PASSWORD, SESSION_SECRET: SECRET };

const postJson = (s: TestServer, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${s.url}/api/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const postForm = (s: TestServer, body: string, headers: Record<string, string> = {}) =>
  fetch(`${s.url}/api/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });

/** The default limits, with the parts a test is about changed. */
const limits = (l: { windowMs: number; perClient: number; global: number }) => ({ perClientUnderPressure: 3, pressureDelayMs: 0, ...l });

let s: TestServer;
// The shared server allows many failures, so that tests not about throttling are never throttled.
before(async () => {
  s = await startServer({ env, config: { loginLimit: limits({ windowMs: 60_000, perClient: 1000, global: 1000 }) } });
});
after(() => s.close());

test('the right password (JSON) answers 200 and sets a session cookie for this browser session only', async () => {
  const res = await postJson(s, { password: PASSWORD });
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { ok: true, next: '/' });
  const line = setCookieLine(res, SESSION_COOKIE);
  assert.ok(line, 'Set-Cookie for the session');
  const attrs = line
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());
  assert.ok(attrs.includes('httponly'), line);
  assert.ok(attrs.includes('samesite=lax'), line);
  assert.ok(attrs.includes('path=/'), line);
  assert.ok(!attrs.some((a) => a.startsWith('max-age') || a.startsWith('expires')), `a session cookie has no lifetime: ${line}`);
  assert.ok(!attrs.includes('secure'), 'no Secure over plain http (the cookie would be dropped locally)');
  assert.ok(!line.includes(PASSWORD), 'the cookie does not carry the password');
  // And the cookie opens the site.
  const cookie = line.split(';')[0];
  const page = await fetch(`${s.url}/team`, { redirect: 'manual', headers: { cookie } });
  assert.equal(page.status, 200);
});

test('behind a trusted HTTPS proxy the cookie is Secure; a spoofed header without TRUST_PROXY is ignored', async () => {
  const proxied = await startServer({ env: { ...env, TRUST_PROXY: '1' } });
  try {
    const res = await postJson(proxied, { password: PASSWORD }, { 'x-forwarded-proto': 'https' });
    assert.equal(res.status, 200);
    assert.match(setCookieLine(res, `__Host-${SESSION_COOKIE}`) ?? '', /;\s*Secure/i);
    const plain = await postJson(proxied, { password: PASSWORD });
    assert.doesNotMatch(setCookieLine(plain, SESSION_COOKIE) ?? '', /;\s*Secure/i);
  } finally {
    await proxied.close();
  }
  const direct = await postJson(s, { password: PASSWORD }, { 'x-forwarded-proto': 'https' });
  assert.doesNotMatch(setCookieLine(direct, SESSION_COOKIE) ?? '', /;\s*Secure/i);
});

test('a wrong password answers 401 with the seed message and no cookie', async () => {
  const res = await postJson(s, { password: 'wrong' });
  assert.equal(res.status, 401);
  assert.deepEqual(await res.json(), { error: 'Incorrect password. Please try again.' });
  assert.equal(LOGIN_ERROR, 'Incorrect password. Please try again.');
  assert.equal(setCookieLine(res, SESSION_COOKIE), undefined);
});

test('passwords are compared exactly (case, whitespace, prefix)', async () => {
  for (const p of [PASSWORD.toLowerCase(), ` ${PASSWORD}`, PASSWORD.slice(0, -1), `${PASSWORD}x`]) {
    assert.equal((await postJson(s, { password: p })).status, 401, JSON.stringify(p));
  }
});

test('a plain form post (no JavaScript) that succeeds answers 303 to next with the cookie', async () => {
  const res = await postForm(s, `password=${encodeURIComponent(PASSWORD)}&next=${encodeURIComponent('/team?x=1#bio')}`);
  assert.equal(res.status, 303);
  assert.equal(res.headers.get('location'), '/team?x=1#bio');
  assert.ok(setCookieLine(res, SESSION_COOKIE));
});

test('a plain form post that fails answers 303 back to /login with the error and the destination', async () => {
  const res = await postForm(s, `password=nope&next=${encodeURIComponent('/team')}`);
  assert.equal(res.status, 303);
  const loc = new URL(res.headers.get('location') ?? '', s.url);
  assert.equal(loc.pathname, '/login');
  assert.equal(loc.searchParams.get('error'), '1');
  assert.equal(loc.searchParams.get('next'), '/team');
  assert.equal(setCookieLine(res, SESSION_COOKIE), undefined);
  const page = await (await fetch(new URL(res.headers.get('location')!, s.url), { redirect: 'manual' })).text();
  assert.ok(page.includes(LOGIN_ERROR), 'the login page shows the error');
});

test('next is restricted to this site', async () => {
  for (const next of ['//evil.com', '/\\evil.com', 'https://evil.com/', '/login', '/api/team', 'javascript:alert(1)']) {
    const res = await postForm(s, `password=${encodeURIComponent(PASSWORD)}&next=${encodeURIComponent(next)}`);
    assert.equal(res.status, 303, next);
    assert.equal(res.headers.get('location'), '/', next);
    const json = await postJson(s, { password: PASSWORD, next });
    assert.equal(((await json.json()) as { next: string }).next, '/', next);
  }
});

test('a missing, empty-typed or repeated password answers 400, not 500', async () => {
  const cases: [string, () => Promise<Response>][] = [
    ['no body', () => fetch(`${s.url}/api/login`, { method: 'POST', redirect: 'manual' })],
    ['JSON without password', () => postJson(s, {})],
    ['JSON number', () => postJson(s, { password: 1234 })],
    ['JSON array', () => postJson(s, { password: [PASSWORD] })],
    ['JSON object', () => postJson(s, { password: { toString: PASSWORD } })],
    ['form password[]=x', () => postForm(s, `password[]=${PASSWORD}`)],
    ['form repeated', () => postForm(s, `password=${PASSWORD}&password=${PASSWORD}`)],
    ['form without password', () => postForm(s, 'next=/team')],
  ];
  for (const [name, send] of cases) {
    const res = await send();
    assert.equal(res.status, 400, name);
    assert.equal(setCookieLine(res, SESSION_COOKIE), undefined, name);
  }
});

test('malformed or oversized bodies answer 4xx, not 500', async () => {
  const broken = await fetch(`${s.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"password":' });
  assert.equal(broken.status, 400);
  const huge = await postJson(s, { password: 'x'.repeat(20_000) });
  assert.equal(huge.status, 413);
  const many = await postForm(s, Array.from({ length: 50 }, (_, i) => `f${i}=1`).join('&'));
  assert.ok(many.status >= 400 && many.status < 500, `many fields → ${many.status}`);
});

test('cross-site posts are refused (CSRF)', async () => {
  const evil = await postForm(s, `password=${PASSWORD}`, { origin: 'https://evil.example' });
  assert.equal(evil.status, 403);
  assert.equal(setCookieLine(evil, SESSION_COOKIE), undefined);
  const cross = await postForm(s, `password=${PASSWORD}`, { 'sec-fetch-site': 'cross-site' });
  assert.equal(cross.status, 403);
  const same = await postForm(s, `password=${PASSWORD}`, { origin: s.url, 'sec-fetch-site': 'same-origin' });
  assert.equal(same.status, 303);
});

/*
 * Throttling semantics (decided from gate.ts): the per-client limiter runs BEFORE the password is
 * checked, and only failures count (a success is refunded). The global count never refuses
 * anyone (tests/http/lockout.test.ts). Once a client is
 * throttled, every attempt — the right password included — gets 429 until the window ends.
 * That is what a user should expect from a lock-out: if the right password still got through,
 * an attacker could keep guessing and simply watch for the one answer that is not 429.
 */
test('after 10 failures from one client (the default), the 11th attempt gets 429 with Retry-After', async () => {
  const fresh = await startServer({ env });
  try {
    const ok = await postJson(fresh, { password: PASSWORD });
    assert.equal(ok.status, 200, 'successes do not count toward the limit');
    for (let i = 1; i <= 10; i++) assert.equal((await postJson(fresh, { password: `wrong-${i}` })).status, 401, `attempt ${i}`);
    const res = await postJson(fresh, { password: 'wrong-11' });
    assert.equal(res.status, 429);
    const retry = Number(res.headers.get('retry-after'));
    assert.ok(Number.isInteger(retry) && retry > 0 && retry <= 15 * 60, `Retry-After: ${res.headers.get('retry-after')}`);
    assert.match(((await res.json()) as { error: string }).error, /Too many attempts/);
    const right = await postJson(fresh, { password: PASSWORD });
    assert.equal(right.status, 429, 'the right password is also refused while locked out');
    assert.equal(setCookieLine(right, SESSION_COOKIE), undefined);
  } finally {
    await fresh.close();
  }
});

test('when the window has passed, the right password works again', async () => {
  // 1.5 s rather than 1 s leaves room for a slow machine before the lock is checked.
  const fast = await startServer({ env, config: { loginLimit: limits({ windowMs: 1500, perClient: 3, global: 100 }) } });
  try {
    for (let i = 0; i < 3; i++) assert.equal((await postJson(fast, { password: 'wrong' })).status, 401);
    const locked = await postJson(fast, { password: PASSWORD });
    assert.equal(locked.status, 429);
    const retry = Number(locked.headers.get('retry-after'));
    assert.ok(retry >= 1 && retry <= 2, `Retry-After ${retry} within the 1.5 s window`);
    // Retry-After is rounded up, so waiting that long is always enough.
    await sleep(retry * 1000 + 100);
    const res = await postJson(fast, { password: PASSWORD });
    assert.equal(res.status, 200);
    assert.ok(setCookieLine(res, SESSION_COOKIE));
  } finally {
    await fast.close();
  }
});

test('a throttled no-JavaScript visitor gets a 429 page with an explanation, keeping where they were going', async () => {
  const fast = await startServer({ env, config: { loginLimit: limits({ windowMs: 60_000, perClient: 1, global: 100 }) } });
  try {
    assert.equal((await postForm(fast, 'password=wrong')).status, 303);
    const res = await postForm(fast, `password=${PASSWORD}&next=${encodeURIComponent('/team')}`);
    assert.equal(res.status, 429);
    assert.ok(Number(res.headers.get('retry-after')) > 0);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    assert.equal(setCookieLine(res, SESSION_COOKIE), undefined);
    const page = await res.text();
    assert.match(page, /Too many attempts/);
    assert.match(page, /<form[^>]*action="\/api\/login"/, 'the form is on the page, to try again later');
    assert.match(page, /name="next" value="\/team"/, 'next is kept');
  } finally {
    await fast.close();
  }
});

test('behind a trusted proxy, another client address is not throttled', async () => {
  const proxied = await startServer({ env: { ...env, TRUST_PROXY: '1' }, config: { loginLimit: limits({ windowMs: 60_000, perClient: 3, global: 100 }) } });
  try {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    for (let i = 0; i < 3; i++) assert.equal((await postJson(proxied, { password: 'wrong' }, from('203.0.113.7'))).status, 401);
    assert.equal((await postJson(proxied, { password: 'wrong' }, from('203.0.113.7'))).status, 429);
    assert.equal((await postJson(proxied, { password: 'wrong' }, from('198.51.100.9'))).status, 401, 'a different visitor still gets a normal answer');
    assert.equal((await postJson(proxied, { password: PASSWORD }, from('198.51.100.9'))).status, 200);
  } finally {
    await proxied.close();
  }
});

test('without TRUST_PROXY, X-Forwarded-For is ignored: a spoofed address does not evade the limit', async () => {
  const direct = await startServer({ env, config: { loginLimit: limits({ windowMs: 60_000, perClient: 3, global: 100 }) } });
  try {
    for (let i = 0; i < 3; i++) {
      assert.equal((await postJson(direct, { password: 'wrong' }, { 'x-forwarded-for': `192.0.2.${i + 1}` })).status, 401);
    }
    const res = await postJson(direct, { password: 'wrong' }, { 'x-forwarded-for': '192.0.2.200' });
    assert.equal(res.status, 429);
  } finally {
    await direct.close();
  }
});
