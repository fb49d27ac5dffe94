/** /press-releases: announcements, paged, with a year filter (distinct years, newest first). */
import { isNotFound, useQuery } from '../query.ts';
import { Q } from '../types.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { PageError } from '../components/PageError.tsx';
import { FilterBar, ResultCount } from '../components/FilterBar.tsx';
import { ArticleCard, placeName } from '../components/ArticleCard.tsx';
import { Pagination, RESULTS_ID } from '../components/Pagination.tsx';
import { useListing } from '../hooks/useListing.ts';
import { listingHref } from '../filters.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

export function PressReleasesPage() {
  const listing = useListing('press-releases');
  const site = useQuery(Q.site).data;
  if (listing.status === 'pending') return <Spinner label="Loading press releases" />;
  if (listing.status === 'error') return isNotFound(listing.error) ? <NotFoundPage /> : <PageError error={listing.error} />;
  const l = listing.data;
  return (
    <>
      <PageMeta title="Press Releases" description="Announcements from Halden Rowe Capital: fund closes, investments, realizations and firm news." />
      <PageHero
        eyebrow="Resources"
        title="Press Releases"
        lede="Fund closes, new investments, realizations and firm announcements from Halden Rowe Capital."
      >
        {site && (
          <p className="listing-hero__note">
            Media enquiries: <a href={`mailto:${site.contacts.press}`}>{site.contacts.press}</a>
          </p>
        )}
      </PageHero>
      <section id={RESULTS_ID} className="block listing" aria-label="Press releases" aria-busy={listing.previous || undefined}>
        <div className="container">
          <FilterBar
            label="Filter by year"
            name="year"
            selected={l.selected.year}
            options={l.options.year.map((y) => ({ value: y, href: listingHref('/press-releases', { year: y }) }))}
          />
          <ResultCount count={l.total} page={l.page} pageCount={l.pageCount} />
          <ul className="card-grid card-grid--3">
            {l.items.map((p) => (
              <ArticleCard key={p.id} href={p.link} image={p.image} label={placeName(p.location)} date={p.date} title={p.title} excerpt={p.excerpt} />
            ))}
          </ul>
          <Pagination pathname="/press-releases" filters={l.query} page={l.page} pageCount={l.pageCount} label="Press release pages" />
        </div>
      </section>
    </>
  );
}
