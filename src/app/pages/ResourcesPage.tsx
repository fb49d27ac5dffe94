/**
 * /resources: research, press releases and news in one list, newest first, with a content type
 * filter and a category filter that combine (both must match, seed §4). Press releases have no
 * category: they show while the category is 'All', and the category filter is hidden when only
 * press releases are selected (see filters.ts). Paged like the other listings: the server
 * filters, counts and slices (src/content/listings.ts); the page holds one page of results.
 */
import { useRef, type MouseEvent } from 'react';
import { isNotFound } from '../query.ts';
import { useRouter } from '../router.tsx';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { PageError } from '../components/PageError.tsx';
import { FilterBar, ResultCount } from '../components/FilterBar.tsx';
import { ArticleCard } from '../components/ArticleCard.tsx';
import { Pagination, RESULTS_ID } from '../components/Pagination.tsx';
import { useListing } from '../hooks/useListing.ts';
import { RESOURCE_KIND_LABEL, RESOURCE_TYPES, resourcesHref } from '../filters.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

export function ResourcesPage() {
  const listing = useListing('resources');
  const { navigate } = useRouter();
  const filtersRef = useRef<HTMLDivElement>(null);
  if (listing.status === 'pending') return <Spinner label="Loading resources" />;
  if (listing.status === 'error') return isNotFound(listing.error) ? <NotFoundPage /> : <PageError error={listing.error} />;

  const result = listing.data;
  const current = { type: result.selected.type, category: result.selected.category };
  const categories = result.options.category;
  const showCategories = categories.length > 1;

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
      <section id={RESULTS_ID} className="block listing" aria-label="All resources" aria-busy={listing.previous || undefined}>
        <div className="container">
          <div className="resources-filters" ref={filtersRef}>
            <FilterBar
              label="Filter by content type"
              name="type"
              selected={current.type}
              options={RESOURCE_TYPES.map((t) => ({ value: t.value, label: t.label, href: resourcesHref(result.categoriesByType, current, { type: t.value }) }))}
            />
            {showCategories && (
              <FilterBar
                label="Filter by category"
                name="category"
                selected={current.category}
                options={categories.map((c) => ({ value: c, href: resourcesHref(result.categoriesByType, current, { category: c }) }))}
              />
            )}
          </div>
          <ResultCount count={result.total} page={result.page} pageCount={result.pageCount} visible />
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
              <form method="get" action="/resources" role="none">
                <button type="submit" className="button button--outline" onClick={clearAll}>Clear all filters</button>
              </form>
            </div>
          )}
          <Pagination pathname="/resources" filters={result.query} page={result.page} pageCount={result.pageCount} label="Resource pages" />
        </div>
      </section>
    </>
  );
}
