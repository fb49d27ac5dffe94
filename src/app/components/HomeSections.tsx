/**
 * The home page below the slider: the firm's statement, its figures, the four strategies, the
 * latest research and a closing call to action. All server-rendered from /api/home (content/
 * home.json, site facts, the latest research) and the practice areas every page already has.
 */
import { Link } from '../router.tsx';
import type { HomeData, PracticeArea } from '../types.ts';
import { ArticleCard, CardTitle } from './ArticleCard.tsx';
import { Block, Cta } from './Block.tsx';
import { FiguresAsOf } from './FiguresAsOf.tsx';

export function HomeSections({ home, practiceAreas }: { home: HomeData; practiceAreas: PracticeArea[] }) {
  const strategies = practiceAreas.filter((p) => p.kind === 'strategy');
  return (
    <>
      <Block id="home-statement" heading={home.statement.eyebrow} className="home-statement" inner="home-statement__inner" headingClass="eyebrow home-statement__eyebrow">
        <p className="home-statement__lead">{home.statement.lead}</p>
        <div className="home-statement__side">
          <p className="home-statement__text">{home.statement.text}</p>
          <Link href={home.statement.link.href} className="text-link">
            {home.statement.link.label} <span aria-hidden="true">→</span>
          </Link>
        </div>
      </Block>

      <Block id="home-figures" heading={home.figures.heading} className="block--figures home-figures" headingClass="section-label section-label--light">
        <dl className="figures figures--4">
          {home.figures.items.map((f) => (
            <div key={f.label} className="figure">
              <dt className="figure__label">{f.label}</dt>
              <dd className="figure__value">{f.value}</dd>
            </div>
          ))}
        </dl>
        <FiguresAsOf />
      </Block>

      <Block id="home-strategies" heading={home.strategies.heading} className="home-strategies" head="home-section-head" aside={<p className="home-section-head__text">{home.strategies.text}</p>}>
        <ol className="card-grid card-grid--4 home-strategies__list">
          {strategies.map((s, i) => (
            <li key={s.id} className="card card--link strategy-card">
              <div className="card__body">
                <span className="strategy-card__number" aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <CardTitle level={3} href={s.href}>
                  {s.name}
                </CardTitle>
                <p className="card__text">{s.summary}</p>
                <span className="card__arrow" aria-hidden="true">
                  →
                </span>
              </div>
            </li>
          ))}
        </ol>
      </Block>

      <Block
        id="home-insights"
        heading={home.insights.heading}
        className="block--tint home-insights"
        head="home-section-head home-section-head--row"
        aside={
          <Link href={home.insights.link.href} className="text-link">
            {home.insights.link.label} <span aria-hidden="true">→</span>
          </Link>
        }
      >
        <ul className="card-grid card-grid--3">
          {home.latestResearch.map((r) => (
            <ArticleCard key={r.id} href={r.link} image={r.image} label={r.category} date={r.date} title={r.title} excerpt={r.excerpt} headingLevel={3} />
          ))}
        </ul>
      </Block>

      <Cta id="home-cta" heading={home.cta.heading} text={home.cta.text} className="home-cta">
        <div className="cta__actions">
          {home.cta.actions.map((a, i) => (
            <Link key={a.href} href={a.href} className={i === 0 ? 'button button--accent' : 'button button--outline'}>
              {a.label}
            </Link>
          ))}
        </div>
      </Cta>
    </>
  );
}
