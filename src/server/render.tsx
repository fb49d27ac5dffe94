/**
 * One request → one HTML document, over HTTP. The page, its data and its status (200 or 404) are
 * decided here from the route table and the content; render-document.tsx renders it (whole, after
 * onAllReady: crawlers and no-JavaScript visitors get everything, and React needs no inline
 * scripts) without knowing of requests; this module caches and sends it. A failed render sends a
 * small static 500 page; a timeout or a client that goes away aborts the render.
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import type { SiteMode } from '../app/site-mode.ts';
import { queryPath, type QueryKey } from '../app/query.ts';
import { parseLocation, type Location } from '../app/router.tsx';
import { canonicalQuery, matchRoute, notFoundRoute, queriesFor, routeQuery, type Getter, type RouteDef } from '../app/routes.ts';
import type { LoginProps } from '../app/pages/LoginPage.tsx';
import { COOKIE_PREFERENCES_KEY, LOGIN_ERROR } from '../app/constants.ts';
import { COOKIE_PREFERENCES_DATA, cookiePreferencesFromCookies } from '../app/cookie-preferences.ts';
import type { ApiData } from '../content/api-data.ts';
import type { BuildManifest } from '../build/manifest.ts';
import type { Logger } from './log.ts';
import { makeCachedPage, pageCacheKey, sendPage, NOT_FOUND_KEY, type EncodedBody, type PageCache } from './page-cache.ts';
import { NO_STORE, PRIVATE_REVALIDATE } from './cache-control.ts';
import { renderDocument, renderLoginDocument, RenderError, type RenderedDocument, type RenderOptions } from './render-document.tsx';
import { safeNext } from './gate.ts';

const STATIC_500_STYLE =
  'body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#0b1a2e;color:#fff}main{max-width:32rem;padding:2rem}h1{font-weight:400}a{color:#e0b77a}';
/** The small static page sent when rendering fails: no scripts, no data, no stack trace. */
export const STATIC_500 = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Something went wrong — Halden Rowe Capital</title><style>${STATIC_500_STYLE}</style></head><body><main><h1>Something went wrong</h1><p>We could not display this page. Please try again in a moment.</p><p><a href="/">Return to the home page</a></p></main></body></html>`;
/** Its one inline <style> is allowed by hash, not by 'unsafe-inline'. */
export const STATIC_500_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STATIC_500_STYLE).digest('base64')}'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'`;

export function sendStatic500(res: Response) {
  res.status(500).setHeader('Cache-Control', NO_STORE);
  res.setHeader('Content-Security-Policy', STATIC_500_CSP);
  res.type('html').send(STATIC_500);
}

export interface RenderContext {
  api: ApiData;
  manifest: BuildManifest;
  log: Logger;
  timeoutMs: number;
  devScript?: string;
  cache: PageCache;
  /** Documents rendered so far (what the page cache saves; tests and diagnostics read it). */
  counts?: { renders: number };
  /** SITE_ACCESS and PUBLIC_ORIGIN, for the document (site-mode.ts); the gate when absent. */
  mode?: SiteMode;
  /** What pages say (the access mode's Cache-Control, cache-control.ts). */
  cacheControl: string;
}

/**
 * A page's Cache-Control: the access mode's, except for a page that shows a cookie's value (cookie
 * settings): private to its visitor in both modes, and varying with the cookie, so that no shared
 * cache ever hands one visitor's choices to another.
 */
const cachingOf = (ctx: RenderContext, route: RouteDef) => (route.cookie ? { cacheControl: PRIVATE_REVALIDATE, varyCookie: true } : { cacheControl: ctx.cacheControl, varyCookie: false });
const sendCached = (req: Request, res: Response, ctx: RenderContext, route: RouteDef, page: EncodedBody) => {
  const { cacheControl, varyCookie } = cachingOf(ctx, route);
  sendPage(req, res, page, cacheControl, varyCookie);
};

/**
 * Renders a document (render-document.tsx) and sends it, pre-compressed and cached when
 * `cacheKey` is set; a failed render answers the static 500 page. A timeout or a visitor who
 * leaves before the page is ready stops the render.
 */
function send(req: Request, res: Response, ctx: RenderContext, rendering: (opts: RenderOptions) => Promise<RenderedDocument>, cacheKey: string | null, route?: RouteDef) {
  if (ctx.counts) ctx.counts.renders++;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('render timeout')), ctx.timeoutMs);
  const onClose = () => controller.abort(new Error('client closed'));
  res.once('close', onClose);
  const done = () => {
    clearTimeout(timer);
    res.off('close', onClose);
  };
  const onError: NonNullable<RenderOptions['onError']> = (message, error) => ctx.log.error(message, { path: req.path, error: String((error as Error)?.message ?? error) });
  rendering({ signal: controller.signal, onError, mode: ctx.mode, devScript: ctx.devScript }).then(
    ({ status, html }) => {
      done();
      if (res.headersSent || res.destroyed) return;
      if (cacheKey) {
        const page = makeCachedPage(status, html);
        ctx.cache.set(cacheKey, page);
        if (route) sendCached(req, res, ctx, route, page);
        else sendPage(req, res, page, ctx.cacheControl);
        return;
      }
      res.status(status);
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      if (!res.hasHeader('Cache-Control')) res.setHeader('Cache-Control', route ? cachingOf(ctx, route).cacheControl : ctx.cacheControl);
      res.send(html);
    },
    (error) => {
      done();
      // (React's own errors were logged as they happened; anything else, such as a page's code that fails to load, is logged here.)
      if (!(error instanceof RenderError)) onError('render failed', error);
      if (!res.headersSent && !res.destroyed) sendStatic500(res);
    },
  );
}

/**
 * The request target's location, its page-cache key and the page kept under it. Also used by the
 * fast path. An unknown path shares the one 404 page.
 */
export function lookupPage(cache: PageCache, url: string, cookieHeader?: string) {
  const location = parseLocation(url);
  const { route } = matchRoute(location.pathname);
  // (Not for "/x/": Express may treat a trailing slash as another spelling; renderPage decides.)
  const unknown = route === notFoundRoute && !location.pathname.endsWith('/');
  const cacheKey = unknown ? NOT_FOUND_KEY : pageCacheKey(location.pathname, location.search) + cookieVariant(route, cookieHeader);
  // A page that depends on a cookie is looked up only with the cookie in hand (not by the fast path).
  if (route.cookie && cookieHeader === undefined) return { location, route, cacheKey, cached: undefined };
  return { location, route, cacheKey, cached: cache.get(cacheKey) };
}

/**
 * Pages that show a cookie's value (RouteDef.cookie), by cookie name: the value's canonical
 * spelling (part of the page-cache key: a handful of copies, whatever the cookie holds) and the
 * data the page reads it from.
 */
const COOKIE_READERS: Record<string, (cookieHeader: string | undefined) => { variant: string; data: Record<string, unknown> }> = {
  [COOKIE_PREFERENCES_KEY]: (header) => {
    const prefs = cookiePreferencesFromCookies(header);
    return { variant: `a${+prefs.analytics}m${+prefs.marketing}`, data: { [queryPath(COOKIE_PREFERENCES_DATA)]: prefs } };
  },
};
const readCookie = (route: RouteDef, cookieHeader: string | undefined) => (route.cookie ? COOKIE_READERS[route.cookie](cookieHeader) : undefined);

/** The part of a page-cache key that a route's cookie decides ("" for other routes). */
const cookieVariant = (route: RouteDef, cookieHeader: string | undefined) => {
  const read = readCookie(route, cookieHeader);
  return read ? `#${read.variant}` : '';
};

/** The answer to a query key from the content (undefined: no such item or page). */
function readKey(api: ApiData, key: QueryKey): unknown {
  const path = queryPath(key);
  const q = path.indexOf('?');
  return q === -1 ? api.read(path)?.value : api.read(path.slice(0, q), new URLSearchParams(path.slice(q + 1)))?.value;
}

/**
 * The data a page renders: the layout's reads and the route's, for its path and (allowed) query
 * parameters — and only those, which is also all the page embeds for hydration. `missing` when a
 * read has no answer (an unknown id, a page past the last): the page is then a 404.
 */
function collectData(api: ApiData, route: RouteDef, params: Record<string, string>, query: URLSearchParams) {
  const data: Record<string, unknown> = {};
  let missing = false;
  for (const key of queriesFor(route, params, query)) {
    const value = readKey(api, key);
    if (value === undefined) missing = true;
    else data[queryPath(key)] = value;
  }
  return { data, missing };
}

/**
 * A page for the request's URL; or, with `answer`, the page at `answer.url` sent as the answer to
 * a post (its own status, extra data for this one visitor, never cached).
 */
export async function renderPage(req: Request, res: Response, ctx: RenderContext, answer?: { url: string; status: number; data: Record<string, unknown> }) {
  const cookieHeader = req.headers.cookie ?? '';
  const lookup = lookupPage(ctx.cache, answer?.url ?? req.originalUrl, cookieHeader);
  if (lookup.cached && !answer) {
    sendCached(req, res, ctx, lookup.route, lookup.cached);
    return;
  }
  let { route, params } = matchRoute(lookup.location.pathname);
  let location: Location = lookup.location;
  let cacheKey: string | null = lookup.cacheKey;
  const query = routeQuery(route, location.search);
  let { data, missing } = collectData(ctx.api, route, params, query);
  let status = 200;
  if (route === notFoundRoute || missing) {
    // Every 404 is the same page: rendered once, kept under one key, whatever the path.
    status = 404;
    route = notFoundRoute;
    params = {};
    cacheKey = NOT_FOUND_KEY;
    const cached = answer ? undefined : ctx.cache.get(NOT_FOUND_KEY);
    if (cached) {
      sendCached(req, res, ctx, route, cached);
      return;
    }
    ({ data } = collectData(ctx.api, route, params, new URLSearchParams()));
  } else {
    // A page is rendered (and cached) only at its canonical URL. Parameters the route does not
    // read are ignored: the canonical page is served, nothing new is rendered or stored. A
    // parameter it reads with a value that is not canonical (an unknown category, page=1,
    // another spelling) is redirected there, so that the URL, the render and hydration agree.
    const canonical = canonicalQuery(route, query, ((key) => data[queryPath(key)]) as Getter);
    const variant = cookieVariant(route, cookieHeader);
    const requested = pageCacheKey(location.pathname, `?${query}`) + variant;
    cacheKey = pageCacheKey(location.pathname, canonical) + variant;
    if (requested !== cacheKey && !answer) {
      res.setHeader('Cache-Control', cachingOf(ctx, route).cacheControl);
      res.redirect(302, location.pathname + canonical);
      return;
    }
    // What is rendered must not depend on the ignored parameters: render the canonical URL.
    location = { pathname: location.pathname, search: canonical, hash: '' };
    if (cacheKey !== lookup.cacheKey && !answer) {
      const cached = ctx.cache.get(cacheKey);
      if (cached) {
        sendCached(req, res, ctx, route, cached);
        return;
      }
    }
  }
  Object.assign(data, readCookie(route, cookieHeader)?.data);
  if (answer) {
    Object.assign(data, answer.data);
    status = answer.status;
    cacheKey = null;
  }
  send(req, res, ctx, (opts) => renderDocument(location, data, ctx.manifest, { ...opts, status }), cacheKey, route);
}

/**
 * The login page. Its message comes from the query (?error=1 after a wrong password without
 * JavaScript), or from `answer` when the server answers the post itself (429 when throttled).
 */
export function renderLogin(req: Request, res: Response, ctx: RenderContext, answer?: { status: number; error: 'throttled'; next: string }) {
  const q = req.query as Record<string, unknown>;
  const code = answer?.error ?? q.error;
  const error = code === 'throttled' ? 'Too many attempts. Please wait a few minutes and try again.' : code ? LOGIN_ERROR : null;
  const props: LoginProps = { next: answer?.next ?? safeNext(q.next), initialError: error };
  send(req, res, ctx, (opts) => renderLoginDocument(props, ctx.manifest, { ...opts, status: answer?.status ?? 200 }), null);
}
