/**
 * /portfolio: a selection of the firm's portfolio companies, filtered by strategy, sector, region
 * and status (they combine; each option shows how many companies it would leave), paged like the
 * other listings. The firm's "150+" stays a claim about the firm: the page says it shows a selection.
 */
import { useRef, type MouseEvent } from 'react';
import { isNotFound, useQuery } from '../query.ts';
import { useRouter } from '../router.tsx';
import { Q } from '../types.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { PageError } from '../components/PageError.tsx';
import { FilterBar, ResultCount } from '../components/FilterBar.tsx';
import { CompanyCard } from '../components/CompanyCard.tsx';
import { Pagination, RESULTS_ID } from '../components/Pagination.tsx';
import { useListing } from '../hooks/useListing.ts';
import { ALL, listingHref } from '../filters.ts';
import { PORTFOLIO_FACETS, PORTFOLIO_FILTERS } from '../portfolio.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

const FILTER_LABELS: Record<(typeof PORTFOLIO_FILTERS)[number], string> = {
  strategy: 'Filter by strategy',
  sector: 'Filter by sector',
  region: 'Filter by region',
  status: 'Filter by status',
};
const COMPANY: [string, string] = ['company', 'companies'];

export function PortfolioPage() {
  const listing = useListing('portfolio');
  const site = useQuery(Q.site);
  const { navigate } = useRouter();
  const filtersRef = useRef<HTMLDivElement>(null);
  if (listing.status === 'pending') return <Spinner label="Loading portfolio" />;
  if (listing.status === 'error') return isNotFound(listing.error) ? <NotFoundPage /> : <PageError error={listing.error} />;
  const l = listing.data;
  const backed = site.data?.portfolioCompanies ?? '150+';

  const clearAll = (e: MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    navigate('/portfolio', { replace: true, scroll: false });
    requestAnimationFrame(() => filtersRef.current?.querySelector('button')?.focus({ preventScroll: true }));
  };

  return (
    <>
      <PageMeta title="Portfolio" description={`A selection of the ${backed} companies Halden Rowe Capital has backed since 1999, by strategy, sector, region and status.`} />
      <PageHero
        eyebrow="Portfolio"
        title="Portfolio"
        lede={`Since 1999 we have backed ${backed} companies. Here is a selection of current and realized investments across our four strategies, with the story of each partnership.`}
      />
      <section id={RESULTS_ID} className="block listing" aria-label="Portfolio companies" aria-busy={listing.previous || undefined}>
        <div className="container">
          <div className="resources-filters portfolio-filters" ref={filtersRef}>
            {PORTFOLIO_FILTERS.map((f) => (
              <FilterBar
                key={f}
                label={FILTER_LABELS[f]}
                name={f}
                selected={l.selected[f]}
                options={[{ value: ALL, label: 'All' }, ...PORTFOLIO_FACETS[f]].map((o) => ({
                  value: o.value,
                  label: o.label,
                  href: listingHref('/portfolio', { ...l.selected, page: undefined, [f]: o.value }),
                  count: { n: l.counts[f][o.value] ?? 0, noun: COMPANY },
                }))}
              />
            ))}
          </div>
          <ResultCount count={l.total} page={l.page} pageCount={l.pageCount} visible />
          {l.items.length > 0 ? (
            <ul className="card-grid card-grid--3 company-grid">
              {l.items.map((c) => <CompanyCard key={c.id} company={c} />)}
            </ul>
          ) : (
            <div className="resources-empty">
              <p className="resources-empty__text">No companies match all of these filters.</p>
              <form method="get" action="/portfolio" role="none">
                <button type="submit" className="button button--outline" onClick={clearAll}>Clear all filters</button>
              </form>
            </div>
          )}
          <Pagination pathname="/portfolio" filters={l.query} page={l.page} pageCount={l.pageCount} label="Portfolio pages" />
          <p className="portfolio-note">
            A selection of current and realized investments by funds managed by Halden Rowe Capital. It is not a complete
            list, and past performance is no guarantee of future results.
          </p>
        </div>
      </section>
    </>
  );
}
