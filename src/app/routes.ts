/**
 * The route table: one source of truth for server rendering, client navigation, status codes
 * and the tests' list of pages. Each route names its page component and the data it needs.
 */
import { createElement, use, type ComponentType } from 'react';
import { matchPattern } from './router.tsx';
import { Q } from './types.ts';
import type { QueryKey } from './query.ts';
import type { TeamMember, ResearchItem, PressRelease, NewsItem } from './types.ts';
import { HomePage } from './pages/HomePage.tsx';
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
  /** Source file of a page loaded on demand: the server preloads its chunk (see build.ts). */
  module?: string;
  /** Loads a page's code; resolved before server rendering and before hydration. */
  preload?: () => Promise<void>;
}

type Lazy = { page: ComponentType<PageProps>; module: string; preload: () => Promise<void> };
/**
 * A page in its own chunk (code splitting per route): the home page ships with the entry,
 * every other page loads when first needed. The server and the client's hydration await
 * `preload()` first, so neither ever suspends (no streamed boundaries, no inline scripts);
 * on client navigation the page suspends and the layout's Suspense shows the seed's spinner.
 */
function lazyPage<K extends string>(module: string, load: () => Promise<Record<K, ComponentType<PageProps>>>, name: K): Lazy {
  let Loaded: ComponentType<PageProps> | null = null;
  let promise: Promise<void> | null = null;
  const preload = () => (promise ??= load().then((m) => { Loaded = m[name]; }));
  function LazyPage(props: PageProps) {
    if (!Loaded) use(preload());
    return createElement(Loaded!, props);
  }
  return { page: LazyPage, module, preload };
}

const Editorial = lazyPage('src/app/pages/EditorialPage.tsx', () => import('./pages/EditorialPage.tsx'), 'EditorialPage');
const Team = lazyPage('src/app/pages/TeamPage.tsx', () => import('./pages/TeamPage.tsx'), 'TeamPage');
const TeamMember = lazyPage('src/app/pages/TeamMemberPage.tsx', () => import('./pages/TeamMemberPage.tsx'), 'TeamMemberPage');
const Research = lazyPage('src/app/pages/ResearchPage.tsx', () => import('./pages/ResearchPage.tsx'), 'ResearchPage');
const ResearchDetail = lazyPage('src/app/pages/ResearchDetailPage.tsx', () => import('./pages/ResearchDetailPage.tsx'), 'ResearchDetailPage');
const PressReleases = lazyPage('src/app/pages/PressReleasesPage.tsx', () => import('./pages/PressReleasesPage.tsx'), 'PressReleasesPage');
const PressReleaseDetail = lazyPage('src/app/pages/PressReleaseDetailPage.tsx', () => import('./pages/PressReleaseDetailPage.tsx'), 'PressReleaseDetailPage');
const NewsUpdates = lazyPage('src/app/pages/NewsUpdatesPage.tsx', () => import('./pages/NewsUpdatesPage.tsx'), 'NewsUpdatesPage');
const NewsDetail = lazyPage('src/app/pages/NewsDetailPage.tsx', () => import('./pages/NewsDetailPage.tsx'), 'NewsDetailPage');
const Resources = lazyPage('src/app/pages/ResourcesPage.tsx', () => import('./pages/ResourcesPage.tsx'), 'ResourcesPage');
const Contact = lazyPage('src/app/pages/ContactPage.tsx', () => import('./pages/ContactPage.tsx'), 'ContactPage');
const Policy = lazyPage('src/app/pages/PolicyPage.tsx', () => import('./pages/PolicyPage.tsx'), 'PolicyPage');
const CookieSettings = lazyPage('src/app/pages/CookieSettingsPage.tsx', () => import('./pages/CookieSettingsPage.tsx'), 'CookieSettingsPage');

/** Data every page needs: the header and footer. */
export const LAYOUT_QUERIES: QueryKey[] = [Q.site, Q.practiceAreas];

const editorial = (slug: string): RouteDef => ({ pattern: `/${slug}`, ...Editorial, queries: () => [Q.page(slug)] });
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
  { pattern: '/team', ...Team, queries: () => [Q.team] },
  { pattern: '/team/:id', ...TeamMember, queries: () => [Q.team], exists: hasId(Q.team) },
  { pattern: '/research', ...Research, queries: () => [Q.research] },
  { pattern: '/research/:id', ...ResearchDetail, queries: () => [Q.research], exists: hasId(Q.research) },
  { pattern: '/press-releases', ...PressReleases, queries: () => [Q.pressReleases] },
  { pattern: '/press-release/:id', ...PressReleaseDetail, queries: () => [Q.pressReleases], exists: hasId(Q.pressReleases) },
  { pattern: '/news-updates', ...NewsUpdates, queries: () => [Q.news] },
  { pattern: '/news/:id', ...NewsDetail, queries: () => [Q.news], exists: hasId(Q.news) },
  { pattern: '/resources', ...Resources, queries: () => [Q.research, Q.pressReleases, Q.news] },
  { pattern: '/contact', ...Contact, queries: () => [] },
  { pattern: '/privacy', ...Policy, queries: () => [Q.page('privacy')] },
  { pattern: '/disclosures', ...Policy, queries: () => [Q.page('disclosures')] },
  { pattern: '/responsible-investment', ...Policy, queries: () => [Q.page('responsible-investment')] },
  { pattern: '/cookie-settings', ...CookieSettings, queries: () => [] },
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
