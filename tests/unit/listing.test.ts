/** Paged listings: page windows, page parameters, canonical query strings, listing parameters. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalSearch, listingParams, pageCountOf, pageWindow, requestedPage } from '../../src/app/listing.ts';
import { Q } from '../../src/app/types.ts';
import { queryPath } from '../../src/app/query.ts';

test('pageWindow: first, last, current and neighbours, with gaps; a gap of one page shows the page', () => {
  assert.deepEqual(pageWindow(1, 1), [1]);
  assert.deepEqual(pageWindow(1, 2), [1, 2]);
  assert.deepEqual(pageWindow(1, 84), [1, 2, null, 84]);
  assert.deepEqual(pageWindow(40, 84), [1, null, 39, 40, 41, null, 84]);
  assert.deepEqual(pageWindow(84, 84), [1, null, 83, 84]);
  assert.deepEqual(pageWindow(3, 84), [1, 2, 3, 4, null, 84]);
  assert.deepEqual(pageWindow(4, 7), [1, 2, 3, 4, 5, 6, 7]);
  // Never more than 7 entries, whatever the number of pages.
  for (let p = 1; p <= 1000; p += 37) assert.ok(pageWindow(p, 1000).length <= 7);
});

test('pageCountOf: at least one page', () => {
  assert.equal(pageCountOf(0), 1);
  assert.equal(pageCountOf(12), 1);
  assert.equal(pageCountOf(13), 2);
  assert.equal(pageCountOf(1000), 84);
});

test('requestedPage: a positive whole number, 1 when absent, null otherwise', () => {
  assert.equal(requestedPage(undefined), 1);
  assert.equal(requestedPage(''), 1);
  assert.equal(requestedPage('7'), 7);
  for (const bad of ['0', '-1', '1.5', 'abc', '1e3', '9999999', ' 2']) assert.equal(requestedPage(bad), null, bad);
});

test('canonicalSearch: parameters by name, All and page 1 left out', () => {
  assert.equal(canonicalSearch({}), '');
  assert.equal(canonicalSearch({ type: 'news', category: 'Award', page: '2' }), '?category=Award&page=2&type=news');
  assert.equal(canonicalSearch({ category: 'All', page: '1' }), '');
  assert.equal(canonicalSearch({ category: 'Sector Analysis' }), '?category=Sector+Analysis');
});

test("listingParams: a listing's filters and page only; /news-updates also takes ?type=", () => {
  assert.deepEqual(listingParams('research', '?category=X&page=2&utm=1&year=2020'), { category: 'X', page: '2' });
  assert.deepEqual(listingParams('press-releases', '?year=2020'), { year: '2020' });
  assert.deepEqual(listingParams('news', '?type=Award'), { category: 'Award' });
  assert.deepEqual(listingParams('news', '?type=Award&category=Team'), { category: 'Team' });
  assert.deepEqual(listingParams('resources', '?type=news&category=Award&page=3'), { type: 'news', category: 'Award', page: '3' });
});

test('query keys: seed semantics (segments joined by "/"), ids encoded, listing keys carry their query', () => {
  assert.equal(queryPath(Q.researchItem('water')), '/api/research/water');
  assert.equal(queryPath(Q.relatedNews('a b')), '/api/news/a%20b/related');
  assert.equal(queryPath(Q.listing('resources', { type: 'news', page: '1' })), '/api/listings/resources?type=news');
  assert.equal(queryPath(Q.latestNews), '/api/latest/news');
});

test('isNotFoundDocument: a matched route whose reads are missing from the embedded data was sent as the 404 page', async () => {
  const { isNotFoundDocument } = await import('../../src/app/routes.ts');
  const layout = { '/api/site': {}, '/api/practice-areas': [] };
  assert.equal(isNotFoundDocument({ pathname: '/team/x', search: '' }, { ...layout, '/api/team/x': {} }), false);
  assert.equal(isNotFoundDocument({ pathname: '/team/x', search: '' }, layout), true);
  assert.equal(isNotFoundDocument({ pathname: '/research', search: '?page=9&utm=1' }, { ...layout, '/api/listings/research?page=9': {} }), false);
  assert.equal(isNotFoundDocument({ pathname: '/research', search: '?page=99' }, { ...layout, '/api/listings/research': {} }), true);
  // An unknown path is the 404 route itself.
  assert.equal(isNotFoundDocument({ pathname: '/nope', search: '' }, layout), false);
});
