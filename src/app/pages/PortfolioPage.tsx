/**
 * /portfolio: a selection of the firm's portfolio companies, filtered by strategy, sector, region
 * and status (they combine; each option shows how many companies it would leave), paged like the
 * other listings. The firm's "150+" stays a claim about the firm: the page says it shows a selection.
 */
import { useQuery } from '../query.ts';
import { Q } from '../types.ts';
import { CompanyCard } from '../components/CompanyCard.tsx';
import { FilteredListing } from '../components/FilteredListing.tsx';
import { ALL } from '../filters.ts';
import { FOUNDED_YEAR } from '../constants.ts';
import { PORTFOLIO_FACETS, PORTFOLIO_FILTERS } from '../portfolio.ts';
import type { PageProps } from '../routes.ts';
import type { ListingKeys } from '../listing.ts';

const FILTER_LABELS: Record<(typeof PORTFOLIO_FILTERS)[number], string> = {
  strategy: 'Filter by strategy',
  sector: 'Filter by sector',
  region: 'Filter by region',
  status: 'Filter by status',
};
const COMPANY: [string, string] = ['company', 'companies'];

export function PortfolioPage({ data }: PageProps<ListingKeys<'portfolio'>>) {
  const site = useQuery(Q.site);
  const backed = site.data?.portfolioCompanies ?? '150+';
  return (
    <FilteredListing
      name="portfolio"
      listing={data.listing}
      loading="Loading portfolio"
      title="Portfolio"
      description={`A selection of the ${backed} companies Halden Rowe Capital has backed since ${FOUNDED_YEAR}, by strategy, sector, region and status.`}
      eyebrow="Portfolio"
      lede={`Since ${FOUNDED_YEAR} we have backed ${backed} companies. Here is a selection of current and realized investments across our four strategies, with the story of each partnership.`}
      label="Portfolio companies"
      filtersClass="resources-filters portfolio-filters"
      facets={{ labels: FILTER_LABELS, noun: COMPANY, options: (f) => [{ value: ALL, label: 'All' }, ...PORTFOLIO_FACETS[f]] }}
      items={(l) => l.items.map((c) => <CompanyCard key={c.id} company={c} />)}
      gridClass="card-grid card-grid--3 company-grid"
      empty="No companies match all of these filters."
      pagesLabel="Portfolio pages"
      footer={
        <p className="portfolio-note">
          A selection of current and realized investments by funds managed by Halden Rowe Capital. It is not a complete list, and past performance is no guarantee of future results.
        </p>
      }
    />
  );
}
