/**
 * /resources: research, press releases and news in one list, newest first, with a content type
 * filter and a category filter that combine (both must match, seed §4). Press releases have no
 * category: they show while the category is 'All', and the category filter is hidden when only
 * press releases are selected (see filters.ts).
 */
import { useRef, type MouseEvent } from 'react';
import { useQuery } from '../query.ts';
import { useLocation, useRouter } from '../router.tsx';
import { Q, type NewsItem, type PressRelease, type ResearchItem } from '../types.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { PageError } from '../components/PageError.tsx';
import { FilterBar, ResultCount } from '../components/FilterBar.tsx';
import { ArticleCard } from '../components/ArticleCard.tsx';
import { RESOURCE_KIND_LABEL, RESOURCE_TYPES, resourcesHref, resourcesResults, toResources } from '../filters.ts';

export function ResourcesPage() {
  const research = useQuery<ResearchItem[]>(Q.research);
  const press = useQuery<PressRelease[]>(Q.pressReleases);
  const news = useQuery<NewsItem[]>(Q.news);
  const { search } = useLocation();
  const { navigate } = useRouter();
  const filtersRef = useRef<HTMLDivElement>(null);
  for (const q of [research, press, news]) if (q.status === 'error') return <PageError error={q.error} />;
  if (research.status !== 'success' || press.status !== 'success' || news.status !== 'success') return <Spinner label="Loading resources" />;

  const resources = toResources(research.data, press.data, news.data);
  const params = new URLSearchParams(search);
  const result = resourcesResults(resources, { type: params.get('type'), category: params.get('category') });
  const current = { type: result.type, category: result.category };
  const showCategories = result.categories.length > 1;

  const clearAll = (e: MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    navigate('/resources', { replace: true, scroll: false });
    // The empty state (and this button) goes away: continue from the first filter.
    requestAnimationFrame(() => filtersRef.current?.querySelector('button')?.focus({ preventScroll: true }));
  };

  return (
    <>
      <PageMeta title="Resources" description="Research, press releases and news from Halden Rowe Capital in one place, filtered by content type and category." />
      <PageHero
        eyebrow="Resources"
        title="Resources"
        lede="Our research, press releases and news in one place. Narrow the list by content type and category."
      />
      <section className="block listing" aria-label="All resources">
        <div className="container">
          <div className="resources-filters" ref={filtersRef}>
            <FilterBar
              label="Filter by content type"
              name="type"
              selected={result.type}
              options={RESOURCE_TYPES.map((t) => ({ value: t.value, label: t.label, href: resourcesHref(resources, current, { type: t.value }) }))}
            />
            {showCategories && (
              <FilterBar
                label="Filter by category"
                name="category"
                selected={result.category}
                options={result.categories.map((c) => ({ value: c, href: resourcesHref(resources, current, { category: c }) }))}
              />
            )}
          </div>
          <ResultCount count={result.items.length} visible />
          {result.items.length > 0 ? (
            <ul className="card-grid card-grid--3">
              {result.items.map((r) => (
                <ArticleCard
                  key={`${r.kind}/${r.id}`}
                  href={r.href}
                  image={r.image}
                  label={r.category ? `${RESOURCE_KIND_LABEL[r.kind]} · ${r.category}` : RESOURCE_KIND_LABEL[r.kind]}
                  date={r.date}
                  title={r.title}
                  excerpt={r.excerpt}
                />
              ))}
            </ul>
          ) : (
            <div className="resources-empty">
              <p className="resources-empty__text">No resources found matching your filters.</p>
              {/* Without JavaScript the form simply loads /resources with no filters. */}
              <form method="get" action="/resources">
                <button type="submit" className="button button--outline" onClick={clearAll}>Clear all filters</button>
              </form>
            </div>
          )}
        </div>
      </section>
    </>
  );
}
