/** /research: the research library, paged, with a category filter and the investor-access note. */
import { ArticleCard } from '../components/ArticleCard.tsx';
import { FilteredListing } from '../components/FilteredListing.tsx';
import { InvestorLoginButton } from '../components/LoginOverlay.tsx';
import { AlertsNote } from '../components/AlertsNote.tsx';
import { Block } from '../components/Block.tsx';
import type { PageProps } from '../routes.ts';
import type { ListingKeys } from '../listing.ts';
import { SECTION_NAMES } from '../constants.ts';

export function ResearchPage({ data }: PageProps<ListingKeys<'research'>>) {
  return (
    <FilteredListing
      name="research"
      listing={data.listing}
      loading="Loading research"
      title={SECTION_NAMES.research}
      description="Market commentary, sector analysis and thematic research from the investment team of Halden Rowe Capital."
      eyebrow="Insights"
      lede="What our investment team is seeing across the middle market: commentary on capital markets, analysis of the sectors we invest in, and the long-term themes behind our theses."
      heroNote={<AlertsNote what="research" />}
      intro={
        <Block
          id="research-access"
          heading="Investor Access"
          className="listing-intro"
          inner="listing-intro__inner"
          headingClass="section-label"
          head="listing-intro__text"
          aside={
            <p>
              Summaries of our research are published here. Full reports, with the underlying data and portfolio perspectives, are available to current investors and select institutional partners
              through the investor portal.
            </p>
          }
        >
          <InvestorLoginButton className="button button--primary listing-intro__button">Investor Login</InvestorLoginButton>
        </Block>
      }
      label="Research library"
      filter={{ label: 'Filter by category', param: 'category' }}
      items={(l) => l.items.map((r) => <ArticleCard key={r.id} href={r.link} image={r.image} label={r.category} date={r.date} title={r.title} excerpt={r.excerpt} />)}
      pagesLabel="Research pages"
    />
  );
}
