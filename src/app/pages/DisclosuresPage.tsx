/**
 * /disclosures: the hub of the firm's regulatory disclosures — SFDR, the UK Stewardship Code,
 * Modern Slavery, whistleblowing, regulatory status by office, Form ADV and Form CRS — each a
 * section with its own anchor (/disclosures#sfdr), its own last-updated date and the documents and
 * registers it points to (content/disclosures); then the terms of use and legal information (the
 * policy content/policies/disclosures.md, dated as a whole). Laid out like the policy pages.
 */
import { useQuery, type QueryKey } from '../query.ts';
import { Link } from '../router.tsx';
import type { DisclosureSection, PolicyPageData } from '../types.ts';
import type { PageProps } from '../routes.ts';
import { href } from '../paths.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Loaded } from '../components/Loaded.tsx';
import { Prose } from '../components/Prose.tsx';
import { NumberedSections, PolicyEnd, PolicyLayout, RelatedPolicies, TocList, Updated } from '../components/PolicyParts.tsx';

const LEGAL_ID = 'legal-information';

export function DisclosuresPage({ data }: PageProps<{ page: QueryKey<PolicyPageData>; sections: QueryKey<DisclosureSection[]> }>) {
  const page = useQuery(data.page);
  const sections = useQuery(data.sections);
  return (
    <Loaded state={page} also={[sections]} loading="Loading disclosures">
      {(p) => <Disclosures p={p} hub={sections.data ?? []} />}
    </Loaded>
  );
}

function Disclosures({ p, hub }: { p: PolicyPageData; hub: DisclosureSection[] }) {
  const newest = [p.lastUpdated, ...hub.map((d) => d.lastUpdated)].sort().at(-1)!;
  return (
    <article className="policy policy--disclosures">
      <PageMeta title={p.title} description={p.description} />
      <PageHero eyebrow="Legal" title={p.title}>
        <p className="policy-updated">
          Last updated <Updated date={newest} />
        </p>
      </PageHero>

      <PolicyLayout
        toc={
          <>
            <p className="policy-toc__group">Regulatory Disclosures</p>
            <TocList items={hub.map((d) => ({ id: d.id, heading: d.title }))} />
            <p className="policy-toc__group">
              <a href={`#${LEGAL_ID}`} className="policy-toc__link">
                Terms of Use and Legal Information
              </a>
            </p>
            <TocList items={p.body.sections} />
          </>
        }
      >
        <div className="policy-intro prose prose--large">
          <p>
            Our statements under the rules that apply to us in the United States, the United Kingdom, the European Union and Singapore, each dated when it last changed, followed by the terms on which
            this website is provided.
          </p>
        </div>
        {hub.map((d) => (
          <section key={d.id} className="policy-section disclosure prose" aria-labelledby={d.id}>
            <h2 id={d.id} className="policy-section__heading">
              {d.title}
            </h2>
            <p className="disclosure__updated">
              Last updated <Updated date={d.lastUpdated} />
            </p>
            <Prose blocks={d.body.intro} listClass="policy-section__list" />
            {d.body.sections.map((s) => (
              <section key={s.id} aria-labelledby={`${d.id}-${s.id}`}>
                <h3 id={`${d.id}-${s.id}`} className="disclosure__subheading">
                  {s.heading}
                </h3>
                <Prose blocks={s.blocks} listClass="policy-section__list" />
              </section>
            ))}
            {d.links.length > 0 && (
              <ul className="disclosure__links">
                {d.links.map((l) => (
                  <li key={l.href}>
                    {l.href.startsWith('/') && !l.href.endsWith('.pdf') ? (
                      <Link href={l.href}>{l.label}</Link>
                    ) : (
                      <a href={l.href} {...(l.href.startsWith('https:') ? { rel: 'noopener' } : {})}>
                        {l.label}
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}

        <section className="disclosures-legal" aria-labelledby={LEGAL_ID}>
          <h2 id={LEGAL_ID} className="disclosures-legal__heading">
            Terms of Use and Legal Information
          </h2>
          <p className="disclosure__updated">
            Last updated <Updated date={p.lastUpdated} />
          </p>
          <div className="policy-intro prose">
            <Prose blocks={p.body.intro} />
          </div>
          <NumberedSections sections={p.body.sections} level={3} />
        </section>

        <PolicyEnd>
          This page was last updated on <Updated date={newest} />.
        </PolicyEnd>

        <RelatedPolicies
          slug="disclosures"
          first={
            <li>
              <Link href={href('documents')} className="policy-related__link">
                Documents
              </Link>
            </li>
          }
        />
      </PolicyLayout>
    </article>
  );
}
