/** The listing filters: options, filtering, related items, count text and the /resources combination. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ALL,
  categoryOptions,
  filterItems,
  itemYear,
  listingHref,
  relatedItems,
  resourcesHref,
  resourcesResults,
  resultCountText,
  selectOption,
  toResources,
  yearOptions,
  type Resource,
} from '../../src/app/filters.ts';
import { RELATED_ITEMS } from '../../src/app/constants.ts';
import type { ImageRef, NewsSummary, PressReleaseSummary, ResearchSummary } from '../../src/app/types.ts';

const image: ImageRef = { key: 'x/y', width: 1600, height: 900, widths: [], color: '#000' };
const base = { excerpt: 'An excerpt long enough to count.', imageUrl: '', image, link: '' };

const research: ResearchSummary[] = [
  { ...base, id: 'r1', date: '2026-10-14', title: 'Exit window', category: 'Thematic Research', author: 'A', authors: [] },
  { ...base, id: 'r2', date: '2026-05-19', title: 'Pharma', category: 'Sector Analysis', author: 'A', authors: [] },
  { ...base, id: 'r3', date: '2025-06-17', title: 'Food', category: 'Market Commentary', author: 'A', authors: [] },
  { ...base, id: 'r4', date: '2025-03-04', title: 'Real estate', category: 'Sector Analysis', author: 'A', authors: [] },
];
const press: PressReleaseSummary[] = [
  { ...base, id: 'p1', date: '2026-09-15', title: 'Fund VI', year: 2026, location: 'NEW YORK' },
  { ...base, id: 'p2', date: '2025-11-04', title: 'Credit II', year: 2025, location: 'NEW YORK' },
  { ...base, id: 'p3', date: '2024-09-10', title: 'Singapore', year: 2024, location: 'SINGAPORE' },
  { ...base, id: 'p4', date: '2025-01-28', title: 'Promotions', year: 2025, location: 'NEW YORK' },
];
const news: NewsSummary[] = [
  { ...base, id: 'n1', date: '2026-11-10', title: 'Investor meeting', type: 'Event' },
  { ...base, id: 'n2', date: '2026-10-20', title: 'Firm of the year', type: 'Award' },
  { ...base, id: 'n3', date: '2025-02-18', title: 'Analysts', type: 'Team' },
];
const resources = toResources(research, press, news);
const titles = (items: { title: string }[]) => items.map((i) => i.title);

test('category options: All first, then the distinct categories alphabetically', () => {
  assert.deepEqual(categoryOptions(research, 'category'), ['All', 'Market Commentary', 'Sector Analysis', 'Thematic Research']);
  assert.deepEqual(categoryOptions(news, 'type'), ['All', 'Award', 'Event', 'Team']);
  assert.deepEqual(categoryOptions([] as ResearchSummary[], 'category'), ['All']);
});

test('year options: All first, then distinct years newest first', () => {
  assert.deepEqual(yearOptions(press), ['All', '2026', '2025', '2024']);
  // Without a year field, the year comes from the date.
  assert.deepEqual(yearOptions([{ date: '2023-01-01' }, { date: '2025-05-05' }, { date: '2023-12-31' }]), ['All', '2025', '2023']);
});

test('selectOption: exact or case-insensitive match, otherwise All', () => {
  const options = categoryOptions(research, 'category');
  assert.equal(selectOption('Sector Analysis', options), 'Sector Analysis');
  assert.equal(selectOption('sector analysis', options), 'Sector Analysis');
  assert.equal(selectOption('Astrology', options), ALL);
  assert.equal(selectOption('', options), ALL);
  assert.equal(selectOption(null, options), ALL);
  assert.equal(selectOption('1999', yearOptions(press)), ALL);
});

test('filterItems: All keeps every item in order; a value keeps only matches', () => {
  assert.deepEqual(titles(filterItems(research, (r) => r.category, ALL)), ['Exit window', 'Pharma', 'Food', 'Real estate']);
  assert.deepEqual(titles(filterItems(research, (r) => r.category, 'Sector Analysis')), ['Pharma', 'Real estate']);
  assert.deepEqual(titles(filterItems(press, itemYear, '2025')), ['Credit II', 'Promotions']);
  assert.deepEqual(
    filterItems(news, (n) => n.type, 'Portfolio News'),
    [],
  );
});

test('related items: the first two other items, never the current one', () => {
  assert.equal(RELATED_ITEMS, 2);
  assert.deepEqual(
    relatedItems(research, 'r1').map((r) => r.id),
    ['r2', 'r3'],
  );
  assert.deepEqual(
    relatedItems(research, 'r2').map((r) => r.id),
    ['r1', 'r3'],
  );
  assert.deepEqual(
    relatedItems(research, 'r4').map((r) => r.id),
    ['r1', 'r2'],
  );
  assert.deepEqual(
    relatedItems(research.slice(0, 2), 'r1').map((r) => r.id),
    ['r2'],
  );
});

test('result count text: singular and plural', () => {
  assert.equal(resultCountText(0), 'Showing 0 results');
  assert.equal(resultCountText(1), 'Showing 1 result');
  assert.equal(resultCountText(3), 'Showing 3 results');
});

test('resources: all three collections, newest first', () => {
  assert.equal(resources.length, research.length + press.length + news.length);
  const dates = resources.map((r) => r.date);
  assert.deepEqual(dates, [...dates].sort().reverse());
  assert.deepEqual(
    resources.slice(0, 3).map((r) => r.id),
    ['n1', 'n2', 'r1'],
  );
  const p1 = resources.find((r) => r.id === 'p1') as Resource;
  assert.equal(p1.kind, 'press-releases');
  assert.equal(p1.category, undefined);
  assert.equal(p1.href, '/press-release/p1');
});

test('resources: no filters shows everything, with every category present', () => {
  const r = resourcesResults(resources, {});
  assert.equal(r.type, ALL);
  assert.equal(r.category, ALL);
  assert.equal(r.items.length, 11);
  assert.deepEqual(r.categories, ['All', 'Award', 'Event', 'Market Commentary', 'Sector Analysis', 'Team', 'Thematic Research']);
});

test('resources: the category options come from the selected type', () => {
  assert.deepEqual(resourcesResults(resources, { type: 'news' }).categories, ['All', 'Award', 'Event', 'Team']);
  assert.deepEqual(resourcesResults(resources, { type: 'research' }).categories, ['All', 'Market Commentary', 'Sector Analysis', 'Thematic Research']);
  // Press releases have no category: only 'All', so the page hides the category group.
  assert.deepEqual(resourcesResults(resources, { type: 'press-releases' }).categories, ['All']);
});

test('resources: type and category combine (both must match)', () => {
  const r = resourcesResults(resources, { type: 'research', category: 'Sector Analysis' });
  assert.deepEqual(
    r.items.map((i) => i.id),
    ['r2', 'r4'],
  );
  const onlyType = resourcesResults(resources, { type: 'press-releases' });
  assert.deepEqual(
    onlyType.items.map((i) => i.id),
    ['p1', 'p2', 'p4', 'p3'],
  );
  // A category under All types: press releases (no category) drop out.
  const award = resourcesResults(resources, { category: 'Award' });
  assert.deepEqual(
    award.items.map((i) => i.id),
    ['n2'],
  );
});

test('resources: a known category the type lacks gives the empty result; unknown values mean All', () => {
  const empty = resourcesResults(resources, { type: 'research', category: 'Award' });
  assert.equal(empty.items.length, 0);
  assert.equal(resultCountText(empty.items.length), 'Showing 0 results');
  // The selection stays visible (pressed) so the visitor sees why the list is empty.
  assert.equal(empty.category, 'Award');
  assert.ok(empty.categories.includes('Award'));
  const unknown = resourcesResults(resources, { type: 'podcasts', category: 'Gossip' });
  assert.equal(unknown.type, ALL);
  assert.equal(unknown.category, ALL);
  assert.equal(unknown.items.length, 11);
});

test('resources links: each filter keeps the other one, so both must match (seed §4)', () => {
  const current = { type: 'news', category: 'Award' };
  // Research has no Award: the link leads to the empty state, not to all research.
  assert.equal(resourcesHref(current, { type: 'research' }), '/resources?category=Award&type=research');
  assert.equal(resourcesResults(resources, { type: 'research', category: 'Award' }).items.length, 0);
  assert.equal(resourcesHref(current, { type: ALL }), '/resources?category=Award');
  assert.equal(resourcesHref(current, { category: 'Team' }), '/resources?category=Team&type=news');
  assert.equal(resourcesHref(current, { category: ALL }), '/resources?type=news');
  assert.equal(listingHref('/research', { category: 'Sector Analysis' }), '/research?category=Sector+Analysis');
  assert.equal(listingHref('/research', { category: ALL }), '/research');
  // Canonical spelling: parameters by name, page 1 left out.
  assert.equal(listingHref('/research', { page: '2', category: 'Sector Analysis' }), '/research?category=Sector+Analysis&page=2');
  assert.equal(listingHref('/research', { page: '1' }), '/research');
});

test('the count line counts every match, with thousands grouped', () => {
  assert.equal(resultCountText(1), 'Showing 1 result');
  assert.equal(resultCountText(1000), 'Showing 1,000 results');
});
