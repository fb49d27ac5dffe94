/**
 * Pages of a listing: previous and next, the first and last page, the current one and its
 * neighbours (ellipses between), and a page jump ("Page [n] of 84 Go": an archive of a thousand
 * items is not read by walking it). Narrow screens show First, Previous, Next and Last as arrows
 * instead of the numbers, and the same jump. Plain links (`?page=N#results`, with the filters) and
 * a GET form, so it works without JavaScript; once hydrated a click or a jump replaces only the
 * results (the listing's next page is fetched, the filters stay), scrolls back to the top of the
 * results and moves focus to the result count, which says which page this is (or to the results,
 * where the count is not shown). Nothing is rendered for a single page.
 */
import { useId, type FormEvent, type MouseEvent } from 'react';
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
  const jumpId = useId();
  if (pageCount <= 1) return null;
  const href = (n: number) => `${listingHref(pathname, { ...filters, page: String(n) })}#${RESULTS_ID}`;
  const go = (e: MouseEvent<HTMLAnchorElement>, n: number) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
    e.preventDefault();
    show(n);
  };
  const jump = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // The browser has checked the number (1 to pageCount) before submitting.
    const n = Number(new FormData(e.currentTarget).get('page'));
    if (Number.isInteger(n) && n >= 1 && n <= pageCount) show(n);
  };
  const show = (n: number) => {
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
  const params = Object.entries(filters).filter(([k]) => k !== 'page');
  return (
    <nav className="pagination" aria-label={label}>
      <ul className="pagination__list">
        {page > 1 && (
          <li className="pagination__item pagination__item--prev">
            {/* Narrow screens only: wider ones show page 1 as a number. */}
            <a href={href(1)} className="pagination__link pagination__link--step pagination__link--end" onClick={(e) => go(e, 1)}>
              <span aria-hidden="true">«</span> <span className="pagination__word">First</span>
              <span className="visually-hidden"> page</span>
            </a>
            <a href={href(page - 1)} rel="prev" className="pagination__link pagination__link--step" onClick={(e) => go(e, page - 1)}>
              <span aria-hidden="true">←</span> <span className="pagination__word">Previous</span>
              <span className="visually-hidden"> page</span>
            </a>
          </li>
        )}
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
            <a href={href(pageCount)} className="pagination__link pagination__link--step pagination__link--end" onClick={(e) => go(e, pageCount)}>
              <span className="pagination__word">Last</span>
              <span className="visually-hidden"> page</span> <span aria-hidden="true">»</span>
            </a>
          </li>
        )}
      </ul>
      {/* The jump: a GET form to the same listing (its filters carried along), at #results. */}
      <form method="get" action={`${pathname}#${RESULTS_ID}`} className="pagination__jump" onSubmit={jump}>
        {params.map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <label htmlFor={jumpId}>Page</label>
        <input
          key={page}
          id={jumpId}
          className="pagination__input"
          type="number"
          name="page"
          inputMode="numeric"
          min={1}
          max={pageCount}
          defaultValue={page}
          required
          aria-describedby={`${jumpId}-of`}
        />
        <span id={`${jumpId}-of`}>of {pageCount}</span>
        <button type="submit" className="pagination__go">
          Go<span className="visually-hidden"> to page</span>
        </button>
      </form>
    </nav>
  );
}
