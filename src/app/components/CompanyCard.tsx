/** A portfolio company on a listing or a related list: mark, status, name link, sector and region, summary, facts. */
import { facetLabel, statusText, type PortfolioSummary } from '../portfolio.ts';
import { CompanyMark } from './CompanyMark.tsx';
import { CardTitle } from './ArticleCard.tsx';

export function CompanyCard({ company: c, headingLevel = 2 }: { company: PortfolioSummary; headingLevel?: 2 | 3 }) {
  return (
    <li className="card company-card">
      <div className="company-card__top">
        <CompanyMark id={c.id} name={c.name} sector={c.sector} />
        <span className={`company-card__status company-card__status--${c.status}`}>{statusText(c)}</span>
      </div>
      <div className="card__body">
        <p className="card__meta">
          <span>{facetLabel('sector', c.sector)}</span>
          <span className="card__meta-plain">{facetLabel('region', c.region)}</span>
        </p>
        <CardTitle level={headingLevel} href={c.link}>
          {c.name}
        </CardTitle>
        <p className="card__text">{c.description}</p>
        <p className="company-card__facts">
          {facetLabel('strategy', c.strategy)} · Invested {c.invested}
        </p>
      </div>
    </li>
  );
}
