/**
 * Lists carry summaries, details carry bodies (issue 10): per-item reads, related and latest
 * reads, listing pages, and pages that embed only what they render — on today's content.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { get } from '../helpers/server.ts';
import { collection } from '../helpers/pages.ts';
import { signedInServer } from '../helpers/reads.ts';
import { LISTING_PAGE_SIZE } from '../../src/app/constants.ts';

const app = signedInServer();
const { json, page } = app;

const LAYOUT = ['/api/site'];

test('list reads answer summaries: the seed fields, no article bodies', async () => {
  for (const p of ['/api/research', '/api/press-releases', '/api/news']) {
    const items = await json(p);
    assert.ok(items.length > 0, p);
    for (const item of items) {
      assert.ok(!('body' in item) && !('sections' in item), `${p} ${item.id}: no body in a list`);
      for (const f of ['id', 'date', 'title', 'excerpt', 'imageUrl', 'link']) assert.ok(f in item, `${p} ${item.id}: ${f}`);
    }
  }
  const team = await json('/api/team');
  for (const m of team) {
    assert.ok(!('body' in m), 'no rendered body in the team list');
    assert.match(m.bio, /\S.{40,}\n\n\S/, `${m.id}: the seed's bio (plain paragraphs)`);
  }
});

test('per-item reads answer the item with its body; unknown ids 404 JSON; other methods 405 with Allow', async () => {
  for (const [list, prefix] of [
    ['/api/research', '/api/research/'],
    ['/api/press-releases', '/api/press-releases/'],
    ['/api/news', '/api/news/'],
  ] as const) {
    for (const summary of collection<{ id: string }>(list)) {
      const item = await json(prefix + summary.id);
      // The summary's fields (artwork aside: the test helper's content has no image manifest).
      const strip = (x: any) => ({ ...x, body: undefined, image: undefined, imageUrl: undefined });
      assert.deepEqual(strip(item), strip(summary), `${prefix}${summary.id}: the summary's fields`);
      assert.ok(item.body.sections.length >= 2, `${prefix}${summary.id}: sections`);
      for (const section of item.body.sections) {
        assert.match(section.id, /^[a-z0-9-]+$/);
        assert.ok(section.blocks.length > 0 && section.blocks.every((b: any) => (typeof b === 'string' ? b.length > 20 : (b.ul ?? b.ol).length > 0)));
      }
    }
    assert.deepEqual(await json(`${prefix}no-such-item`, 404), { error: 'Not found.' });
    const post = await get(app.url, prefix + collection<{ id: string }>(list)[0].id, { method: 'POST', headers: { cookie: app.cookie } });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD');
  }
  const member = await json('/api/team/eleanor-vance');
  assert.equal(member.name, 'Eleanor Vance');
  assert.ok(member.body.intro.length >= 2 && member.body.intro.every((b: any) => typeof b === 'string'));
  await json('/api/team/nobody', 404);
});

test('related: the first two other items; latest news: the first three', async () => {
  const research = collection<{ id: string }>('/api/research');
  assert.deepEqual(
    (await json(`/api/research/${research[0].id}/related`)).map((r: any) => r.id),
    [research[1].id, research[2].id],
  );
  assert.deepEqual(
    (await json(`/api/research/${research[4].id}/related`)).map((r: any) => r.id),
    [research[0].id, research[1].id],
  );
  const news = collection<{ id: string }>('/api/news');
  assert.deepEqual(
    (await json('/api/latest/news')).map((n: any) => n.id),
    news.slice(0, 3).map((n) => n.id),
  );
  await json('/api/research/no-such-note/related', 404);
});

test('listing reads: one page, counts and options from every item, canonical query', async () => {
  const all = await json('/api/listings/resources');
  const total = ['/api/research', '/api/press-releases', '/api/news'].reduce((n, p) => n + collection(p).length, 0);
  assert.equal(all.total, total);
  assert.equal(all.items.length, Math.min(LISTING_PAGE_SIZE, total));
  assert.equal(all.pageCount, Math.ceil(total / LISTING_PAGE_SIZE));
  assert.deepEqual(all.options.type, ['All', 'research', 'press-releases', 'news']);
  const last = await json(`/api/listings/resources?page=${all.pageCount}`);
  assert.equal(last.items.length, total - (all.pageCount - 1) * LISTING_PAGE_SIZE);
  await json(`/api/listings/resources?page=${all.pageCount + 1}`, 404);
  const sector = await json('/api/listings/research?category=sector%20analysis&utm=1');
  assert.equal(sector.selected.category, 'Sector Analysis');
  assert.deepEqual(sector.query, { category: 'Sector Analysis' });
  assert.ok(sector.items.every((r: any) => r.category === 'Sector Analysis'));
  assert.deepEqual(sector.options.category, ['All', 'Market Commentary', 'Sector Analysis', 'Thematic Research'], 'options from all items');
  const unknown = await json('/api/listings/research?category=Astrology');
  assert.equal(unknown.selected.category, 'All');
  assert.deepEqual(unknown.query, {});
});

test('a detail page embeds its item and the two related summaries, nothing else', async () => {
  const research = collection<{ id: string }>('/api/research');
  const { status, data } = await page(`/research/${research[3].id}`);
  assert.equal(status, 200);
  assert.deepEqual(Object.keys(data).sort(), [...LAYOUT, `/api/research/${research[3].id}`, `/api/research/${research[3].id}/related`].sort());
  assert.equal(data[`/api/research/${research[3].id}/related`].length, 2);
  const member = await page('/team/eleanor-vance');
  assert.deepEqual(Object.keys(member.data).sort(), [...LAYOUT, '/api/team/eleanor-vance'].sort());
});

test('the home page embeds the stories, the first three news summaries and its own sections, nothing else', async () => {
  const { data } = await page('/');
  assert.deepEqual(Object.keys(data).sort(), [...LAYOUT, '/api/home', '/api/latest/news', '/api/practice-areas', '/api/stories'].sort());
  assert.equal(data['/api/latest/news'].length, 3);
  assert.ok(data['/api/latest/news'].every((n: any) => !('body' in n)));
  // Below the slider: the latest three research summaries (no bodies) and the firm's figures from site.json.
  assert.equal(data['/api/home'].latestResearch.length, 3);
  assert.ok(data['/api/home'].latestResearch.every((r: any) => !('body' in r)));
  assert.deepEqual(
    data['/api/home'].figures.items.map((f: any) => f.value),
    [data['/api/site'].aum, data['/api/site'].portfolioCompanies, data['/api/site'].professionals, String(data['/api/site'].founded)],
  );
});

test('a listing page embeds one listing answer: its page of results, counts and options', async () => {
  const { data, html } = await page('/resources?type=news');
  assert.deepEqual(Object.keys(data).sort(), [...LAYOUT, '/api/listings/resources?type=news'].sort());
  const l = data['/api/listings/resources?type=news'];
  assert.ok(l.items.length <= LISTING_PAGE_SIZE && l.items.every((r: any) => r.kind === 'news'));
  assert.match(html, new RegExp(`Showing ${l.total} results`));
});

test('policy pages show their last-updated date from content, formatted', async () => {
  const updated = { '/privacy': 'October 19, 2025', '/disclosures': 'October 19, 2025', '/responsible-investment': 'October 19, 2025', '/accessibility': 'November 28, 2026' };
  for (const [p, shown] of Object.entries(updated)) {
    const iso = new Date(`${shown} UTC`).toISOString().slice(0, 10);
    const { html } = await page(p);
    assert.match(html, new RegExp(`Last updated <time dateTime="${iso}">${shown}</time>`), p);
  }
});

test('unknown ids, pages past the last and unknown paths: the 404 page with status 404', async () => {
  for (const p of ['/research/no-such-note', '/press-release/nope', '/news/nope', '/team/nobody', '/research?page=99', '/resources?type=news&page=42', '/no-such-page']) {
    const { status, html, data } = await page(p);
    assert.equal(status, 404, p);
    assert.match(html, /Page Not Found/, p);
    assert.deepEqual(Object.keys(data).sort(), LAYOUT, `${p}: the 404 page embeds only the layout's data`);
  }
});

test("query parameters: unknown ones are ignored, a page's own with a non-canonical value redirect to the canonical URL", async () => {
  const plain = await page('/research?utm_source=mail&x=1');
  assert.equal(plain.status, 200);
  assert.deepEqual(Object.keys(plain.data).sort(), [...LAYOUT, '/api/listings/research'].sort());
  for (const [from, to] of [
    ['/research?category=sector%20analysis', '/research?category=Sector+Analysis'],
    ['/research?category=Astrology', '/research'],
    ['/research?page=1', '/research'],
    ['/research?page=abc', '/research'],
    ['/news-updates?type=Award', '/news-updates?category=Award'],
    ['/?more=nothing', '/'],
    ['/contact?sent=yes', '/contact'],
    ['/contact?error=email,name,bogus', '/contact?error=name%2Cemail'],
  ]) {
    const r = await page(from);
    assert.equal(r.status, 302, from);
    assert.equal(r.location, to, from);
    assert.equal((await page(to)).status, 200, to);
  }
  // The canonical spelling is found whatever the order or encoding of its parameters.
  assert.equal((await page('/resources?type=news&category=Award')).status, 200);
  assert.equal((await page('/resources?category=Award&type=news')).status, 200);
});
