import type { SiteInfo, TeamMember } from './types.ts';
import { ALL, facetCounts, listingHref, selectOption } from './filters.ts';
import { PATHS } from './paths.ts';
import { PORTFOLIO_FACETS, type Facet } from './portfolio.ts';
import { officesOf } from './offices.ts';

/** Leadership is everyone whose title contains "Managing Partner" (seed §2). */
export const isLeader = (m: Pick<TeamMember, 'title'>): boolean => m.title.includes('Managing Partner');

/** The first sentence of a bio: up to the first ". " followed by a capital, or the first paragraph. */
export function firstSentence(bio: string): string {
  const para = bio.split('\n\n')[0];
  const m = para.match(/^.+?[.!?](?=\s+[A-Z“"]|$)/);
  return m ? m[0] : para;
}

/* ---------- /team?office=&strategy=&sector= ---------- */

/** The team's filters, in page order (each a query parameter). */
export const TEAM_FILTERS = ['office', 'strategy', 'sector'] as const;
export type TeamFilter = (typeof TEAM_FILTERS)[number];

/** Each filter's options (URL value and label), 'All' not included: offices from the site, strategies and sectors from the portfolio's facets. */
export function teamFilterOptions(site: Pick<SiteInfo, 'headquarters' | 'offices' | 'contacts'>): Record<TeamFilter, readonly Facet[]> {
  return {
    office: officesOf(site).map((o) => ({ value: o.id, label: o.city })),
    strategy: PORTFOLIO_FACETS.strategy,
    sector: PORTFOLIO_FACETS.sector,
  };
}

const matchesFilter = (m: TeamMember, f: TeamFilter, value: string) =>
  value === ALL || (f === 'office' ? m.office === value : f === 'strategy' ? m.strategies.includes(value) : m.sectors.includes(value));

export interface TeamSelection {
  /** Each filter's value ('All' when absent or unknown). */
  selected: Record<TeamFilter, string>;
  /** The members every filter keeps, in the team's order. */
  members: TeamMember[];
  /** For each filter, how many members each option would show with the other filters kept ('All' included). */
  counts: Record<TeamFilter, Record<string, number>>;
}

/** The canonical value of a filter parameter: a known option (any case), or undefined. */
export function teamParam(options: readonly Facet[], value: string | null): string | undefined {
  const v = selectOption(
    value,
    options.map((o) => o.value),
  );
  return v === ALL ? undefined : v;
}

/** The members a query keeps, with faceted counts (the filters combine: all must match). */
export function selectTeam(team: readonly TeamMember[], options: Record<TeamFilter, readonly Facet[]>, query: URLSearchParams): TeamSelection {
  const selected = Object.fromEntries(TEAM_FILTERS.map((f) => [f, teamParam(options[f], query.get(f)) ?? ALL])) as Record<TeamFilter, string>;
  const { kept, counts } = facetCounts(team, Object.fromEntries(TEAM_FILTERS.map((f) => [f, options[f]])) as Record<TeamFilter, readonly Facet[]>, selected, matchesFilter);
  return { selected, members: kept, counts };
}

/** The /team URL with one filter changed (the others kept). */
export const teamHref = (selected: Record<TeamFilter, string>, change: Partial<Record<TeamFilter, string>>) => listingHref(PATHS.team, { ...selected, ...change });
