/**
 * createApp(config): what the site holds (content, build, store, gate, caches), the Express
 * pipeline in order (its steps and their reasons: pipeline.ts), and the fast path in front of it.
 */
import express from 'express';
import path from 'node:path';
import type { Config } from './config.ts';
import { createLogger, type Logger } from './log.ts';
import { securityHeaders } from './security.ts';
import { createGate, loginRedirect, memoryStores, type LimiterStoreFactory } from './gate.ts';
import { API_TYPE, createApiRouter } from './api.ts';
import type { Store } from './store/index.ts';
import { openStore, postgresOf } from './store/open.ts';
import { postgresLimiterStores } from './store/limiter-store.ts';
import { startOutbox } from './outbox.ts';
import { alertKeys, createAlertMailer, startAlertJobs } from './alerts.ts';
import { lookupPage, renderLogin, type RenderContext } from './render.tsx';
import { PageCache, PAGE_TYPE } from './page-cache.ts';
import { IMMUTABLE, PRIVATE_IMMUTABLE, documentCacheControl } from './cache-control.ts';
import { precompressedStatic } from './static.ts';
import { withFastPath, type Handler, type MemoryAnswer } from './fast-path.ts';
import { memoize } from './memo.ts';
import { createRevocations } from './revocations.ts';
import { createProxyCheck, proxyTrust } from './proxy.ts';
import { createStoreBounds } from './bounds.ts';
import * as step from './pipeline.ts';
import { isOriginForm, isValidHost, loadBuildManifest, ROUTED_BEFORE_PAGES, ROUTED_SEGMENTS, type Site } from './pipeline.ts';
import { loadContent } from '../content/load.ts';
import { buildApiData, loadImageManifest, type ApiData } from '../content/api-data.ts';
import { documentFiles } from '../content/pdf/files.ts';
import type { BuildManifest } from '../build/manifest.ts';

export { loadBuildManifest } from './pipeline.ts';

export interface AppDeps {
  config: Config;
  log?: Logger;
  /** Injected in tests; read from content/ and public/ otherwise. */
  api?: ApiData;
  manifest?: BuildManifest;
  /** Contact messages and the rest of the store; opened from the configuration unless injected. */
  store?: Store;
  /** Where rate-limit counters live (gate.ts); in memory unless a shared store is given. */
  limiterStores?: LimiterStoreFactory;
}

/** The Express pipeline, in order: each step's reason is with it in pipeline.ts. */
const PIPELINE: step.Step[] = [
  step.settings, // no fingerprint; clients seen through the trusted proxy hops only
  step.requestLog, // one line per request, before anything can end it
  step.securityHeadersStep, // on every answer, errors and redirects included
  step.originFormOnly, // a path target and a well-formed Host, or 400
  step.compress, // dynamic answers; not what is kept compressed, not event streams
  step.health, // /healthz liveness, /readyz readiness: open
  step.publicFiles, // robots.txt and the icons: open
  step.liveReload, // development only
  step.loginAssets, // what the login page loads: open
  step.cookies, // req.cookies, for the gate
  step.alertLinks, // the alert e-mails' links: open (decision 013)
  step.gate, // the login page and API, then nothing further without a session
  step.contactForm,
  step.alertSignup,
  step.cookieSettingsForm,
  step.seoFiles,
  step.privateFiles, // hashed bundles and images
  step.documentFiles, // the library's PDFs
  step.readApi,
  step.pages, // the route table decides the page and the status
  step.errors, // a clean 4xx, or the static 500 page; never a stack trace
];

export function createApp(deps: AppDeps) {
  const site = buildSite(deps);
  const app = express();
  for (const mount of PIPELINE) mount(app, site);
  const { handler, stats } = frontDoor(app, site);
  const { store, render } = site;
  const revocations = site.gate.revocations;
  return {
    app,
    handler,
    stats,
    apiData: site.api,
    store,
    /** Resolves once the store is usable and the revocation list has been read (before listening). */
    ready: async () => {
      await store.ready();
      await revocations?.ready();
    },
    /** Stops what runs beside the requests (revocation sync, retention, the limits' upkeep, the outbox); the caller closes the store after. */
    close: async () => {
      revocations?.stop();
      site.stopRetention();
      site.stopAlertJobs();
      site.stopLimits();
      await site.outbox?.stop();
    },
    // Open event streams never end by themselves: shutdown ends them first (main.ts), at once.
    closeStreams: () => site.closeStreams(),
    pageCache: render.cache,
    renderCounts: render.counts!,
  };
}

/** What the steps share: content, build, store and its bounds, the gate, the caches. */
function buildSite({
  config,
  log = createLogger(config.logFormat),
  api,
  manifest,
  store = openStore(config),
  limiterStores,
}: AppDeps): Site & { stopRetention(): void; stopLimits(): void; stopAlertJobs(): void } {
  const isPublic = config.siteAccess === 'public';
  // Rate-limit counters: those given (the cluster's), or in PostgreSQL with the store (shared by
  // every host), or in this process's memory.
  const pg = postgresOf(store);
  const sharedLimits = !limiterStores && pg ? postgresLimiterStores(pg.limitsPool, log, () => pg.ready()) : undefined;
  limiterStores ??= sharedLimits ?? memoryStores;
  const apiData = api ?? loadApiData(config, log);
  const documentCache = documentCacheControl(config.siteAccess);
  const render: RenderContext = {
    mode: { access: config.siteAccess, origin: config.publicOrigin ?? null },
    api: apiData,
    manifest: manifest ?? loadBuildManifest(config.distDir),
    log,
    timeoutMs: config.renderTimeoutMs,
    devScript: config.liveReload ? `${ROUTED_BEFORE_PAGES.devReload}/reload.js` : undefined,
    // Pages are pure functions of path, query and content (loaded once): render each once.
    cache: new PageCache(),
    cacheControl: documentCache,
    counts: { renders: 0 },
  };
  // What the login page loads is open; everything else under /assets is behind the gate.
  const loginAssetSet = (m: BuildManifest) => new Set([m.loader, m.entries.login.js, ...m.entries.login.preload, m.css, ...m.fonts]);
  let loginAssets = loginAssetSet(render.manifest);
  // Hashed names never change content: a year. Login assets and fonts are public; the rest are
  // private to signed-in visitors (no shared cache may hand them to anyone else).
  const assetCacheControl = (urlPath: string) => (isPublic || loginAssets.has(urlPath) || urlPath.endsWith('.woff2') ? IMMUTABLE : PRIVATE_IMMUTABLE);
  const bounds = createStoreBounds(store, config, log);
  // Insight alerts need an SMTP server (the outbox) and the site's address (the links in the e-mails).
  const keys = alertKeys(config.sessionSecrets);
  const mailer = config.notify && config.publicOrigin ? createAlertMailer({ store, keys, origin: config.publicOrigin, from: config.notify.from }) : undefined;
  // Staff e-mail for each stored message, when SMTP_URL and CONTACT_NOTIFY_TO are set; and the alerts.
  const outbox = config.notify ? startOutbox({ store, notify: config.notify, retry: config.notifyRetry, log, siteOrigin: config.publicOrigin, alerts: mailer }) : undefined;
  return {
    config,
    log,
    store,
    isPublic,
    api: apiData,
    render,
    // Sign-out's revocation list is mirrored from the store; a public site has no sessions.
    gate: createGate(config, log, {
      stores: limiterStores,
      loginPage: (req, res, answer) => renderLogin(req, res, render, answer),
      revocations: isPublic ? undefined : createRevocations(store, log),
    }),
    bounds,
    stopRetention: bounds.startRetention(),
    stopLimits: () => sharedLimits?.stop(),
    outbox,
    alerts: { keys, mailer },
    stopAlertJobs: mailer ? startAlertJobs({ store, api: apiData, log, onQueued: outbox?.kick }) : () => {},
    limiterStores,
    headers: securityHeaders({ liveReload: config.liveReload, noindex: !isPublic }),
    proxy: proxyTrust(config.trustProxy),
    assets: precompressedStatic(path.join(config.distDir, 'assets'), assetCacheControl, { rescan: config.liveReload }),
    loginAssets: { has: (urlPath) => loginAssets.has(urlPath) },
    apiRouter: createApiRouter(apiData, documentCache),
    documentCache,
    onRebuild() {
      // A rebuild changes the hashed names: use the new manifest, forget rendered pages.
      render.manifest = loadBuildManifest(config.distDir);
      loginAssets = loginAssetSet(render.manifest);
      render.cache.clear();
    },
    closeStreams: () => {},
  };
}

/**
 * The content's answers, with the library's PDFs from the build (dist/documents): a document the
 * build did not make from this content is made on demand, which a production server says at start.
 */
function loadApiData(config: Config, log: Logger): ApiData {
  const content = loadContent(config.contentDir);
  const documents = documentFiles(content, path.join(config.distDir, 'documents'));
  if (config.production && documents.built < documents.total) {
    log.info('document PDFs not in the build are made on first request (run "npm run build" after editing content/documents)', { built: documents.built, documents: documents.total });
  }
  return buildApiData(content, loadImageManifest(config.publicDir), { date: config.contentDate, documents });
}

/** The page paths the fast path looks up: plain lowercase paths, which no URL parser rewrites. */
const PLAIN_PAGE_PATH = /^\/[a-z0-9/-]*$/;
const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
};

/**
 * What every request meets first: the proxy check (proxy.ts: the proxies and TRUST_PROXY agree,
 * or the log says so once), then the fast path (fast-path.ts) — a GET for what is already in
 * memory, answered with the pipeline's own lookups, the gate's check and the same headers —
 * or the pipeline.
 */
function frontDoor(app: express.Express, site: Site) {
  const { config, isPublic, gate, render, assets, apiRouter, documentCache, headers, proxy, log } = site;
  const proxyCheck = createProxyCheck(config.trustProxy, log, { production: config.production });
  /**
   * The one answer to "is this a page?", for both things the fast path does with pages (answer one
   * from memory, send a visitor without a session to the login page): a plain lowercase path whose
   * first segment the pipeline does not route before the pages (ROUTED_BEFORE_PAGES, the list the
   * steps mount from).
   */
  const isPagePath = (pathname: string) => PLAIN_PAGE_PATH.test(pathname) && !ROUTED_SEGMENTS.has(pathname.split('/', 2)[1]);
  /** A page URL → its page-cache key (a pure function of the URL), for URLs found in memory before. */
  const pageKeys = new Map<string, string>();
  const assetsPrefix = `${ROUTED_BEFORE_PAGES.assets}/`;
  const apiPrefix = `${ROUTED_BEFORE_PAGES.api}/`;
  /** The answer the pipeline would send from memory for this target: the two mounts that answer from memory ask their own lookups, then pages. */
  const lookup = (url: string): MemoryAnswer | undefined => {
    const pathname = pathOf(url);
    if (pathname.startsWith(assetsPrefix)) {
      const asset = assets.lookup(pathname.slice(assetsPrefix.length));
      return asset && { body: asset.body, type: asset.type, cacheControl: assets.cacheControl(pathname) };
    }
    if (pathname.startsWith(apiPrefix)) {
      const body = apiRouter.lookup(pathname);
      return body && { body, type: API_TYPE, cacheControl: documentCache };
    }
    const key = pageKeys.get(url);
    if (key !== undefined) {
      const cached = render.cache.get(key);
      if (cached) return { body: cached, type: PAGE_TYPE, cacheControl: documentCache };
    }
    if (!isPagePath(pathname)) return undefined;
    // The very lookup renderPage starts with; a path the URL parser rewrites is left to Express.
    const { location, cached, cacheKey } = lookupPage(render.cache, url);
    if (!cached || location.pathname !== pathname) return undefined;
    if (pageKeys.size >= 10_000) pageKeys.clear();
    pageKeys.set(url, cacheKey);
    return { body: cached, type: PAGE_TYPE, cacheControl: documentCache };
  };
  const noop = () => {};
  const stats = { fastPath: 0 };
  const serve: Handler = config.fastPath
    ? withFastPath(
        {
          app,
          // Public: no session needed; everything in memory is for everyone.
          session: isPublic
            ? () => true
            : (cookieHeader, secure) => {
                const s = gate.session(cookieHeader, secure);
                return s ? (gate.renewal(s, secure) ?? true) : false;
              },
          securityHeaders: headers.list,
          isOriginForm,
          isValidHost,
          isSecure: proxy.isSecure,
          lookup,
          requestLog: (req, res) => log.requests(req, res, noop),
          // The gate's redirect for a page, remembered per URL: checking its `next` target parses
          // the URL (WHATWG URL), a tenth of the CPU of a redirect answered here.
          redirectFor: isPublic ? undefined : memoize((url): string | undefined => (isPagePath(pathOf(url)) ? loginRedirect(url) : undefined), 10_000),
        },
        stats,
      )
    : app;
  const handler: Handler = (req, res) => {
    proxyCheck.observe(req);
    serve(req, res);
  };
  return { handler, stats };
}
