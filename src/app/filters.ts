/**
 * Filtering for the listing pages (/research, /press-releases, /news-updates, /resources).
 * Pure functions: the server renders the filtered list from the query string, the browser
 * re-renders it from the same query string after a click, and the unit tests read the same code.
 */
import { RELATED_ITEMS, SECTION_NAMES } from './constants.ts';
import { canonicalSearch } from './listing.ts';
import { PATHS, href } from './paths.ts';
import type { ImageRef, NewsSummary, PressReleaseSummary, ResearchSummary } from './types.ts';
import { formatCount } from './format.ts';
import type { Facet } from './portfolio.ts';

/** The default of every filter, listed first. */
export const ALL = 'All';

/**
 * Filters that combine (all must match), with faceted counts: the items every selected filter
 * keeps, and for each filter (in `options`' order) how many items each option would show with the
 * other filters kept — 'All' first, and an option none would show counts 0, so nothing moves.
 * `has(item, filter, value)`: whether the item has that value.
 */
export function facetCounts<T, F extends string>(items: readonly T[], options: Record<F, readonly Facet[]>, selected: Record<F, string>, has: (item: T, filter: F, value: string) => boolean) {
  const filters = Object.keys(options) as F[];
  const keeps = (item: T, except?: F) => filters.every((f) => f === except || selected[f] === ALL || has(item, f, selected[f]));
  const counts = {} as Record<F, Record<string, number>>;
  for (const f of filters) {
    const c: Record<string, number> = { [ALL]: 0 };
    for (const o of options[f]) c[o.value] = 0;
    for (const item of items) {
      if (!keeps(item, f)) continue;
      c[ALL]++;
      for (const o of options[f]) if (has(item, f, o.value)) c[o.value]++;
    }
    counts[f] = c;
  }
  return { kept: items.filter((item) => keeps(item)), counts };
}

/** 'All' followed by the distinct values of `key`, sorted alphabetically (seed §4). */
export function categoryOptions<T>(items: readonly T[], key: keyof T): string[] {
  const values = new Set<string>();
  for (const item of items) {
    const v = item[key];
    if (typeof v === 'string' && v) values.add(v);
  }
  return [ALL, ...[...values].sort((a, b) => a.localeCompare(b, 'en'))];
}

/** The year of an item: its `year` when it carries one, otherwise the year of its ISO date. */
export const itemYear = (item: { date: string; year?: number }): string => String(item.year ?? item.date.slice(0, 4));

/** 'All' followed by the distinct years, newest first (seed §4). */
export function yearOptions(items: readonly { date: string; year?: number }[]): string[] {
  const years = [...new Set(items.map(itemYear))].sort((a, b) => Number(b) - Number(a));
  return [ALL, ...years];
}

/**
 * The option a requested value stands for: the matching option (case-insensitive, so a
 * hand-typed `?category=sector analysis` works), or 'All' for a missing or unknown value.
 */
export function selectOption(requested: string | null | undefined, options: readonly string[]): string {
  if (!requested) return ALL;
  const wanted = requested.trim().toLowerCase();
  return options.find((o) => o.toLowerCase() === wanted) ?? ALL;
}

/** Items whose `get(item)` equals `value`; every item for 'All'. Keeps the original order. */
export function filterItems<T>(items: readonly T[], get: (item: T) => string | undefined, value: string): T[] {
  return value === ALL ? [...items] : items.filter((item) => get(item) === value);
}

/** "Related" on a detail page: the first `n` other items of the same collection (seed §9). */
export function relatedItems<T extends { id: string }>(items: readonly T[], id: string, n: number = RELATED_ITEMS): T[] {
  return items.filter((item) => item.id !== id).slice(0, n);
}

/** The count line of a listing, e.g. "Showing 3 results" / "Showing 1 result". */
export function resultCountText(n: number): string {
  return `Showing ${formatCount(n)} ${n === 1 ? 'result' : 'results'}`;
}

/* ---------- /resources: research, press releases and news in one list ---------- */

export type ResourceKind = 'research' | 'press-releases' | 'news';

/** Content type filter of /resources: URL value and label, 'All' first (seed §2). */
export const RESOURCE_TYPES: readonly { value: ResourceKind | typeof ALL; label: string }[] = [
  { value: ALL, label: 'All' },
  { value: 'research', label: SECTION_NAMES.research },
  { value: 'press-releases', label: SECTION_NAMES.pressReleases },
  { value: 'news', label: SECTION_NAMES.news },
];

/** What a resource card shows as its kind (short: the category follows it). */
export const RESOURCE_KIND_LABEL: Record<ResourceKind, string> = {
  research: 'Research',
  'press-releases': 'Press Release',
  news: 'News',
};

export interface Resource {
  kind: ResourceKind;
  id: string;
  /**
   * Research category or news type. Press releases have none: they are announcements, not a
   * topic, so they only appear while the category filter is 'All' (see resourcesResults).
   */
  category?: string;
  date: string;
  title: string;
  excerpt: string;
  image: ImageRef;
  href: string;
}

/** The three collections as one list, newest first (ties keep research, press, news order). */
export function toResources(research: readonly ResearchSummary[], press: readonly PressReleaseSummary[], news: readonly NewsSummary[]): Resource[] {
  const all: Resource[] = [
    ...research.map((r) => ({
      kind: 'research' as const,
      id: r.id,
      category: r.category,
      date: r.date,
      title: r.title,
      excerpt: r.excerpt,
      image: r.image,
      href: href('researchDetail', { id: r.id }),
    })),
    ...press.map((p) => ({ kind: 'press-releases' as const, id: p.id, date: p.date, title: p.title, excerpt: p.excerpt, image: p.image, href: href('pressRelease', { id: p.id }) })),
    ...news.map((n) => ({ kind: 'news' as const, id: n.id, category: n.type, date: n.date, title: n.title, excerpt: n.excerpt, image: n.image, href: href('newsDetail', { id: n.id }) })),
  ];
  // Array.prototype.sort is stable, so equal dates keep the order above.
  return all.sort((a, b) => b.date.localeCompare(a.date));
}

export interface ResourcesQuery {
  type?: string | null;
  category?: string | null;
}

export interface ResourcesResults {
  /** The selected type ('All' or a ResourceKind), after falling back from unknown values. */
  type: string;
  /** The selected category, after falling back from unknown values. */
  category: string;
  /** Category options: 'All' and the categories present among the items of the selected type. */
  categories: string[];
  /** Items matching both filters, newest first. */
  items: Resource[];
}

/**
 * The /resources list for a query. Both filters must match (seed §4). A category that no
 * resource has is unknown and means 'All'; a known category that the selected type lacks (a
 * stale or hand-made link such as ?type=research&category=Award) is kept, matches nothing, and
 * shows the empty state with its "Clear all filters" button (the buttons lead there too: see
 * resourcesHref).
 */
export function resourcesResults(resources: readonly Resource[], query: ResourcesQuery): ResourcesResults {
  const type = selectOption(
    query.type,
    RESOURCE_TYPES.map((t) => t.value),
  );
  const ofType = filterItems(resources, (r) => r.kind, type);
  const categories = categoryOptions(ofType, 'category');
  const category = selectOption(query.category, categoryOptions(resources, 'category'));
  const items = filterItems(ofType, (r) => r.category, category);
  if (category !== ALL && !categories.includes(category)) categories.push(category);
  return { type, category, categories, items };
}

/**
 * Builds a listing URL in its canonical spelling (see canonicalSearch): 'All' values and page 1
 * are left out, so the plain path means "no filter, first page".
 */
export function listingHref(pathname: string, params: Record<string, string | undefined>): string {
  return pathname + canonicalSearch(params);
}

/**
 * Where a /resources filter button leads (always page 1). Each filter changes its own value and
 * keeps the other's: both must match (seed §4), so "News & Updates · Award" switched to "Insights
 * and Research" is research about awards — none — and the empty state says so, with "Clear all
 * filters". (Dropping the category there silently showed every research note, and made the
 * seed's empty state unreachable from the buttons.)
 */
export function resourcesHref(current: { type: string; category: string }, change: { type?: string; category?: string }): string {
  return listingHref(PATHS.resources, { type: change.type ?? current.type, category: change.category ?? current.category });
}
