/**
 * /search?q=: results across pages, people, research, press releases, news and portfolio
 * companies, grouped by type with counts, the matched words highlighted. A plain GET form without
 * JavaScript; once hydrated the results follow the typing (debounced, the URL kept in step, the
 * count announced politely) without moving focus. ?type= shows one group, paged.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isNotFound, useQuery, type QueryKey } from '../query.ts';
import { Link, useLocation, useRouter } from '../router.tsx';
import { canonicalSearch } from '../listing.ts';
import { useTypedBeforeHydration } from '../hooks/useTypedBeforeHydration.ts';
import { formatCount, formatDate } from '../format.ts';
import { SEARCH_DEBOUNCE_MS, SEARCH_MAX_QUERY, SEARCH_TYPES, normalizeQuery, splitMatches, type SearchHit, type SearchResults } from '../search.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { PageError } from '../components/PageError.tsx';
import { Pagination, RESULTS_COUNT_ID, RESULTS_ID } from '../components/Pagination.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import type { PageProps } from '../routes.ts';
import { PATHS } from '../paths.ts';

export const SEARCH_INPUT_ID = 'search-q';

/** The search's parameters as the URL gives them. */
function searchParams(search: string) {
  const u = new URLSearchParams(search);
  return { q: u.get('q') ?? undefined, type: u.get('type') ?? undefined, page: u.get('page') ?? undefined };
}

/** Text with the matched words marked. */
function Highlight({ text, terms }: { text: string; terms: string[] }) {
  return (
    <>
      {splitMatches(text, terms).map((part, i) =>
        i % 2 ? (
          <mark key={i} className="search-mark">
            {part}
          </mark>
        ) : (
          part
        ),
      )}
    </>
  );
}

const searchHref = (params: Record<string, string | undefined>) => `/search${canonicalSearch(params)}`;

export function SearchPage({ data }: PageProps<{ results: QueryKey<SearchResults> }>) {
  const { search } = useLocation();
  const { navigate } = useRouter();
  const params = searchParams(search);
  const results = useQuery(data.results, { keepPrevious: true });
  const q = normalizeQuery(params.q);

  // The field follows the URL when the URL changes from elsewhere (a suggestion, Back), and keeps
  // what is being typed otherwise.
  const [value, setValue] = useState(params.q ?? '');
  const [seen, setSeen] = useState(q);
  if (q !== seen) {
    setSeen(q);
    if (normalizeQuery(value) !== q) setValue(q);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const go = (text: string, replace: boolean) => {
    clearTimeout(timer.current);
    const next = normalizeQuery(text);
    if (next === q && params.type === undefined) return;
    navigate(searchHref({ q: next }), { replace, scroll: false, focus: false });
  };
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    go(value, false);
  };
  const onInput = (text: string) => {
    setValue(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => go(text, true), SEARCH_DEBOUNCE_MS);
  };
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (name, text) => name === 'q' && onInput(text));

  if (results.status === 'pending') return <Spinner label="Searching" />;
  if (results.status === 'error') return isNotFound(results.error) ? <NotFoundPage /> : <PageError error={results.error} />;
  const r = results.data;

  return (
    <>
      <PageMeta
        title={r.q ? `Search: ${r.q}` : 'Search'}
        description="Search Halden Rowe Capital's site: portfolio companies, people, insights and research, press releases, news and pages."
        noindex
      />
      <PageHero eyebrow="Search" title="Search">
        <form ref={formRef} role="search" method="get" action={PATHS.search} className="search-form" onSubmit={onSubmit} aria-label="Site search">
          <label htmlFor={SEARCH_INPUT_ID} className="search-form__label">
            Search the site
          </label>
          <div className="search-form__row">
            <input
              id={SEARCH_INPUT_ID}
              className="search-form__input"
              type="search"
              name="q"
              value={value}
              onChange={(e) => onInput(e.target.value)}
              maxLength={SEARCH_MAX_QUERY}
              autoComplete="off"
              spellCheck={false}
              enterKeyHint="search"
              aria-describedby={RESULTS_COUNT_ID}
            />
            <button type="submit" className="button button--accent search-form__button">
              Search
            </button>
          </div>
        </form>
      </PageHero>
      <section id={RESULTS_ID} className="block search-results" aria-label="Search results" aria-busy={results.previous || undefined}>
        <div className="container">
          <SearchStatus r={r} />
          {r.type !== 'all' && (
            <Link href={searchHref({ q: r.q })} className="back-link search-results__back">
              <span aria-hidden="true">←</span> All results for “{r.q}”
            </Link>
          )}
          {r.groups.map((g) => (
            <section key={g.type} className="search-group" aria-labelledby={`search-group-${g.type}`}>
              <h2 id={`search-group-${g.type}`} className="search-group__heading">
                {g.label} <span className="search-group__count">{formatCount(g.count)}</span>
              </h2>
              <ol className="search-list">
                {g.hits.map((h) => (
                  <SearchHitItem key={h.href} hit={h} />
                ))}
              </ol>
              {r.type === 'all' && g.count > g.hits.length && (
                <Link href={searchHref({ q: r.q, type: g.type })} className="text-link search-group__more">
                  All {formatCount(g.count)} results in {g.label} <span aria-hidden="true">→</span>
                </Link>
              )}
            </section>
          ))}
          {r.type !== 'all' && <Pagination pathname={PATHS.search} filters={{ q: r.q, type: r.type }} page={r.page} pageCount={r.pageCount} label="Search result pages" />}
          {r.suggestions.length > 0 && (
            <div className="search-suggestions">
              <h2 className="section-label">{r.q ? 'Try Another Search' : 'Popular Searches'}</h2>
              <ul className="search-suggestions__list">
                {r.suggestions.map((s) => (
                  <li key={s}>
                    <Link href={searchHref({ q: s })} className="filter-button search-suggestions__link">
                      {s}
                    </Link>
                  </li>
                ))}
              </ul>
              {r.q && (
                <p className="search-suggestions__hint">
                  Check the spelling, use fewer words, or browse the <Link href={PATHS.portfolio}>portfolio</Link> and <Link href={PATHS.resources}>resources</Link>.
                </p>
              )}
            </div>
          )}
        </div>
      </section>
    </>
  );
}

/** What was found, said once and announced politely as it changes. */
function SearchStatus({ r }: { r: SearchResults }) {
  const label = SEARCH_TYPES.find((t) => t.value === r.type)?.label;
  let text: string;
  if (!r.q) text = 'Search portfolio companies, people, insights, press releases, news and pages.';
  else if (!r.total) text = `No results for “${r.q}”.`;
  else text = `${formatCount(r.total)} ${r.total === 1 ? 'result' : 'results'} for “${r.q}”${label ? ` in ${label}` : ''}.`;
  return (
    <p id={RESULTS_COUNT_ID} tabIndex={-1} role="status" className="search-status">
      {text}
      {r.pageCount > 1 && <span className="visually-hidden">{` Page ${r.page} of ${r.pageCount}.`}</span>}
    </p>
  );
}

function SearchHitItem({ hit }: { hit: SearchHit }) {
  return (
    <li className="search-hit">
      <p className="card__meta search-hit__meta">
        {hit.meta.split(' · ').map((m, i) => (
          <span key={m} className={i ? 'card__meta-plain' : undefined}>
            {m}
          </span>
        ))}
        {hit.date && <time dateTime={hit.date}>{formatDate(hit.date)}</time>}
      </p>
      <h3 className="search-hit__title">
        <Link href={hit.href} className="search-hit__link">
          <Highlight text={hit.title} terms={hit.terms} />
        </Link>
      </h3>
      <p className="search-hit__text">
        <Highlight text={hit.excerpt} terms={hit.terms} />
      </p>
    </li>
  );
}
