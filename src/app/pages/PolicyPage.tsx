/**
 * /privacy, /disclosures, /responsible-investment, /accessibility: long policy text from content/policies/<slug>.md
 * set for reading — a header with the last-updated date, a table of contents that stays in view
 * on wide screens, numbered sections with linkable headings, and a way back to the top.
 */
import { useQuery, type QueryKey } from '../query.ts';
import { Link, useLocation } from '../router.tsx';
import type { PolicyPageData } from '../types.ts';
import type { PageProps } from '../routes.ts';
import { href } from '../paths.ts';
import { POLICY_PAGES } from '../nav-links.ts';
import { formatDate } from '../format.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { Spinner } from '../components/Spinner.tsx';
import { PageError } from '../components/PageError.tsx';
import { Prose } from '../components/Prose.tsx';

export function PolicyPage({ data }: PageProps<{ page: QueryKey<PolicyPageData> }>) {
  const slug = useLocation().pathname.slice(1);
  const page = useQuery(data.page);
  if (page.status === 'pending') return <Spinner label="Loading page" />;
  if (page.status === 'error') return <PageError error={page.error} />;
  const p = page.data;
  const updated = <time dateTime={p.lastUpdated}>{formatDate(p.lastUpdated)}</time>;
  const meta = POLICY_PAGES.find((x) => x.slug === slug);
  const others = [...POLICY_PAGES.filter((x) => x.slug !== slug).map((x) => ({ href: href('page', { slug: x.slug }), label: x.label })), { href: href('cookieSettings'), label: 'Cookie Settings' }];
  return (
    <article className={`policy policy--${slug}`}>
      <PageMeta title={p.title} description={p.description} />
      <PageHero eyebrow={meta?.eyebrow ?? 'Legal'} title={p.title}>
        <p className="policy-updated">Last updated {updated}</p>
      </PageHero>

      <div className="container policy-layout">
        {/* Not an <aside>: the navigation inside is the landmark (a complementary one around it had no name). */}
        <div className="policy-aside">
          <nav className="policy-toc" aria-label="Contents">
            <h2 className="policy-toc__title" id="policy-toc-title">
              Contents
            </h2>
            <ol className="policy-toc__list">
              {p.body.sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`} className="policy-toc__link">
                    {s.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        </div>

        <div className="policy-body">
          <div className="policy-intro prose prose--large">
            <Prose blocks={p.body.intro} />
          </div>
          {p.body.sections.map((s, i) => (
            <section key={s.id} className="policy-section prose" aria-labelledby={s.id}>
              <h2 id={s.id} className="policy-section__heading">
                <span className="policy-section__number" aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </span>
                {s.heading}
              </h2>
              <Prose blocks={s.blocks} listClass="policy-section__list" />
            </section>
          ))}

          <footer className="policy-end">
            <p className="policy-end__updated">
              This {slug === 'disclosures' ? 'page' : slug === 'privacy' || slug === 'fraud-notice' ? 'notice' : slug === 'accessibility' ? 'statement' : 'policy'} was last updated on {updated}.
            </p>
            <a href="#main" className="policy-end__top">
              Back to top
            </a>
          </footer>

          <nav className="policy-related" aria-label="Related policies">
            <h2 className="policy-related__title">Related</h2>
            <ul className="policy-related__list">
              {others.map((o) => (
                <li key={o.href}>
                  <Link href={o.href} className="policy-related__link">
                    {o.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </article>
  );
}
