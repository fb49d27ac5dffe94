/**
 * Issue 13: the portfolio (/portfolio, /portfolio/{id}, its API reads, the strategy and sector
 * pages' company lists) and site search (/search, /api/search) — on today's content, through
 * the real app: status codes, canonical URLs, filters that combine with paging, typo tolerance,
 * highlighting, the gate, and pages that embed only what they show.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { get } from '../helpers/server.ts';
import { collection } from '../helpers/pages.ts';
import { signedInServer } from '../helpers/reads.ts';
import { LISTING_PAGE_SIZE } from '../../src/app/constants.ts';
import { SEARCH_MAX_QUERY } from '../../src/app/search.ts';
import type { PortfolioSummary } from '../../src/app/portfolio.ts';

const app = signedInServer();
const { json, page } = app;

/** Company links in the results section of a page (cards link to /portfolio/<id>). */
const companyLinks = (html: string) => [...html.matchAll(/href="\/portfolio\/([a-z0-9-]+)" class="card__link"/g)].map((m) => m[1]);
/** A page matches (or not) a pattern; failures name the pattern, not the whole page. */
const has = (html: string, re: RegExp, msg = '') => assert.ok(re.test(html), `${msg} expected ${re}`);
const hasNot = (html: string, re: RegExp, msg = '') => assert.ok(!re.test(html), `${msg} unexpected ${re}`);

const portfolio = () => collection<PortfolioSummary>('/api/portfolio');

test('the portfolio holds at least 40 companies, by name, each with the facts the page shows', async () => {
  const list = await json('/api/portfolio');
  assert.ok(list.length >= 40, `${list.length} companies`);
  assert.deepEqual(
    list.map((c: PortfolioSummary) => c.name),
    list.map((c: PortfolioSummary) => c.name).sort((a: string, b: string) => a.localeCompare(b, 'en')),
  );
  for (const c of list) {
    for (const f of ['id', 'name', 'strategy', 'sector', 'region', 'status', 'headquarters', 'invested', 'description', 'website', 'link']) assert.ok(f in c, `${c.id}: ${f}`);
    assert.ok(!('body' in c), 'no bodies in the list read');
    assert.equal(c.status === 'realized', typeof c.exited === 'number', `${c.id}: a realized company has its exit year, a current one none`);
  }
  const statuses = new Set<string>(list.map((c: PortfolioSummary) => c.status));
  assert.deepEqual([...statuses].sort(), ['current', 'realized']);
});

test('/portfolio: first page of 12 cards, the firm figure stated as a claim, filters as buttons with counts', async () => {
  const { status, html, data } = await page('/portfolio');
  assert.equal(status, 200);
  const ids = companyLinks(html);
  assert.equal(ids.length, LISTING_PAGE_SIZE);
  assert.deepEqual(
    ids,
    portfolio()
      .slice(0, LISTING_PAGE_SIZE)
      .map((c) => c.id),
  );
  has(html, /backed 150\+ companies/);
  has(html, /not a complete\s+list/);
  for (const name of ['strategy', 'sector', 'region', 'status']) has(html, new RegExp(`<button type="submit" value="All" aria-pressed="true" class="filter-button" name="${name}"`), name);
  has(html, /Technology<!-- --> <span class="filter-button__count">\d+<span class="visually-hidden"> compan(y|ies)<\/span>/);
  // The page embeds one listing page, never the whole portfolio.
  assert.ok(!('/api/portfolio' in data), 'no full list embedded');
});

test('portfolio filters combine, counts follow the other filters, and paging keeps the filters', async () => {
  const all = portfolio();
  const buyouts = all.filter((c) => c.strategy === 'buyouts');
  assert.ok(buyouts.length > LISTING_PAGE_SIZE, 'buyouts span two pages (content precondition)');
  const p1 = await page('/portfolio?strategy=buyouts');
  assert.deepEqual(
    companyLinks(p1.html),
    buyouts.slice(0, LISTING_PAGE_SIZE).map((c) => c.id),
  );
  has(p1.html, /href="\/portfolio\?page=2&amp;strategy=buyouts#results"/, 'page links carry the filter');
  const p2 = await page('/portfolio?page=2&strategy=buyouts');
  assert.deepEqual(
    companyLinks(p2.html),
    buyouts.slice(LISTING_PAGE_SIZE, 2 * LISTING_PAGE_SIZE).map((c) => c.id),
  );
  assert.equal((await page('/portfolio?page=9&strategy=buyouts')).status, 404, 'a page past the last is a 404');

  const both = all.filter((c) => c.sector === 'technology' && c.status === 'realized');
  const l = await json('/api/listings/portfolio?sector=technology&status=realized');
  assert.deepEqual(
    l.items.map((c: PortfolioSummary) => c.id),
    both.map((c) => c.id),
  );
  assert.equal(l.total, both.length);
  // Counts: each sector option counts realized companies; each status option counts technology ones.
  assert.equal(l.counts.sector['food-beverages'], all.filter((c) => c.sector === 'food-beverages' && c.status === 'realized').length);
  assert.equal(l.counts.status.current, all.filter((c) => c.sector === 'technology' && c.status === 'current').length);
  assert.equal(l.counts.status.All, all.filter((c) => c.sector === 'technology').length);

  const empty = await page('/portfolio?region=asia-pacific&sector=industrials');
  assert.equal(empty.status, 200);
  has(empty.html, /No companies match all of these filters\./);
});

test('portfolio URLs are canonical: unknown values and spellings redirect, unknown ids are 404s', async () => {
  const r1 = await page('/portfolio?sector=Technology&status=current');
  assert.equal(r1.status, 302);
  assert.equal(r1.location, '/portfolio?sector=technology&status=current');
  const r2 = await page('/portfolio?sector=spaceships');
  assert.equal(r2.status, 302);
  assert.equal(r2.location, '/portfolio');
  assert.equal((await page('/portfolio/no-such-company')).status, 404);
  await json('/api/portfolio/no-such-company', 404);
  const res = await fetch(`${app.url}/api/portfolio/corvane-logistics`, { method: 'POST', headers: { cookie: app.cookie, origin: app.url } });
  assert.equal(res.status, 405);
});

test('a company page: facts, story, news that names it, related companies; its read carries the body', async () => {
  const c = await json('/api/portfolio/corvane-logistics');
  assert.equal(c.name, 'Corvane Logistics');
  assert.ok(c.body.sections.length >= 3);
  assert.ok(
    c.mentions.some((m: { href: string }) => m.href.startsWith('/news/')),
    'the news that names Corvane',
  );
  assert.ok(c.related.length > 0 && c.related.every((r: PortfolioSummary) => r.id !== c.id));
  const { status, html, data } = await page('/portfolio/corvane-logistics');
  assert.equal(status, 200);
  has(html, /<h1 class="article-header__title">Corvane Logistics<\/h1>/);
  for (const term of ['Strategy', 'Sector', 'Region', 'Headquarters', 'Invested', 'Status', 'Website']) has(html, new RegExp(`<dt>${term}</dt>`));
  has(html, /<dd><a href="\/buyouts">Buyouts<\/a><\/dd>/, 'the strategy links to its page');
  has(html, /<dd>corvane\.com<\/dd>/, 'the web address is text, not a link');
  hasNot(html, /href="https?:\/\/corvane/);
  has(html, /Related Companies/);
  assert.deepEqual(
    Object.keys(data).filter((k) => k.startsWith('/api/portfolio')),
    ['/api/portfolio/corvane-logistics'],
  );
});

test('strategy and sector pages list their companies and link to the filtered portfolio', async () => {
  const { html } = await page('/buyouts');
  has(html, /Portfolio Companies/);
  has(html, /href="\/portfolio\?strategy=buyouts"/);
  const { html: tech } = await page('/technology');
  has(tech, /href="\/portfolio\?sector=technology"/);
  assert.ok(companyLinks(tech).length >= 3);
  const { html: style } = await page('/philosophy');
  hasNot(style, /href="\/portfolio\?/, 'style pages have no company list');
});

test('the menu and the footer include the portfolio; the header has a search entry (the sitemap: seo.test.ts)', async () => {
  const { html } = await page('/');
  assert.ok((html.match(/href="\/portfolio"/g) ?? []).length >= 2, 'menu and footer');
  has(html, /href="\/search"/, 'a search entry in the header');
});

test('search finds a portfolio company by name, a strategy by two words, and a misspelt word', async () => {
  const corvane = await json('/api/search?q=Corvane');
  const companies = corvane.groups.find((g: any) => g.type === 'portfolio');
  assert.equal(companies.hits[0].href, '/portfolio/corvane-logistics');
  assert.deepEqual(companies.hits[0].terms, ['corvane']);

  const credit = await json('/api/search?q=private%20credit');
  const pages = credit.groups.find((g: any) => g.type === 'pages');
  assert.ok(
    pages.hits.some((h: any) => h.href === '/private-credit'),
    'the Private Credit page',
  );

  const typo = await json('/api/search?q=logistcs');
  assert.ok(typo.total > 0);
  assert.ok(typo.groups.find((g: any) => g.type === 'portfolio').hits.some((h: any) => h.title === 'Corvane Logistics'));
  assert.ok(
    typo.groups.every((g: any) => g.hits.every((h: any) => h.terms.includes('logistics'))),
    'matched as "logistics"',
  );

  const prefix = await json('/api/search?q=corv');
  assert.ok(
    prefix.groups.find((g: any) => g.type === 'portfolio').hits.some((h: any) => h.href === '/portfolio/corvane-logistics'),
    'prefix',
  );
});

test('/search renders results on the server, grouped with counts and highlighted, and embeds only that answer', async () => {
  const { status, html, data } = await page('/search?q=logistcs');
  assert.equal(status, 200);
  has(html, /class="search-status">\d+ results for “logistcs”\./);
  has(html, /<h2 id="search-group-portfolio" class="search-group__heading">Portfolio Companies(<!-- -->)? <span class="search-group__count">\d+<\/span><\/h2>/);
  has(html, /<mark class="search-mark">Logistics<\/mark>/);
  has(html, /<meta name="robots" content="noindex, follow"/);
  assert.deepEqual(
    Object.keys(data).filter((k) => k.startsWith('/api/search')),
    ['/api/search?q=logistcs'],
  );
  assert.ok(Buffer.byteLength(html) < 120 * 1024, `${Buffer.byteLength(html)} bytes`);

  const none = await page('/search?q=zzzzqq');
  has(none.html, /No results for “(<!-- -->)?zzzzqq(<!-- -->)?”\./);
  has(none.html, /Try Another Search/);
  has(none.html, /href="\/search\?q=Logistics"/);

  const empty = await page('/search');
  assert.equal(empty.status, 200);
  has(empty.html, /Popular Searches/);
  has(empty.html, /<form role="search" class="search-form" aria-label="Site search" action="\/search" method="get">/);
});

test('search input is bounded and canonical: long queries 400 on the API and are cut on the page; unknown types and pages', async () => {
  const long = 'a'.repeat(SEARCH_MAX_QUERY + 1);
  const res = await get(app.url, `/api/search?q=${long}`, { headers: { cookie: app.cookie } });
  assert.equal(res.status, 400);
  assert.match(await res.text(), /at most 100 characters/);
  const cut = await page(`/search?q=${'b'.repeat(SEARCH_MAX_QUERY + 20)}`);
  assert.equal(cut.status, 302);
  assert.equal(cut.location, `/search?q=${'b'.repeat(SEARCH_MAX_QUERY)}`);
  const spaced = await page('/search?q=%20%20Corvane%20%20Logistics%20');
  assert.equal(spaced.location, '/search?q=Corvane+Logistics');
  const badType = await page('/search?q=water&type=spaceships');
  assert.equal(badType.location, '/search?q=water');
  const typed = await page('/search?q=partner&type=people');
  assert.equal(typed.status, 200);
  has(typed.html, /All results for “(<!-- -->)?partner(<!-- -->)?”/);
  assert.equal((await page('/search?q=partner&type=people&page=40')).status, 404);
});

test('signed out, search and the portfolio reveal nothing: the gate answers first', async () => {
  const api = await get(app.url, '/api/search?q=Corvane');
  assert.equal(api.status, 401);
  assert.doesNotMatch(await api.text(), /Corvane/);
  for (const p of ['/search?q=Corvane', '/portfolio', '/portfolio/corvane-logistics', '/api/portfolio']) {
    const r = await get(app.url, p);
    assert.ok(r.status === 302 || r.status === 401, `${p}: ${r.status}`);
    assert.doesNotMatch(await r.text(), /Corvane Logistics/, p);
  }
});
