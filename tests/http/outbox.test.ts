/**
 * Staff are told a message arrived (outbox.ts): with SMTP_URL and CONTACT_NOTIFY_TO set, each
 * stored message is e-mailed through a local SMTP server started here (smtp-server). The SMTP
 * server being down does not slow the visitor nor lose the message: it is retried with backoff,
 * across a restart, and delivered once when the server comes back. An attempt cut short after the
 * SMTP server accepted it (a crash) is sent again with the same Message-ID (at least once).
 * Without the settings, nothing is e-mailed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { startServer, type TestServer } from '../helpers/server.ts';
import { mailFixture } from '../helpers/mail.ts';
import { until } from '../helpers/wait.ts';
import { ROOT } from '../helpers/spawn-server.ts';
import type { StoredMessage } from '../../src/server/store/index.ts';
import { openSqliteStore } from '../../src/server/store/sqlite.ts';
import { emailFor, smtpOptions } from '../../src/server/outbox.ts';

const notifyEnv = (port: number) => ({ SMTP_URL: `smtp://127.0.0.1:${port}`, CONTACT_NOTIFY_TO: 'enquiries@haldenrowe.example' });
/** Short retries for the test: 300 ms, doubling up to 1.2 s; an idle outbox looks every 300 ms. */
const fastRetry = { baseMs: 300, maxMs: 1200, leaseMs: 60_000, pollMs: 300 };

async function post(s: TestServer, cookie: string, i: number) {
  const started = performance.now();
  const res = await fetch(`${s.url}/api/contact`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ name: `Sender ${i}`, email: `sender${i}@example.com`, company: i % 2 ? 'Northwind' : '', message: `Enquiry number ${i}: we would like to discuss a growth investment.` }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  return { id: ((await res.json()) as { id: number }).id, ms: performance.now() - started };
}

const listed = async (dataDir: string): Promise<StoredMessage[]> => {
  const store = openSqliteStore(dataDir, { readonly: true });
  try {
    return await store.messages.list();
  } finally {
    await store.close();
  }
};

test('each stored message is e-mailed to staff once, with the sender as Reply-To; npm run messages shows it sent', async (t) => {
  const { sink, smtpPort, dataDir, start } = await mailFixture(t, { prefix: 'hrc-outbox-' });
  const s = await start({ env: notifyEnv(smtpPort), config: { notifyRetry: fastRetry } });
  const cookie = await s.login();

  const { id } = await post(s, cookie, 1);
  await until('the e-mail', () => sink.received.length === 1);
  const mail = sink.received[0];
  assert.equal(mail.to, 'enquiries@haldenrowe.example');
  assert.match(mail.raw, /^Subject: Website enquiry from Sender 1, Northwind/m);
  assert.match(mail.raw, /^Reply-To: Sender 1 <sender1@example\.com>/m);
  assert.match(mail.raw, /Enquiry number 1: we would like to discuss a growth investment\./);
  assert.match(mail.messageId, new RegExp(`^<contact-${id}\\.[0-9a-f]{16}@`));

  await until('the outbox to record it', async () => (await listed(dataDir))[0]?.delivery?.state === 'sent');
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/messages.ts'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } });
  assert.match(stdout, /Staff e-mail/);
  assert.match(stdout, /sent \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(sink.received.length, 1, 'sent once');
});

test('SMTP down, a restart, SMTP back: nothing is lost or sent twice, and the visitor never waits for it', async (t) => {
  // 1. The SMTP server is down (nothing listens on its port). Whichever server is running when the
  // test ends (a failed assertion included) is stopped by the fixture, so a failure ends the file.
  const { sink, smtpPort, dataDir, start } = await mailFixture(t, { prefix: 'hrc-outbox-', listen: false });
  let s = await start({ env: notifyEnv(smtpPort), config: { notifyRetry: fastRetry } });
  const cookie = await s.login();
  const posts = [await post(s, cookie, 1), await post(s, cookie, 2), await post(s, cookie, 3)];
  for (const p of posts) assert.ok(p.ms < 1000, `the visitor got 201 in ${p.ms.toFixed(0)} ms`);
  // Read in one snapshot, between attempts: a retry in flight shows 'sending' for a moment.
  let waiting: StoredMessage[] = [];
  await until('two failed attempts each, waiting for the next', async () => {
    waiting = await listed(dataDir);
    return waiting.every((m) => m.delivery!.attempts >= 2 && m.delivery!.state !== 'sending');
  });
  for (const m of waiting) {
    assert.equal(m.delivery!.state, 'pending');
    assert.match(m.delivery!.lastError ?? '', /ECONNREFUSED/);
  }
  const { stdout: table } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/messages.ts'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir } });
  assert.match(table, /pending: \d+ failed, next \d\d:\d\d:\d\d/);

  // 2. The server restarts while SMTP is still down.
  await s.close();
  s = await start({ env: notifyEnv(smtpPort), config: { notifyRetry: fastRetry } });
  await until('another attempt after the restart', async () => (await listed(dataDir)).every((m) => m.delivery!.attempts >= 3));
  assert.equal(sink.received.length, 0);

  // 3. SMTP comes back: each message arrives, once.
  const back = Date.now();
  await sink.listen();
  await until('all three e-mails', () => sink.received.length >= 3);
  const deliveredAfter = Date.now() - back;
  await until('the outbox to record them', async () => (await listed(dataDir)).every((m) => m.delivery!.state === 'sent'));
  await new Promise((r) => setTimeout(r, 1500)); // longer than the longest backoff: any repeat would show
  assert.equal(sink.received.length, 3, 'no message e-mailed twice');
  assert.deepEqual(new Set(sink.received.map((m) => m.messageId)).size, 3);
  for (const p of posts)
    assert.ok(
      sink.received.some((m) => m.messageId.startsWith(`<contact-${p.id}.`)),
      `message ${p.id} e-mailed`,
    );
  t.diagnostic(`3 messages, attempts while down: ${(await listed(dataDir)).map((m) => m.delivery!.attempts).join(', ')}; delivered ${deliveredAfter} ms after SMTP came back`);
});

test('an attempt cut short after the SMTP server accepted it (a crash) is sent again, with the same Message-ID', async (t) => {
  const { sink, smtpPort, dataDir, start } = await mailFixture(t, { prefix: 'hrc-outbox-' });
  const notify = { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, to: 'enquiries@haldenrowe.example', from: 'website@haldenrowe.example', allowPlaintext: false };

  // The process claims the message, the SMTP server accepts it, and the process dies before
  // recording that (the store is closed without a word).
  const store = openSqliteStore(dataDir);
  const id = await store.messages.insert({ name: 'Kenji Sato', email: 'kenji@example.com', company: '', message: 'A message whose first e-mail was cut short.' }, { notify: true });
  const item = (await store.outbox.claim(new Date(), 60_000))!;
  assert.equal(item.message.id, id);
  await nodemailer.createTransport(smtpOptions(notify.smtpUrl)).sendMail(emailFor(item, { notify }));
  await store.close();
  assert.equal(sink.received.length, 1);

  // Restarted with a short lease: the unfinished attempt is taken up again and completed.
  await start({ env: notifyEnv(smtpPort), config: { notifyRetry: { ...fastRetry, leaseMs: 300 } } });
  await until('the second e-mail', () => sink.received.length === 2);
  assert.equal(sink.received[0].messageId, sink.received[1].messageId, 'the same Message-ID: a mail system can de-duplicate it');
  await until('sent', async () => (await listed(dataDir))[0].delivery?.state === 'sent');
  assert.equal((await listed(dataDir))[0].delivery!.attempts, 2);
});

test('an idle outbox e-mails what another process or host stored: a host that dies leaves its share to the others', async (t) => {
  const { sink, smtpPort, dataDir, start } = await mailFixture(t, { prefix: 'hrc-outbox-' });
  await start({ env: notifyEnv(smtpPort), config: { notifyRetry: fastRetry } });
  await new Promise((r) => setTimeout(r, 500)); // its first look found nothing: idle
  // Another process (a worker, a host) stores a message and dies before e-mailing it: this
  // server's outbox was not told, and finds it by looking.
  const other = openSqliteStore(dataDir);
  const id = await other.messages.insert({ name: 'Ada Reyes', email: 'ada@example.com', company: '', message: 'Stored by a host that died before e-mailing it.' }, { notify: true });
  await other.close();
  await until('the e-mail, sent by the idle server', () => sink.received.length === 1, 3000);
  assert.match(sink.received[0].messageId, new RegExp(`^<contact-${id}\\.`));
});

test('without SMTP_URL and CONTACT_NOTIFY_TO, messages are stored and nothing is e-mailed', async (t) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hrc-outbox-'));
  const s = await startServer({ dataDir });
  t.after(async () => {
    await s.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  assert.equal(s.config.notify, undefined);
  await post(s, await s.login(), 1);
  assert.equal((await listed(dataDir))[0].delivery, null);
});

test('SMTP credentials never go in clear text: without STARTTLS nothing is sent, unless SMTP_ALLOW_PLAINTEXT=1 says so', async (t) => {
  // Issue 32, finding 6: on b747b9d the credentials of SMTP_URL went to a server that offered no
  // STARTTLS, in clear text.
  const { sink, smtpPort, dataDir, start } = await mailFixture(t, { prefix: 'hrc-outbox-', sink: { auth: true } });
  const env = { SMTP_URL: `smtp://mailer:Secret-Relay-Password@127.0.0.1:${smtpPort}`, CONTACT_NOTIFY_TO: 'enquiries@haldenrowe.example' };
  let s = await start({ env, config: { notifyRetry: fastRetry } });
  await post(s, await s.login(), 1);
  await until('a failed attempt', async () => ((await listed(dataDir))[0]?.delivery?.attempts ?? 0) >= 1 && (await listed(dataDir))[0].delivery?.state === 'pending');
  const [m] = await listed(dataDir);
  assert.match(m.delivery?.lastError ?? '', /STARTTLS/i, 'the attempt failed for want of TLS');
  assert.deepEqual(sink.logins, [], 'no credentials were sent');
  assert.equal(sink.received.length, 0);
  await s.close();
  // The operator says so explicitly: sent (and the pending message goes out).
  s = await start({ env: { ...env, SMTP_ALLOW_PLAINTEXT: '1' }, config: { notifyRetry: { ...fastRetry, baseMs: 100 } } });
  await until('the e-mail', () => sink.received.length === 1);
  assert.deepEqual(sink.logins, [{ username: 'mailer', password: 'Secret-Relay-Password' }]);
});

test('smtpOptions: TLS required for credentials and for any host but this one; smtps:// is TLS from the start', () => {
  assert.equal(smtpOptions('smtp://user:pw@smtp.example.com:587').requireTLS, true);
  assert.equal(smtpOptions('smtp://smtp.example.com:25').requireTLS, true, 'no credentials, but the message crosses a network');
  assert.equal(smtpOptions('smtp://user:pw@127.0.0.1:25').requireTLS, true);
  assert.equal(smtpOptions('smtp://127.0.0.1:25').requireTLS, false, 'a relay on this host, no credentials');
  assert.equal(smtpOptions('smtp://localhost:25').requireTLS, false);
  assert.equal(smtpOptions('smtp://user:pw@smtp.example.com:587', { allowPlaintext: true }).requireTLS, false, 'SMTP_ALLOW_PLAINTEXT=1');
  const tls = smtpOptions('smtps://user:pw@smtp.example.com');
  assert.deepEqual([tls.secure, tls.port, tls.requireTLS], [true, 465, false]);
});
