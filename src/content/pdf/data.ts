/**
 * The figures a document's ```chart and ```table blocks draw from content/ (DATA_SOURCES): counts
 * of the portfolio, computed from the same companies the site shows, so the report and the site
 * never disagree. Each source is a small table: a header, rows of a label and numbers.
 */
import { PORTFOLIO_FACETS, type PortfolioSummary } from '../../app/portfolio.ts';
import type { DataSource } from '../document-body.ts';

export interface DataTable {
  head: string[];
  rows: [string, ...number[]][];
}

export type PortfolioFacts = Pick<PortfolioSummary, 'strategy' | 'sector' | 'region' | 'status' | 'invested' | 'exited'>;

const count = (companies: readonly PortfolioFacts[], facet: 'strategy' | 'sector' | 'region'): [string, number][] =>
  PORTFOLIO_FACETS[facet].map((f) => [f.label, companies.filter((c) => c[facet] === f.value).length]);

/** The table a source names, from the portfolio's companies. */
export function dataSource(source: DataSource, portfolio: readonly PortfolioFacts[]): DataTable {
  const current = portfolio.filter((c) => c.status === 'current');
  switch (source) {
    case 'portfolio.by-strategy':
      return { head: ['Strategy', 'Companies'], rows: count(current, 'strategy') };
    case 'portfolio.by-sector':
      return { head: ['Sector', 'Companies'], rows: count(current, 'sector') };
    case 'portfolio.by-region':
      return { head: ['Region', 'Companies'], rows: count(current, 'region') };
    case 'portfolio.strategy-by-sector': {
      const sectors = PORTFOLIO_FACETS.sector.filter((s) => current.some((c) => c.sector === s.value));
      return {
        head: ['Strategy', ...sectors.map((s) => s.label), 'Total'],
        rows: PORTFOLIO_FACETS.strategy.map((st) => {
          const theirs = current.filter((c) => c.strategy === st.value);
          return [st.label, ...sectors.map((s) => theirs.filter((c) => c.sector === s.value).length), theirs.length];
        }),
      };
    }
    case 'portfolio.investments-by-year': {
      const years = [...new Set(portfolio.map((c) => c.invested))].sort((a, b) => a - b);
      return { head: ['Year of investment', 'Companies'], rows: years.map((y) => [String(y), portfolio.filter((c) => c.invested === y).length]) };
    }
  }
}
