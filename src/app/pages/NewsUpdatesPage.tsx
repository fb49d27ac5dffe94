/** /news-updates: firm and portfolio news, paged, with a category filter (the item's type). */
import { isNotFound } from '../query.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { PageError } from '../components/PageError.tsx';
import { FilterBar, ResultCount } from '../components/FilterBar.tsx';
import { ArticleCard } from '../components/ArticleCard.tsx';
import { Pagination, RESULTS_ID } from '../components/Pagination.tsx';
import { useListing } from '../hooks/useListing.ts';
import { listingHref } from '../filters.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

export function NewsUpdatesPage() {
  const listing = useListing('news');
  if (listing.status === 'pending') return <Spinner label="Loading news" />;
  if (listing.status === 'error') return isNotFound(listing.error) ? <NotFoundPage /> : <PageError error={listing.error} />;
  const l = listing.data;
  return (
    <>
      <PageMeta title="News & Updates" description="News from Halden Rowe Capital and its portfolio companies: awards, events, team announcements and market insight." />
      <PageHero
        eyebrow="Resources"
        title="News & Updates"
        lede="Recognition, events, portfolio milestones and team news from across Halden Rowe Capital and the companies we back."
      />
      <section id={RESULTS_ID} className="block listing" aria-label="News" aria-busy={listing.previous || undefined}>
        <div className="container">
          <FilterBar
            label="Filter by category"
            name="category"
            selected={l.selected.category}
            options={l.options.category.map((c) => ({ value: c, href: listingHref('/news-updates', { category: c }) }))}
          />
          <ResultCount count={l.total} page={l.page} pageCount={l.pageCount} />
          <ul className="card-grid card-grid--3">
            {l.items.map((n) => (
              <ArticleCard key={n.id} href={n.link} image={n.image} label={n.type} date={n.date} title={n.title} excerpt={n.excerpt} />
            ))}
          </ul>
          <Pagination pathname="/news-updates" filters={l.query} page={l.page} pageCount={l.pageCount} label="News pages" />
        </div>
      </section>
    </>
  );
}
