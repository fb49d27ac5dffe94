/** /research: the research library with a category filter and the investor-access note. */
import { useQuery } from '../query.ts';
import { useLocation } from '../router.tsx';
import { Q, type ResearchItem } from '../types.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { PageError } from '../components/PageError.tsx';
import { FilterBar, ResultCount } from '../components/FilterBar.tsx';
import { ArticleCard } from '../components/ArticleCard.tsx';
import { useOverlay } from '../components/overlay-context.tsx';
import { categoryOptions, filterItems, listingHref, selectOption } from '../filters.ts';

export function ResearchPage() {
  const research = useQuery<ResearchItem[]>(Q.research);
  const { search } = useLocation();
  const { setOverlay } = useOverlay();
  if (research.status === 'pending') return <Spinner label="Loading research" />;
  if (research.status === 'error') return <PageError error={research.error} />;
  const options = categoryOptions(research.data, 'category');
  const selected = selectOption(new URLSearchParams(search).get('category'), options);
  const items = filterItems(research.data, (r) => r.category, selected);
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
            <h2 id="research-access" className="section-label">Investor access</h2>
            <p>
              Summaries of our research are published here. Full reports, with the underlying data and portfolio
              perspectives, are available to current investors and select institutional partners through the
              investor portal.
            </p>
          </div>
          <button type="button" className="button button--primary listing-intro__button" onClick={() => setOverlay('login')}>
            Investor Login
          </button>
        </div>
      </section>
      <section className="block listing" aria-label="Research library">
        <div className="container">
          <FilterBar
            label="Filter by category"
            name="category"
            selected={selected}
            options={options.map((c) => ({ value: c, href: listingHref('/research', { category: c }) }))}
          />
          <ResultCount count={items.length} />
          <ul className="card-grid card-grid--3">
            {items.map((r) => (
              <ArticleCard key={r.id} href={`/research/${r.id}`} image={r.image} label={r.category} date={r.date} title={r.title} excerpt={r.excerpt} />
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
