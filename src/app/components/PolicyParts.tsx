/**
 * What the policy pages (PolicyPage) and the disclosures hub (DisclosuresPage) lay out alike: the
 * date a text was last updated, the layout (contents beside the text), a table of contents' list of
 * sections, numbered sections with linkable headings, the closing line and the related policies.
 */
import type { ReactNode } from 'react';
import { Link } from '../router.tsx';
import type { BodySection } from '../types.ts';
import { href } from '../paths.ts';
import { POLICY_PAGES } from '../site-pages.ts';
import { formatDate } from '../format.ts';
import { Prose } from './Prose.tsx';

export const Updated = ({ date }: { date: string }) => <time dateTime={date}>{formatDate(date)}</time>;

/** A table of contents' list: a link to each section's anchor. */
export function TocList({ items }: { items: readonly { id: string; heading: string }[] }) {
  return (
    <ol className="policy-toc__list">
      {items.map((s) => (
        <li key={s.id}>
          <a href={`#${s.id}`} className="policy-toc__link">
            {s.heading}
          </a>
        </li>
      ))}
    </ol>
  );
}

/** A policy's sections, numbered 01, 02…, each heading (h2, or h3 under the hub's own heading) its anchor. */
export function NumberedSections({ sections, level }: { sections: readonly BodySection[]; level: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return sections.map((s, i) => (
    <section key={s.id} className="policy-section prose" aria-labelledby={s.id}>
      <Heading id={s.id} className="policy-section__heading">
        <span className="policy-section__number" aria-hidden="true">
          {String(i + 1).padStart(2, '0')}
        </span>
        {s.heading}
      </Heading>
      <Prose blocks={s.blocks} listClass="policy-section__list" />
    </section>
  ));
}

/** The other policies and the cookie settings, after `first` (the hub lists the documents first). */
export function RelatedPolicies({ slug, first }: { slug: string; first?: ReactNode }) {
  const others = [...POLICY_PAGES.filter((x) => x.slug !== slug).map((x) => ({ href: href('page', { slug: x.slug }), label: x.label })), { href: href('cookieSettings'), label: 'Cookie Settings' }];
  return (
    <nav className="policy-related" aria-label="Related policies">
      <h2 className="policy-related__title">Related</h2>
      <ul className="policy-related__list">
        {first}
        {others.map((o) => (
          <li key={o.href}>
            <Link href={o.href} className="policy-related__link">
              {o.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The contents (`toc`, under their heading: `titleId` its id) beside the text (`children`). */
export function PolicyLayout({ titleId, toc, children }: { titleId?: string; toc: ReactNode; children: ReactNode }) {
  return (
    <div className="container policy-layout">
      {/* Not an <aside>: the navigation inside is the landmark (a complementary one around it had no name). */}
      <div className="policy-aside">
        <nav className="policy-toc" aria-label="Contents">
          <h2 className="policy-toc__title" id={titleId}>
            Contents
          </h2>
          {toc}
        </nav>
      </div>
      <div className="policy-body">{children}</div>
    </div>
  );
}

/** The text's last line: when it was last updated (`children`), and the way back to the top. */
export function PolicyEnd({ children }: { children: ReactNode }) {
  return (
    <footer className="policy-end">
      <p className="policy-end__updated">{children}</p>
      <a href="#main" className="policy-end__top">
        Back to top
      </a>
    </footer>
  );
}
