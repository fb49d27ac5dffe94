/**
 * Pages of a listing: previous and next, the first and last page, the current one and its
 * neighbours (ellipses between). Plain links (`?page=N#results`, with the filters), so it works
 * without JavaScript; once hydrated a click replaces only the results (the listing's next page
 * is fetched, the filters stay), scrolls back to the top of the results and moves focus to the
 * result count, which says which page this is (or to the results, where the count is not shown). Nothing is rendered for a single page.
 */
import type { MouseEvent } from 'react';
import { useRouter } from '../router.tsx';
import { listingHref } from '../filters.ts';
import { pageWindow } from '../listing.ts';

/** The id of the listing's results section and of the element focused after a page change. */
export const RESULTS_ID = 'results';
export const RESULTS_COUNT_ID = 'results-count';

interface Props {
  /** The listing's path, e.g. "/research". */
  pathname: string;
  /** The current filters (canonical, as the listing answered). */
  filters: Record<string, string>;
  page: number;
  pageCount: number;
  /** What is paged, for the navigation's name: "Research pages". */
  label: string;
}

export function Pagination({ pathname, filters, page, pageCount, label }: Props) {
  const { navigate } = useRouter();
  if (pageCount <= 1) return null;
  const href = (n: number) => `${listingHref(pathname, { ...filters, page: String(n) })}#${RESULTS_ID}`;
  const go = (e: MouseEvent<HTMLAnchorElement>, n: number) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    navigate(href(n), { scroll: false, focus: false });
    // The results stay in place while the next page loads: start reading from the top of them.
    // Focus goes to the count where it is shown (it says which page this is); where it is only
    // for screen readers (a 1 px box a sighted keyboard user cannot see), to the results section,
    // and the count, a status region, still announces the page.
    const count = document.getElementById(RESULTS_COUNT_ID);
    const results = document.getElementById(RESULTS_ID);
    results?.scrollIntoView({ block: 'start' });
    const target = count && !count.classList.contains('visually-hidden') ? count : results;
    if (target && !target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target?.focus({ preventScroll: true });
  };
  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pagination__list">
        {page > 1 && (
          <li className="pagination__item pagination__item--prev">
            <a href={href(page - 1)} rel="prev" className="pagination__link pagination__link--step" onClick={(e) => go(e, page - 1)}>
              <span aria-hidden="true">←</span> <span className="pagination__word">Previous</span>
              <span className="visually-hidden"> page</span>
            </a>
          </li>
        )}
        {/* Narrow screens show this instead of the page numbers (screen readers hear it from the count). */}
        <li className="pagination__item pagination__item--status" aria-hidden="true">
          Page {page} of {pageCount}
        </li>
        {pageWindow(page, pageCount).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="pagination__item pagination__item--gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n} className="pagination__item pagination__item--number">
              <a href={href(n)} className="pagination__link" aria-label={`Page ${n}`} aria-current={n === page ? 'page' : undefined} onClick={(e) => go(e, n)}>
                {n}
              </a>
            </li>
          ),
        )}
        {page < pageCount && (
          <li className="pagination__item pagination__item--next">
            <a href={href(page + 1)} rel="next" className="pagination__link pagination__link--step" onClick={(e) => go(e, page + 1)}>
              <span className="pagination__word">Next</span>
              <span className="visually-hidden"> page</span> <span aria-hidden="true">→</span>
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
