/** /news-updates: firm and portfolio news with a category filter (the item's type). */
import { useQuery } from '../query.ts';
import { useLocation } from '../router.tsx';
import { Q, type NewsItem } from '../types.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { PageError } from '../components/PageError.tsx';
import { FilterBar, ResultCount } from '../components/FilterBar.tsx';
import { ArticleCard } from '../components/ArticleCard.tsx';
import { categoryOptions, filterItems, listingHref, selectOption } from '../filters.ts';

export function NewsUpdatesPage() {
  const news = useQuery<NewsItem[]>(Q.news);
  const { search } = useLocation();
  if (news.status === 'pending') return <Spinner label="Loading news" />;
  if (news.status === 'error') return <PageError error={news.error} />;
  const options = categoryOptions(news.data, 'type');
  const params = new URLSearchParams(search);
  // ?category= is what the buttons send; ?type= (the item field's name) is accepted too.
  const selected = selectOption(params.get('category') ?? params.get('type'), options);
  const items = filterItems(news.data, (n) => n.type, selected);
  return (
    <>
      <PageMeta title="News & Updates" description="News from Halden Rowe Capital and its portfolio companies: awards, events, team announcements and market insight." />
      <PageHero
        eyebrow="Resources"
        title="News & Updates"
        lede="Recognition, events, portfolio milestones and team news from across Halden Rowe Capital and the companies we back."
      />
      <section className="block listing" aria-label="News">
        <div className="container">
          <FilterBar
            label="Filter by category"
            name="category"
            selected={selected}
            options={options.map((c) => ({ value: c, href: listingHref('/news-updates', { category: c }) }))}
          />
          <ResultCount count={items.length} />
          <ul className="card-grid card-grid--3">
            {items.map((n) => (
              <ArticleCard key={n.id} href={`/news/${n.id}`} image={n.image} label={n.type} date={n.date} title={n.title} excerpt={n.excerpt} />
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
