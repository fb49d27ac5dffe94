/**
 * POST /api/contact over real HTTP: the gate, CSRF, methods, validation, size limit, honeypot,
 * the no-JavaScript form post, rate limiting, and durability (a 201 survives kill -9).
 */
import { test, before, after, describe } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createApp } from '../../src/server/app.ts';
import { DEV_PASSWORD, loadConfig, type Config } from '../../src/server/config.ts';
import { openSqliteStore, type SqliteStore } from '../../src/server/store/sqlite.ts';
import { FAKE_MANIFEST } from '../helpers/server.ts';

interface Running {
  base: string;
  server: Server;
  store: SqliteStore;
  dataDir: string;
  cookie: string;
}

async function start(overrides: Partial<Config> = {}): Promise<Running> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hrc-contact-'));
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir }, { logFormat: 'off', ...overrides });
  const store = openSqliteStore(dataDir);
  const { app } = createApp({ config, manifest: FAKE_MANIFEST, store });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, server, store, dataDir, cookie: await login(base) };
}

async function stop(r: Running) {
  await new Promise((resolve) => r.server.close(resolve));
  await r.store.close();
  rmSync(r.dataDir, { recursive: true, force: true });
}

/** An app for the enclosing describe block: started before its tests, stopped after them. */
function appFor(overrides: Partial<Config>): Running {
  const r = {} as Running;
  before(async () => {
    Object.assign(r, await start(overrides));
  });
  after(() => stop(r));
  return r;
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ password: DEV_PASSWORD }),
  });
  assert.equal(res.status, 200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('hrc_session='));
  assert.ok(cookie, 'login sets the session cookie');
  return cookie.split(';')[0];
}

const valid = {
  name: 'Dana Whitfield',
  email: 'dana@northwind-logistics.com',
  company: 'Northwind Logistics',
  message: 'We are exploring a minority growth investment and would welcome a conversation.',
};

function postJson(r: Running, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${r.base}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie: r.cookie, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    redirect: 'manual',
  });
}

function postForm(r: Running, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${r.base}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', cookie: r.cookie, ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

describe('POST /api/contact', () => {
  // A high limit here; throttling has its own app below.
  const r = appFor({ contactLimit: { windowMs: 60_000, perClient: 1000 } });

  test('a valid message is stored and answered 201 { id }', async () => {
    const res = await postJson(r, valid);
    assert.equal(res.status, 201);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    const { id } = (await res.json()) as { id: number };
    assert.equal(typeof id, 'number');
    const stored = (await r.store.messages.list()).find((m) => m.id === id);
    assert.ok(stored, 'the message is in the database');
    assert.equal(stored.name, valid.name);
    assert.equal(stored.email, valid.email);
    assert.equal(stored.company, valid.company);
    assert.equal(stored.message, valid.message);
    assert.equal(stored.ip, '127.0.0.1');
    assert.ok(Math.abs(Date.parse(stored.createdAt) - Date.now()) < 60_000);
  });

  test('company is optional and stored as empty', async () => {
    const res = await postJson(r, { ...valid, company: '' });
    assert.equal(res.status, 201);
    const { id } = (await res.json()) as { id: number };
    assert.equal((await r.store.messages.list()).find((m) => m.id === id)?.company, null);
  });

  test('invalid input → 400 with a message per field, nothing stored', async () => {
    const before = await r.store.messages.count();
    const res = await postJson(r, { name: '', email: 'not-an-email', company: 'x'.repeat(201), message: 'short' });
    assert.equal(res.status, 400);
    const body = (await res.json()) as { errors: Record<string, string> };
    assert.deepEqual(Object.keys(body.errors).sort(), ['company', 'email', 'message', 'name']);
    assert.match(body.errors.email, /valid email/);
    assert.match(body.errors.message, /at least 10/);
    assert.equal(await r.store.messages.count(), before);
  });

  test('an empty or non-object body → 400 with the required fields named', async () => {
    for (const body of ['{}', '[]']) {
      const res = await postJson(r, body);
      assert.equal(res.status, 400, body);
      const { errors } = (await res.json()) as { errors: Record<string, string> };
      assert.ok(errors.name && errors.email && errors.message, body);
    }
  });

  test('malformed or non-object JSON → 400, not 500', async () => {
    for (const body of ['{"name": ', '"text"', '42']) assert.equal((await postJson(r, body)).status, 400, body);
  });

  test('a body over 16 KB → 413', async () => {
    const before = await r.store.messages.count();
    const res = await postJson(r, { ...valid, message: 'x'.repeat(17 * 1024) });
    assert.equal(res.status, 413);
    const form = await postForm(r, { ...valid, message: 'x'.repeat(17 * 1024) });
    assert.equal(form.status, 413);
    assert.equal(await r.store.messages.count(), before);
  });

  test('a body just under 16 KB is parsed (the limit is 16 KB, not less)', async () => {
    const res = await postJson(r, { ...valid, message: 'x'.repeat(5001), padding: 'p'.repeat(10_000) });
    assert.equal(res.status, 400, 'parsed, then rejected by validation (message too long)');
  });

  test('honeypot filled → pretends success, stores nothing', async () => {
    const before = await r.store.messages.count();
    const res = await postJson(r, { ...valid, website: 'http://spam.example' });
    assert.equal(res.status, 201);
    assert.ok('id' in ((await res.json()) as object));
    const form = await postForm(r, { ...valid, website: 'buy-now' });
    assert.equal(form.status, 303);
    assert.equal(form.headers.get('location'), '/contact?sent=1#contact-form');
    assert.equal(await r.store.messages.count(), before);
  });

  test('without JavaScript: a form post is stored and redirected 303 to the confirmation', async () => {
    const before = await r.store.messages.count();
    const res = await postForm(r, { ...valid, website: '' });
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), '/contact?sent=1#contact-form');
    assert.equal(await r.store.messages.count(), before + 1);
    const last = (await r.store.messages.list()).at(-1)!;
    assert.equal(last.email, valid.email);
  });

  test('without JavaScript: a refused post is answered 400 with the form, its errors and what was typed (WCAG 3.3.7)', async () => {
    const before = await r.store.messages.count();
    const res = await postForm(r, { name: 'Dana Reyes', email: 'dana@example', company: 'Reyes & Co', message: 'hi' });
    assert.equal(res.status, 400);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const html = await res.text();
    for (const typed of ['value="Dana Reyes"', 'value="dana@example"', 'value="Reyes &amp; Co"', '>hi</textarea>']) assert.ok(html.includes(typed), `keeps ${typed}`);
    assert.match(html, /id="contact-email"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="contact-email"/);
    assert.match(html, /valid email address/);
    assert.match(html, /role="alert"/);
    assert.equal(await r.store.messages.count(), before);
  });

  test('the page after a no-JavaScript post shows the outcome', async () => {
    const sent = await fetch(`${r.base}/contact?sent=1`, { headers: { cookie: r.cookie } });
    assert.equal(sent.status, 200);
    const html = await sent.text();
    assert.match(html, /role="status"/);
    assert.match(html, /your message has been sent/i);

    const failed = await fetch(`${r.base}/contact?error=email,message`, { headers: { cookie: r.cookie } });
    const page = await failed.text();
    assert.match(page, /aria-invalid="true"/);
    assert.match(page, /valid email address/);
    assert.match(page, /10 to 5,000 characters/);
    assert.match(page, /role="alert"/);
  });

  test('without a session → 401 JSON, nothing stored', async () => {
    const before = await r.store.messages.count();
    const res = await fetch(`${r.base}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(valid),
    });
    assert.equal(res.status, 401);
    assert.match(res.headers.get('content-type') ?? '', /application\/json/);
    assert.equal(await r.store.messages.count(), before);
  });

  test('cross-site requests → 403 (Sec-Fetch-Site, or a foreign Origin)', async () => {
    const before = await r.store.messages.count();
    assert.equal((await postJson(r, valid, { 'sec-fetch-site': 'cross-site' })).status, 403);
    assert.equal((await postJson(r, valid, { 'sec-fetch-site': 'same-site' })).status, 403);
    assert.equal((await postForm(r, valid, { origin: 'https://evil.example' })).status, 403);
    assert.equal((await postJson(r, valid, { origin: 'null' })).status, 403);
    assert.equal(await r.store.messages.count(), before);
    assert.equal((await postJson(r, valid, { 'sec-fetch-site': 'same-origin', origin: r.base })).status, 201);
  });

  test('other methods → 405 with Allow: POST', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const res = await fetch(`${r.base}/api/contact`, { method, headers: { cookie: r.cookie } });
      assert.equal(res.status, 405, method);
      assert.equal(res.headers.get('allow'), 'POST');
    }
  });

  test('the database is in WAL mode with synchronous=FULL (durable before the 201)', () => {
    assert.deepEqual(r.store.settings(), { journalMode: 'wal', synchronous: 2 });
    assert.equal(path.basename(r.store.file), 'site.db');
    assert.equal(path.dirname(r.store.file), r.dataDir);
  });
});

describe('rate limit', () => {
  const r = appFor({ contactLimit: { windowMs: 60_000, perClient: 2 } });

  test('invalid submissions do not count; the third message in the window → 429 with Retry-After', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await postJson(r, { ...valid, email: 'nope' })).status, 400);
    assert.equal((await postJson(r, valid)).status, 201);
    assert.equal((await postJson(r, valid)).status, 201);
    const res = await postJson(r, valid);
    assert.equal(res.status, 429);
    const retry = Number(res.headers.get('retry-after'));
    assert.ok(retry > 0 && retry <= 60, `Retry-After ${retry}`);
    assert.match(((await res.json()) as { error: string }).error, /try again/);
    const form = await postForm(r, valid);
    assert.equal(form.status, 303);
    assert.equal(form.headers.get('location'), '/contact?error=throttled#contact-form');
    assert.equal(await r.store.messages.count(), 2);
  });
});

test('a 201 survives kill -9 of the server straight after the answer', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hrc-durable-'));
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `
    import { createApp } from './src/server/app.ts';
    import { loadConfig } from './src/server/config.ts';
    const config = loadConfig({ ...process.env, NODE_ENV: 'test' }, { logFormat: 'off' });
    const { app } = createApp({ config, manifest: ${JSON.stringify(FAKE_MANIFEST)} });
    const server = app.listen(0, '127.0.0.1', () => process.stdout.write('PORT ' + server.address().port + '\\n'));
  `,
    ],
    { cwd: process.cwd(), env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const m = /PORT (\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.on('exit', (code) => reject(new Error(`server exited early (${code})`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const running = { base, cookie: await login(base) } as Running;
    const res = await postJson(running, valid);
    assert.equal(res.status, 201);
    const { id } = (await res.json()) as { id: number };
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const store = openSqliteStore(dataDir, { readonly: true });
    try {
      assert.equal((await store.messages.list()).find((m) => m.id === id)?.message, valid.message);
    } finally {
      await store.close();
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
