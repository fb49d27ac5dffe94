/**
 * /careers/{id}: an open role — its facts, its description, how to apply (an e-mail with the
 * subject filled in, or the firm's applicant-tracking site) — with a JobPosting for search
 * engines. A role that has closed, or is not yet posted, is a 404 like any unknown id.
 */
import type { ReactNode } from 'react';
import { Link } from '../router.tsx';
import { href } from '../paths.ts';
import { formatDate } from '../format.ts';
import type { CareerRole } from '../careers.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { BackLink, itemPage } from '../components/Loaded.tsx';
import { Prose } from '../components/Prose.tsx';

export const CareerRolePage = itemPage('role', 'Loading role', Role);

/** Plain text as HTML text. */
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The description as HTML for the JobPosting (schema.org asks for it whole); the body's blocks are already HTML. */
function descriptionHtml(r: CareerRole): string {
  const blocks = (bs: CareerRole['body']['intro']) =>
    bs.map((b) => (typeof b === 'string' ? `<p>${b}</p>` : 'ul' in b ? `<ul>${b.ul.map((i) => `<li>${i}</li>`).join('')}</ul>` : `<ol>${b.ol.map((i) => `<li>${i}</li>`).join('')}</ol>`)).join('');
  return `<p>${esc(r.summary)}</p>${r.body.sections.map((s) => `<h2>${esc(s.heading)}</h2>${blocks(s.blocks)}`).join('')}`;
}

function Role({ item: r }: { item: CareerRole }) {
  const facts: [string, ReactNode][] = [
    ['Team', r.teamLabel],
    ['Office', r.city],
    ['Type', r.typeLabel],
    [
      'Posted',
      <time key="posted" dateTime={r.date}>
        {formatDate(r.date)}
      </time>,
    ],
    [
      'Applications close',
      <time key="closes" dateTime={r.closes}>
        {formatDate(r.closes)}
      </time>,
    ],
    ...(r.salaryText ? [['Base salary', r.salaryText] as [string, ReactNode]] : []),
  ];
  return (
    <article className="role-page">
      <PageMeta
        title={r.title}
        description={r.summary}
        structured={({ organization, url }) => ({
          '@type': 'JobPosting',
          title: r.title,
          description: descriptionHtml(r),
          identifier: { '@type': 'PropertyValue', name: 'Halden Rowe Capital', value: r.id },
          datePosted: r.date,
          validThrough: r.validThrough,
          employmentType: r.employmentType,
          hiringOrganization: { '@id': organization },
          jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', streetAddress: r.address.lines[0], addressLocality: r.city, addressCountry: r.address.country } },
          ...(r.salary
            ? { baseSalary: { '@type': 'MonetaryAmount', currency: r.salary.currency, value: { '@type': 'QuantitativeValue', minValue: r.salary.min, maxValue: r.salary.max, unitText: 'YEAR' } } }
            : {}),
          url,
        })}
      />
      <div className="container role-page__inner">
        <BackLink href={href('careers')} label="All open roles" />
        <header className="role-page__header">
          <p className="eyebrow">
            {r.teamLabel} · {r.city}
          </p>
          <h1 className="role-page__title">{r.title}</h1>
          <p className="role-page__lede">{r.summary}</p>
        </header>
        <div className="role-page__grid">
          {/* The facts and how to apply come first: on a phone they are not three screens down. */}
          <aside className="role-page__aside" aria-labelledby="role-apply">
            <dl className="role-page__facts">
              {facts.map(([k, v]) => (
                <div key={k}>
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
            </dl>
            <h2 id="role-apply" className="section-label">
              How to Apply
            </h2>
            {r.apply.kind === 'email' ? (
              <>
                <a className="button button--primary button--block" href={r.apply.href}>
                  Apply by Email
                </a>
                <p className="role-page__apply-note">
                  Write to <a href={r.apply.href}>{r.apply.address}</a> with the subject “{r.apply.subject}”, and attach your CV.
                </p>
              </>
            ) : (
              <>
                <a className="button button--primary button--block" href={r.apply.href} rel="noopener">
                  Apply on Our Careers Site
                </a>
                <p className="role-page__apply-note">The application form is on our applicant-tracking site, {new URL(r.apply.href).host}.</p>
              </>
            )}
            <p className="role-page__fraud">
              We never ask candidates for payment, and we never make offers by messaging app. <Link href={href('page', { slug: 'fraud-notice' })}>How to recognise recruitment fraud</Link>.
            </p>
          </aside>
          <div className="role-page__body prose">
            {r.body.sections.map((s) => (
              <section key={s.id} aria-labelledby={s.id}>
                <h2 id={s.id}>{s.heading}</h2>
                <Prose blocks={s.blocks} />
              </section>
            ))}
          </div>
        </div>
      </div>
    </article>
  );
}
