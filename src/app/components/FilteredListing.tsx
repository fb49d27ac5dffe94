/**
 * A paged, filtered listing page (/research, /press-releases, /news-updates, /resources,
 * /portfolio): the shared opening (Loaded), the page's head, then the results section — the
 * filter bars, the count, the cards (or, where filters can combine to nothing, the empty state
 * with "Clear all filters") and the pagination. Each page says only what differs.
 */
import { Children, useRef, type MouseEvent, type ReactNode } from 'react';
import { useRouter } from '../router.tsx';
import { LISTINGS, type ListingName, type ListingOf } from '../listing.ts';
import { useListing } from '../hooks/useListing.ts';
import { Loaded } from './Loaded.tsx';
import { ResultCount } from './FilterBar.tsx';
import { Pagination, RESULTS_ID } from './Pagination.tsx';

interface Props<N extends ListingName> {
  name: N;
  /** The spinner's label while the first page loads. */
  loading: string;
  /**
   * What comes before the results: PageMeta, the hero, an introduction. A list, rendered as the
   * results section's siblings (not wrapped): the tree, and so every useId, stays as it was.
   */
  head: ReactNode[];
  /** The results section's accessible name. */
  label: string;
  /** The filter bars. */
  filters: (l: ListingOf[N]) => ReactNode;
  /** Several filters: wrapped in a div of this class, where "Clear all filters" moves the focus. */
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

export function FilteredListing<N extends ListingName>({ name, loading, head, label, filters, filtersClass, items, gridClass = 'card-grid card-grid--3', empty, pagesLabel, footer }: Props<N>) {
  const listing = useListing(name);
  const { navigate } = useRouter();
  const filtersRef = useRef<HTMLDivElement>(null);
  const path = LISTINGS[name].path;

  const clearAll = (e: MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    navigate(path, { replace: true, scroll: false });
    // The empty state (and this button) goes away: continue from the first filter.
    requestAnimationFrame(() => filtersRef.current?.querySelector('button')?.focus({ preventScroll: true }));
  };

  return (
    <Loaded state={listing} loading={loading}>
      {(l) => [
        ...Children.toArray(head),
        <section key="results" id={RESULTS_ID} className="block listing" aria-label={label} aria-busy={(listing.status === 'success' && listing.previous) || undefined}>
          <div className="container">
            {filtersClass ? <div className={filtersClass} ref={filtersRef}>{filters(l)}</div> : filters(l)}
            <ResultCount count={l.total} page={l.page} pageCount={l.pageCount} visible={empty !== undefined || undefined} />
            {empty === undefined || l.items.length > 0 ? (
              <ul className={gridClass}>{items(l)}</ul>
            ) : (
              <div className="resources-empty">
                <p className="resources-empty__text">{empty}</p>
                {/* Without JavaScript the form simply loads the listing with no filters. */}
                <form method="get" action={path} role="none">
                  <button type="submit" className="button button--outline" onClick={clearAll}>Clear all filters</button>
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
