/**
 * /press-releases: announcements, paged, with a year filter (distinct years, newest first, on one
 * row) — listed as dated rows (date, dateline, title, excerpt, a small image): an archive is read
 * by date, not by picture.
 */
import { useQuery } from '../query.ts';
import { Q } from '../types.ts';
import { ArticleCard, placeName } from '../components/ArticleCard.tsx';
import { FilteredListing } from '../components/FilteredListing.tsx';
import { AlertsNote } from '../components/AlertsNote.tsx';
import type { PageProps } from '../routes.ts';
import type { ListingKeys } from '../listing.ts';
import { SECTION_NAMES } from '../constants.ts';

export function PressReleasesPage({ data }: PageProps<ListingKeys<'press-releases'>>) {
  const site = useQuery(Q.site).data;
  return (
    <FilteredListing
      name="press-releases"
      listing={data.listing}
      loading="Loading press releases"
      title={SECTION_NAMES.pressReleases}
      description="Announcements from Halden Rowe Capital: fund closes, investments, realizations and firm news."
      eyebrow="Resources"
      lede="Fund closes, new investments, realizations and firm announcements from Halden Rowe Capital."
      heroNote={
        <>
          {site && (
            <p className="listing-hero__note">
              Media enquiries: <a href={`mailto:${site.contacts.press}`}>{site.contacts.press}</a>
            </p>
          )}
          <AlertsNote what="press releases" />
        </>
      }
      label="Press releases"
      filter={{ label: 'Filter by year', param: 'year', oneRow: true }}
      gridClass="article-rows"
      items={(l) => l.items.map((p) => <ArticleCard key={p.id} href={p.link} image={p.image} label={placeName(p.location)} date={p.date} title={p.title} excerpt={p.excerpt} />)}
      pagesLabel="Press release pages"
    />
  );
}
