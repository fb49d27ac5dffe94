/**
 * The route table: one source of truth for server rendering, client navigation, status codes
 * and the tests' list of pages. Each route names its page component and the data it needs.
 */
import type { ComponentType } from 'react';
import { deferred } from './deferred.ts';
import { matchPattern } from './router.tsx';
import { PATHS, href } from './paths.ts';
import { EDITORIAL_SLUGS, POLICY_PAGES } from './site-pages.ts';
import { Q } from './types.ts';
import { queryPath, type QueryKey } from './query.ts';
import { LISTINGS, canonicalSearch, listingParams, type ListingKeys, type ListingName } from './listing.ts';
import { parseErrorFields } from './contact-fields.ts';
import { HomePage } from './pages/HomePage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { NEWS_TABS } from './news-tabs.ts';
import { COOKIE_PREFERENCES_KEY } from './constants.ts';
import { TEAM_FILTERS, teamFilterOptions, teamParam } from './team.ts';
import { canonicalAlertError } from './alert-fields.ts';

/**
 * The reads a route hands its page, by name (`{ item: Q.teamMember(id) }`): each a typed key
 * the page passes to useQuery. The route is the one place they are declared.
 */
export type DataKeys = Record<string, QueryKey>;

/** What a page is given: the keys of the data its route declares (path and query parameters are already in them). */
export interface PageProps<K extends DataKeys = Record<never, never>> {
  data: K;
}

/** Reads data the route's keys resolved (undefined when the read has no answer: 404). */
export type Getter = <T>(key: QueryKey<T>) => T | undefined;

/**
 * A query parameter a page reads: from the value requested (null: absent), its canonical value
 * (undefined: left out of the canonical URL). `query` holds the page's parameters as requested.
 */
export type ParamRule = (value: string | null, ctx: { get: Getter; query: URLSearchParams }) => string | undefined;

/** A route of the table (see defineRoute, which checks that its page and its data agree). */
export interface RouteDef {
  pattern: string;
  page: ComponentType<PageProps<DataKeys>>;
  /**
   * The data the page reads, beyond what every page reads (LAYOUT_QUERIES: the site facts), for
   * its path parameters and its query parameters (only those declared in `query`): named keys,
   * the one declaration of the page's reads. The server resolves exactly these (their values, in
   * this order) and embeds them in the document; the page gets the record as its `data` prop
   * and reads each key with useQuery. A read without an answer (an unknown id, a page past the
   * last) makes the page a 404.
   */
  data: (params: Record<string, string>, query: URLSearchParams) => DataKeys;
  /**
   * The query parameters the page reads, each with its rule: the one place a page's parameters
   * are declared. Only these reach the render and the page cache; a request whose query string
   * is not the canonical one (unknown parameters or values, another spelling) is redirected
   * (302) to the canonical URL, so each page is rendered and cached once. No entry: no query.
   */
  query?: Record<string, ParamRule>;
  /**
   * Detail routes (`/x/:id`): the list read whose items' ids are this route's pages (the sitemap
   * and the tests enumerate them from it).
   */
  items?: QueryKey<{ id: string }[]>;
  /**
   * The name of a cookie whose value the page shows (cookie settings, saved without script): the
   * server renders and caches one copy per value (see COOKIE_READERS in src/server/render.tsx).
   */
  cookie?: string;
  /** Not for search engines (search results): left out of the sitemap, marked noindex. */
  noindex?: boolean;
  /** Home only: the header is transparent until the visitor scrolls. */
  transparentHeader?: boolean;
  /** Source file of a page loaded on demand: the server preloads its chunk (see build.ts). */
  module?: string;
  /** Loads a page's code; resolved before server rendering and before hydration. */
  preload?: () => Promise<void>;
}

/** Keys a route declares that its page does not take (`data` must give exactly what `page` takes). */
type Unread<D, K> = Exclude<keyof D, keyof K>;
type RouteSpec<K extends DataKeys, D extends K> = Omit<RouteDef, 'page' | 'data'> & {
  page: ComponentType<PageProps<K>>;
  data: (params: Record<string, string>, query: URLSearchParams) => D;
} & ([Unread<D, K>] extends [never] ? unknown : { keysThePageDoesNotTake: Unread<D, K> });

/**
 * A route of the table, type-checked: its `data` gives exactly the keys its page takes, each with
 * the type of answer the page expects (a key the page asks for and the route does not give, one
 * of another type, or one the page does not take, is a type error).
 */
export function defineRoute<K extends DataKeys = Record<never, never>, D extends K = K>(spec: RouteSpec<K, D>): RouteDef {
  // The check is done: the table holds routes of every shape.
  return spec as unknown as RouteDef;
}

type Lazy<K extends DataKeys> = { page: ComponentType<PageProps<K>>; module: string; preload: () => Promise<void> };
/**
 * A page in its own chunk (code splitting per route): the home page ships with the entry,
 * every other page loads when first needed. The server and the client's hydration await
 * `preload()` first, so neither ever suspends (no streamed boundaries, no inline scripts);
 * on client navigation the page suspends and the layout's Suspense shows the seed's spinner.
 */
function lazyPage<K extends DataKeys, N extends string>(module: string, load: () => Promise<Record<N, ComponentType<PageProps<K>>>>, name: N): Lazy<K> {
  const { Component, preload } = deferred(load, name);
  return { page: Component, module, preload };
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
const Portfolio = lazyPage('src/app/pages/PortfolioPage.tsx', () => import('./pages/PortfolioPage.tsx'), 'PortfolioPage');
const PortfolioCompany = lazyPage('src/app/pages/PortfolioCompanyPage.tsx', () => import('./pages/PortfolioCompanyPage.tsx'), 'PortfolioCompanyPage');
const Search = lazyPage('src/app/pages/SearchPage.tsx', () => import('./pages/SearchPage.tsx'), 'SearchPage');
const Careers = lazyPage('src/app/pages/CareersPage.tsx', () => import('./pages/CareersPage.tsx'), 'CareersPage');
const CareerRole = lazyPage('src/app/pages/CareerRolePage.tsx', () => import('./pages/CareerRolePage.tsx'), 'CareerRolePage');
const Documents = lazyPage('src/app/pages/DocumentsPage.tsx', () => import('./pages/DocumentsPage.tsx'), 'DocumentsPage');
const Disclosures = lazyPage('src/app/pages/DisclosuresPage.tsx', () => import('./pages/DisclosuresPage.tsx'), 'DisclosuresPage');
const Alerts = lazyPage('src/app/pages/AlertsPage.tsx', () => import('./pages/AlertsPage.tsx'), 'AlertsPage');
const CookieSettings = lazyPage('src/app/pages/CookieSettingsPage.tsx', () => import('./pages/CookieSettingsPage.tsx'), 'CookieSettingsPage');

/** Data every page needs: the header and footer (tests/unit/route-data.test.ts checks they read it). */
export const LAYOUT_QUERIES: QueryKey[] = [Q.site];

const editorial = (slug: string) => defineRoute({ pattern: href('page', { slug }), ...Editorial, data: () => ({ page: Q.page(slug) }) });
const policy = (slug: string) => defineRoute({ pattern: href('page', { slug }), ...Policy, data: () => ({ page: Q.policy(slug) }) });

/** A paged listing: one listing read for the filters and page asked for; its answer says what is canonical. */
function listing<N extends ListingName>(name: N, lazy: Lazy<ListingKeys<N>>): RouteDef {
  const key = (query: URLSearchParams) => Q.listing(name, listingParams(name, query));
  const def: { filters: readonly string[]; aliases?: Record<string, string> } = LISTINGS[name];
  const names = [...def.filters, 'page', ...Object.keys(def.aliases ?? {})];
  const rule: (param: string) => ParamRule =
    (param) =>
    (_value, { get, query }) =>
      get(key(query))?.query[param];
  return defineRoute({ pattern: LISTINGS[name].path, ...lazy, data: (_params, query) => ({ listing: key(query) }), query: Object.fromEntries(names.map((n) => [n, rule(n)])) });
}

/**
 * /search: one search read for the query, type and page asked for; like a listing, its answer
 * says what is canonical (the query trimmed and cut to length, a known type, a page in range).
 */
function search(): RouteDef {
  const key = (query: URLSearchParams) => Q.search({ q: query.get('q') ?? undefined, type: query.get('type') ?? undefined, page: query.get('page') ?? undefined });
  const rule: (param: string) => ParamRule =
    (param) =>
    (_value, { get, query }) =>
      get(key(query))?.query[param];
  return defineRoute({ pattern: PATHS.search, ...Search, noindex: true, data: (_params, query) => ({ results: key(query) }), query: { q: rule('q'), type: rule('type'), page: rule('page') } });
}

/** The value itself when it is one of `values`. */
const oneOf =
  (values: readonly string[]): ParamRule =>
  (v) =>
    v !== null && values.includes(v) ? v : undefined;

export const routes: RouteDef[] = [
  defineRoute({
    pattern: PATHS.home,
    page: HomePage,
    data: () => ({ stories: Q.stories, latestNews: Q.latestNews, home: Q.home, practiceAreas: Q.practiceAreas }),
    transparentHeader: true,
    query: {
      // The news panel open on a tab, without JavaScript (/?more=insights#news-panel).
      more: oneOf(NEWS_TABS.map((t) => t.toLowerCase())),
      // The slider on story N (2…M; 1 is the plain home page) and a story's expanded detail:
      // what previous/next, the indicators and 'Learn more' lead to before script runs.
      slide: (v, { get }) => {
        const n = v !== null && /^\d{1,3}$/.test(v) ? Number(v) : 0;
        return n >= 2 && n <= (get(Q.stories)?.length ?? 0) ? String(n) : undefined;
      },
      story: (v, { get }) => (v !== null && get(Q.stories)?.some((s) => s.id === v) ? v : undefined),
    },
  }),
  // Editorial pages, in menu order (site-pages.ts lists them).
  ...EDITORIAL_SLUGS.map(editorial),
  defineRoute({
    pattern: PATHS.team,
    ...Team,
    data: () => ({ team: Q.team }),
    // The team's filters (?office=&strategy=&sector=): a known option, in its own spelling.
    query: Object.fromEntries(
      TEAM_FILTERS.map((f): [string, ParamRule] => [
        f,
        (v, { get }) => {
          const site = get(Q.site);
          return site && teamParam(teamFilterOptions(site)[f], v);
        },
      ]),
    ),
  }),
  defineRoute({ pattern: PATHS.teamMember, ...TeamMember, data: ({ id }) => ({ member: Q.teamMember(id) }), items: Q.team }),
  listing('research', Research),
  defineRoute({ pattern: PATHS.researchDetail, ...ResearchDetail, data: ({ id }) => ({ item: Q.researchItem(id), related: Q.relatedResearch(id) }), items: Q.research }),
  listing('press-releases', PressReleases),
  defineRoute({ pattern: PATHS.pressRelease, ...PressReleaseDetail, data: ({ id }) => ({ item: Q.pressRelease(id), related: Q.relatedPressReleases(id) }), items: Q.pressReleases }),
  listing('news', NewsUpdates),
  defineRoute({ pattern: PATHS.newsDetail, ...NewsDetail, data: ({ id }) => ({ item: Q.newsItem(id), related: Q.relatedNews(id) }), items: Q.news }),
  listing('resources', Resources),
  listing('portfolio', Portfolio),
  defineRoute({ pattern: PATHS.portfolioCompany, ...PortfolioCompany, data: ({ id }) => ({ company: Q.portfolioCompany(id) }), items: Q.portfolio }),
  search(),
  listing('careers', Careers),
  defineRoute({ pattern: PATHS.careerRole, ...CareerRole, data: ({ id }) => ({ role: Q.careerRole(id) }), items: Q.careers }),
  listing('documents', Documents),
  defineRoute({
    pattern: PATHS.contact,
    ...Contact,
    data: () => ({}),
    // The outcome of a form post without JavaScript (see src/server/contact.ts).
    query: {
      sent: oneOf(['1']),
      error: (v) => (v === 'throttled' ? v : parseErrorFields(v).join(',') || undefined),
    },
  }),
  defineRoute({
    pattern: PATHS.alerts,
    ...Alerts,
    data: () => ({}),
    // The outcome of a sign-up without JavaScript (see src/server/alerts.ts).
    query: {
      status: oneOf(['sent']),
      error: canonicalAlertError,
    },
  }),
  // /disclosures: the regulatory disclosures (each with its own date), then the legal terms (a policy).
  defineRoute({ pattern: href('page', { slug: 'disclosures' }), ...Disclosures, data: () => ({ page: Q.policy('disclosures'), sections: Q.disclosures }) }),
  ...POLICY_PAGES.filter((p) => p.slug !== 'disclosures').map((p) => policy(p.slug)),
  defineRoute({
    pattern: PATHS.cookieSettings,
    ...CookieSettings,
    data: () => ({}),
    // The answer to a save without script (src/server/cookie-settings.ts): show the notice.
    query: { saved: oneOf(['1']) },
    cookie: COOKIE_PREFERENCES_KEY,
  }),
];

export const notFoundRoute: RouteDef = defineRoute({ pattern: '*', page: NotFoundPage, data: () => ({}) });

export function matchRoute(pathname: string): { route: RouteDef; params: Record<string, string> } {
  for (const route of routes) {
    const params = matchPattern(route.pattern, pathname);
    if (params) return { route, params };
  }
  return { route: notFoundRoute, params: {} };
}

/** A route's query parameters as requested: only those it declares, the first value of each. */
export function routeQuery(route: RouteDef, search: string | URLSearchParams): URLSearchParams {
  const given = typeof search === 'string' ? new URLSearchParams(search) : search;
  const out = new URLSearchParams();
  for (const name of Object.keys(route.query ?? {})) {
    const v = given.get(name);
    if (v !== null) out.set(name, v);
  }
  return out;
}

/** Every read of a page, in order: the layout's, then the values of its route's `data`. */
export function queriesFor(route: RouteDef, params: Record<string, string>, query: URLSearchParams = new URLSearchParams()): QueryKey[] {
  return [...LAYOUT_QUERIES, ...Object.values(route.data(params, query))];
}

/**
 * Whether a document was sent as the 404 page although its path matches a route (an unknown id,
 * a page past the last): its embedded data lacks one of the page's reads — the server's own rule
 * (render.tsx). The browser hydrates such a document as the 404 page.
 */
export function isNotFoundDocument(location: { pathname: string; search: string }, data: Record<string, unknown>): boolean {
  const { route, params } = matchRoute(location.pathname);
  return route !== notFoundRoute && queriesFor(route, params, routeQuery(route, location.search)).some((key) => !(queryPath(key) in data));
}

/** The canonical query string ("" or "?a=1&b=2") of a request, given the data its keys resolved. */
export function canonicalQuery(route: RouteDef, query: URLSearchParams, get: Getter): string {
  const out: Record<string, string | undefined> = {};
  for (const [name, rule] of Object.entries(route.query ?? {})) out[name] = rule(query.get(name), { get, query });
  return canonicalSearch(out);
}
