/**
 * A paged, filtered listing page (/research, /press-releases, /news-updates, /resources,
 * /portfolio): the shared opening (Loaded), the page's meta and hero, then the results section —
 * the filter bars, the count, the cards (or, where filters can combine to nothing, the empty
 * state with "Clear all filters") and the pagination. Each page says only what differs.
 */
import { Fragment, useRef, type MouseEvent, type ReactNode } from 'react';
import { useRouter } from '../router.tsx';
import { useQuery, type QueryKey } from '../query.ts';
import { LISTINGS, type Listing, type ListingName, type ListingOf } from '../listing.ts';
import type { Facet } from '../portfolio.ts';
import { ALL, listingHref } from '../filters.ts';
import { Loaded } from './Loaded.tsx';
import { PageMeta } from './PageMeta.tsx';
import { PageHero } from './PageHero.tsx';
import { FilterBar, FiltersDisclosure, ResultCount } from './FilterBar.tsx';
import { Pagination, RESULTS_ID } from './Pagination.tsx';

/** A listing's filter parameters, in page order. */
type FilterOf<N extends ListingName> = (typeof LISTINGS)[N]['filters'][number];
/** A listing whose filters combine: the number of items each option would show, and (FacetedListing) each option's label. */
type Counted = { counts: Record<string, Record<string, number>>; labels?: Record<string, Record<string, string>> };

interface FacetSpec<F extends string> {
  /** Each filter group's name. */
  labels: Record<F, string>;
  /** What the counts count, singular and plural (for screen readers). */
  noun: [string, string];
  /** A filter's options, 'All' first (default: the listing's own, with the listing's labels). */
  options?: (filter: F) => readonly Facet[];
}

interface Props<N extends ListingName> {
  name: N;
  /** The page of results the URL asks for (filters and ?page=): the key the listing's route gives its page. */
  listing: QueryKey<ListingOf[N]>;
  /** The spinner's label while the first page loads. */
  loading: string;
  /** The page's title (document and hero), meta description, and the hero's eyebrow and lede. */
  title: string;
  description: string;
  eyebrow: string;
  lede: string;
  /** Below the hero's lede. */
  heroNote?: ReactNode;
  /** A section between the hero and the results. */
  intro?: ReactNode;
  /** The results section's accessible name. */
  label: string;
  /** One filter: its group's name and query parameter; its options are the listing's own. */
  filter?: { label: string; param: string; oneRow?: boolean };
  /**
   * Or filters that combine, one bar each in the listing's order: each option leads to the
   * listing with it chosen (the others kept, page 1) and says how many items it would show.
   */
  facets?: ListingOf[N] extends Counted ? FacetSpec<FilterOf<N>> : never;
  /** Otherwise: the filter bars. Both are wrapped in a div of `filtersClass` (where "Clear all filters" moves the focus). */
  filters?: (l: ListingOf[N]) => ReactNode;
  filtersClass?: string;
  /** The cards of this page's items. */
  items: (l: ListingOf[N]) => ReactNode;
  gridClass?: string;
  /**
   * Where filters can combine to nothing (several filters): the count is shown, and with no
   * match this text and a "Clear all filters" button replace the cards.
   */
  empty?: string;
  /** The pagination's accessible name. */
  pagesLabel: string;
  /** After the pagination. */
  footer?: ReactNode;
}

export function FilteredListing<N extends ListingName>(props: Props<N>) {
  const {
    name,
    loading,
    title,
    description,
    eyebrow,
    lede,
    heroNote,
    intro,
    label,
    filter,
    facets,
    filters,
    filtersClass,
    items,
    gridClass = 'card-grid card-grid--3',
    empty,
    pagesLabel,
    footer,
  } = props;
  // While the next page of results loads, the current one stays on screen (`previous`), so the
  // filter buttons, the pagination and focus stay where they are.
  const listing = useQuery(props.listing, { keepPrevious: true });
  const { navigate } = useRouter();
  const filtersRef = useRef<HTMLDivElement>(null);
  const path = LISTINGS[name].path;

  const clearAll = (e: MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    navigate(path, { replace: true, scroll: false });
    // The empty state (and this button) goes away: continue from the first filter, scrolled into
    // view (on a phone, or with four filter groups, it is above the empty state).
    requestAnimationFrame(() => {
      filtersRef.current?.closest('details')?.setAttribute('open', '');
      filtersRef.current?.querySelector('button')?.focus();
    });
  };

  // The page's parts are siblings (a list, not a wrapper): the tree, and so every useId, is the
  // one the pages had before they shared this component.
  return (
    <Loaded state={listing} loading={loading}>
      {(l) => [
        <PageMeta key="meta" title={title} description={description} />,
        <PageHero key="hero" eyebrow={eyebrow} title={title} lede={lede}>
          {heroNote}
        </PageHero>,
        ...(intro ? [<Fragment key="intro">{intro}</Fragment>] : []),
        <section key="results" id={RESULTS_ID} className="block listing" aria-label={label} aria-busy={(listing.status === 'success' && listing.previous) || undefined}>
          <div className="container">
            <FiltersDisclosure active={Object.values(l.selected).filter((v) => v !== ALL).length}>
              {filter ? (
                <FilterBar
                  label={filter.label}
                  name={filter.param}
                  selected={l.selected[filter.param]}
                  oneRow={filter.oneRow}
                  options={l.options[filter.param].map((v) => ({ value: v, href: listingHref(path, { [filter.param]: v }) }))}
                />
              ) : (
                <div className={filtersClass} ref={filtersRef}>
                  {facets ? facetBars(path, LISTINGS[name].filters, l as ListingOf[N] & Counted, facets) : filters?.(l)}
                </div>
              )}
            </FiltersDisclosure>
            <ResultCount count={l.total} page={l.page} pageCount={l.pageCount} visible={empty !== undefined || undefined} />
            {empty === undefined || l.items.length > 0 ? (
              <ul className={gridClass}>{items(l)}</ul>
            ) : (
              <div className="resources-empty">
                <p className="resources-empty__text">{empty}</p>
                {/* Without JavaScript the form simply loads the listing with no filters. */}
                <form method="get" action={path} role="none">
                  <button type="submit" className="button button--outline" onClick={clearAll}>
                    Clear all filters
                  </button>
                </form>
              </div>
            )}
            <Pagination pathname={path} filters={l.query} page={l.page} pageCount={l.pageCount} label={pagesLabel} />
            {footer}
          </div>
        </section>,
      ]}
    </Loaded>
  );
}

/** The filter bars of a listing whose filters combine (FilteredListing's `facets`). */
function facetBars<F extends string>(path: string, filters: readonly F[], l: Listing<unknown> & Counted, { labels, noun, options }: FacetSpec<F>) {
  return filters.map((f) => (
    <FilterBar
      key={f}
      label={labels[f]}
      name={f}
      selected={l.selected[f]}
      options={(options?.(f) ?? l.options[f].map((v) => ({ value: v, label: v === ALL ? 'All' : l.labels?.[f][v] }))).map((o) => ({
        value: o.value,
        label: o.label,
        href: listingHref(path, { ...l.selected, page: undefined, [f]: o.value }),
        count: { n: l.counts[f][o.value] ?? 0, noun },
      }))}
    />
  ));
}
