/** /news-updates: firm and portfolio news, paged, with a category filter (the item's type). */
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { FilterBar } from '../components/FilterBar.tsx';
import { ArticleCard } from '../components/ArticleCard.tsx';
import { FilteredListing } from '../components/FilteredListing.tsx';
import { listingHref } from '../filters.ts';
import { PATHS } from '../paths.ts';

export function NewsUpdatesPage() {
  return (
    <FilteredListing
      name="news"
      loading="Loading news"
      head={[
        <PageMeta key="meta" title="News & Updates" description="News from Halden Rowe Capital and its portfolio companies: awards, events, team announcements and market insight." />,
        <PageHero
          key="hero"
          eyebrow="Resources"
          title="News & Updates"
          lede="Recognition, events, portfolio milestones and team news from across Halden Rowe Capital and the companies we back."
        />,
      ]}
      label="News"
      filters={(l) => (
        <FilterBar
          label="Filter by category"
          name="category"
          selected={l.selected.category}
          options={l.options.category.map((c) => ({ value: c, href: listingHref(PATHS.news, { category: c }) }))}
        />
      )}
      items={(l) => l.items.map((n) => (
        <ArticleCard key={n.id} href={n.link} image={n.image} label={n.type} date={n.date} title={n.title} excerpt={n.excerpt} />
      ))}
      pagesLabel="News pages"
    />
  );
}
