/** /research: the research library, paged, with a category filter and the investor-access note. */
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { FilterBar } from '../components/FilterBar.tsx';
import { ArticleCard } from '../components/ArticleCard.tsx';
import { FilteredListing } from '../components/FilteredListing.tsx';
import { InvestorLoginButton } from '../components/LoginOverlay.tsx';
import { listingHref } from '../filters.ts';
import { PATHS } from '../paths.ts';

export function ResearchPage() {
  return (
    <FilteredListing
      name="research"
      loading="Loading research"
      head={[
        <PageMeta key="meta" title="Insights and Research" description="Market commentary, sector analysis and thematic research from the investment team of Halden Rowe Capital." />,
        <PageHero
          key="hero"
          eyebrow="Insights"
          title="Insights and Research"
          lede="What our investment team is seeing across the middle market: commentary on capital markets, analysis of the sectors we invest in, and the long-term themes behind our theses."
        />,
        <section key="intro" className="block listing-intro" aria-labelledby="research-access">
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
        </section>,
      ]}
      label="Research library"
      filters={(l) => (
        <FilterBar
          label="Filter by category"
          name="category"
          selected={l.selected.category}
          options={l.options.category.map((c) => ({ value: c, href: listingHref(PATHS.research, { category: c }) }))}
        />
      )}
      items={(l) => l.items.map((r) => (
        <ArticleCard key={r.id} href={r.link} image={r.image} label={r.category} date={r.date} title={r.title} excerpt={r.excerpt} />
      ))}
      pagesLabel="Research pages"
    />
  );
}
