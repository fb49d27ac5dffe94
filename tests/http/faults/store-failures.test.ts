/**
 * When the database fails (fault injection: a store whose writes throw SQLITE_FULL, as a full
 * disk does): the no-JavaScript visitor gets an HTML page that keeps what they typed, the
 * enhanced form gets 503 JSON, failed saves do not count toward the visitor's hourly limit,
 * /readyz answers 503 while /healthz stays 200 (pages are still served: a load balancer must not
 * drop the host, issue 32 finding 4). A damaged database file stops the start with a clear message.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, openSync, rmSync, writeSync, closeSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../../helpers/server.ts';
import { forkServer, skipWithoutBuild } from '../../helpers/spawn-server.ts';
import type { Store } from '../../../src/server/store/index.ts';
import { openSqliteStore } from '../../../src/server/store/sqlite.ts';

/** The real store, whose writes fail while `fault.on`. */
function faultyStore(dataDir: string) {
  const real = openSqliteStore(dataDir);
  const fault = { on: true };
  // As node:sqlite reports a full disk (SQLITE_FULL is 13).
  const fail = () => Object.assign(new Error('database or disk is full'), { code: 'ERR_SQLITE_ERROR', errcode: 13, errstr: 'database or disk is full' });
  const store: Store = {
    ...real,
    messages: {
      ...real.messages,
      insert: async (...args) => {
        if (fault.on) throw fail();
        return real.messages.insert(...args);
      },
    },
    probeWrite: async (...args) => {
      if (fault.on) throw fail();
      return real.probeWrite(...args);
    },
  };
  return { store, fault, real };
}

const typed = { name: 'Margit Olsen', email: 'margit@fjordline.example', company: 'Fjord & Line', message: 'We would like to talk about <b>a carve-out</b> in Q3 — "soon".' };

test('the store cannot write: the visitor keeps their text, the limit is not spent, /readyz says 503, /healthz 200', async (t) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hrc-faulty-'));
  const { store, fault, real } = faultyStore(dataDir);
  const s = await startServer({ deps: { store }, dataDir });
  t.after(async () => {
    await s.close();
    await real.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const cookie = await s.login();

  const ready = await fetch(`${s.url}/readyz`);
  assert.equal(ready.status, 503);
  assert.deepEqual(await ready.json(), { status: 'error', store: 'cannot write', disk: 'ok' });
  const live = await fetch(`${s.url}/healthz`);
  assert.equal(live.status, 200, 'liveness does not depend on the store');
  assert.equal((await fetch(`${s.url}/team`, { headers: { cookie } })).status, 200, 'pages are served');

  // Without JavaScript: a page (503), the form filled with what was typed, an explanation.
  const form = await fetch(`${s.url}/api/contact`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: s.url },
    body: new URLSearchParams(typed).toString(),
  });
  assert.equal(form.status, 503);
  assert.match(form.headers.get('content-type') ?? '', /text\/html/);
  assert.equal(form.headers.get('cache-control'), 'no-store', 'a page holding personal data is never cached');
  const html = await form.text();
  assert.match(html, /problem on our side; nothing you typed is lost/);
  assert.match(html, /value="Margit Olsen"/);
  assert.match(html, /value="margit@fjordline.example"/);
  assert.match(html, /value="Fjord &amp; Line"/);
  assert.match(html, /carve-out/);
  assert.doesNotMatch(html, /<b>a carve-out/, 'what was typed is text, not markup');
  assert.match(html, /<h1[^>]*>Contact Us<\/h1>/, 'the contact page itself');

  // The enhanced form: 503 JSON. Seven failures in a row (the limit is 5 an hour)…
  for (let i = 0; i < 6; i++) {
    const res = await fetch(`${s.url}/api/contact`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(typed),
    });
    assert.equal(res.status, 503, `attempt ${i + 2}`);
    assert.match(((await res.json()) as { error: string }).error, /could not be saved/);
  }
  // …and once the disk has room again, the visitor is not throttled: their message is stored.
  fault.on = false;
  const ok = await fetch(`${s.url}/api/contact`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(typed),
  });
  assert.equal(ok.status, 201);
  assert.equal(await real.messages.count(), 1);
  await new Promise((r) => setTimeout(r, 2100)); // the health probe's own 2 s memory
  const healthy = await fetch(`${s.url}/readyz`);
  assert.equal(healthy.status, 200);
  assert.deepEqual(await healthy.json(), { status: 'ok', store: 'ok', disk: 'ok' });
});

test('a damaged database stops the start with a clear message', async (t) => {
  if (skipWithoutBuild(t)) return;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hrc-damaged-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const store = openSqliteStore(dataDir);
  for (let i = 0; i < 200; i++) await store.messages.insert({ name: `Sender ${i}`, email: `s${i}@example.com`, company: '', message: `Message ${i} `.repeat(40) });
  await store.close(); // checkpoints the WAL into site.db

  // Garbage over a page in the middle of the messages table.
  const file = path.join(dataDir, 'site.db');
  const pageSize = 4096;
  assert.ok(statSync(file).size > 10 * pageSize);
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(pageSize, 0x5a), 0, pageSize, 6 * pageSize);
  closeSync(fd);

  await assert.rejects(forkServer({ dataDir }), (err: Error) => {
    assert.match(err.message, /exited before answering/);
    assert.match(err.message, /Cannot start: the database .*site\.db is damaged/);
    assert.match(err.message, /restore it from a backup/);
    return true;
  });
});
