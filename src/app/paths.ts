/**
 * The site's page paths: one pattern per named page, the only place each pattern is written.
 * The route table (routes.ts) is built from these, and every link to a page is built by
 * `href()`: pages, filters, the read API's `link` fields and search documents, the sitemap and
 * the tests. No page imports here, so the content layer (src/content) and the tests can read it.
 */
export const PATHS = {
  home: '/',
  /** An editorial or policy page (content/pages, content/policies): one route per slug. */
  page: '/:slug',
  team: '/team',
  teamMember: '/team/:id',
  research: '/research',
  researchDetail: '/research/:id',
  pressReleases: '/press-releases',
  pressRelease: '/press-release/:id',
  news: '/news-updates',
  newsDetail: '/news/:id',
  resources: '/resources',
  portfolio: '/portfolio',
  portfolioCompany: '/portfolio/:id',
  search: '/search',
  careers: '/careers',
  careerRole: '/careers/:id',
  documents: '/documents',
  contact: '/contact',
  /** Insight alerts: the sign-up form and its outcomes (the e-mails' own links: src/server/alerts.ts). */
  alerts: '/alerts',
  cookieSettings: '/cookie-settings',
} as const;

export type PathName = keyof typeof PATHS;

/** The login page: the server's own (src/server/gate.ts), not a route of the site; the client leaves it to the server. */
export const LOGIN_PATH = '/login';

/** The parameter names of a pattern: "/team/:id" → "id". */
type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}` ? N | ParamNames<`/${Rest}`> : P extends `${string}:${infer N}` ? N : never;
/** The parameters `href(name, …)` needs: none for a plain path, each named one otherwise. */
type ParamsOf<R extends PathName> = [ParamNames<(typeof PATHS)[R]>] extends [never] ? [] : [params: Record<ParamNames<(typeof PATHS)[R]>, string>];

/** A pattern with its parameters filled in, each encoded ("/team/:id", { id } → "/team/<id>"). */
export function fillPattern(pattern: string, params: Readonly<Record<string, string>>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${pattern}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

/** The names of a pattern's parameters, in order ("/team/:id" → ["id"]). */
export const patternParams = (pattern: string): string[] => [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1]);

/** The path of a named page: `href('researchDetail', { id })`, `href('team')`. Parameter names are checked. */
export function href<R extends PathName>(name: R, ...params: ParamsOf<R>): string {
  return fillPattern(PATHS[name], (params[0] ?? {}) as Record<string, string>);
}
