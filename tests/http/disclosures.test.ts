/**
 * The disclosures hub and the fraud notice (issue 36, items 3 and 4): /disclosures has a section
 * per regulatory disclosure, each with its anchor, its own last-updated date and its documents,
 * then the legal terms with theirs; /fraud-notice says what the firm never does, how to check and
 * whom to tell, and is linked from the footer, the contact page and the investor login overlay.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { signedInReads, signedInServer } from '../helpers/reads.ts';
import { officesOf } from '../../src/app/offices.ts';
import { collection } from '../helpers/pages.ts';
import type { SiteInfo } from '../../src/app/types.ts';

const server = signedInServer();
const { page, json } = signedInReads(() => server);

const HUB = ['sfdr', 'uk-stewardship-code', 'modern-slavery', 'whistleblowing', 'regulatory-status', 'form-adv-crs'];

/** The HTML of the section whose heading has this id. */
function section(html: string, id: string): string {
  const start = html.indexOf(`<section class="policy-section disclosure prose" aria-labelledby="${id}">`);
  assert.ok(start !== -1, `a section for #${id}`);
  // To the next disclosure, or the legal terms after the last.
  const next = html.slice(start + 1).search(/<section class="(policy-section disclosure prose|disclosures-legal)"/);
  return html.slice(start, start + 1 + next);
}

test('/disclosures: one section per disclosure, in order, each with its anchor, its own date and the contents linking to it', async () => {
  const p = await page('/disclosures');
  assert.equal(p.status, 200);
  const ids = [...p.html.matchAll(/<h2 id="([a-z0-9-]+)" class="policy-section__heading">/g)].map((m) => m[1]);
  assert.deepEqual(ids, HUB);
  const sections = collection<{ id: string; lastUpdated: string }>('/api/disclosures');
  for (const { id, lastUpdated } of sections) {
    assert.match(p.html, new RegExp(`<a href="#${id}" class="policy-toc__link">`), `#${id} in the contents`);
    assert.match(section(p.html, id), new RegExp(`Last updated <time dateTime="${lastUpdated}">`), `#${id}: its own date`);
  }
  assert.ok(new Set(sections.map((s) => s.lastUpdated)).size > 1, 'the dates differ: each is its own');
  // The legal terms follow, dated as a whole (the seed's date).
  assert.match(
    p.html,
    /<h2 id="legal-information" class="disclosures-legal__heading">Terms of Use and Legal Information<\/h2><p class="disclosure__updated">Last updated <time dateTime="2025-10-19">October 19, 2025<\/time>/,
  );
  assert.match(p.html, /<h3 id="terms-of-use" class="policy-section__heading">/);
  // The page says when anything on it last changed: the newest of all.
  const newest = [...sections.map((s) => s.lastUpdated), '2025-10-19'].sort().at(-1)!;
  assert.match(p.html, new RegExp(`<p class="policy-updated">Last updated <time dateTime="${newest}">`));
});

test("what each disclosure must say: SFDR entity and product statements, whistleblowing channels, each office's regulator, Form ADV and CRS", async () => {
  const p = (await page('/disclosures')).html;
  const sfdr = section(p, 'sfdr');
  assert.match(sfdr, /Entity-Level Statements/);
  assert.match(sfdr, /Product-Level Disclosures/);
  assert.match(sfdr, /Article 8/);
  const whistle = section(p, 'whistleblowing');
  assert.match(whistle, /anonymously/);
  assert.match(whistle, /General Counsel and Chief Compliance Officer/);
  assert.match(whistle, /<a href="mailto:compliance@haldenrowe\.com">compliance@haldenrowe\.com<\/a>/, 'the written channel is one tap away');
  assert.match(whistle, /Office of the Whistleblower/);
  const status = section(p, 'regulatory-status');
  const site = (await json('/api/site')) as SiteInfo;
  for (const o of officesOf(site)) assert.match(status, new RegExp(`<strong>${o.city}`), `${o.city}: its regulatory status`);
  assert.match(status, /Financial Conduct Authority/);
  assert.match(status, /Monetary Authority of Singapore/);
  const adv = section(p, 'form-adv-crs');
  assert.match(adv, /Part 2A/);
  assert.match(adv, /Form CRS/);
  assert.match(adv, /href="https:\/\/adviserinfo\.sec\.gov\/" rel="noopener"/);
});

test('the fraud notice: what the firm never does, how to check, whom to tell; linked from the footer, the contact page and the investor login', async () => {
  const f = await page('/fraud-notice');
  assert.equal(f.status, 200);
  assert.match(f.html, /<h1 class="page-hero__title">Fraud and Impersonation Notice<\/h1>/);
  for (const id of ['never', 'verify']) assert.match(f.html, new RegExp(`<h2 id="${id}" class="policy-section__heading">`));
  assert.match(f.html, /WhatsApp, Telegram/);
  assert.match(f.html, /personal bank account/);
  assert.match(f.html, /tell us at <a href="mailto:info@haldenrowe\.com">info@haldenrowe\.com<\/a>/, 'whom to tell: a link');
  for (const p of ['/', '/careers', '/documents']) assert.match((await page(p)).html, /<li><a href="\/fraud-notice">Fraud Notice<\/a><\/li>/, `${p}: the footer`);
  const contact = (await page('/contact')).html;
  assert.match(contact, /<p class="notice contact-fraud">.*?<a href="\/fraud-notice">Read our fraud notice<\/a>/);
  // The investor login overlay is part of every page (a dialog opened by LOGIN).
  const overlay = contact.slice(contact.indexOf('<dialog id="investor-login"'), contact.indexOf('</dialog>', contact.indexOf('<dialog id="investor-login"')));
  assert.match(overlay, /<a href="\/fraud-notice">Read our fraud notice<\/a>/);
});

test('the disclosures and the fraud notice are in the site search', async () => {
  const hits = (q: string) => json(`/api/search?q=${encodeURIComponent(q)}`).then((r: any) => r.groups.flatMap((g: any) => g.hits.map((h: any) => h.href)));
  assert.ok((await hits('whistleblowing')).includes('/disclosures#whistleblowing'));
  assert.ok((await hits('impersonation')).includes('/fraud-notice'));
  assert.ok((await hits('modern slavery')).includes('/documents/modern-slavery-statement-2025.pdf'));
});
