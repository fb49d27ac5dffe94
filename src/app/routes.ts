/**
 * The route table: one source of truth for server rendering, client navigation, status codes
 * and the tests' list of pages. Each route names its page component and the data it needs.
 */
import type { ComponentType } from 'react';
import { matchPattern } from './router.tsx';
import { Q } from './types.ts';
import type { QueryKey } from './query.ts';
import type { TeamMember, ResearchItem, PressRelease, NewsItem } from './types.ts';
import { HomePage } from './pages/HomePage.tsx';
import { EditorialPage } from './pages/EditorialPage.tsx';
import { TeamPage } from './pages/TeamPage.tsx';
import { TeamMemberPage } from './pages/TeamMemberPage.tsx';
import { ResearchPage } from './pages/ResearchPage.tsx';
import { ResearchDetailPage } from './pages/ResearchDetailPage.tsx';
import { PressReleasesPage } from './pages/PressReleasesPage.tsx';
import { PressReleaseDetailPage } from './pages/PressReleaseDetailPage.tsx';
import { NewsUpdatesPage } from './pages/NewsUpdatesPage.tsx';
import { NewsDetailPage } from './pages/NewsDetailPage.tsx';
import { ResourcesPage } from './pages/ResourcesPage.tsx';
import { ContactPage } from './pages/ContactPage.tsx';
import { PolicyPage } from './pages/PolicyPage.tsx';
import { CookieSettingsPage } from './pages/CookieSettingsPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';

export interface PageProps { params: Record<string, string> }

export interface RouteDef {
  pattern: string;
  page: ComponentType<PageProps>;
  /** Data the page reads, beyond what every page reads (site facts, practice areas). */
  queries: (params: Record<string, string>) => QueryKey[];
  /** Detail routes: whether the id exists in the loaded data (false → 404 page and status). */
  exists?: (params: Record<string, string>, get: (key: QueryKey) => unknown) => boolean;
  /** Home only: the header is transparent until the visitor scrolls. */
  transparentHeader?: boolean;
}

/** Data every page needs: the header and footer. */
export const LAYOUT_QUERIES: QueryKey[] = [Q.site, Q.practiceAreas];

const editorial = (slug: string): RouteDef => ({ pattern: `/${slug}`, page: EditorialPage, queries: () => [Q.page(slug)] });
const hasId = (key: QueryKey) => (params: Record<string, string>, get: (key: QueryKey) => unknown) =>
  ((get(key) as { id: string }[] | undefined) ?? []).some((item) => item.id === params.id);

/** Editorial pages, by menu group, in menu order. */
export const EDITORIAL_SLUGS = {
  Style: ['philosophy', 'process', 'principles'],
  Strategies: ['growth-equity', 'buyouts', 'special-situations', 'private-credit'],
  Sectors: ['technology', 'real-estate', 'pharmaceuticals', 'natural-resources', 'food-beverages'],
  About: ['company-profile'],
} as const;

export const routes: RouteDef[] = [
  { pattern: '/', page: HomePage, queries: () => [Q.stories, Q.news], transparentHeader: true },
  ...Object.values(EDITORIAL_SLUGS).flat().map(editorial),
  { pattern: '/team', page: TeamPage, queries: () => [Q.team] },
  { pattern: '/team/:id', page: TeamMemberPage, queries: () => [Q.team], exists: hasId(Q.team) },
  { pattern: '/research', page: ResearchPage, queries: () => [Q.research] },
  { pattern: '/research/:id', page: ResearchDetailPage, queries: () => [Q.research], exists: hasId(Q.research) },
  { pattern: '/press-releases', page: PressReleasesPage, queries: () => [Q.pressReleases] },
  { pattern: '/press-release/:id', page: PressReleaseDetailPage, queries: () => [Q.pressReleases], exists: hasId(Q.pressReleases) },
  { pattern: '/news-updates', page: NewsUpdatesPage, queries: () => [Q.news] },
  { pattern: '/news/:id', page: NewsDetailPage, queries: () => [Q.news], exists: hasId(Q.news) },
  { pattern: '/resources', page: ResourcesPage, queries: () => [Q.research, Q.pressReleases, Q.news] },
  { pattern: '/contact', page: ContactPage, queries: () => [] },
  { pattern: '/privacy', page: PolicyPage, queries: () => [Q.page('privacy')] },
  { pattern: '/disclosures', page: PolicyPage, queries: () => [Q.page('disclosures')] },
  { pattern: '/responsible-investment', page: PolicyPage, queries: () => [Q.page('responsible-investment')] },
  { pattern: '/cookie-settings', page: CookieSettingsPage, queries: () => [] },
];

export const notFoundRoute: RouteDef = { pattern: '*', page: NotFoundPage, queries: () => [] };

export function matchRoute(pathname: string): { route: RouteDef; params: Record<string, string> } {
  for (const route of routes) {
    const params = matchPattern(route.pattern, pathname);
    if (params) return { route, params };
  }
  return { route: notFoundRoute, params: {} };
}

export function queriesFor(route: RouteDef, params: Record<string, string>): QueryKey[] {
  return [...LAYOUT_QUERIES, ...route.queries(params)];
}

export type { TeamMember, ResearchItem, PressRelease, NewsItem };
