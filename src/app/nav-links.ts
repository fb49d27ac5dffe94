/**
 * The menu: its groups in order and each group's links in order — the one definition the menu,
 * the footer and the home page's news panel read. The pages themselves (practice areas, editorial
 * pages, policies) are listed in site-pages.ts, which the route table and the content check read.
 */
import { href } from './paths.ts';
import { EDITORIAL_PAGES, type EditorialGroup } from './site-pages.ts';

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
  { label: 'Insights & Research', href: href('research') },
  { label: 'Press Releases', href: href('pressReleases') },
  { label: 'News & Updates', href: href('news') },
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

/** The menu's and the footer's groups, in order. */
export const NAV_GROUPS: readonly NavGroup[] = [
  { title: 'Style', links: STYLE_LINKS },
  { title: 'Strategies', links: links(EDITORIAL_PAGES.Strategies) },
  { title: 'Sectors', links: links(EDITORIAL_PAGES.Sectors) },
  { title: 'About', links: ABOUT_LINKS },
  { title: 'Resources', links: RESOURCE_LINKS },
];
