/** /news-updates: firm and portfolio news, paged, with a category filter (the item's type), listed as dated rows like the press releases. */
import { ArticleCard } from '../components/ArticleCard.tsx';
import { FilteredListing } from '../components/FilteredListing.tsx';
import { AlertsNote } from '../components/AlertsNote.tsx';
import type { PageProps } from '../routes.ts';
import type { ListingKeys } from '../listing.ts';
import { SECTION_NAMES } from '../constants.ts';

export function NewsUpdatesPage({ data }: PageProps<ListingKeys<'news'>>) {
  return (
    <FilteredListing
      name="news"
      listing={data.listing}
      loading="Loading news"
      title={SECTION_NAMES.news}
      description="News from Halden Rowe Capital and its portfolio companies: awards, events, team announcements and market insight."
      eyebrow="Resources"
      lede="Recognition, events, portfolio milestones and team news from across Halden Rowe Capital and the companies we back."
      heroNote={<AlertsNote what="news" />}
      label="News"
      filter={{ label: 'Filter by category', param: 'category' }}
      items={(l) => l.items.map((n) => <ArticleCard key={n.id} href={n.link} image={n.image} label={n.type} date={n.date} title={n.title} excerpt={n.excerpt} />)}
      gridClass="article-rows"
      pagesLabel="News pages"
    />
  );
}
