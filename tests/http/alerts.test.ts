/**
 * Insight alerts (issue 36, item 6): sign-up → exactly one confirmation e-mail → confirm → a
 * digest after a new item → unsubscribe (RFC 8058 one-click POST, and the e-mail's link) → no
 * more mail, through a local SMTP server (smtp-server) as the contact tests do. The links work
 * without a session (the password gate is on); bad and expired links are clear 4xx pages; 1,000
 * sign-ups from one client are throttled like contact posts; the site-wide bound holds across
 * clients.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { startServer, freePortForTests, type TestServer } from '../helpers/server.ts';
import type { Mail } from '../helpers/smtp.ts';
import { mailFixture } from '../helpers/mail.ts';
import { until } from '../helpers/wait.ts';
import { TEST_CONTENT_DATE } from '../helpers/content-date.ts';
import { buildApiData, type ApiData } from '../../src/content/api-data.ts';
import { loadContent } from '../../src/content/load.ts';
import { alertKeys, signLink } from '../../src/server/alerts.ts';
import { openSqliteStore } from '../../src/server/store/sqlite.ts';

const ORIGIN = 'https://www.haldenrowe.example';
const fastRetry = { baseMs: 300, maxMs: 1200, leaseMs: 60_000, pollMs: 200 };
const env = (smtpPort: number) => ({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, CONTACT_NOTIFY_TO: 'enquiries@haldenrowe.example', PUBLIC_ORIGIN: ORIGIN });

/** A received e-mail's headers (unfolded) and decoded body. */
function parse(mail: Mail) {
  const [head, ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).toLowerCase(), line.slice(i + 1).trim());
  }
  const body = rest.join('\n\n').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return { headers, body: Buffer.from(body, 'latin1').toString('utf8') };
}

/** A link of the e-mail on our origin, made relative to the test server. */
const linkIn = (text: string, kind: 'confirm' | 'unsubscribe') => {
  const m = new RegExp(`${ORIGIN.replace(/\./g, '\\.')}(/subscription/${kind}\\?t=[A-Za-z0-9_.-]+)`).exec(text);
  assert.ok(m, `a ${kind} link in:\n${text}`);
  return m[1];
};

/** The content with one research item published after the others (a release with a new item). */
function contentWithNewResearch(id: string, title: string): ApiData {
  const content = loadContent();
  const newest = [...content.research].sort((a, b) => (a.date < b.date ? 1 : -1))[0];
  const day = new Date(Date.parse(`${newest.date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  content.research = [{ ...newest, id, title, date: day }, ...content.research];
  return buildApiData(content, {}, { date: TEST_CONTENT_DATE });
}

const signUp = (s: TestServer, cookie: string, email: string, kinds: string[], headers: Record<string, string> = {}) =>
  fetch(`${s.url}/api/alerts`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: JSON.stringify({ email, kinds }),
  });

test('sign-up → one confirmation → confirm → a digest after a new item → unsubscribe → no more mail', async (t) => {
  const { sink, smtpPort, dataDir, start } = await mailFixture(t, { prefix: 'hrc-alerts-' });
  let s = await start({ env: env(smtpPort), config: { notifyRetry: fastRetry } });
  const cookie = await s.login();

  // Two visitors sign up; each gets exactly one confirmation e-mail.
  assert.equal((await signUp(s, cookie, 'Reader@Example.com', ['research', 'news'])).status, 202);
  const form = await fetch(`${s.url}/api/alerts`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'email=analyst%40example.com&kinds=research&kinds=press-releases',
  });
  assert.equal(form.status, 303, 'without JavaScript: a redirect to the status page');
  assert.equal(form.headers.get('location'), '/alerts?status=sent#alerts-form');
  const statusPage = await fetch(`${s.url}/alerts?status=sent`, { headers: { cookie } });
  assert.equal(statusPage.status, 200);
  assert.match(await statusPage.text(), /Check your inbox to confirm/);

  await until('two confirmation e-mails', () => sink.received.length === 2);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(sink.received.length, 2, 'one confirmation each, no more');
  const confirmation = sink.received.find((m) => m.to === 'reader@example.com');
  assert.ok(confirmation, 'addressed in lower case');
  const c = parse(confirmation);
  assert.match(c.headers.get('subject') ?? '', /Confirm your Halden Rowe Capital email alerts/);
  assert.match(c.body, /Insights & Research and News & Updates/);
  assert.match(c.headers.get('list-unsubscribe') ?? '', new RegExp(`^<${ORIGIN.replace(/\./g, '\\.')}/subscription/unsubscribe\\?t=`));
  assert.equal(c.headers.get('list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
  // Nothing is stored of either address but the two e-mails, now sent and deleted.
  const store = openSqliteStore(dataDir);
  t.after(() => store.close());
  await until('the outbox to forget the sent confirmations', async () => (await store.alerts.nextDue(60_000)) === null);
  assert.equal(await store.alerts.count(), 0, 'nobody is subscribed before confirming');

  // The link, without a session (the gate is on): a page with one button; opening it changes nothing.
  const confirmLink = linkIn(c.body, 'confirm');
  const page = await fetch(`${s.url}${confirmLink}`);
  assert.equal(page.status, 200);
  assert.equal(page.headers.get('cache-control'), 'no-store');
  const html = await page.text();
  assert.match(html, /Confirm Your Email Alerts/);
  assert.match(html, /reader@example\.com/);
  assert.equal(await store.alerts.count(), 0, 'a GET (a mail scanner) confirms nothing');
  const token = new URL(confirmLink, s.url).searchParams.get('t')!;
  const confirmed = await fetch(`${s.url}/subscription/confirm`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `t=${token}` });
  assert.equal(confirmed.status, 200);
  assert.match(await confirmed.text(), /You Are Subscribed/);
  assert.deepEqual((await store.alerts.subscriber('reader@example.com'))?.kinds, ['research', 'news']);
  // The second reader confirms too (research and press releases).
  const analystToken = new URL(linkIn(parse(sink.received.find((m) => m.to === 'analyst@example.com')!).body, 'confirm'), s.url).searchParams.get('t')!;
  assert.equal((await fetch(`${s.url}/subscription/confirm`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `t=${analystToken}` })).status, 200);
  assert.equal(await store.alerts.count(), 2);

  // A release with a new research item: the next start digests it, one e-mail per subscriber.
  await s.close();
  s = await start({ env: env(smtpPort), config: { notifyRetry: fastRetry }, deps: { api: contentWithNewResearch('alerts-test-new-item', 'A New Look at Mid-Market Credit') } });
  await until('two digests', () => sink.received.length === 4);
  const digests = sink.received.slice(2).map(parse);
  for (const d of digests) {
    assert.match(d.headers.get('subject') ?? '', /New from Halden Rowe Capital: A New Look at Mid-Market Credit/);
    assert.match(d.body, new RegExp(`${ORIGIN.replace(/\./g, '\\.')}/research/alerts-test-new-item`));
    assert.equal(d.headers.get('list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
  }
  assert.deepEqual(
    sink.received
      .slice(2)
      .map((m) => m.to)
      .sort(),
    ['analyst@example.com', 'reader@example.com'],
  );

  // Unsubscribe: the reader with the mail provider's one-click POST (RFC 8058: no cookie, no
  // CSRF token, from the provider's server)…
  const readerDigest = digests[sink.received.slice(2).findIndex((m) => m.to === 'reader@example.com')];
  const oneClick = /^<([^>]+)>$/.exec(readerDigest.headers.get('list-unsubscribe')!)![1].replace(ORIGIN, s.url);
  const unsub = await fetch(oneClick, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' }, body: 'List-Unsubscribe=One-Click' });
  assert.equal(unsub.status, 200);
  assert.match(await unsub.text(), /You Are Unsubscribed/);
  assert.equal(await store.alerts.subscriber('reader@example.com'), undefined);
  // …the analyst with the link in the e-mail's text: a page, then its button.
  const analystDigest = digests[sink.received.slice(2).findIndex((m) => m.to === 'analyst@example.com')];
  const unsubLink = linkIn(analystDigest.body, 'unsubscribe');
  const unsubPage = await fetch(`${s.url}${unsubLink}`);
  assert.equal(unsubPage.status, 200);
  const unsubHtml = await unsubPage.text();
  assert.match(unsubHtml, /Unsubscribe from Email Alerts/);
  assert.equal(await store.alerts.count(), 1, 'opening the link unsubscribes nobody');
  const action = /<form[^>]*action="([^"]+)"/.exec(unsubHtml)![1].replace(/&amp;/g, '&');
  assert.equal((await fetch(`${s.url}${action}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' })).status, 200);
  assert.equal(await store.alerts.count(), 0);

  // Another release with another new item: nobody is mailed.
  await s.close();
  s = await start({ env: env(smtpPort), config: { notifyRetry: fastRetry }, deps: { api: contentWithNewResearch('alerts-test-newer-item', 'Another New Item') } });
  // The digest has run when the research mark names the new item; nothing was queued.
  const db = new DatabaseSync(path.join(dataDir, 'site.db'), { readOnly: true });
  t.after(() => db.close());
  const researchMark = () => String(db.prepare("SELECT value FROM meta WHERE key = 'alerts-digested:research'").get()?.value ?? '');
  await until('the digest of the newer item', () => researchMark().includes('alerts-test-newer-item'));
  assert.equal(await store.alerts.nextDue(60_000), null, 'nothing queued');
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(sink.received.length, 4, 'no more mail after unsubscribing');
});

test('bad, changed and expired links are clear 4xx pages, without a session', async (t) => {
  const s = await startServer({ env: { PUBLIC_ORIGIN: ORIGIN } });
  t.after(() => s.close());
  const keys = alertKeys(s.config.sessionSecrets);
  const expired = signLink(keys, { a: 'confirm', e: 'late@example.com', k: ['news'], x: Date.now() - 1000 });
  const valid = signLink(keys, { a: 'confirm', e: 'ok@example.com', k: ['news'], x: Date.now() + 60_000 });
  const changed = `${valid.slice(0, 5)}${valid[5] === 'A' ? 'B' : 'A'}${valid.slice(6)}`;
  const cases: [string, RequestInit | undefined, number, RegExp][] = [
    ['/subscription/confirm?t=not-a-token', undefined, 400, /This Link Does Not Work/],
    ['/subscription/confirm', undefined, 400, /This Link Does Not Work/],
    [`/subscription/confirm?t=${changed}`, undefined, 400, /This Link Does Not Work/],
    // A confirmation token is not an unsubscribe token, nor the reverse.
    [`/subscription/unsubscribe?t=${valid}`, undefined, 400, /This Link Does Not Work/],
    [`/subscription/confirm?t=${expired}`, undefined, 410, /This Link Has Expired/],
    ['/subscription/confirm', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `t=${expired}` }, 410, /This Link Has Expired/],
    ['/subscription/unsubscribe?t=x.y', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' }, 400, /This Link Does Not Work/],
  ];
  for (const [target, init, status, text] of cases) {
    const res = await fetch(`${s.url}${target}`, { redirect: 'manual', ...init });
    assert.equal(res.status, status, target);
    assert.match(res.headers.get('content-type') ?? '', /^text\/html/);
    const html = await res.text();
    assert.match(html, text, target);
    assert.doesNotMatch(html, /at .*\.ts:\d+|Error:/, 'no stack trace');
  }
  // A valid link without SMTP still shows its page (the store is there); other methods are 405.
  assert.equal((await fetch(`${s.url}/subscription/confirm?t=${valid}`)).status, 200);
  assert.equal((await fetch(`${s.url}/subscription/confirm?t=${valid}`, { method: 'DELETE' })).status, 405);
  // The sign-up page is found by the site search and listed in the sitemap.
  const cookie = await s.login();
  const found = (await (await fetch(`${s.url}/api/search?q=email+alerts`, { headers: { cookie } })).json()) as { groups: { type: string; hits: { href: string }[] }[] };
  assert.equal(found.groups.find((g) => g.type === 'pages')?.hits[0]?.href, '/alerts');
  assert.match(await (await fetch(`${s.url}/sitemap.xml`, { headers: { cookie } })).text(), /\/alerts<\/loc>/);
  // The one-click body is bounded: 2 KB.
  const big = await fetch(`${s.url}/subscription/unsubscribe?t=${valid}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `x=${'a'.repeat(4000)}` });
  assert.equal(big.status, 413);
});

test('1,000 sign-ups from one client are throttled like contact posts; many clients meet the site-wide bound', async (t) => {
  const { sink, smtpPort, start } = await mailFixture(t, { prefix: 'hrc-alerts-' });
  const s = await start({ env: { ...env(smtpPort), TRUST_PROXY: '1', ALERT_SIGNUP_SITE_LIMIT: '20' }, config: { notifyRetry: fastRetry } });
  const cookie = await s.login();
  const statuses = new Map<number, number>();
  for (let i = 0; i < 1000; i += 50) {
    const batch = await Promise.all(Array.from({ length: 50 }, (_, j) => signUp(s, cookie, `flood${i + j}@example.com`, ['news'], { 'x-forwarded-for': '203.0.113.7' })));
    for (const r of batch) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
  }
  assert.deepEqual(Object.fromEntries(statuses), { 202: s.config.contactLimit.perClient, 429: 1000 - s.config.contactLimit.perClient }, 'the contact limit: 5 an hour per client');
  const throttled = await signUp(s, cookie, 'one-more@example.com', ['news'], { 'x-forwarded-for': '203.0.113.7' });
  assert.ok(Number(throttled.headers.get('retry-after')) > 0);
  // Another client is not affected; 100 clients together meet the site-wide bound (20 an hour here).
  const many = await Promise.all(Array.from({ length: 100 }, (_, i) => signUp(s, cookie, `c${i}@example.com`, ['research'], { 'x-forwarded-for': `198.51.100.${i + 1}` })));
  const counts = many.reduce<Record<number, number>>((m, r) => ({ ...m, [r.status]: (m[r.status] ?? 0) + 1 }), {});
  assert.deepEqual(counts, { 202: 20 - s.config.contactLimit.perClient, 503: 100 - (20 - s.config.contactLimit.perClient) });
  await until('the confirmations', () => sink.received.length === 20);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(sink.received.length, 20, 'one e-mail per accepted sign-up, none for the refused');
});

test('the store bounds hold: no sign-up below the free-space floor, no new subscriber past ALERT_SUBSCRIBER_LIMIT', async (t) => {
  const smtpPort = await freePortForTests();
  const full = await startServer({ env: { ...env(smtpPort), DATA_MIN_FREE_MB: '100000000' } });
  t.after(() => full.close());
  const refused = await signUp(full, await full.login(), 'floor@example.com', ['news']);
  assert.equal(refused.status, 503);
  assert.ok(Number(refused.headers.get('retry-after')) > 0);
  const link = (s: TestServer, email: string) => `t=${signLink(alertKeys(s.config.sessionSecrets), { a: 'confirm', e: email, k: ['news'], x: Date.now() + 60_000 })}`;
  const post = (s: TestServer, email: string) => fetch(`${s.url}/subscription/confirm`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: link(s, email) });
  const floor = await post(full, 'floor@example.com');
  assert.equal(floor.status, 503);
  assert.match(await floor.text(), /Please Try Again Later/);

  const capped = await startServer({ env: { ...env(smtpPort), ALERT_SUBSCRIBER_LIMIT: '1' } });
  t.after(() => capped.close());
  assert.equal((await post(capped, 'first@example.com')).status, 200);
  assert.equal((await post(capped, 'second@example.com')).status, 503, 'past the limit');
  assert.equal((await post(capped, 'first@example.com')).status, 200, 'a subscriber may still confirm again (a change of kinds)');
});
