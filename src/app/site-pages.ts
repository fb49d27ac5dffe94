/**
 * The site's editorial pages (content/pages/<slug>.md) by group, its practice areas and its
 * policies: which pages exist. The route table (one route per page), the content check
 * (content/load.ts: every page in content is listed here, and each listed one exists) and the menu
 * (nav-links.ts) read it. An editorial page belongs to the group that lists it here (its `group`
 * is derived, not written in the file). Strategies and sectors are the practice areas: the
 * portfolio's strategy and sector values (src/app/portfolio.ts: their names), except Industrials,
 * which has no page; their summaries are content (content/practice-areas.json). No page imports:
 * the content layer reads this module.
 */
import { href } from './paths.ts';
import { PORTFOLIO_FACETS } from './portfolio.ts';

/** The groups that hold editorial pages. */
export type EditorialGroup = 'Style' | 'Strategies' | 'Sectors' | 'About';
/** A practice area: a strategy or sector with a page of its own. */
export interface PracticeAreaDef {
  id: string;
  kind: 'strategy' | 'sector';
  name: string;
}

/** Sectors without a page of their own (no practice area, no menu link). */
const NO_PAGE = new Set<string>(['industrials']);

/** The practice areas, strategies first, in menu order. */
export const PRACTICE_AREAS: readonly PracticeAreaDef[] = [
  ...PORTFOLIO_FACETS.strategy.map((f) => ({ id: f.value, kind: 'strategy' as const, name: f.label })),
  ...PORTFOLIO_FACETS.sector.filter((f) => !NO_PAGE.has(f.value)).map((f) => ({ id: f.value, kind: 'sector' as const, name: f.label })),
];

const page = (slug: string, label: string) => ({ slug, label, href: href('page', { slug }) });
const areas = (kind: PracticeAreaDef['kind']) => PRACTICE_AREAS.filter((a) => a.kind === kind).map((a) => page(a.id, a.name));

/** The editorial pages (content/pages/<slug>.md) by menu group, in menu order. */
export const EDITORIAL_PAGES: Record<EditorialGroup, readonly { slug: string; label: string; href: string }[]> = {
  Style: [page('philosophy', 'Philosophy'), page('process', 'Process'), page('principles', 'Principles')],
  Strategies: areas('strategy'),
  Sectors: areas('sector'),
  About: [page('company-profile', 'Company Profile')],
};

/** The policies (content/policies/<slug>.md), in the order their pages link to each other. */
export const POLICY_PAGES = [
  { slug: 'privacy', label: 'Privacy and Cookie Notice', eyebrow: 'Privacy' },
  { slug: 'disclosures', label: 'Legal Disclosures', eyebrow: 'Legal' },
  { slug: 'responsible-investment', label: 'Responsible Investment Policy', eyebrow: 'Responsibility' },
  { slug: 'accessibility', label: 'Accessibility Statement', eyebrow: 'Accessibility' },
  { slug: 'fraud-notice', label: 'Fraud and Impersonation Notice', eyebrow: 'Security' },
] as const;

/** Every editorial page's slug, in menu order. */
export const EDITORIAL_SLUGS: readonly string[] = Object.values(EDITORIAL_PAGES)
  .flat()
  .map((p) => p.slug);

/** The menu group of an editorial page, or undefined for a slug the menu does not list. */
export function editorialGroupOf(slug: string): EditorialGroup | undefined {
  return (Object.keys(EDITORIAL_PAGES) as EditorialGroup[]).find((g) => EDITORIAL_PAGES[g].some((p) => p.slug === slug));
}
