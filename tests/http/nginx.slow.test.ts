/**
 * The production build behind real nginx with deploy/nginx.conf (issue 32), as an operator runs
 * it: TLS at nginx (a throwaway certificate), the server on a loopback port, two visitors on two
 * addresses (127.0.0.2 and 127.0.0.3). One nginx, four sites:
 *
 * - the shipped setup, password mode (TRUST_PROXY=1): 10 bad guesses from A never throttle B; a
 *   forged X-Forwarded-For does not get A past its limit; sign-in works with the __Host- cookie,
 *   Secure, and HSTS; Observatory-style 115+ for / and for the sign-in answer;
 * - the shipped setup, public mode: pages, the contact form and the cookie settings, 115+;
 * - the first misconfiguration, TRUST_PROXY=0 behind nginx: A's guesses lock B out, and the log
 *   names it once, with the fix;
 * - the second, a proxy in front of nginx (a CDN) with nginx appending to X-Forwarded-For
 *   ($proxy_add_x_forwarded_for) and TRUST_PROXY=1: every visitor is the CDN, and the log names
 *   the chain longer than the trusted hops once, with the fix.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { forkServer, freePort, hasBuild, TEST_PASSWORD, type Forked } from '../helpers/spawn-server.ts';
import { have, shippedSite, startNginx, throwawayCertificate, visit, type Answer } from '../helpers/nginx.ts';
import { observatoryScore } from '../helpers/observatory.ts';
import { SESSION_COOKIE } from '../../src/app/constants.ts';

const A = '127.0.0.2';
const B = '127.0.0.3';
const ORIGIN = 'https://www.example.com';
/** What a current browser sends with a post from the site's own page. */
const browserPost = { origin: ORIGIN, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', accept: 'application/json' };

interface Site {
  app: Forked;
  https: number;
  http: number;
}
let dir = '';
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;
const sites: Record<'shipped' | 'public' | 'untrusted' | 'cdn', Site> = {} as never;
let cdnPort = 0;
let skip: string | undefined;

before(async () => {
  if (!hasBuild()) {
    skip = 'no build: run "npx tsx scripts/build.ts" (npm test builds first)';
    return;
  }
  const probe = { skip: (m: string) => void (skip = m) };
  if (!have('nginx', probe) || !have('openssl', probe)) return;
  dir = mkdtempSync(path.join(tmpdir(), 'hrc-nginx-'));
  const { cert, key } = throwawayCertificate(dir);
  const env = {
    shipped: { TRUST_PROXY: '1' },
    public: { TRUST_PROXY: '1', SITE_ACCESS: 'public', PUBLIC_ORIGIN: ORIGIN },
    untrusted: { TRUST_PROXY: '0' },
    cdn: { TRUST_PROXY: '1' },
  };
  const names = Object.keys(env) as (keyof typeof env)[];
  const apps = await Promise.all(names.map((name) => forkServer({ dataDir: path.join(dir, `data-${name}`), env: env[name] })));
  const blocks: string[] = [];
  const ports: number[] = [];
  for (const [i, name] of names.entries()) {
    const [https, http] = [await freePort(), await freePort()];
    sites[name] = { app: apps[i], https, http };
    ports.push(https, http);
    // The CDN case: nginx as operators often write it, appending to what arrives.
    blocks.push(shippedSite({ name, https, http, upstream: apps[i].port, cert, key, forwardedFor: name === 'cdn' ? '$proxy_add_x_forwarded_for' : undefined }));
  }
  // A CDN in front of the 'cdn' site: it appends the visitor's address and passes the request on.
  cdnPort = await freePort();
  ports.push(cdnPort);
  blocks.push(`server {
    listen 127.0.0.1:${cdnPort} ssl;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    location / {
      proxy_pass https://127.0.0.1:${sites.cdn.https};
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto https;
    }
  }`);
  nginx = await startNginx(dir, blocks, ports);
});

after(async () => {
  await nginx?.stop();
  for (const s of Object.values(sites)) {
    s.app.kill('SIGKILL');
    await s.app.exited;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const guess = (client: string, port: number, password: string, headers: Record<string, string> = {}) =>
  visit(client, port, 'POST', '/api/login', { headers: { ...browserPost, ...headers }, body: JSON.stringify({ password }) });
const sessionLine = (a: Answer) => (a.headers['set-cookie'] ?? []).find((l) => l.startsWith(`__Host-${SESSION_COOKIE}=`));
/** The misconfiguration warnings a server has logged. */
const told = (app: Forked) =>
  app
    .stdout()
    .split('\n')
    .filter((l) => l.includes('"misconfiguration"'))
    .map((l) => JSON.parse(l) as { misconfiguration: string; msg: string });

test('the shipped setup, password mode: A never throttles B, a forged X-Forwarded-For gets A nowhere, sign-in with __Host-/Secure/HSTS, 115+', async (t) => {
  if (skip) return t.skip(skip);
  const { https, http, app } = sites.shipped;
  // Plain HTTP: one redirect to the same host on HTTPS.
  const plain = await visit(A, http, 'GET', '/team', { https: false });
  assert.equal(plain.status, 301);
  assert.equal(plain.headers.location, `${ORIGIN}/team`);

  // `/` without a session: the gate's redirect to the login page, scored as Observatory follows it.
  const home = await visit(A, https, 'GET', '/');
  assert.equal(home.status, 302);
  assert.equal(home.headers.location, '/login');
  const login = await visit(A, https, 'GET', '/login');
  assert.equal(login.status, 200);
  const pageScore = observatoryScore({ headers: login.headers, body: login.body, redirection: 'to-https' });
  assert.ok(pageScore.score >= 115, `/: ${pageScore.score} ${JSON.stringify(pageScore.tests)}`);

  // Ten bad guesses from A: answered 401; the eleventh is throttled, for A only.
  for (let i = 1; i <= 10; i++) assert.equal((await guess(A, https, `wrong-${i}`)).status, 401, `A's guess ${i}`);
  const eleventh = await guess(A, https, 'wrong-11');
  assert.equal(eleventh.status, 429);
  assert.ok(Number(eleventh.headers['retry-after']) > 0);
  // A forged X-Forwarded-For does not make A someone else (nginx replaces it with A's address).
  for (const forged of ['198.51.100.77', '198.51.100.78, 10.0.0.1']) assert.equal((await guess(A, https, 'wrong', { 'x-forwarded-for': forged })).status, 429, forged);
  // B is untouched: its own wrong guess is checked, and the right password signs it in.
  assert.equal((await guess(B, https, 'b-typo')).status, 401, 'B is not throttled by A');
  const signIn = await guess(B, https, TEST_PASSWORD);
  assert.equal(signIn.status, 200);
  const line = sessionLine(signIn);
  assert.ok(line, `a __Host- session cookie: ${JSON.stringify(signIn.headers['set-cookie'])}`);
  assert.match(line, /; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
  assert.equal(signIn.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
  const signInScore = observatoryScore({ headers: signIn.headers, body: signIn.body, redirection: 'to-https' });
  assert.ok(signInScore.score >= 115, `sign-in answer: ${signInScore.score} ${JSON.stringify(signInScore.tests)}`);
  // The session opens pages through the proxy, and sign-out ends it for every copy of the cookie.
  const cookie = line.split(';')[0];
  assert.equal((await visit(B, https, 'GET', '/team', { headers: { cookie } })).status, 200);
  assert.equal((await visit(B, https, 'POST', '/api/logout', { headers: { ...browserPost, cookie } })).status, 200);
  assert.equal((await visit(B, https, 'GET', '/team', { headers: { cookie } })).status, 302);
  // The log line of A's throttling names A, and nothing was misconfigured.
  const lines = app.stdout().split('\n');
  assert.ok(
    lines.some((l) => l.includes('"login throttled"') && l.includes(`"ip":"${A}"`)),
    'the throttle line carries A',
  );
  assert.deepEqual(told(app), []);
  t.diagnostic(`Observatory-style: / ${pageScore.score} (${pageScore.grade}), sign-in answer ${signInScore.score} (${signInScore.grade}); A throttled at its 11th guess, B never`);
});

test('the shipped setup, public mode: pages, the contact form and cookie settings through the proxy, 115+', async (t) => {
  if (skip) return t.skip(skip);
  const { https } = sites.public;
  const home = await visit(A, https, 'GET', '/');
  assert.equal(home.status, 200);
  assert.match(String(home.headers['cache-control']), /^public/);
  const score = observatoryScore({ headers: home.headers, body: home.body, redirection: 'to-https' });
  assert.ok(score.score >= 115, `/: ${score.score} ${JSON.stringify(score.tests)}`);
  const contact = await visit(B, https, 'POST', '/api/contact', {
    headers: browserPost,
    body: JSON.stringify({ name: 'Ines Moreau', email: 'ines@example.com', company: '', message: 'Sent through nginx to the public site.' }),
  });
  assert.equal(contact.status, 201, contact.body);
  const settings = await visit(B, https, 'POST', '/cookie-settings', { headers: { ...browserPost, 'content-type': 'application/x-www-form-urlencoded' }, body: 'choice=reject' });
  assert.equal(settings.status, 303);
  assert.match(String(settings.headers['set-cookie']), /; Secure/);
  t.diagnostic(`Observatory-style, public /: ${score.score} (${score.grade})`);
});

/**
 * Through `port` (a misconfigured site), ten bad guesses from A throttle B too, since every visitor
 * looks like the `front` proxy; after 60 more requests the app has logged exactly one warning,
 * of `kind`. Returns its message.
 */
async function lockedOutAndNamed(port: number, app: Forked, front: string, kind: string): Promise<string> {
  for (let i = 1; i <= 10; i++) await guess(A, port, `wrong-${i}`);
  assert.equal((await guess(B, port, TEST_PASSWORD)).status, 429, `every visitor is the ${front}: B is throttled by A`);
  for (let i = 0; i < 60; i++) await visit(i % 2 ? A : B, port, 'GET', '/robots.txt');
  const found = told(app);
  assert.deepEqual(
    found.map((f) => f.misconfiguration),
    [kind],
  );
  return found[0].msg;
}

test('misconfiguration: TRUST_PROXY=0 behind nginx locks B out with A, and the log says so once, with the fix', async (t) => {
  if (skip) return t.skip(skip);
  const msg = await lockedOutAndNamed(sites.untrusted.https, sites.untrusted.app, 'proxy', 'untrustedProxy');
  assert.match(msg, /TRUST_PROXY=0 behind a reverse proxy/);
  assert.match(msg, /Fix: TRUST_PROXY=1 behind one proxy \(deploy\/nginx\.conf\)/);
});

test('misconfiguration: a CDN in front of nginx that appends (chain longer than TRUST_PROXY=1) is named once, with the fix', async (t) => {
  if (skip) return t.skip(skip);
  const msg = await lockedOutAndNamed(cdnPort, sites.cdn.app, 'CDN', 'chainTooLong');
  assert.match(msg, /Fix: TRUST_PROXY=2 if those 2 proxies are yours/);
});
