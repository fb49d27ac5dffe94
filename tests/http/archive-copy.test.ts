/**
 * Issue 35, items 4b, 6 and 7 as the server renders them: the firm's figures dated, research
 * bylines naming team members, the copy mismatches fixed, company pages as case studies, and
 * the listings' page jump.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { signedInServer } from '../helpers/reads.ts';
import { FIRM_FIGURES_AS_OF } from '../../src/app/constants.ts';
import { formatDate } from '../../src/app/format.ts';

const { page, json } = signedInServer();
const has = (html: string, re: RegExp, msg = '') => assert.ok(re.test(html), `${msg} expected ${re}`);
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

test("the firm's figures say when they were true: home and the company profile, one date", async () => {
  const asOf = `As of ${formatDate(FIRM_FIGURES_AS_OF)}`;
  for (const p of ['/', '/company-profile']) {
    const { html } = await page(p);
    assert.ok(text(html).includes('$12B+'), `${p} shows $12B+`);
    has(html, new RegExp(`<time dateTime="${FIRM_FIGURES_AS_OF}">`), p);
    assert.ok(text(html).includes(asOf), `${p}: "${asOf}"`);
  }
});

test('research names its authors, team members, each linked to their profile', async () => {
  const list = await json('/api/research');
  const team = new Map<string, string>((await json('/api/team')).map((t: { id: string; name: string }) => [`/team/${t.id}`, t.name]));
  for (const r of list) {
    assert.ok(r.authors.length >= 1, `${r.id}: authors`);
    const { html } = await page(r.link);
    const byline = /<p class="article-header__byline">([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
    assert.doesNotMatch(byline, /Halden Rowe Research/, r.id);
    for (const a of r.authors) {
      assert.equal(team.get(a.link), a.name, `${r.id}: ${a.name} is on the team`);
      has(byline, new RegExp(`<a href="${a.link}"[^>]*>${a.name}</a>`), r.id);
    }
  }
});

test('the Buyouts "Explore Our Portfolio" block leads to the portfolio, and says so', async () => {
  const { html } = await page('/buyouts');
  const cta = /<section class="block block--cta"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
  assert.ok(text(cta).includes('Explore Our Portfolio'), 'the block');
  const link = /<a [^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/.exec(cta);
  assert.ok(link, 'a link');
  assert.match(link[1], /^\/portfolio/);
  assert.match(text(link[2]), /portfolio|companies/i);
  assert.doesNotMatch(text(cta), /View resources/i);
});

test("each story's eyebrow names a strategy or sector its related links agree with", async () => {
  const stories = await json('/api/stories');
  const aldermoor = stories.find((s: { id: string }) => s.id === 'aldermoor-specialty-pharma');
  assert.equal(aldermoor.category, 'Pharmaceuticals');
  for (const s of stories)
    assert.ok(
      s.related.some((r: { label: string }) => r.label === s.category),
      `${s.id}: "${s.category}" is one of its related links`,
    );
});
