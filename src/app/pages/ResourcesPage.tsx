/**
 * /resources: research, press releases and news in one list, newest first, with a content type
 * filter and a category filter that combine (both must match, seed §4). Press releases have no
 * category: they show while the category is 'All', and the category filter is hidden when only
 * press releases are selected (see filters.ts). Paged like the other listings: the server
 * filters, counts and slices (src/content/listings.ts); the page holds one page of results.
 */
import { FilterBar } from '../components/FilterBar.tsx';
import { ArticleCard } from '../components/ArticleCard.tsx';
import { FilteredListing } from '../components/FilteredListing.tsx';
import { RESOURCE_KIND_LABEL, RESOURCE_TYPES, resourcesHref } from '../filters.ts';
import type { PageProps } from '../routes.ts';
import type { ListingKeys } from '../listing.ts';

export function ResourcesPage({ data }: PageProps<ListingKeys<'resources'>>) {
  return (
    <FilteredListing
      name="resources"
      listing={data.listing}
      loading="Loading resources"
      title="Resources"
      description="Research, press releases and news from Halden Rowe Capital in one place, filtered by content type and category."
      eyebrow="Resources"
      lede="Our research, press releases and news in one place. Narrow the list by content type and category."
      label="All resources"
      filtersClass="resources-filters"
      filters={(result) => {
        const current = { type: result.selected.type, category: result.selected.category };
        const categories = result.options.category;
        return (
          <>
            <FilterBar
              label="Filter by content type"
              name="type"
              selected={current.type}
              options={RESOURCE_TYPES.map((t) => ({ value: t.value, label: t.label, href: resourcesHref(current, { type: t.value }) }))}
            />
            {categories.length > 1 && (
              <FilterBar label="Filter by category" name="category" selected={current.category} options={categories.map((c) => ({ value: c, href: resourcesHref(current, { category: c }) }))} />
            )}
          </>
        );
      }}
      items={(result) =>
        result.items.map((r) => (
          <ArticleCard
            key={`${r.kind}/${r.id}`}
            href={r.href}
            image={r.image}
            label={r.category ? `${RESOURCE_KIND_LABEL[r.kind]} · ${r.category}` : RESOURCE_KIND_LABEL[r.kind]}
            date={r.date}
            title={r.title}
            excerpt={r.excerpt}
          />
        ))
      }
      empty="No resources found matching your filters."
      pagesLabel="Resource pages"
    />
  );
}
