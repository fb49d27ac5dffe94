/**
 * The store is bounded (issue 32, finding 4): a site-wide message rate that no number of client
 * addresses gets past, a free-space floor below which messages are refused (503, the visitor's
 * text kept, an error line for the operator, /readyz failing while /healthz and the pages stay
 * up), and a retention period that never deletes a message still waiting for its e-mail.
 * On b747b9d every one of these messages was stored (and kept forever).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, type TestServer } from '../helpers/server.ts';
import { createLogger } from '../../src/server/log.ts';
import { openSqliteStore } from '../../src/server/store/sqlite.ts';

const env = { SITE_PASSWORD: 'bounded-store-password', SESSION_SECRET: 'b'.repeat(40), TRUST_PROXY: '1' };
const message = (i: number) => ({ name: `Sender ${i}`, email: `s${i}@example.com`, company: '', message: `Enquiry ${i}: a message of some length about a carve-out.` });

function logged() {
  const lines: string[] = [];
  return { log: createLogger('json', { write: (l: string) => void lines.push(l) }), records: () => lines.map((l) => JSON.parse(l) as { level: string; msg: string }) };
}

const post = (s: TestServer, cookie: string, i: number, json = true) =>
  fetch(`${s.url}/api/contact`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'x-forwarded-for': `198.51.100.${i}`, ...(json ? { 'content-type': 'application/json', accept: 'application/json' } : { 'content-type': 'application/x-www-form-urlencoded' }) },
    body: json ? JSON.stringify(message(i)) : new URLSearchParams(message(i)).toString(),
  });

test('the site-wide rate: past CONTACT_SITE_LIMIT an hour, a new client is refused too (503, text kept, one error line)', async (t) => {
  const { log, records } = logged();
  const s = await startServer({ env: { ...env, CONTACT_SITE_LIMIT: '3' }, config: { logFormat: 'json' }, deps: { log } });
  t.after(() => s.close());
  const cookie = await s.login();
  for (let i = 1; i <= 3; i++) assert.equal((await post(s, cookie, i)).status, 201, `client ${i}`);
  // Clients 4 and 5 have never posted: their own limits are untouched, the site's is reached.
  const refused = await post(s, cookie, 4);
  assert.equal(refused.status, 503);
  assert.equal(refused.headers.get('retry-after'), '600');
  assert.match(((await refused.json()) as { error: string }).error, /could not be saved/);
  const page = await post(s, cookie, 5, false);
  assert.equal(page.status, 503);
  const html = await page.text();
  assert.match(html, /value="Sender 5"/, 'the no-JavaScript visitor keeps what they typed');
  assert.match(html, /carve-out/);
  const errors = records().filter((r) => r.level === 'error' && /site-wide limit/.test(r.msg));
  assert.equal(errors.length, 1, 'one error line for the operator, not one per post');
  assert.equal(((await (await fetch(`${s.url}/readyz`)).json()) as { status: string }).status, 'ok', 'a busy form is not an unready host');
});

test('below the free-space floor: messages refused with 503 and the text kept, /readyz 503, /healthz and pages 200', async (t) => {
  const { log, records } = logged();
  // A floor no disk reaches (100 TB): the check itself is what is tested.
  const s = await startServer({ env: { ...env, DATA_MIN_FREE_MB: '100000000' }, config: { logFormat: 'json' }, deps: { log } });
  t.after(() => s.close());
  const cookie = await s.login();
  const res = await post(s, cookie, 1);
  assert.equal(res.status, 503);
  const form = await post(s, cookie, 2, false);
  assert.equal(form.status, 503);
  assert.match(await form.text(), /value="Sender 2"/);
  assert.ok(records().some((r) => r.level === 'error' && /free space is below DATA_MIN_FREE_MB/.test(r.msg)));
  const ready = await fetch(`${s.url}/readyz`);
  assert.equal(ready.status, 503);
  assert.deepEqual(await ready.json(), { status: 'error', store: 'ok', disk: 'below the free-space floor' });
  assert.equal((await fetch(`${s.url}/healthz`)).status, 200);
  assert.equal((await fetch(`${s.url}/team`, { headers: { cookie } })).status, 200);
});

test('retention: messages older than MESSAGE_RETENTION_DAYS are deleted at start, except one still waiting for its e-mail', async (t) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hrc-retention-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const day = 24 * 60 * 60_000;
  const store = openSqliteStore(dataDir);
  const old = await store.messages.insert(message(1), { now: new Date(Date.now() - 400 * day) });
  const oldUnsent = await store.messages.insert(message(2), { now: new Date(Date.now() - 400 * day), notify: true });
  const recent = await store.messages.insert(message(3), { now: new Date(Date.now() - 10 * day) });
  await store.close();
  const { log, records } = logged();
  const s = await startServer({ env: { ...env, MESSAGE_RETENTION_DAYS: '365' }, config: { logFormat: 'json' }, deps: { log }, dataDir });
  t.after(() => s.close());
  const deadline = Date.now() + 3000;
  while (!records().some((r) => /past their retention deleted/.test(r.msg)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const reader = openSqliteStore(dataDir, { readonly: true });
  try {
    assert.deepEqual(
      (await reader.messages.list()).map((m) => m.id),
      [oldUnsent, recent],
    );
  } finally {
    await reader.close();
  }
  assert.ok(old < oldUnsent);
});
