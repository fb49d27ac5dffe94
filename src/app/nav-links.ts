/**
 * The menu: its groups in order and each group's links in order — the one definition the menu,
 * the footer, the home page's news panel, the route table (one route per editorial page) and the
 * content check read. An editorial page (content/pages/<slug>.md) belongs to the group that lists
 * it here (its `group` is derived, not written in the file). Strategies and sectors are the
 * practice areas: the portfolio's strategy and sector values (src/app/portfolio.ts: their names),
 * except Industrials, which has no page; their summaries are content (content/practice-areas.json).
 * No page imports: the content layer reads this module.
 */
import { href } from './paths.ts';
import { PORTFOLIO_FACETS } from './portfolio.ts';
import { SECTION_NAMES } from './constants.ts';

export interface NavLink {
  label: string;
  href: string;
}
/** The groups that hold editorial pages. */
export type EditorialGroup = 'Style' | 'Strategies' | 'Sectors' | 'About';
export interface NavGroup {
  title: EditorialGroup | 'Resources';
  links: NavLink[];
}

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

const links = (pages: readonly NavLink[]): NavLink[] => pages.map(({ label, href: to }) => ({ label, href: to }));

export const STYLE_LINKS: NavLink[] = links(EDITORIAL_PAGES.Style);

export const ABOUT_LINKS: NavLink[] = [
  ...links(EDITORIAL_PAGES.About),
  { label: 'Team', href: href('team') },
  { label: 'Careers', href: href('careers') },
  { label: 'Portfolio', href: href('portfolio') },
  { label: 'Contact', href: href('contact') },
];

export const RESOURCE_LINKS: NavLink[] = [
  { label: 'All Resources', href: href('resources') },
  { label: SECTION_NAMES.research, href: href('research') },
  { label: SECTION_NAMES.pressReleases, href: href('pressReleases') },
  { label: SECTION_NAMES.news, href: href('news') },
  { label: 'Documents', href: href('documents') },
];

/**
 * The menu's legal links (seed §2). "Accessibility" leads to the accessibility statement, not to
 * the cookie settings as in the seed (a link that says one place and goes to another fails WCAG
 * 2.4.4; product.md); the cookie page links to the statement too.
 */
export const LEGAL_LINKS: NavLink[] = [
  { label: 'Terms & conditions', href: href('page', { slug: 'disclosures' }) },
  { label: 'Privacy and Cookie Notice', href: href('page', { slug: 'privacy' }) },
  { label: 'Accessibility', href: href('page', { slug: 'accessibility' }) },
  { label: 'Legal', href: href('page', { slug: 'disclosures' }) },
];

/** The footer's legal links: each policy page, the cookie settings and the fraud notice. */
export const FOOTER_LEGAL_LINKS: NavLink[] = [
  { label: 'Privacy', href: href('page', { slug: 'privacy' }) },
  { label: 'Disclosures', href: href('page', { slug: 'disclosures' }) },
  { label: 'Responsible Investment Policy', href: href('page', { slug: 'responsible-investment' }) },
  { label: 'Cookie Settings', href: href('cookieSettings') },
  { label: 'Accessibility', href: href('page', { slug: 'accessibility' }) },
  { label: 'Fraud Notice', href: href('page', { slug: 'fraud-notice' }) },
];

/** The menu's and the footer's groups, in order. */
export const NAV_GROUPS: readonly NavGroup[] = [
  { title: 'Style', links: STYLE_LINKS },
  { title: 'Strategies', links: links(EDITORIAL_PAGES.Strategies) },
  { title: 'Sectors', links: links(EDITORIAL_PAGES.Sectors) },
  { title: 'About', links: ABOUT_LINKS },
  { title: 'Resources', links: RESOURCE_LINKS },
];
