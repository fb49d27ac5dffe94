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

test('a company with a story on the home page is its case study: the same overview, figures, highlights and steps', async () => {
  const stories = await json('/api/stories');
  assert.ok(stories.length >= 5);
  for (const s of stories) {
    assert.match(s.company.link, /^\/portfolio\/[a-z0-9-]+$/, s.id);
    const company = await json(`/api${s.company.link}`);
    assert.equal(company.name, s.company.name, `${s.id}: the company's name`);
    assert.deepEqual(company.story, s, `${s.id}: the company read carries the same story`);
    const { status, html } = await page(s.company.link);
    assert.equal(status, 200);
    const t = text(html);
    has(html, /<h2 id="company-case"/, s.id);
    assert.ok(t.includes(s.title), `${s.id}: the story's title`);
    for (const p of s.overview) assert.ok(t.includes(p), `${s.id}: overview "${p.slice(0, 40)}…"`);
    for (const f of s.figures) assert.ok(t.includes(`${f.label} ${f.value}`), `${s.id}: figure ${f.value}`);
    for (const h of s.highlights) assert.ok(t.includes(h), `${s.id}: highlight "${h}"`);
    for (const step of ['identify', 'execute', 'deliver'] as const) assert.ok(t.includes(s.strategy[step]), `${s.id}: ${step}`);
  }
  // A company without a story has no case study.
  const { html } = await page('/portfolio/alderwick-systems');
  assert.doesNotMatch(html, /id="company-case"/);
});

test("a story agrees with its company's facts: the related links name its strategy and sector, its years are the company's", async () => {
  const { PORTFOLIO_FACETS } = await import('../../src/app/portfolio.ts');
  const label = (facet: 'strategy' | 'sector', v: string) => PORTFOLIO_FACETS[facet].find((f) => f.value === v)?.label;
  for (const s of await json('/api/stories')) {
    const c = await json(`/api${s.company.link}`);
    const related = s.related.map((r: { label: string }) => r.label);
    assert.ok(related.includes(label('strategy', c.strategy)), `${s.id}: related names its strategy (${label('strategy', c.strategy)}): ${related}`);
    if (c.sector !== 'industrials') assert.ok(related.includes(label('sector', c.sector)) || s.category === label('sector', c.sector), `${s.id}: names its sector`);
    const first = /\bIn (\d{4}),/.exec(s.overview.join(' '));
    if (first) assert.equal(Number(first[1]), c.invested, `${s.id}: the year it opens with is the year of investment`);
  }
});
