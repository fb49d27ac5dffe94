/**
 * The portfolio's facets: the one list of each filter's values (URL value → label), read by the
 * content schema (what a company file may say), the listing (filters and counts), the cards and
 * the detail page. The strategies and sectors are also the practice areas (src/app/nav-links.ts
 * derives them from here: ids, names, menu order), and a value that is a practice area's id links
 * to its page. Industrials has no page of its own.
 */
export interface Facet {
  value: string;
  label: string;
}

export const PORTFOLIO_FACETS = {
  strategy: [
    { value: 'growth-equity', label: 'Growth Equity' },
    { value: 'buyouts', label: 'Buyouts' },
    { value: 'special-situations', label: 'Special Situations' },
    { value: 'private-credit', label: 'Private Credit' },
  ],
  sector: [
    { value: 'technology', label: 'Technology' },
    { value: 'real-estate', label: 'Real Estate' },
    { value: 'pharmaceuticals', label: 'Pharmaceuticals' },
    { value: 'natural-resources', label: 'Natural Resources' },
    { value: 'food-beverages', label: 'Food & Beverages' },
    { value: 'industrials', label: 'Industrials' },
  ],
  region: [
    { value: 'north-america', label: 'North America' },
    { value: 'europe', label: 'Europe' },
    { value: 'asia-pacific', label: 'Asia-Pacific' },
  ],
  status: [
    { value: 'current', label: 'Current' },
    { value: 'realized', label: 'Realized' },
  ],
} as const satisfies Record<string, readonly Facet[]>;

export type PortfolioFacet = keyof typeof PORTFOLIO_FACETS;
/** Filter order on the page (and in the filter form). */
export const PORTFOLIO_FILTERS = ['strategy', 'sector', 'region', 'status'] as const satisfies readonly PortfolioFacet[];

type Values<F extends PortfolioFacet> = (typeof PORTFOLIO_FACETS)[F][number]['value'];
export const facetValues = <F extends PortfolioFacet>(facet: F) => PORTFOLIO_FACETS[facet].map((f) => f.value) as [Values<F>, ...Values<F>[]];

/** The label of a facet value ("natural-resources" → "Natural Resources"). */
export function facetLabel(facet: PortfolioFacet, value: string): string {
  return PORTFOLIO_FACETS[facet].find((f) => f.value === value)?.label ?? value;
}

/** A company as lists and cards show it (GET /api/portfolio: every company, by name). */
export interface PortfolioSummary {
  id: string;
  name: string;
  strategy: Values<'strategy'>;
  sector: Values<'sector'>;
  region: Values<'region'>;
  status: Values<'status'>;
  headquarters: string;
  /** Year of investment. */
  invested: number;
  /** Year of exit (realized companies only). */
  exited?: number;
  description: string;
  /** The company's web address as text (never a live link: these are the firm's facts, not an endorsement). */
  website: string;
  link: string;
}

/** GET /api/portfolio/{id}: the company, its Markdown body, related companies and news that names it. */
export interface PortfolioCompany extends PortfolioSummary {
  body: import('./types.ts').Body;
  related: PortfolioSummary[];
  mentions: { href: string; label: string; date: string; title: string }[];
  /** The home page's story of this partnership, when it has one: the page shows it as a case study. */
  story?: import('./types.ts').Story;
}

/** "Realized 2024" or "Current". */
export const statusText = (c: Pick<PortfolioSummary, 'status' | 'exited'>) => (c.status === 'realized' && c.exited ? `Realized ${c.exited}` : facetLabel('status', c.status));
