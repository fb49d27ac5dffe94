/** /research: the research library, paged, with a category filter and the investor-access note. */
import { isNotFound } from '../query.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { PageError } from '../components/PageError.tsx';
import { FilterBar, ResultCount } from '../components/FilterBar.tsx';
import { ArticleCard } from '../components/ArticleCard.tsx';
import { Pagination, RESULTS_ID } from '../components/Pagination.tsx';
import { InvestorLoginButton } from '../components/LoginOverlay.tsx';
import { useListing } from '../hooks/useListing.ts';
import { listingHref } from '../filters.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

export function ResearchPage() {
  const listing = useListing('research');
  if (listing.status === 'pending') return <Spinner label="Loading research" />;
  if (listing.status === 'error') return isNotFound(listing.error) ? <NotFoundPage /> : <PageError error={listing.error} />;
  const l = listing.data;
  return (
    <>
      <PageMeta title="Insights and Research" description="Market commentary, sector analysis and thematic research from the investment team of Halden Rowe Capital." />
      <PageHero
        eyebrow="Insights"
        title="Insights and Research"
        lede="What our investment team is seeing across the middle market: commentary on capital markets, analysis of the sectors we invest in, and the long-term themes behind our theses."
      />
      <section className="block listing-intro" aria-labelledby="research-access">
        <div className="container listing-intro__inner">
          <div className="listing-intro__text">
            <h2 id="research-access" className="section-label">Investor Access</h2>
            <p>
              Summaries of our research are published here. Full reports, with the underlying data and portfolio
              perspectives, are available to current investors and select institutional partners through the
              investor portal.
            </p>
          </div>
          <InvestorLoginButton className="button button--primary listing-intro__button">
            Investor Login
          </InvestorLoginButton>
        </div>
      </section>
      <section id={RESULTS_ID} className="block listing" aria-label="Research library" aria-busy={listing.previous || undefined}>
        <div className="container">
          <FilterBar
            label="Filter by category"
            name="category"
            selected={l.selected.category}
            options={l.options.category.map((c) => ({ value: c, href: listingHref('/research', { category: c }) }))}
          />
          <ResultCount count={l.total} page={l.page} pageCount={l.pageCount} />
          <ul className="card-grid card-grid--3">
            {l.items.map((r) => (
              <ArticleCard key={r.id} href={r.link} image={r.image} label={r.category} date={r.date} title={r.title} excerpt={r.excerpt} />
            ))}
          </ul>
          <Pagination pathname="/research" filters={l.query} page={l.page} pageCount={l.pageCount} label="Research pages" />
        </div>
      </section>
    </>
  );
}
