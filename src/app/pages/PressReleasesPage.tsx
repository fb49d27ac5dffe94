/** /press-releases: announcements, paged, with a year filter (distinct years, newest first). */
import { useQuery } from '../query.ts';
import { Q } from '../types.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { FilterBar } from '../components/FilterBar.tsx';
import { ArticleCard, placeName } from '../components/ArticleCard.tsx';
import { FilteredListing } from '../components/FilteredListing.tsx';
import { listingHref } from '../filters.ts';
import { PATHS } from '../paths.ts';

export function PressReleasesPage() {
  const site = useQuery(Q.site).data;
  return (
    <FilteredListing
      name="press-releases"
      loading="Loading press releases"
      head={[
        <PageMeta key="meta" title="Press Releases" description="Announcements from Halden Rowe Capital: fund closes, investments, realizations and firm news." />,
        <PageHero
          key="hero"
          eyebrow="Resources"
          title="Press Releases"
          lede="Fund closes, new investments, realizations and firm announcements from Halden Rowe Capital."
        >
          {site && (
            <p className="listing-hero__note">
              Media enquiries: <a href={`mailto:${site.contacts.press}`}>{site.contacts.press}</a>
            </p>
          )}
        </PageHero>,
      ]}
      label="Press releases"
      filters={(l) => (
        <FilterBar
          label="Filter by year"
          name="year"
          selected={l.selected.year}
          options={l.options.year.map((y) => ({ value: y, href: listingHref(PATHS.pressReleases, { year: y }) }))}
        />
      )}
      items={(l) => l.items.map((p) => (
        <ArticleCard key={p.id} href={p.link} image={p.image} label={placeName(p.location)} date={p.date} title={p.title} excerpt={p.excerpt} />
      ))}
      pagesLabel="Press release pages"
    />
  );
}
