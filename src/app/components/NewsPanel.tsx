/**
 * The home page's "more" panel (seed §4): tabs Insights, About, Style, Strategies that each
 * toggle their subsection; Insights lists the first 3 news items; a dropdown on small screens.
 * Without JavaScript, every control is a link to the same page with ?more=<tab>.
 */
import { useId } from 'react';
import { FOUNDED_YEAR, NEWS_PANEL_MAX_ITEMS } from '../constants.ts';
import { useQuery, type QueryKey } from '../query.ts';
import { ABOUT_LINKS, STYLE_LINKS } from '../nav-links.ts';
import type { NewsSummary, PracticeArea } from '../types.ts';
import { Spinner } from './Spinner.tsx';
import { Img } from './Img.tsx';
import { CardTitle } from './ArticleCard.tsx';
import { formatDate } from '../format.ts';
import { useHydrated } from '../hooks/useHydrated.ts';
import { NEWS_TABS, type NewsTab } from '../news-tabs.ts';
import { PATHS, href } from '../paths.ts';

interface Props {
  /** The latest news (the home route's read): Insights lists its first items. */
  news: QueryKey<NewsSummary[]>;
  tab: NewsTab | null;
  onTab: (tab: NewsTab | null) => void;
  onClose: () => void;
  practiceAreas: PracticeArea[];
}

export function NewsPanel({ news: newsKey, tab, onTab, onClose, practiceAreas }: Props) {
  const news = useQuery(newsKey);
  const selectId = useId();
  const hydrated = useHydrated();
  const strategies = practiceAreas.filter((p) => p.kind === 'strategy');
  const cards: Record<Exclude<NewsTab, 'Insights'>, { label: string; href: string; text?: string }[]> = {
    About: ABOUT_LINKS.filter((l) => l.href !== PATHS.contact && l.href !== PATHS.portfolio && l.href !== PATHS.careers).map((l) => ({
      ...l,
      text: l.href === PATHS.team ? 'The partners and professionals behind every investment.' : `Our story, key facts and approach since ${FOUNDED_YEAR}.`,
    })),
    Style: STYLE_LINKS.map((l) => ({
      ...l,
      text: {
        [href('page', { slug: 'philosophy' })]: 'What we believe and how it shapes every decision.',
        [href('page', { slug: 'process' })]: 'From sourcing to exit: four stages, one discipline.',
        [href('page', { slug: 'principles' })]: 'The values we hold ourselves and our partners to.',
      }[l.href],
    })),
    Strategies: strategies.map((s) => ({ label: s.name, href: s.href, text: s.summary })),
  };

  return (
    <section id="news-panel" className="news-panel" aria-labelledby="news-panel-title">
      <div className="news-panel__inner">
        <div className="news-panel__head">
          <h2 id="news-panel-title" className="news-panel__title" tabIndex={-1}>
            Explore Halden Rowe
          </h2>
          {/* A link to the home page without the panel until script runs; then a button (it acts, it leads nowhere). */}
          {hydrated ? (
            <button type="button" className="news-panel__close" onClick={onClose}>
              CLOSE <span aria-hidden="true" className="overlay__x" />
            </button>
          ) : (
            <a href="/" className="news-panel__close">
              CLOSE <span aria-hidden="true" className="overlay__x" />
            </a>
          )}
        </div>
        <div className="news-panel__tabs desktop-only" role="group" aria-label="Sections">
          {NEWS_TABS.map((t) => (
            <a
              key={t}
              href={`/?more=${t.toLowerCase()}#news-panel`}
              role="button"
              className="news-panel__tab"
              aria-expanded={tab === t}
              // Only the open section is rendered: a closed tab controls nothing on the page.
              aria-controls={tab === t ? `news-section-${t.toLowerCase()}` : undefined}
              onClick={(e) => {
                e.preventDefault();
                onTab(tab === t ? null : t);
              }}
              onKeyDown={(e) => {
                if (e.key === ' ') {
                  e.preventDefault();
                  onTab(tab === t ? null : t);
                }
              }}
            >
              {t}
            </a>
          ))}
        </div>
        <form className="news-panel__select mobile-only" method="get" action="/#news-panel">
          <label htmlFor={selectId}>Section</label>
          <select
            id={selectId}
            name="more"
            value={tab?.toLowerCase() ?? ''}
            onChange={(e) => {
              const v = NEWS_TABS.find((t) => t.toLowerCase() === e.target.value) ?? null;
              onTab(v);
            }}
          >
            <option value="">Choose a section</option>
            {NEWS_TABS.map((t) => (
              <option key={t} value={t.toLowerCase()}>
                {t}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" className="button button--small">
              Show
            </button>
          </noscript>
        </form>

        {tab === 'Insights' && (
          <div id="news-section-insights" className="news-panel__section">
            <h3 className="news-panel__section-title">News &amp; Insights</h3>
            {news.status === 'pending' && <Spinner label="Loading news" />}
            {news.status === 'error' && <p className="notice notice--error">News could not be loaded. Please try again later.</p>}
            {news.data && (
              <ul className="card-grid card-grid--3">
                {news.data.slice(0, NEWS_PANEL_MAX_ITEMS).map((n) => (
                  <li key={n.id} className="card">
                    <Img image={n.image} alt="" sizes="(min-width: 900px) 30vw, 100vw" className="card__img" />
                    <div className="card__body">
                      <p className="card__meta">
                        <span>{n.type}</span> <time dateTime={n.date}>{formatDate(n.date)}</time>
                      </p>
                      <CardTitle level={4} href={n.link}>
                        {n.title}
                      </CardTitle>
                      <p className="card__text">{n.excerpt}</p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {tab && tab !== 'Insights' && (
          <div id={`news-section-${tab.toLowerCase()}`} className="news-panel__section">
            <h3 className="news-panel__section-title">{tab}</h3>
            <ul className={`card-grid card-grid--${Math.min(cards[tab].length, 4)}`}>
              {cards[tab].map((c) => (
                <li key={c.href} className="card card--link">
                  <div className="card__body">
                    <CardTitle level={4} href={c.href}>
                      {c.label}
                    </CardTitle>
                    {c.text && <p className="card__text">{c.text}</p>}
                    <span className="card__arrow" aria-hidden="true">
                      →
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
