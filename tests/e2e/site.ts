/**
 * The pages the browser suites visit, built from the app's own route table
 * (src/app/routes.ts) so that a new route is covered without editing the tests, checked against
 * the routes the seed specifies (a route missing from the table fails the coverage test).
 * Detail routes (`/x/:id`) use the first item of their list read in content/ (concretePath, shared
 * with the node:test suites).
 */
import { matchRoute, notFoundRoute, routes } from '../../src/app/routes.ts';
import { concretePath } from '../helpers/pages.ts';

/** Every route of seed §2 except /login (its own document, see LOGIN_ROUTE) and the 404. */
export const SEED_PATTERNS = [
  '/',
  '/philosophy',
  '/process',
  '/principles',
  '/growth-equity',
  '/buyouts',
  '/special-situations',
  '/private-credit',
  '/technology',
  '/real-estate',
  '/pharmaceuticals',
  '/natural-resources',
  '/food-beverages',
  '/company-profile',
  '/team',
  '/team/:id',
  '/research',
  '/research/:id',
  '/press-releases',
  '/press-release/:id',
  '/news-updates',
  '/news/:id',
  '/resources',
  '/contact',
  '/privacy',
  '/disclosures',
  '/responsible-investment',
  '/cookie-settings',
] as const;

export interface SiteRoute {
  /** The route table's pattern, e.g. "/team/:id". */
  pattern: string;
  /** A concrete URL path for it. */
  path: string;
  /** A short file-safe name, e.g. "team-id". */
  name: string;
  /** Whether the route table renders a page for it (false: still missing). */
  inTable: boolean;
}

const nameOf = (pattern: string) => (pattern === '/' ? 'home' : pattern.slice(1).replace(/[/:]+/g, '-'));

const patterns = [...new Set<string>([...SEED_PATTERNS, ...routes.map((r) => r.pattern)])];

export const SITE_ROUTES: SiteRoute[] = patterns.map((pattern) => {
  const p = concretePath(pattern);
  return { pattern, path: p, name: nameOf(pattern), inTable: matchRoute(p).route !== notFoundRoute };
});

/** Seed routes the route table does not (yet) render. */
export const MISSING_ROUTES = SITE_ROUTES.filter((r) => !r.inTable).map((r) => r.pattern);

/** The password page: its own document, for visitors without a session. */
export const LOGIN_ROUTE = { pattern: '/login', path: '/login', name: 'login' };

/** 404s: an unknown path and an unknown id on a detail route (product.md: real 404s). */
export const NOT_FOUND_ROUTES = [
  { pattern: '*', path: '/this-page-does-not-exist', name: 'not-found' },
  { pattern: '/team/:id', path: '/team/no-such-person', name: 'not-found-unknown-id' },
];

/** Chromium's console line for a document or fetch answered with an error status. */
export const statusConsoleError = (status: number) => new RegExp(`Failed to load resource: the server responded with a status of ${status}`);
