/**
 * Careers (issue 36, item 1): /careers lists the roles open on the day (CONTENT_DATE pins it:
 * tests/helpers/content-date.ts), filtered by office and team with GET forms; /careers/{id} shows
 * a role with its JobPosting; a role is hidden after its closing day (on the UTC−12 clock) and
 * before it is posted, everywhere at once: the listing, the page, the API, search and the sitemap.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { signedInReads, signedInServer } from '../helpers/reads.ts';
import { startServer } from '../helpers/server.ts';
import { buildApiData } from '../../src/content/api-data.ts';
import { loadContent } from '../../src/content/load.ts';
import { careersDay, careersDayStart } from '../../src/app/careers.ts';

const server = signedInServer();
const { page, json } = signedInReads(() => server);

const roles = (html: string) => [...html.matchAll(/<h2 class="role__title"><a href="\/careers\/([^"]+)"/g)].map((m) => m[1]);
/** The attributes of every `<name …>` tag. */
const tags = (html: string, name: string) =>
  [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))].map((m) => Object.fromEntries([...m[0].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])));
const jsonLd = (html: string) => [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].flatMap((m) => JSON.parse(m[1]) as Record<string, any>[]);

test('/careers lists every open role, newest first, with filters by office and team that work without JavaScript', async () => {
  const p = await page('/careers');
  assert.equal(p.status, 200);
  const ids = roles(p.html);
  assert.equal(ids.length, 7, ids.join(' '));
  assert.equal(ids[0], 'investment-intern-asia-pacific-singapore', 'posted last, shown first');
  assert.match(p.html, /Showing 7 results/);
  // Each filter is a group of buttons in a GET form on /careers; the selected one is pressed.
  assert.ok(
    tags(p.html, 'form').some((f) => f.action === '/careers' && f.method === 'get'),
    'a GET form on /careers',
  );
  for (const [name, label] of [
    ['office', 'Filter by office'],
    ['team', 'Filter by team'],
  ]) {
    assert.match(p.html, new RegExp(`<span id="[^"]+" class="filter-bar__label">${label}</span>`));
    assert.ok(
      tags(p.html, 'button').some((b) => b.type === 'submit' && b.name === name && b.value === 'All' && b['aria-pressed'] === 'true'),
      `${name}: All is pressed`,
    );
  }
  assert.match(p.html, /<button [^>]*value="london" aria-pressed="false"[^>]*>London(?:<!-- -->)? <span class="filter-button__count">2<span class="visually-hidden"> roles<\/span>/);
});

test('filters combine, with counts; a value in another case is redirected to its canonical spelling, an unknown one to no filter', async () => {
  const london = await page('/careers?office=london');
  assert.deepEqual(roles(london.html).sort(), ['associate-natural-resources-london', 'sustainability-manager-london']);
  const l = london.data['/api/listings/careers?office=london'];
  assert.ok(l, 'the page embeds its listing answer');
  assert.equal(l.counts.team.investment, 1, 'investment roles in London');
  assert.equal(l.counts.office['new-york'], 3, 'counts of other offices keep the team filter (none)');
  const both = await page('/careers?office=new-york&team=finance');
  assert.deepEqual(roles(both.html), ['senior-fund-accountant-new-york']);
  const none = await page('/careers?office=singapore&team=finance');
  assert.equal(none.status, 200);
  assert.match(none.html, /No open roles match all of these filters\./);
  assert.match(none.html, /<form role="none" action="\/careers" method="get"><button type="submit" class="button button--outline">Clear all filters/);
  assert.equal((await page('/careers?office=London')).location, '/careers?office=london');
  assert.equal((await page('/careers?office=mars')).location, '/careers');
  assert.equal((await page('/careers?page=2')).status, 404, 'a page past the last');
});

test('a role: its facts, description, how to apply, and a JobPosting; unknown ids are 404', async () => {
  const p = await page('/careers/associate-buyouts-new-york');
  assert.equal(p.status, 200);
  assert.match(p.html, /<h1 class="role-page__title">Associate, Buyouts<\/h1>/);
  assert.match(p.html, /\$185,000–\$225,000 a year/);
  // Apply by e-mail: the subject names the role and the office.
  assert.match(p.html, /href="mailto:careers@haldenrowe\.com\?subject=Application%3A%20Associate%2C%20Buyouts%20\(New%20York\)"/);
  // The facts and the application come before the description (on a phone, not three screens down).
  const at = (s: string) => p.html.indexOf(s);
  assert.ok(at('Applications close') > 0 && at('Applications close') < at('>Apply by Email<') && at('>Apply by Email<') < at('>The Role</h2>'), 'facts, then how to apply, then the description');
  const posting = jsonLd(p.html).find((n) => n['@type'] === 'JobPosting');
  assert.ok(posting, 'a JobPosting');
  assert.equal(posting.title, 'Associate, Buyouts');
  assert.equal(posting.datePosted, '2026-11-02');
  assert.equal(posting.validThrough, '2027-01-15T23:59:59-12:00');
  assert.equal(posting.employmentType, 'FULL_TIME');
  assert.deepEqual(posting.jobLocation.address, { '@type': 'PostalAddress', streetAddress: '412 Park Avenue', addressLocality: 'New York', addressCountry: 'US' });
  assert.deepEqual(posting.baseSalary.value, { '@type': 'QuantitativeValue', minValue: 185000, maxValue: 225000, unitText: 'YEAR' });
  assert.match(posting.description, /<h2>What You Will Do<\/h2><ul><li>/);
  // An applicant-tracking site instead of e-mail.
  const ats = await page('/careers/vice-president-private-credit-new-york');
  assert.match(ats.html, /<a class="button button--primary button--block" href="https:\/\/apply\.haldenrowe\.com\/roles\/vice-president-private-credit" rel="noopener">/);
  for (const id of ['no-such-role', 'Associate-Buyouts-New-York']) {
    const missing = await page(`/careers/${id}`);
    assert.equal(missing.status, 404, id);
    assert.match(missing.html, /Page Not Found/);
  }
  await json('/api/careers/no-such-role', 404);
});

test('roles are in the site search and the sitemap', async () => {
  const s = await json('/api/search?q=sustainability+manager');
  const hits = s.groups.find((g: any) => g.type === 'careers')?.hits ?? [];
  assert.equal(hits[0]?.href, '/careers/sustainability-manager-london');
  assert.equal(hits[0]?.meta, 'Portfolio Operations · London');
  const sitemap = await (await fetch(`${server.url}/sitemap.xml`, { headers: { cookie: server.cookie } })).text();
  assert.match(sitemap, /\/careers<\/loc>/);
  assert.match(sitemap, /\/careers\/associate-buyouts-new-york<\/loc><lastmod>2026-11-02<\/lastmod>/);
});

test('a role is hidden the day after it closes and before it is posted: page, listing, API, search and sitemap alike', async () => {
  // associate-buyouts-new-york closes on 2027-01-15; the intern role is posted on 2026-11-23.
  const after = await startServer({ env: { CONTENT_DATE: '2027-01-16' } });
  const before = await startServer({ env: { CONTENT_DATE: '2026-11-22' } });
  try {
    for (const [s, id] of [
      [after, 'associate-buyouts-new-york'],
      [before, 'investment-intern-asia-pacific-singapore'],
    ] as const) {
      const cookie = await s.login();
      const reads = signedInReads(() => ({ url: s.url, cookie }));
      assert.equal((await reads.page(`/careers/${id}`)).status, 404, `${id}: the page`);
      assert.ok(!roles((await reads.page('/careers')).html).includes(id), `${id}: the listing`);
      assert.ok(!(await reads.json('/api/careers')).some((r: { id: string }) => r.id === id), `${id}: the API`);
      const search = await reads.json(`/api/search?q=${encodeURIComponent(id.split('-').slice(0, 2).join(' '))}&type=careers`);
      assert.ok(!JSON.stringify(search).includes(`/careers/${id}`), `${id}: search`);
      const sitemap = await (await fetch(`${s.url}/sitemap.xml`, { headers: { cookie } })).text();
      assert.ok(!sitemap.includes(`/careers/${id}<`), `${id}: the sitemap`);
    }
    // The day before it closes, the role is still open.
    const last = await startServer({ env: { CONTENT_DATE: '2027-01-15' } });
    try {
      const cookie = await last.login();
      assert.equal((await signedInReads(() => ({ url: last.url, cookie })).page('/careers/associate-buyouts-new-york')).status, 200);
    } finally {
      await last.close();
    }
  } finally {
    await Promise.all([after.close(), before.close()]);
  }
});

test('the careers clock: a closing day ends when it has ended everywhere (UTC−12), and the answers say when they next change', () => {
  assert.equal(careersDay(new Date('2027-01-16T11:59:59Z')), '2027-01-15', 'still the 15th somewhere');
  assert.equal(careersDay(new Date('2027-01-16T12:00:00Z')), '2027-01-16');
  assert.equal(careersDayStart('2027-01-16'), Date.parse('2027-01-16T12:00:00Z'));
  const content = loadContent();
  // On 2027-01-10 (the fund accountant closed on the 8th), the next change is the buyouts associate closing on the 15th.
  const api = buildApiData(content, {}, { now: new Date('2027-01-10T15:00:00Z') });
  assert.equal(api.validUntil, Date.parse('2027-01-16T12:00:00Z'));
  const open = api.read('/api/careers')!.value as { id: string }[];
  assert.ok(!open.some((r) => r.id === 'senior-fund-accountant-new-york'), 'closed on the 8th');
  // Before the last role is posted, its posting is the next change.
  assert.equal(buildApiData(content, {}, { now: new Date('2026-11-20T00:00:00Z') }).validUntil, careersDayStart('2026-11-23'));
  // A pinned day never changes.
  assert.equal(buildApiData(content, {}, { date: '2026-12-01' }).validUntil, undefined);
});
