/**
 * The menu: its groups in order and each group's links in order — what the menu, the footer and
 * the home page's news panel show. Which editorial pages exist, in which group, is site-pages.ts
 * (the route table and the content check read that, not the menu).
 */
import { href } from './paths.ts';
import { SECTION_NAMES } from './constants.ts';
import { EDITORIAL_PAGES, type EditorialGroup } from './site-pages.ts';

export { EDITORIAL_PAGES, EDITORIAL_SLUGS, POLICY_PAGES, PRACTICE_AREAS, editorialGroupOf, type EditorialGroup, type PracticeAreaDef } from './site-pages.ts';

export interface NavLink {
  label: string;
  href: string;
}
export interface NavGroup {
  title: EditorialGroup | 'Resources';
  links: NavLink[];
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
  { label: 'Email Alerts', href: href('alerts') },
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
