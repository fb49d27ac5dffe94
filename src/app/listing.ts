/**
 * Paged listings (/research, /press-releases, /news-updates, /resources, /portfolio): what one page of a
 * listing shows, as the server computes it (src/content/listings.ts) and the read API answers it
 * (GET /api/listings/<name>?<filters>&page=N). A page embeds one such answer; after hydration a
 * filter or page change fetches the next one — never the archive.
 */
import { LISTING_PAGE_SIZE } from './constants.ts';
import { PATHS } from './paths.ts';
import type { Resource } from './filters.ts';
import type { NewsSummary, PressReleaseSummary, ResearchSummary } from './types.ts';
import type { PortfolioSummary } from './portfolio.ts';
import type { CareerSummary } from './careers.ts';
import type { DocumentSummary } from './documents.ts';
import type { QueryKey } from './query.ts';

export { LISTING_PAGE_SIZE };

interface ListingDef {
  path: string;
  /** The query parameters of its filters (besides `page`). */
  filters: readonly string[];
  /** Other names accepted for a filter (the canonical URL uses the filter's own name). */
  aliases?: Readonly<Record<string, string>>;
}

/** The listings and the query parameters each one reads. */
export const LISTINGS = {
  research: { path: PATHS.research, filters: ['category'] },
  'press-releases': { path: PATHS.pressReleases, filters: ['year'] },
  // ?type= (the item field's name) is accepted for ?category=.
  news: { path: PATHS.news, filters: ['category'], aliases: { type: 'category' } },
  resources: { path: PATHS.resources, filters: ['type', 'category'] },
  portfolio: { path: PATHS.portfolio, filters: ['strategy', 'sector', 'region', 'status'] },
  careers: { path: PATHS.careers, filters: ['office', 'team'] },
  documents: { path: PATHS.documents, filters: ['kind', 'year'] },
} as const satisfies Record<string, ListingDef>;
export type ListingName = keyof typeof LISTINGS;

/** One page of a listing. */
export interface Listing<T> {
  items: T[];
  /** How many items match the filters, across all pages ("Showing N results"). */
  total: number;
  /** 1-based; pages run from 1 to pageCount (at least 1, even with no match). */
  page: number;
  pageCount: number;
  pageSize: number;
  /** Each filter's value after falling back from unknown values ('All' when none). */
  selected: Record<string, string>;
  /** Each filter's options, 'All' first, computed from every item (not just this page). */
  options: Record<string, string[]>;
  /**
   * The canonical query of this answer: the non-default filter values and the page (> 1).
   * A page URL with any other query is redirected to this one (see routes.ts).
   */
  query: Record<string, string>;
}

export interface ResourcesListing extends Listing<Resource> {
  /** For each content type ('All' included): the categories its items have, 'All' first. */
  categoriesByType: Record<string, string[]>;
}

/**
 * The portfolio: four filters that combine, with the number of companies each option would show
 * given the other filters (faceted counts: an option with 0 still shows, so nothing moves).
 */
export interface PortfolioListing extends Listing<PortfolioSummary> {
  counts: Record<string, Record<string, number>>;
}

/** A listing whose filters combine, each option with the number of items it would show given the others. */
export interface FacetedListing<T> extends Listing<T> {
  counts: Record<string, Record<string, number>>;
  /** Each option's label (an office's city, a team's name), by filter and value. */
  labels: Record<string, Record<string, string>>;
}

export interface ListingOf {
  research: Listing<ResearchSummary>;
  'press-releases': Listing<PressReleaseSummary>;
  news: Listing<NewsSummary>;
  resources: ResourcesListing;
  portfolio: PortfolioListing;
  careers: FacetedListing<CareerSummary>;
  documents: FacetedListing<DocumentSummary>;
}

/** What a listing's route hands its page: the read of the page of results the URL asks for. */
export type ListingKeys<N extends ListingName> = { listing: QueryKey<ListingOf[N]> };

/**
 * A query string with the given parameters in a fixed (alphabetical) order, leaving out empty
 * and 'All' values and page 1: the canonical spelling the page cache and redirects use.
 */
export function canonicalSearch(params: Record<string, string | null | undefined>): string {
  const qs = new URLSearchParams();
  for (const k of Object.keys(params).sort()) {
    const v = params[k];
    if (v && v !== 'All' && !(k === 'page' && v === '1')) qs.set(k, v);
  }
  const s = qs.toString();
  return s ? `?${s}` : '';
}

/** The listing parameters of a URL query (its filters and page), as given. */
export function listingParams(name: ListingName, search: string | URLSearchParams): Record<string, string> {
  const q = typeof search === 'string' ? new URLSearchParams(search) : search;
  const out: Record<string, string> = {};
  const def: ListingDef = LISTINGS[name];
  for (const k of [...def.filters, 'page']) {
    const v = q.get(k);
    if (v !== null) out[k] = v;
  }
  for (const [alias, filter] of Object.entries(def.aliases ?? {})) {
    const v = q.get(alias);
    if (out[filter] === undefined && v !== null) out[filter] = v;
  }
  return out;
}

/** Page numbers to show: first, last, the current one and its neighbours; null marks a gap. */
export function pageWindow(page: number, pageCount: number, around = 1): (number | null)[] {
  const pages = new Set([1, pageCount]);
  for (let p = page - around; p <= page + around; p++) if (p >= 1 && p <= pageCount) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const prev = out[out.length - 1];
    // A gap of one page shows that page instead of an ellipsis.
    if (typeof prev === 'number' && p - prev === 2) out.push(prev + 1);
    else if (typeof prev === 'number' && p - prev > 2) out.push(null);
    out.push(p);
  }
  return out;
}

/** How many pages `total` items take (at least one: an empty listing still has its page). */
export const pageCountOf = (total: number, pageSize = LISTING_PAGE_SIZE) => Math.max(1, Math.ceil(total / pageSize));

/**
 * The page number a `page` parameter asks for: a positive integer as written, 1 when absent;
 * null when it is not a number at all (the caller redirects to the canonical URL).
 */
export function requestedPage(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return 1;
  if (!/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}
