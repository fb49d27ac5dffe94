/**
 * The site at a real firm's scale (issue 10): 1,000 research notes, press releases and news items
 * (scripts/content-fixture.ts, served through CONTENT_DIR). Pages hold one page of results; the
 * count, the filter options and the pagination reflect every item; what a page weighs does not
 * depend on the archive. (Speed is measured by npm run bench, not here.)
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer, get, type TestServer } from '../helpers/server.ts';
import { signedInReads } from '../helpers/reads.ts';
import { writeFixture } from '../../scripts/content-fixture.ts';
import { LISTING_PAGE_SIZE } from '../../src/app/constants.ts';

const ITEMS = 1000;
const PAGES = Math.ceil(ITEMS / LISTING_PAGE_SIZE);
let dir: string;
let s: TestServer;
let cookie: string;
before(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'hrc-scale-'));
  writeFixture({ items: ITEMS, out: dir });
  s = await startServer({ env: { CONTENT_DIR: dir } });
  cookie = await s.login();
});
after(async () => {
  await s?.close();
  rmSync(dir, { recursive: true, force: true });
});

const { page } = signedInReads(() => ({ url: s.url, cookie }));
const cards = (html: string) => (html.match(/<li class="card article-card">/g) ?? []).length;
const pageLinks = (html: string) => [...html.matchAll(/<a href="([^"]*)" class="pagination__link"[^>]*aria-label="Page (\d+)"/g)].map((m) => [m[1].replace(/&amp;/g, '&'), Number(m[2])] as const);
const MAX_HTML = 120 * 1024;

test('the fixture serves 1,000 items per collection through CONTENT_DIR', async () => {
  for (const p of ['/api/research', '/api/press-releases', '/api/news']) {
    const res = await get(s.url, p, { headers: { cookie } });
    assert.equal(((await res.json()) as unknown[]).length, ITEMS, p);
  }
});

test('each listing shows one page of 12, counts every item, and pages through all of them', async () => {
  for (const [p, total, label] of [
    ['/research', ITEMS, 'Research pages'],
    ['/press-releases', ITEMS, 'Press release pages'],
    ['/news-updates', ITEMS, 'News pages'],
    ['/resources', 3 * ITEMS, 'Resource pages'],
  ] as const) {
    const first = await page(p);
    assert.equal(first.status, 200, p);
    assert.equal(cards(first.html), LISTING_PAGE_SIZE, `${p}: one page of cards`);
    assert.match(first.html, new RegExp(`Showing ${total.toLocaleString('en-US')} results`), `${p}: the count covers every item`);
    assert.match(first.html, new RegExp(`<nav class="pagination" aria-label="${label}">`), `${p}: a labelled pagination nav`);
    assert.match(first.html, /aria-label="Page 1" aria-current="page"/, `${p}: the current page is marked`);
    const pages = Math.ceil(total / LISTING_PAGE_SIZE);
    const links = pageLinks(first.html);
    // Truncated: first, neighbours, last — never a thousand links.
    assert.deepEqual(
      links.map(([, n]) => n),
      [1, 2, pages],
      `${p}: page links`,
    );
    assert.ok(first.bytes <= MAX_HTML, `${p}: ${first.bytes} bytes`);
    const lastHref = links[links.length - 1][0];
    assert.equal(lastHref, `${p}?page=${pages}#results`);
    const last = await page(lastHref.replace('#results', ''));
    assert.equal(last.status, 200);
    assert.equal(cards(last.html), total - (pages - 1) * LISTING_PAGE_SIZE, `${p}: the last page holds the rest`);
    assert.match(last.html, /rel="prev"/);
    assert.ok(!/rel="next"/.test(last.html), `${p}: no next link on the last page`);
    const past = await page(`${p}?page=${pages + 1}`);
    assert.equal(past.status, 404, `${p}: a page past the last is a 404`);
    assert.match(past.html, /Page Not Found/);
  }
});

test('every paged listing has a page jump to any of its pages, and First and Last links', async () => {
  for (const [p, total] of [
    ['/research', ITEMS],
    ['/press-releases', ITEMS],
    ['/news-updates', ITEMS],
    ['/resources', 3 * ITEMS],
  ] as const) {
    const pages = Math.ceil(total / LISTING_PAGE_SIZE);
    const mid = await page(`${p}?page=40`);
    const jump = /<form class="pagination__jump" action="([^"]+)" method="get">([\s\S]*?)<\/form>/.exec(mid.html);
    assert.ok(jump, `${p}: a jump form`);
    assert.equal(jump[1], `${p}#results`);
    const input = /<input [^>]*name="page"[^>]*>/.exec(jump[2])?.[0] ?? '';
    for (const attr of ['type="number"', 'min="1"', `max="${pages}"`, 'value="40"', 'required']) assert.ok(input.includes(attr), `${p}: the page field has ${attr}: ${input}`);
    assert.match(jump[2].replace(/<!-- -->/g, ''), new RegExp(`of ${pages}<`), `${p}: "of ${pages}"`);
    assert.match(mid.html, new RegExp(`<a href="${p.replace('/', '\\/')}#results" class="pagination__link pagination__link--step pagination__link--end"`), `${p}: First`);
    assert.match(mid.html, new RegExp(`<a href="${p.replace('/', '\\/')}\\?page=${pages}#results" class="pagination__link pagination__link--step pagination__link--end"`), `${p}: Last`);
    // What the form sends is a page the server has.
    assert.equal((await page(`${p}?page=${pages}`)).status, 200);
  }
  // Filters ride along as hidden fields.
  const f = await page('/research?category=Sector+Analysis&page=2');
  assert.match(/class="pagination__jump"[^>]*>([\s\S]*?)<\/form>/.exec(f.html)?.[1] ?? '', /<input type="hidden" name="category" value="Sector Analysis"\/>/);
});

test('press releases and news list as dated rows; the press years, all of them, sit on one row', async () => {
  for (const p of ['/press-releases', '/news-updates']) {
    const { html } = await page(p);
    assert.match(html, /<ul class="article-rows">(<li class="card article-card">[\s\S]*?<time dateTime="\d{4}-\d{2}-\d{2}">)/, `${p}: dated rows`);
  }
  const { html, data } = await page('/press-releases');
  const years = data['/api/listings/press-releases'].options.year as string[];
  assert.ok(years.length >= 12, `${years.length} years`);
  const bar = /<div class="filter-bar filter-bar--row" role="group"[\s\S]*?<\/div><\/div>/.exec(html)?.[0] ?? '';
  for (const y of years) assert.ok(bar.includes(`value="${y}"`), `year ${y} in the one-row bar`);
});

test('a middle page: previous and next, its neighbours, the ends, ellipses between', async () => {
  const mid = await page('/research?page=40');
  assert.deepEqual(
    pageLinks(mid.html).map(([, n]) => n),
    [1, 39, 40, 41, PAGES],
  );
  assert.equal((mid.html.match(/pagination__item--gap/g) ?? []).length, 2);
  assert.match(mid.html, /href="\/research\?page=39#results" rel="prev"/);
  assert.match(mid.html, /href="\/research\?page=41#results" rel="next"/);
  assert.match(mid.html, /aria-label="Page 40" aria-current="page"/);
});

test('filters and pages combine: the count, the pages and the links keep the filter; options come from every item', async () => {
  const f = await page('/research?category=Sector+Analysis');
  const l = f.data['/api/listings/research?category=Sector+Analysis'];
  assert.ok(l, 'the filtered listing is embedded');
  assert.ok(l.total > 300 && l.total < 400, `about a third: ${l.total}`);
  assert.match(f.html, new RegExp(`Showing ${l.total} results`));
  for (const [href] of pageLinks(f.html)) assert.match(href, /^\/research\?category=Sector\+Analysis(&page=\d+)?#results$/);
  const lastPage = Math.ceil(l.total / LISTING_PAGE_SIZE);
  const last = await page(`/research?category=Sector+Analysis&page=${lastPage}`);
  assert.equal(last.status, 200);
  assert.ok(last.data[`/api/listings/research?category=Sector+Analysis&page=${lastPage}`].items.every((r: any) => r.category === 'Sector Analysis'));
  assert.equal((await page(`/research?category=Sector+Analysis&page=${lastPage + 1}`)).status, 404);
  // Choosing a filter starts again at page 1: the filter buttons carry no page.
  const p5 = await page('/research?page=5');
  const filterForms = [...p5.html.matchAll(/<form [^>]*class="filter-bar__form"[\s\S]*?<\/form>/g)].map((m) => m[0]);
  assert.ok(filterForms.length > 0, 'filter forms');
  assert.ok(
    filterForms.every((f) => !/name="page"/.test(f)),
    'no page parameter in the filter forms',
  );
  // Year options: every year of the archive, newest first, on any page and filter.
  const years = (await page('/press-releases?year=2016&page=2')).data['/api/listings/press-releases?page=2&year=2016'];
  assert.ok(years, 'embedded under its canonical key');
  assert.equal(years.options.year[0], 'All');
  assert.ok(years.options.year.length >= 12, `${years.options.year.length} years`);
  assert.deepEqual(years.options.year.slice(1), (years.options.year.slice(1) as string[]).sort().reverse());
  // Resources: type and category with paging.
  const r = await page('/resources?category=Award&type=news&page=2');
  assert.equal(r.status, 200);
  const rl = r.data['/api/listings/resources?category=Award&page=2&type=news'];
  assert.ok(rl.items.length === LISTING_PAGE_SIZE && rl.items.every((x: any) => x.kind === 'news' && x.category === 'Award'));
  assert.equal(rl.total, ITEMS / 5);
});

test('counts past 999 are written as the result line writes them: 1,000, not 1000', async () => {
  const separated = /^\d{1,3}(,\d{3})*$/;
  const portfolio = (await page('/portfolio')).html;
  assert.match(portfolio, /Showing 1,000 results/);
  const chips = [...portfolio.matchAll(/<span class="filter-button__count">([^<]*)</g)].map((m) => m[1]);
  assert.ok(chips.includes('1,000'), `the "All" chip counts every company: ${chips.join(' ')}`);
  for (const c of chips) assert.match(c, separated, `filter chip count ${c}`);
  const search = (await page('/search?q=halden')).html;
  const groups = [...search.matchAll(/<span class="search-group__count">([^<]*)</g)].map((m) => m[1]);
  assert.ok(
    groups.some((c) => c.includes(',')),
    `a group holds 1,000 or more: ${groups.join(' ')}`,
  );
  for (const c of groups) assert.match(c, separated, `search group count ${c}`);
  assert.ok(!/All \d{4,} results in/.test(search), 'the "All N results in …" links separate thousands');
});

test('every kind of page stays small: HTML ≤ 120 KB, and a page embeds only what it shows', async () => {
  const research = (await (await get(s.url, '/api/research', { headers: { cookie } })).json()) as { id: string }[];
  const press = (await (await get(s.url, '/api/press-releases', { headers: { cookie } })).json()) as { id: string }[];
  for (const p of [
    '/',
    '/?more=insights',
    '/resources',
    '/research',
    '/press-releases',
    '/news-updates',
    '/team',
    `/research/${research[500].id}`,
    `/press-release/${press[999].id}`,
    '/privacy',
    '/resources?type=research&page=84',
    '/careers',
    '/careers?office=london&page=5',
    '/careers/role-00500',
    '/documents',
    '/documents?kind=policy&page=3',
    '/disclosures',
  ]) {
    const r = await page(p);
    assert.equal(r.status, 200, p);
    assert.ok(r.bytes <= MAX_HTML, `${p}: ${r.bytes} bytes`);
    const embedded = JSON.stringify(r.data).length;
    assert.ok(embedded < 40 * 1024, `${p}: ${embedded} bytes of data embedded`);
    assert.ok(!Object.keys(r.data).some((k) => ['/api/research', '/api/press-releases', '/api/news', '/api/careers', '/api/portfolio'].includes(k)), `${p}: no whole collection embedded`);
  }
});

test('careers and documents at 1,000: one page of 12, every item counted in the filters, a PDF made only when its page is shown', async () => {
  for (const [p, label] of [
    ['/careers', 'Careers pages'],
    ['/documents', 'Document pages'],
  ] as const) {
    const first = await page(p);
    assert.equal(first.status, 200, p);
    const rows = (first.html.match(p === '/careers' ? /<li class="role">/g : /<li class="document">/g) ?? []).length;
    assert.equal(rows, LISTING_PAGE_SIZE, `${p}: one page`);
    assert.match(first.html, /Showing 1,000 results/, `${p}: every item counted`);
    assert.match(first.html, new RegExp(`<nav class="pagination" aria-label="${label}">`));
  }
  const l = (await page('/careers?team=finance')).data['/api/listings/careers?team=finance'];
  assert.equal(l.counts.team.All, ITEMS, 'the All option counts every open role');
  assert.equal(l.counts.office.All, l.total, 'office counts with the team filter kept');
  // The last page of documents, and one of its PDFs.
  const docs = (await page('/documents')).data['/api/listings/documents'];
  const last = await page(`/documents?page=${docs.pageCount}`);
  assert.equal(last.status, 200);
  const href = /<a href="(\/documents\/[a-z0-9-]+\.pdf)"/.exec(last.html)?.[1];
  assert.ok(href);
  const res = await get(s.url, href, { headers: { cookie } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'application/pdf');
});

test('unknown ids at scale are 404 pages; listing API pages past the last are 404 JSON', async () => {
  assert.equal((await page('/research/note-99999')).status, 404);
  assert.equal((await page('/news/news-01000')).status, 404);
  const res = await get(s.url, `/api/listings/news?page=${PAGES + 1}`, { headers: { cookie } });
  assert.equal(res.status, 404);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  const ok = await get(s.url, `/api/listings/news?page=${PAGES}`, { headers: { cookie } });
  assert.equal(((await ok.json()) as { items: unknown[] }).items.length, ITEMS - (PAGES - 1) * LISTING_PAGE_SIZE);
});
