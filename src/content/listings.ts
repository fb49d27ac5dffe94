/**
 * One page of a listing, computed on the server from every summary: filter, count, slice. Filter
 * options come from all items; unknown filter values fall back to 'All' (selectOption); the
 * answer's `query` is the canonical query of what was answered. A page past the last is
 * undefined (404). Cheap per request (a filter over the summaries in memory); the API and the
 * page cache keep the encoded results, keyed by canonical URL.
 */
import { ALL, categoryOptions, filterItems, itemYear, resourcesResults, selectOption, yearOptions, type Resource } from '../app/filters.ts';
import { LISTING_PAGE_SIZE, listingParams, pageCountOf, requestedPage, type Listing, type ListingName, type ListingOf, type PortfolioListing, type ResourcesListing } from '../app/listing.ts';
import { RESOURCE_TYPES } from '../app/filters.ts';
import type { NewsSummary, PressReleaseSummary, ResearchSummary } from '../app/types.ts';
import { PORTFOLIO_FACETS, PORTFOLIO_FILTERS, type PortfolioSummary } from '../app/portfolio.ts';

export interface ListingSource {
  research: ResearchSummary[];
  pressReleases: PressReleaseSummary[];
  news: NewsSummary[];
  resources: Resource[];
  portfolio: PortfolioSummary[];
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

  const listings: { [N in ListingName]: (q: Record<string, string>) => ListingOf[N] | undefined } = {
    research: (q) => {
      const category = selectOption(q.category, researchCategories);
      return paged(
        filterItems(src.research, (r) => r.category, category),
        q.page,
        { category },
        { category: researchCategories },
      );
    },
    'press-releases': (q) => {
      const year = selectOption(q.year, pressYears);
      return paged(filterItems(src.pressReleases, itemYear, year), q.page, { year }, { year: pressYears });
    },
    news: (q) => {
      const category = selectOption(q.category, newsTypes);
      return paged(
        filterItems(src.news, (n) => n.type, category),
        q.page,
        { category },
        { category: newsTypes },
      );
    },
    resources: (q): ResourcesListing | undefined => {
      const r = resourcesResults(src.resources, { type: q.type, category: q.category });
      const page = paged(r.items, q.page, { type: r.type, category: r.category }, { type: RESOURCE_TYPES.map((t) => t.value), category: r.categories });
      return page && { ...page, categoriesByType };
    },
    portfolio: (q): PortfolioListing | undefined => {
      // Each filter: its value when it is one of the facet's values (any case), else 'All'.
      const selected = Object.fromEntries(
        PORTFOLIO_FILTERS.map((f) => [
          f,
          selectOption(
            q[f],
            PORTFOLIO_FACETS[f].map((o) => o.value),
          ),
        ]),
      ) as Record<(typeof PORTFOLIO_FILTERS)[number], string>;
      const matches = (c: PortfolioSummary, except?: string) => PORTFOLIO_FILTERS.every((f) => f === except || selected[f] === ALL || c[f] === selected[f]);
      // Faceted counts: what each option would show with the other filters kept.
      const counts: Record<string, Record<string, number>> = {};
      for (const f of PORTFOLIO_FILTERS) {
        const c: Record<string, number> = { [ALL]: 0 };
        for (const o of PORTFOLIO_FACETS[f]) c[o.value] = 0;
        for (const item of src.portfolio) {
          if (!matches(item, f)) continue;
          c[ALL]++;
          c[item[f]]++;
        }
        counts[f] = c;
      }
      const options = Object.fromEntries(PORTFOLIO_FILTERS.map((f) => [f, [ALL, ...PORTFOLIO_FACETS[f].map((o) => o.value)]]));
      const page = paged(
        src.portfolio.filter((c) => matches(c)),
        q.page,
        selected,
        options,
      );
      return page && { ...page, counts };
    },
  };
  return {
    get: (name, query) => listings[name](listingParams(name, query)),
  };
}
