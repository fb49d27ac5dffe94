/**
 * The home page below the slider: the firm's statement, its figures, the four strategies, the
 * latest research and a closing call to action. All server-rendered from /api/home (content/
 * home.json, site facts, the latest research) and the practice areas every page already has.
 */
import { Link } from '../router.tsx';
import type { HomeData, PracticeArea } from '../types.ts';
import { ArticleCard } from './ArticleCard.tsx';
import { FiguresAsOf } from './FiguresAsOf.tsx';

export function HomeSections({ home, practiceAreas }: { home: HomeData; practiceAreas: PracticeArea[] }) {
  const strategies = practiceAreas.filter((p) => p.kind === 'strategy');
  return (
    <>
      <section className="block home-statement" aria-labelledby="home-statement">
        <div className="container home-statement__inner">
          <h2 id="home-statement" className="eyebrow home-statement__eyebrow">
            {home.statement.eyebrow}
          </h2>
          <p className="home-statement__lead">{home.statement.lead}</p>
          <div className="home-statement__side">
            <p className="home-statement__text">{home.statement.text}</p>
            <Link href={home.statement.link.href} className="text-link">
              {home.statement.link.label} <span aria-hidden="true">→</span>
            </Link>
          </div>
        </div>
      </section>

      <section className="block block--figures home-figures" aria-labelledby="home-figures">
        <div className="container">
          <h2 id="home-figures" className="section-label section-label--light">
            {home.figures.heading}
          </h2>
          <dl className="figures figures--4">
            {home.figures.items.map((f) => (
              <div key={f.label} className="figure">
                <dt className="figure__label">{f.label}</dt>
                <dd className="figure__value">{f.value}</dd>
              </div>
            ))}
          </dl>
          <FiguresAsOf />
        </div>
      </section>

      <section className="block home-strategies" aria-labelledby="home-strategies">
        <div className="container">
          <div className="home-section-head">
            <h2 id="home-strategies" className="block__heading">
              {home.strategies.heading}
            </h2>
            <p className="home-section-head__text">{home.strategies.text}</p>
          </div>
          <ol className="card-grid card-grid--4 home-strategies__list">
            {strategies.map((s, i) => (
              <li key={s.id} className="card card--link strategy-card">
                <div className="card__body">
                  <span className="strategy-card__number" aria-hidden="true">
                    {String(i + 1).padStart(2, '0')}
                  </span>
                  <h3 className="card__title">
                    <Link href={s.href} className="card__link">
                      {s.name}
                    </Link>
                  </h3>
                  <p className="card__text">{s.summary}</p>
                  <span className="card__arrow" aria-hidden="true">
                    →
                  </span>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="block block--tint home-insights" aria-labelledby="home-insights">
        <div className="container">
          <div className="home-section-head home-section-head--row">
            <h2 id="home-insights" className="block__heading">
              {home.insights.heading}
            </h2>
            <Link href={home.insights.link.href} className="text-link">
              {home.insights.link.label} <span aria-hidden="true">→</span>
            </Link>
          </div>
          <ul className="card-grid card-grid--3">
            {home.latestResearch.map((r) => (
              <ArticleCard key={r.id} href={r.link} image={r.image} label={r.category} date={r.date} title={r.title} excerpt={r.excerpt} headingLevel={3} />
            ))}
          </ul>
        </div>
      </section>

      <section className="block block--cta home-cta" aria-labelledby="home-cta">
        <div className="container cta">
          <h2 id="home-cta" className="cta__heading">
            {home.cta.heading}
          </h2>
          <p className="cta__text">{home.cta.text}</p>
          <div className="cta__actions">
            {home.cta.actions.map((a, i) => (
              <Link key={a.href} href={a.href} className={i === 0 ? 'button button--accent' : 'button button--outline'}>
                {a.label}
              </Link>
            ))}
          </div>
        </div>
      </section>
    </>
  );
}
