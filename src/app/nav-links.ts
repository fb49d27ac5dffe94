/**
 * The site's link groups, in menu order: one source for the menu, the footer and the home
 * page's news panel. Strategies and sectors come from the practice areas data.
 */
import type { PracticeArea } from './types.ts';

export interface NavLink { label: string; href: string }
export interface NavGroup { title: 'Style' | 'Strategies' | 'Sectors' | 'About' | 'Resources'; links: NavLink[] }

export const STYLE_LINKS: NavLink[] = [
  { label: 'Philosophy', href: '/philosophy' },
  { label: 'Process', href: '/process' },
  { label: 'Principles', href: '/principles' },
];

export const ABOUT_LINKS: NavLink[] = [
  { label: 'Company Profile', href: '/company-profile' },
  { label: 'Team', href: '/team' },
  { label: 'Portfolio', href: '/portfolio' },
  { label: 'Contact', href: '/contact' },
];

export const RESOURCE_LINKS: NavLink[] = [
  { label: 'All Resources', href: '/resources' },
  { label: 'Insights & Research', href: '/research' },
  { label: 'Press Releases', href: '/press-releases' },
  { label: 'News & Updates', href: '/news-updates' },
];

export const LEGAL_LINKS: NavLink[] = [
  { label: 'Terms & conditions', href: '/disclosures' },
  { label: 'Privacy and Cookie Notice', href: '/privacy' },
  { label: 'Accessibility', href: '/cookie-settings' },
  { label: 'Legal', href: '/disclosures' },
];

export function navGroups(practiceAreas: PracticeArea[]): NavGroup[] {
  const pick = (kind: PracticeArea['kind']) => practiceAreas.filter((p) => p.kind === kind).map((p) => ({ label: p.name, href: p.href }));
  return [
    { title: 'Style', links: STYLE_LINKS },
    { title: 'Strategies', links: pick('strategy') },
    { title: 'Sectors', links: pick('sector') },
    { title: 'About', links: ABOUT_LINKS },
    { title: 'Resources', links: RESOURCE_LINKS },
  ];
}
