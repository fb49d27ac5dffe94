/**
 * Behind a reverse proxy that rewrites Host — nginx's default `proxy_set_header Host $proxy_host`
 * sends the upstream's name, not the one the browser used — signing in, signing out and the
 * contact form still work: the Origin check compares with PUBLIC_ORIGIN, or with X-Forwarded-Host
 * when the proxy sends it and TRUST_PROXY trusts it. Cross-site posts are still refused, and
 * X-Forwarded-Host from an untrusted client changes nothing.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rawRequest, startServer, type TestServer } from '../helpers/server.ts';
import { SESSION_COOKIE } from '../../src/app/constants.ts';

const PASSWORD = 'Proxy-Harbour-Password-2210';
const SECRET = 'p'.repeat(40);
const SITE = 'https://www.example.com';

/**
 * A tiny reverse proxy in the manner of nginx: TLS terminated in front of it (X-Forwarded-Proto:
 * https), Host replaced by the upstream's name, the client's address appended to X-Forwarded-For,
 * and X-Forwarded-Host only when asked to.
 */
async function hostRewritingProxy(upstreamPort: number, opts: { forwardHost: boolean; forwardProto?: boolean }): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const headers: IncomingHttpHeaders = { ...req.headers, host: 'halden_upstream' };
    headers['x-forwarded-for'] = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    if (opts.forwardProto !== false) headers['x-forwarded-proto'] = 'https';
    else delete headers['x-forwarded-proto'];
    if (opts.forwardHost) headers['x-forwarded-host'] = req.headers.host;
    else delete headers['x-forwarded-host'];
    const upstream = request({ host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers }, (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    });
    upstream.on('error', () => {
      res.statusCode = 502;
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A request as the browser at https://www.example.com sends it (through the proxy's port). */
const browserRequest = (port: number, method: string, path: string, opts: { headers?: Record<string, string>; body?: string; host?: string } = {}) =>
  rawRequest(port, path, { method, headers: { host: opts.host ?? 'www.example.com', ...opts.headers }, body: opts.body });

/** The session cookie set through the HTTPS proxy: its __Host- name (gate.ts). */
const sessionFrom = (a: { headers: IncomingHttpHeaders }) => (a.headers['set-cookie'] ?? []).find((l) => l.startsWith(`__Host-${SESSION_COOKIE}=`) || l.startsWith(`${SESSION_COOKIE}=`));

/** Sign in (JSON and no-JS form), post the contact form (both ways), sign out: every answer as a browser on `origin` expects. */
async function signInPostAndSignOut(port: number, origin: string, host?: string) {
  const same = { origin, 'sec-fetch-site': 'same-origin' };
  const json = await browserRequest(port, 'POST', '/api/login', {
    host,
    headers: { ...same, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  assert.equal(json.status, 200, `JSON sign-in: ${json.body}`);
  const line = sessionFrom(json);
  assert.ok(line, 'a session cookie');
  assert.match(line, /;\s*Secure/i, 'Secure: the proxy says the browser used HTTPS');

  const form = await browserRequest(port, 'POST', '/api/login', {
    host,
    headers: { ...same, 'content-type': 'application/x-www-form-urlencoded' },
    body: `password=${PASSWORD}&next=%2Fcontact`,
  });
  assert.equal(form.status, 303, `form sign-in: ${form.body}`);
  assert.equal(form.headers.location, '/contact');
  const cookie = sessionFrom(form)!.split(';')[0];

  const contact = await browserRequest(port, 'POST', '/api/contact', {
    host,
    headers: { ...same, cookie, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ name: 'Ines Moreau', email: 'ines@example.com', company: '', message: 'Sent through a reverse proxy that rewrites Host.' }),
  });
  assert.equal(contact.status, 201, `contact (JSON): ${contact.body}`);
  const contactForm = await browserRequest(port, 'POST', '/api/contact', {
    host,
    headers: { ...same, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'name=Ines+Moreau&email=ines%40example.com&company=&message=Sent+without+JavaScript+through+the+proxy.',
  });
  assert.equal(contactForm.status, 303, `contact (form): ${contactForm.body}`);
  assert.match(String(contactForm.headers.location), /sent=1/);

  const out = await browserRequest(port, 'POST', '/api/logout', { host, headers: { ...same, cookie } });
  assert.equal(out.status, 303, `sign-out: ${out.body}`);
  assert.match(String(out.headers['set-cookie']), new RegExp(`^__Host-${SESSION_COOKIE}=;`), 'the session cookie is cleared');
}

async function refusesCrossSite(port: number, host?: string) {
  const attempts: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'null' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }];
  for (const headers of attempts) {
    const res = await browserRequest(port, 'POST', '/api/login', {
      host,
      headers: { ...headers, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    assert.equal(res.status, 403, `${JSON.stringify(headers)}: ${res.status}`);
    assert.equal(sessionFrom(res), undefined);
  }
}

const servers: { close(): Promise<void> }[] = [];
after(async () => {
  await Promise.all(servers.map((s) => s.close()));
});
const start = async (env: Record<string, string>): Promise<TestServer> => {
  const s = await startServer({ env: { SITE_PASSWORD: PASSWORD, SESSION_SECRET: SECRET, ...env } });
  servers.push(s);
  return s;
};
const proxy = async (s: TestServer, forwardHost: boolean, forwardProto = true) => {
  const p = await hostRewritingProxy(s.port, { forwardHost, forwardProto });
  servers.push(p);
  return p;
};

test('nginx defaults (Host rewritten, no X-Forwarded-Host): with PUBLIC_ORIGIN, sign-in, contact and sign-out work', async () => {
  const s = await start({ TRUST_PROXY: '1', PUBLIC_ORIGIN: SITE });
  const p = await proxy(s, false);
  await signInPostAndSignOut(p.port, SITE);
  await refusesCrossSite(p.port);
});

test('nginx defaults (Host rewritten) without PUBLIC_ORIGIN, in both access modes: a current browser signs in, posts and signs out (it sends Sec-Fetch-Site)', async () => {
  // Issue 32, finding 2: on b747b9d this answered 403 (Origin ≠ the upstream Host) unless
  // PUBLIC_ORIGIN was set, which password mode does not ask for.
  const s = await start({ TRUST_PROXY: '1' });
  const p = await proxy(s, false);
  await signInPostAndSignOut(p.port, SITE);
  await refusesCrossSite(p.port);
  // Public mode (no sign-in): the contact form and the cookie settings form, through the same proxy.
  const pub = await start({ TRUST_PROXY: '1', SITE_ACCESS: 'public', PUBLIC_ORIGIN: 'https://public.example.com' });
  const pp = await proxy(pub, false);
  const same = { origin: SITE, 'sec-fetch-site': 'same-origin' };
  const contact = await browserRequest(pp.port, 'POST', '/api/contact', {
    headers: { ...same, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ name: 'Ines Moreau', email: 'ines@example.com', company: '', message: 'Sent to the public site through a Host-rewriting proxy.' }),
  });
  assert.equal(contact.status, 201, contact.body);
  const settings = await browserRequest(pp.port, 'POST', '/cookie-settings', { headers: { ...same, 'content-type': 'application/x-www-form-urlencoded' }, body: 'choice=reject' });
  assert.equal(settings.status, 303, settings.body);
  assert.match(String(settings.headers['set-cookie']), /; Secure/);
  assert.match(String(settings.headers['strict-transport-security']), /max-age=31536000/);
});

test('a proxy that sends no X-Forwarded-Proto: the sign-in answer still carries a Secure cookie and HSTS (the browser posted from https)', async () => {
  // Issue 32, finding 2: on b747b9d the cookie was set without Secure and HSTS was missing
  // (Observatory 40 D+ for this answer).
  const s = await start({ TRUST_PROXY: '1' });
  const p = await proxy(s, false, false);
  const res = await browserRequest(p.port, 'POST', '/api/login', {
    headers: { origin: SITE, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  assert.equal(res.status, 200, res.body);
  assert.match(sessionFrom(res) ?? '', new RegExp(`^${SESSION_COOKIE}=[^;]+; Path=/; HttpOnly; Secure; SameSite=Lax$`));
  assert.equal(res.headers['strict-transport-security'], 'max-age=31536000; includeSubDomains');
});

test("an older browser (no Sec-Fetch-Site) behind nginx defaults without PUBLIC_ORIGIN: the server cannot know the browser's origin and refuses (why PUBLIC_ORIGIN exists for them)", async () => {
  const s = await start({ TRUST_PROXY: '1' });
  const p = await proxy(s, false);
  const res = await browserRequest(p.port, 'POST', '/api/login', {
    headers: { origin: SITE, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  assert.equal(res.status, 403);
});

test('a proxy that sends X-Forwarded-Host, trusted through TRUST_PROXY: works without PUBLIC_ORIGIN', async () => {
  const s = await start({ TRUST_PROXY: '1' });
  const p = await proxy(s, true);
  await signInPostAndSignOut(p.port, SITE);
  await refusesCrossSite(p.port);
});

test('without TRUST_PROXY, X-Forwarded-Host from the client is ignored: it cannot vouch for a foreign Origin', async () => {
  const s = await start({});
  const res = await browserRequest(s.port, 'POST', '/api/login', {
    host: `127.0.0.1:${s.port}`,
    headers: { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example', 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  assert.equal(res.status, 403);
  // And the direct, unproxied site still works on its own Host.
  await signInPostAndSignOutDirect(s);
});

/** Directly (no proxy, plain HTTP): the request's own Host is the origin. */
async function signInPostAndSignOutDirect(s: TestServer) {
  const origin = `http://127.0.0.1:${s.port}`;
  const res = await browserRequest(s.port, 'POST', '/api/login', {
    host: `127.0.0.1:${s.port}`,
    headers: { origin, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  assert.equal(res.status, 200);
  assert.doesNotMatch(sessionFrom(res) ?? '', /Secure/i, 'plain HTTP: no Secure');
}
