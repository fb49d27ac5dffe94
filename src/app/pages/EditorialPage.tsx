/**
 * Style, strategy, sector and company-profile pages: content/pages/<slug>.json rendered as a
 * sequence of designed blocks (intro, figures, cards, lists, steps, quote, call to action).
 */
import clsx from 'clsx';
import { useQuery, type QueryKey } from '../query.ts';
import { useLocation, Link } from '../router.tsx';
import type { BlockT, EditorialPageData } from '../types.ts';
import type { PageProps } from '../routes.ts';
import { PageMeta } from '../components/PageMeta.tsx';
import { PageHero } from '../components/PageHero.tsx';
import { NotYet } from '../components/PageError.tsx';
import { CompanyCard } from '../components/CompanyCard.tsx';
import { FiguresAsOf } from '../components/FiguresAsOf.tsx';
import { Block, Cta } from '../components/Block.tsx';
import { formatCount } from '../format.ts';

/**
 * A figure's value as shown: a range never breaks at its dash ("$20M–" / "$200M+"), words still
 * wrap; and a size class from its longest figure, so that long ranges shrink to fit the column.
 */
function figureValue(value: string): { text: string; size?: string } {
  const longest = Math.max(
    0,
    ...value
      .split(/\s+/)
      .filter((w) => /\d/.test(w))
      .map((w) => w.length),
  );
  return {
    text: value.replace(/\s*([–—-])\s*(?=[$\d])/g, '\u2060$1\u2060'),
    size: longest >= 10 ? 'figure__value--l' : longest >= 6 ? 'figure__value--m' : undefined,
  };
}

export function EditorialPage({ data }: PageProps<{ page: QueryKey<EditorialPageData> }>) {
  const slug = useLocation().pathname.slice(1);
  const page = useQuery(data.page);
  if (page.status !== 'success') return <NotYet state={page} loading="Loading page" />;
  const p = page.data;
  return (
    <article className={`editorial editorial--${slug}`}>
      <PageMeta title={p.title} description={p.description} />
      <PageHero eyebrow={p.eyebrow} title={p.title} lede={p.lede} image={p.image} />
      {p.blocks.map((b, i) => (b.type === 'cta' && p.companies ? null : <BlockView key={i} block={b} index={i} />))}
      {p.companies && <CompaniesBlock title={p.title} companies={p.companies} />}
      {p.companies && p.blocks.map((b, i) => (b.type === 'cta' ? <BlockView key={i} block={b} index={i} /> : null))}
    </article>
  );
}

/** A strategy's or sector's portfolio companies: the first few, and a link to all of them. */
function CompaniesBlock({ title, companies }: { title: string; companies: NonNullable<EditorialPageData['companies']> }) {
  return (
    <Block
      id="block-companies"
      heading="Portfolio Companies"
      className="block--companies"
      head="companies__head"
      aside={
        <Link href={companies.href} className="text-link">
          {companies.total > companies.items.length ? `All ${formatCount(companies.total)} ${title} companies` : `${title} in the portfolio`} <span aria-hidden="true">→</span>
        </Link>
      }
    >
      <ul className="card-grid card-grid--3 company-grid">
        {companies.items.map((c) => (
          <CompanyCard key={c.id} company={c} headingLevel={3} />
        ))}
      </ul>
    </Block>
  );
}

function BlockView({ block, index }: { block: BlockT; index: number }) {
  const headingId = `block-${index}`;
  switch (block.type) {
    case 'intro':
      return (
        <Block id={headingId} heading={block.heading} className="block--intro" inner="block__split">
          <div className="prose prose--large">
            {block.paragraphs.map((t, i) => (
              <p key={i}>{t}</p>
            ))}
          </div>
        </Block>
      );
    case 'figures':
      return (
        <Block id={headingId} heading={block.heading} className="block--figures" headingClass="section-label section-label--light">
          <dl className={clsx('figures', `figures--${block.items.length}`)}>
            {block.items.map((f) => (
              <div key={f.label} className="figure">
                <dt className="figure__label">{f.label}</dt>
                <dd className={clsx('figure__value', figureValue(f.value).size)}>{figureValue(f.value).text}</dd>
              </div>
            ))}
          </dl>
          {block.firm && <FiguresAsOf />}
        </Block>
      );
    case 'cards':
    case 'lists':
    case 'steps':
      return (
        <Block id={headingId} heading={block.heading} className={`block--${block.type}`} head="block__head" aside={block.intro && <p className="block__intro">{block.intro}</p>}>
          <HeadedContent block={block} />
        </Block>
      );
    case 'quote':
      return (
        <section className="block block--quote" aria-label="Leadership perspective">
          <figure className="container quote">
            <blockquote className="quote__text">
              <p>{block.quote}</p>
            </blockquote>
            <figcaption className="quote__by">
              <span className="quote__name">{block.name}</span>
              {block.role}
            </figcaption>
          </figure>
        </section>
      );
    case 'cta':
      return (
        <Cta id={headingId} heading={block.heading} text={block.text}>
          <Link href={block.href} className="button button--accent">
            {block.label}
          </Link>
        </Cta>
      );
  }
}

/** What a block with a heading and an optional introduction holds: cards, lists or steps. */
function HeadedContent({ block }: { block: Extract<BlockT, { type: 'cards' | 'lists' | 'steps' }> }) {
  switch (block.type) {
    case 'cards':
      return (
        <ul className={clsx('tiles', `tiles--${block.columns}`)}>
          {block.items.map((c) => (
            <li key={c.title} className="tile">
              {c.number && (
                <span className="tile__number" aria-hidden="true">
                  {c.number}
                </span>
              )}
              <h3 className="tile__title">
                {c.number && <span className="visually-hidden">{c.number}. </span>}
                {c.title}
              </h3>
              <p className="tile__text">{c.text}</p>
              {c.list && <TextList className="tile__list" items={c.list} />}
            </li>
          ))}
        </ul>
      );
    case 'lists':
      return (
        <div className={clsx('lists', `lists--${block.groups.length}`)}>
          {block.groups.map((g) => (
            <div key={g.title} className="lists__group">
              <h3 className="lists__title">{g.title}</h3>
              <TextList className="checklist" items={g.items} />
            </div>
          ))}
        </div>
      );
    case 'steps':
      return (
        <ol className="stages">
          {block.items.map((s, i) => (
            <li key={s.title} className="stage">
              <span className="stage__number" aria-hidden="true">
                {String(i + 1).padStart(2, '0')}
              </span>
              <div className="stage__body">
                <h3 className="stage__title">{s.title}</h3>
                <p className="stage__text">{s.text}</p>
                <h4 className="stage__label">Key Activities</h4>
                <TextList className="checklist" items={s.activities} />
              </div>
            </li>
          ))}
        </ol>
      );
  }
}

/** A list of short texts. */
function TextList({ className, items }: { className: string; items: readonly string[] }) {
  return (
    <ul className={className}>
      {items.map((x) => (
        <li key={x}>{x}</li>
      ))}
    </ul>
  );
}
