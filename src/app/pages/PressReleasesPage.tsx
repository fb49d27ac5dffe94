/** /press-releases: announcements with a year filter (distinct years, newest first). */
import { useQuery } from '../query.ts';
import { useLocation } from '../router.tsx';
import { Q, type PressRelease, type SiteInfo } from '../types.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { PageError } from '../components/PageError.tsx';
import { FilterBar, ResultCount } from '../components/FilterBar.tsx';
import { ArticleCard, placeName } from '../components/ArticleCard.tsx';
import { filterItems, itemYear, listingHref, selectOption, yearOptions } from '../filters.ts';

export function PressReleasesPage() {
  const press = useQuery<PressRelease[]>(Q.pressReleases);
  const site = useQuery<SiteInfo>(Q.site).data;
  const { search } = useLocation();
  if (press.status === 'pending') return <Spinner label="Loading press releases" />;
  if (press.status === 'error') return <PageError error={press.error} />;
  const options = yearOptions(press.data);
  const selected = selectOption(new URLSearchParams(search).get('year'), options);
  const items = filterItems(press.data, itemYear, selected);
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
      <section className="block listing" aria-label="Press releases">
        <div className="container">
          <FilterBar
            label="Filter by year"
            name="year"
            selected={selected}
            options={options.map((y) => ({ value: y, href: listingHref('/press-releases', { year: y }) }))}
          />
          <ResultCount count={items.length} />
          <ul className="card-grid card-grid--3">
            {items.map((p) => (
              <ArticleCard key={p.id} href={`/press-release/${p.id}`} image={p.image} label={placeName(p.location)} date={p.date} title={p.title} excerpt={p.excerpt} />
            ))}
          </ul>
        </div>
      </section>
    </>
  );
}
