/**
 * /portfolio/{id}: a portfolio company — its facts (strategy, sector, region, headquarters, years,
 * status, web address as text), the case study where the home page has a story about it (the same
 * story, StoryCase), the story of the partnership, news that names it and related companies; 404
 * for unknown ids.
 */
import type { ReactNode } from 'react';
import { Link } from '../router.tsx';
import { PRACTICE_AREAS } from '../nav-links.ts';
import { href } from '../paths.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { BackLink, itemPage } from '../components/Loaded.tsx';
import { Prose } from '../components/Prose.tsx';
import { CopyLink } from '../components/CopyLink.tsx';
import { CompanyMark } from '../components/CompanyMark.tsx';
import { CompanyCard } from '../components/CompanyCard.tsx';
import { StoryCase } from '../components/StoryCase.tsx';
import { formatDate } from '../format.ts';
import { facetLabel, statusText, type PortfolioCompany } from '../portfolio.ts';
import { Block } from '../components/Block.tsx';

export const PortfolioCompanyPage = itemPage('company', 'Loading company', Company);

function Company({ item: c }: { item: PortfolioCompany }) {
  // A strategy or sector links to its practice area's page (Industrials has none).
  const area = (facet: 'strategy' | 'sector', id: string) => (PRACTICE_AREAS.some((a) => a.id === id) ? <Link href={href('page', { slug: id })}>{facetLabel(facet, id)}</Link> : facetLabel(facet, id));
  const facts: [string, ReactNode][] = [
    ['Strategy', area('strategy', c.strategy)],
    ['Sector', area('sector', c.sector)],
    ['Region', facetLabel('region', c.region)],
    ['Headquarters', c.headquarters],
    ['Invested', String(c.invested)],
    ['Status', statusText(c)],
    ['Website', c.website],
  ];
  return (
    <article className="article company">
      <PageMeta title={c.name} description={c.description.length > 160 ? `${c.description.slice(0, 157).trimEnd()}…` : c.description} />
      <header className="article-header company-header">
        <div className="container article-header__inner">
          <div className="article-header__top">
            <BackLink href={href('portfolio')} label="Back to portfolio" />
            <CopyLink title={c.name} />
          </div>
          <div className="company-header__title">
            <CompanyMark id={c.id} name={c.name} sector={c.sector} size="l" />
            <div>
              <p className="eyebrow article-header__label">
                {facetLabel('sector', c.sector)} · {facetLabel('region', c.region)}
              </p>
              <h1 className="article-header__title">{c.name}</h1>
            </div>
          </div>
          <p className="article-header__lede">{c.description}</p>
        </div>
      </header>
      {c.story && (
        // The partnership's story, as the home page's slider tells it (one source: content/stories).
        <section className="company-case" aria-labelledby="company-case">
          <div className="container company-case__head">
            <p className="eyebrow">Case Study</p>
            <h2 id="company-case" className="block__heading company-case__title">
              {c.story.title}
            </h2>
          </div>
          <div className="story-detail__body company-case__body">
            <StoryCase story={c.story} level={3} idPrefix="case" />
          </div>
        </section>
      )}
      <div className="container company-body">
        <section className="company-facts" aria-labelledby="company-facts">
          <h2 id="company-facts" className="section-label">
            At a Glance
          </h2>
          <dl className="company-facts__list">
            {facts.map(([term, value]) => (
              <div key={term} className="company-facts__item">
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </section>
        <div className="prose article-prose">
          {c.body.sections.map((s) => (
            <section key={s.id} aria-labelledby={`section-${s.id}`} className="article-section">
              <h2 id={`section-${s.id}`} className="article-section__heading">
                {s.heading}
              </h2>
              <Prose blocks={s.blocks} listClass="article-section__list" />
            </section>
          ))}
          {c.mentions.length > 0 && (
            <section aria-labelledby="company-news" className="article-section company-news">
              <h2 id="company-news" className="article-section__heading">
                In the News
              </h2>
              <ul className="company-news__list">
                {c.mentions.map((m) => (
                  <li key={m.href} className="company-news__item">
                    <p className="company-news__meta">
                      <span>{m.label}</span> <time dateTime={m.date}>{formatDate(m.date)}</time>
                    </p>
                    <Link href={m.href} className="company-news__link">
                      {m.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
      {c.related.length > 0 && (
        <Block id="company-related" heading="Related Companies" className="article-related" headingClass="block__heading article-related__heading">
          <ul className="card-grid card-grid--3 company-grid">
            {c.related.map((r) => (
              <CompanyCard key={r.id} company={r} headingLevel={3} />
            ))}
          </ul>
        </Block>
      )}
    </article>
  );
}
