/**
 * /privacy, /disclosures, /responsible-investment, /accessibility: long policy text from content/policies/<slug>.md
 * set for reading — a header with the last-updated date, a table of contents that stays in view
 * on wide screens, numbered sections with linkable headings, and a way back to the top.
 */
import { useQuery, type QueryKey } from '../query.ts';
import { useLocation } from '../router.tsx';
import type { PolicyPageData } from '../types.ts';
import type { PageProps } from '../routes.ts';
import { POLICY_PAGES } from '../nav-links.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { NotYet } from '../components/PageError.tsx';
import { Prose } from '../components/Prose.tsx';
import { NumberedSections, PolicyEnd, PolicyLayout, RelatedPolicies, TocList, Updated } from '../components/PolicyParts.tsx';

export function PolicyPage({ data }: PageProps<{ page: QueryKey<PolicyPageData> }>) {
  const slug = useLocation().pathname.slice(1);
  const page = useQuery(data.page);
  if (page.status !== 'success') return <NotYet state={page} loading="Loading page" />;
  const p = page.data;
  const updated = <Updated date={p.lastUpdated} />;
  const meta = POLICY_PAGES.find((x) => x.slug === slug);
  return (
    <article className={`policy policy--${slug}`}>
      <PageMeta title={p.title} description={p.description} />
      <PageHero eyebrow={meta?.eyebrow ?? 'Legal'} title={p.title}>
        <p className="policy-updated">Last updated {updated}</p>
      </PageHero>

      <PolicyLayout titleId="policy-toc-title" toc={<TocList items={p.body.sections} />}>
        <div className="policy-intro prose prose--large">
          <Prose blocks={p.body.intro} />
        </div>
        <NumberedSections sections={p.body.sections} level={2} />

        <PolicyEnd>
          This {slug === 'disclosures' ? 'page' : slug === 'privacy' || slug === 'fraud-notice' ? 'notice' : slug === 'accessibility' ? 'statement' : 'policy'} was last updated on {updated}.
        </PolicyEnd>

        <RelatedPolicies slug={slug} />
      </PolicyLayout>
    </article>
  );
}
