/**
 * A labelled group of filter buttons (seed §4: selections default to All and change by clicking).
 *
 * Without JavaScript the buttons submit a GET form (`?category=…`), and the server renders the
 * filtered list. Once hydrated, a click replaces the URL on the client (no reload, no scroll) and
 * the page re-renders from the new query string. Each option's `href` is the URL it leads to; the
 * form carries that URL's other parameters as hidden inputs, so both paths reach the same page.
 */
import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { useLocation, useRouter } from '../router.tsx';
import { resultCountText } from '../filters.ts';
import { formatCount } from '../format.ts';
import { RESULTS_COUNT_ID } from './Pagination.tsx';

export interface FilterOption {
  value: string;
  label?: string;
  /** Where choosing this option leads, e.g. "/resources?type=news&category=Award". */
  href: string;
  /** How many results choosing it would show (faceted counts), with the noun for screen readers. */
  count?: { n: number; noun: [string, string] };
}

interface Props {
  /** The group's accessible (and visible) name, e.g. "Filter by category". */
  label: string;
  /** The query parameter the buttons set. */
  name: string;
  options: FilterOption[];
  selected: string;
  /** Keep the options on one row (years: a long, ordered run), scrolling sideways when they outgrow it. */
  oneRow?: boolean;
}

/** The parameters of `href` other than `name`: what a no-JavaScript form must carry along. */
function hiddenParams(href: string, name: string): [string, string][] {
  const url = new URL(href, 'http://x');
  return [...url.searchParams].filter(([k]) => k !== name);
}

export function FilterBar({ label, name, options, selected, oneRow }: Props) {
  const { navigate } = useRouter();
  const { pathname } = useLocation();
  const labelId = useId();
  const choose = (e: MouseEvent<HTMLButtonElement>, option: FilterOption) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    // Not a new page: the URL reflects the filter, scroll and focus stay where they are.
    navigate(option.href, { replace: true, scroll: false });
  };

  // An option that would leave nothing is disabled (its count, "0 companies", says why); the
  // chosen one never is, so that it can always be seen and left.
  const button = (o: FilterOption) => (
    <button
      key={o.value}
      type="submit"
      name={name}
      value={o.value}
      aria-pressed={o.value === selected}
      disabled={o.count?.n === 0 && o.value !== selected}
      className="filter-button"
      onClick={(e) => choose(e, o)}
    >
      {o.label ?? o.value}
      {o.count && ' '}
      {o.count && (
        <span className="filter-button__count">
          {formatCount(o.count.n)}
          <span className="visually-hidden">{` ${o.count.n === 1 ? o.count.noun[0] : o.count.noun[1]}`}</span>
        </span>
      )}
    </button>
  );
  const hiddenInputs = (params: [string, string][]) => params.map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />);

  // One form per option, always: the same elements whatever the options lead to, so the button
  // the visitor pressed stays the focused one when the results change. (A single form when all
  // options carried the same parameters, else one per option, swapped every button for a new one
  // when a choice changed that, and focus fell to <body>.)
  return (
    <div className={oneRow ? 'filter-bar filter-bar--row' : 'filter-bar'} role="group" aria-labelledby={labelId}>
      <span id={labelId} className="filter-bar__label">
        {label}
      </span>
      <div className="filter-bar__options">
        {options.map((o) => (
          <form key={o.value} method="get" action={pathname} className="filter-bar__form" role="none">
            {hiddenInputs(hiddenParams(o.href, name))}
            {button(o)}
          </form>
        ))}
      </div>
    </div>
  );
}

/**
 * "Showing N results" (all matches, every page), announced politely when it changes; on a paged
 * listing it also says which page this is (to screen readers), and takes focus after a page
 * change (see Pagination). Visually hidden unless `visible`.
 */
export function ResultCount({ count, visible, page = 1, pageCount = 1 }: { count: number; visible?: boolean; page?: number; pageCount?: number }) {
  return (
    <p id={RESULTS_COUNT_ID} tabIndex={-1} role="status" className={visible ? 'filter-count' : 'visually-hidden'}>
      {resultCountText(count)}
      {pageCount > 1 && <span className="visually-hidden">{`, page ${page} of ${pageCount}`}</span>}
    </p>
  );
}

/** Where the filters show whole (wider screens): the disclosure's summary is hidden there (listings.css). */
const FILTERS_SHOWN_WHOLE = '(min-width: 640px)';

/**
 * The filters of a listing behind "Filters (n)" on phones (n: how many are set, updated as they
 * change), so that the first result is not pushed a screen down. A <details>: it opens and closes
 * without JavaScript, and React leaves its open state alone, so a filter pressed inside it keeps
 * the focus and the disclosure open. Wider screens hide the summary and show the filters whole
 * (::details-content, listings.css); where that selector is unknown, script opens it there.
 */
export function FiltersDisclosure({ active, children }: { active: number; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (!CSS.supports('selector(::details-content)') && window.matchMedia(FILTERS_SHOWN_WHOLE).matches) ref.current?.setAttribute('open', '');
  }, []);
  return (
    <details ref={ref} className="filters-disclosure">
      <summary className="filters-disclosure__summary">Filters ({active})</summary>
      {children}
    </details>
  );
}
