/** The search index (src/content/search.ts) and the helpers the page uses (src/app/search.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSearchIndex, TEXT_INDEX_CHARS } from '../../src/content/search.ts';
import type { SearchDoc } from '../../src/app/search.ts';
import { normalizeQuery, splitMatches, SEARCH_GROUP_PREVIEW, SEARCH_MAX_QUERY } from '../../src/app/search.ts';
import { LISTING_PAGE_SIZE } from '../../src/app/listing.ts';

const doc = (over: Partial<SearchDoc>): SearchDoc => ({ type: 'news', title: 'Untitled', href: '/x', meta: 'Event', excerpt: 'Nothing to see here at all.', text: '', ...over });

const DOCS: SearchDoc[] = [
  doc({ type: 'portfolio', title: 'Corvane Logistics', href: '/portfolio/corvane-logistics', meta: 'Industrials · North America', excerpt: 'A freight and warehousing platform.' }),
  doc({ type: 'pages', title: 'Private Credit', href: '/private-credit', meta: 'Strategy', excerpt: 'Flexible capital for companies.' }),
  doc({ type: 'news', title: 'Credit Fund Closes', href: '/news/credit', excerpt: 'The fund closed above target.', text: 'Investors in private markets backed the fund.' }),
  doc({ type: 'portfolio', title: 'Norrland Data Centres', href: '/portfolio/norrland', excerpt: 'Data centres in northern Sweden.', keywords: 'Luleå, Sweden' }),
  doc({
    type: 'research',
    title: 'Water as a Strategic Input',
    href: '/research/water',
    excerpt: 'Why water matters.',
    text: `${'Filler sentence about markets. '.repeat(100)}The word zanzibar appears late.`,
  }),
];
const index = createSearchIndex(DOCS, ['Logistics', 'Water']);
const search = (q: string, extra: Record<string, string> = {}) => index.search(new URLSearchParams({ q, ...extra }))!;
const hrefs = (q: string) => search(q).groups.flatMap((g) => g.hits.map((h) => h.href));

test('a name, a prefix and a word with a typo all find the company', () => {
  assert.deepEqual(hrefs('Corvane'), ['/portfolio/corvane-logistics']);
  assert.deepEqual(hrefs('corv'), ['/portfolio/corvane-logistics']);
  assert.deepEqual(hrefs('logistcs'), ['/portfolio/corvane-logistics']);
  assert.deepEqual(search('logistcs').groups[0].hits[0].terms, ['logistics'], 'the word as indexed: what the page highlights');
});

test('several words must all match; when together they match nothing, any may', () => {
  assert.deepEqual(hrefs('private credit').sort(), ['/news/credit', '/private-credit'], 'both words in each');
  assert.ok(!hrefs('private credit').includes('/portfolio/corvane-logistics'));
  assert.ok(hrefs('corvane water').length >= 2, 'no document has both: either one');
});

test('accents fold, stop words and short typos do not match everything', () => {
  assert.deepEqual(hrefs('Lulea'), ['/portfolio/norrland']);
  assert.deepEqual(hrefs('luleå'), ['/portfolio/norrland']);
  assert.equal(search('the').total, 0, 'a stop word alone finds nothing');
  assert.equal(search('fnd').total, 0, 'no typo tolerance under five letters');
});

test('groups follow the site order, show a preview overall, and one page of a type', () => {
  const many: SearchDoc[] = Array.from({ length: 30 }, (_, i) => doc({ type: 'people', title: `Partner ${i}`, href: `/team/p${i}`, meta: 'Managing Partner' }));
  const idx = createSearchIndex([...many, ...DOCS], []);
  const all = idx.search(new URLSearchParams({ q: 'partner' }))!;
  assert.equal(all.type, 'all');
  assert.equal(all.groups[0].type, 'people');
  assert.equal(all.groups[0].count, 30);
  assert.equal(all.groups[0].hits.length, SEARCH_GROUP_PREVIEW);
  const p2 = idx.search(new URLSearchParams({ q: 'partner', type: 'people', page: '2' }))!;
  assert.equal(p2.pageCount, Math.ceil(30 / LISTING_PAGE_SIZE));
  assert.equal(p2.groups[0].hits.length, LISTING_PAGE_SIZE);
  assert.deepEqual(p2.query, { q: 'partner', type: 'people', page: '2' });
  assert.equal(idx.search(new URLSearchParams({ q: 'partner', type: 'people', page: '9' })), undefined, 'past the last page');
  assert.deepEqual(idx.search(new URLSearchParams({ q: 'partner', type: 'bogus' }))!.query, { q: 'partner' }, 'an unknown type is dropped');
});

test('a hit shows the sentence that holds the match when the title and summary do not', () => {
  const hit = search('Investors').groups[0].hits[0];
  assert.equal(hit.excerpt, 'Investors in private markets backed the fund.');
  // Only the opening of a long body is indexed.
  assert.ok(TEXT_INDEX_CHARS < DOCS[4].text.length);
  assert.equal(search('zanzibar').total, 0);
});

test('no results and no query: suggestions, never the query itself', () => {
  const none = search('qqqqqq');
  assert.equal(none.total, 0);
  assert.deepEqual(none.suggestions, ['Logistics', 'Water']);
  const empty = index.search(new URLSearchParams())!;
  assert.equal(empty.q, '');
  assert.deepEqual(empty.groups, []);
  assert.deepEqual(empty.query, {});
  assert.ok(!search('water').suggestions.length, 'results: no suggestions');
});

test('normalizeQuery trims, collapses spaces and cuts to the limit; splitMatches marks word starts', () => {
  assert.equal(normalizeQuery('  private \n credit  '), 'private credit');
  assert.equal(normalizeQuery('x'.repeat(SEARCH_MAX_QUERY + 5)).length, SEARCH_MAX_QUERY);
  assert.equal(normalizeQuery(null), '');
  assert.deepEqual(splitMatches('Corvane Logistics, logistics-led', ['logistics']), ['Corvane ', 'Logistics', ', ', 'logistics', '-led']);
  assert.deepEqual(splitMatches('Unlogistics', ['logistics']), ['Unlogistics'], 'only at the start of a word');
  assert.deepEqual(splitMatches('a (b) c', ['(b']), ['a ', '(b', ') c'], 'terms are escaped');
});
