/**
 * One page of a listing, computed on the server from every summary: filter, count, slice. Filter
 * options come from all items; unknown filter values fall back to 'All' (selectOption); the
 * answer's `query` is the canonical query of what was answered. A page past the last is
 * undefined (404). Cheap per request (a filter over the summaries in memory); the API and the
 * page cache keep the encoded results, keyed by canonical URL.
 */
import { ALL, categoryOptions, facetCounts, filterItems, itemYear, resourcesResults, selectOption, yearOptions, type Resource } from '../app/filters.ts';
import {
  LISTING_PAGE_SIZE,
  listingParams,
  pageCountOf,
  requestedPage,
  type FacetedListing,
  type Listing,
  type ListingName,
  type ListingOf,
  type PortfolioListing,
  type ResourcesListing,
} from '../app/listing.ts';
import type { CareerSummary } from '../app/careers.ts';
import type { DocumentSummary } from '../app/documents.ts';
import type { Facet } from '../app/portfolio.ts';
import { RESOURCE_TYPES } from '../app/filters.ts';
import type { NewsSummary, PressReleaseSummary, ResearchSummary } from '../app/types.ts';
import { PORTFOLIO_FACETS, PORTFOLIO_FILTERS, type PortfolioSummary } from '../app/portfolio.ts';

export interface ListingSource {
  research: ResearchSummary[];
  pressReleases: PressReleaseSummary[];
  news: NewsSummary[];
  resources: Resource[];
  portfolio: PortfolioSummary[];
  /** Open roles, newest first, and their filters' options (offices from site.json, the teams). */
  careers: CareerSummary[];
  careerFacets: { office: readonly Facet[]; team: readonly Facet[] };
  /** Library documents, newest first. */
  documents: DocumentSummary[];
  documentKinds: readonly Facet[];
}

/**
 * A listing whose filters combine (all must match), with faceted counts: for each filter, how many
 * items each option would show with the other filters kept (an option with 0 still shows, so
 * nothing moves). `value(item, filter)` is the item's value for a filter.
 */
function faceted<T>(items: readonly T[], facets: Record<string, readonly Facet[]>, value: (item: T, filter: string) => string, q: Record<string, string>): FacetedListing<T> | undefined {
  const filters = Object.keys(facets);
  const selected = Object.fromEntries(
    filters.map((f) => [
      f,
      selectOption(
        q[f],
        facets[f].map((o) => o.value),
      ),
    ]),
  );
  const { kept, counts } = facetCounts(items, facets, selected, (item, f, v) => value(item, f) === v);
  const options = Object.fromEntries(filters.map((f) => [f, [ALL, ...facets[f].map((o) => o.value)]]));
  const labels = Object.fromEntries(filters.map((f) => [f, Object.fromEntries(facets[f].map((o) => [o.value, o.label]))]));
  const page = paged(kept, q.page, selected, options);
  return page && { ...page, counts, labels };
}

/** A listing with one filter, `param`: the items whose `value` is the option asked for (any case; else 'All'). */
function oneFilter<T>(items: readonly T[], param: string, options: string[], value: (item: T) => string | undefined) {
  return (q: Record<string, string>): Listing<T> | undefined => {
    const selected = selectOption(q[param], options);
    return paged(filterItems(items, value, selected), q.page, { [param]: selected }, { [param]: options });
  };
}

/** The page of `matches` a request asks for, with counts; undefined past the last page. */
function paged<T>(matches: readonly T[], pageParam: string | undefined, selected: Record<string, string>, options: Record<string, string[]>): Listing<T> | undefined {
  const pageCount = pageCountOf(matches.length);
  // A page that is not a number reads as page 1 (the canonical query then leaves it out).
  const page = requestedPage(pageParam) ?? 1;
  if (page > pageCount) return undefined;
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(selected)) if (v !== ALL) query[k] = v;
  if (page > 1) query.page = String(page);
  return {
    items: matches.slice((page - 1) * LISTING_PAGE_SIZE, page * LISTING_PAGE_SIZE),
    total: matches.length,
    page,
    pageCount,
    pageSize: LISTING_PAGE_SIZE,
    selected,
    options,
    query,
  };
}

export interface Listings {
  /** One page of a listing for the given query (filters and page, as requested). */
  get<N extends ListingName>(name: N, query: URLSearchParams): ListingOf[N] | undefined;
}

export function createListings(src: ListingSource): Listings {
  // Options over every item, computed once: they do not depend on the request.
  const researchCategories = categoryOptions(src.research, 'category');
  const pressYears = yearOptions(src.pressReleases);
  const newsTypes = categoryOptions(src.news, 'type');
  const categoriesByType: Record<string, string[]> = {};
  for (const t of RESOURCE_TYPES)
    categoriesByType[t.value] = categoryOptions(
      filterItems(src.resources, (r) => r.kind, t.value),
      'category',
    );

  // The years documents were published in, newest first (their filter's options).
  const documentYears = yearOptions(src.documents)
    .slice(1)
    .map((y) => ({ value: y, label: y }));

  const listings: { [N in ListingName]: (q: Record<string, string>) => ListingOf[N] | undefined } = {
    research: oneFilter(src.research, 'category', researchCategories, (r) => r.category),
    'press-releases': oneFilter(src.pressReleases, 'year', pressYears, itemYear),
    news: oneFilter(src.news, 'category', newsTypes, (n) => n.type),
    resources: (q): ResourcesListing | undefined => {
      const r = resourcesResults(src.resources, { type: q.type, category: q.category });
      const page = paged(r.items, q.page, { type: r.type, category: r.category }, { type: RESOURCE_TYPES.map((t) => t.value), category: r.categories });
      return page && { ...page, categoriesByType };
    },
    portfolio: (q): PortfolioListing | undefined => {
      // The faceted listing of the portfolio's own facets, whose labels the pages know (portfolio.ts).
      const listing = faceted(src.portfolio, Object.fromEntries(PORTFOLIO_FILTERS.map((f) => [f, PORTFOLIO_FACETS[f]])), (c, f) => c[f as (typeof PORTFOLIO_FILTERS)[number]], q);
      if (!listing) return undefined;
      const { labels: _labels, ...page } = listing;
      return page;
    },
    careers: (q) => faceted(src.careers, src.careerFacets, (r, f) => (f === 'office' ? r.office : r.team), q),
    documents: (q) => faceted(src.documents, { kind: src.documentKinds, year: documentYears }, (d, f) => (f === 'kind' ? d.kind : d.date.slice(0, 4)), q),
  };
  return {
    get: (name, query) => listings[name](listingParams(name, query)),
  };
}
