/**
 * createApp(config): the middleware pipeline, in order. Each step says why it is where it is.
 */
import express, { type ErrorRequestHandler, type Request, type Response, type NextFunction } from 'express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';
import { createLogger, type Logger } from './log.ts';
import { securityHeaders } from './security.ts';
import { createGate, memoryStores, loginRedirect, safeNext, type LimiterStoreFactory } from './gate.ts';
import { API_CACHE, API_TYPE, createApiRouter } from './api.ts';
import { createContactHandler, CONTACT_PAGE } from './contact.ts';
import { CONTACT_DRAFT_KEY } from '../app/components/ContactForm.tsx';
import { queryPath } from '../app/query.ts';
import { openStore, type MessageStore } from './store.ts';
import { startOutbox } from './outbox.ts';
import { lookupPage, renderLogin, renderPage, sendStatic500, type RenderContext } from './render.tsx';
import { PageCache, PAGE_CACHE, PAGE_TYPE, isFromMemory, sendEncoded } from './page-cache.ts';
import { createSeoFiles } from './seo.ts';
import { COOKIE_SETTINGS_PAGE, cookieSettingsHandler } from './cookie-settings.ts';
import { precompressedStatic } from './static.ts';
import { withFastPath, type Handler, type MemoryAnswer } from './fast-path.ts';
import { memoize } from './memo.ts';
import { loadContent } from '../content/load.ts';
import { buildApiData, loadImageManifest, type ApiData } from '../content/api-data.ts';
import type { BuildManifest } from '../build/manifest.ts';

export interface AppDeps {
  config: Config;
  log?: Logger;
  /** Injected in tests; read from content/ and public/ otherwise. */
  api?: ApiData;
  manifest?: BuildManifest;
  /** Contact messages; opened in config.dataDir unless injected. */
  store?: MessageStore;
  /** Where rate-limit counters live (gate.ts); in memory unless a shared store is given. */
  limiterStores?: LimiterStoreFactory;
}

export function loadBuildManifest(distDir: string): BuildManifest {
  const file = path.join(distDir, 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: run "npm run build" first`);
  return JSON.parse(readFileSync(file, 'utf8')) as BuildManifest;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * Public mode: pages and API answers may be kept by browsers and CDNs for 5 minutes and served
 * stale for a day while revalidated (ETag → 304), so a content deploy shows within minutes.
 * Images have stable names that a regeneration reuses (not content hashes): a day, not a year.
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=300, stale-while-revalidate=86400';
export const PUBLIC_IMAGE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';
/** What pages and API answers say while gated (page-cache.ts, api.ts): never in a shared cache. */
const GATED_CACHE = 'private, no-cache';

/**
 * Public mode: the gated Cache-Control of pages and API answers (set by sendEncoded and the
 * render) becomes the public one, just before the headers are written. One place for both, and
 * the fast path runs it too.
 */
function publicCaching(_req: Request, res: Response, next: NextFunction) {
  const writeHead = res.writeHead.bind(res);
  res.writeHead = function (this: Response, ...args: unknown[]) {
    if (this.getHeader('Cache-Control') === GATED_CACHE) this.setHeader('Cache-Control', PUBLIC_PAGE_CACHE);
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as Response['writeHead'];
  next();
}

/** Only origin-form targets ("/path?query"): see step 4b. */
export const isOriginForm = (url: string) => url.startsWith('/') && !url.startsWith('//');

/**
 * Records the first path segment of every GET route the pipeline declares (app.get/all/use with a
 * path) until `seal()`: the fast path yields those paths to Express (they are never a page). Taken
 * from the declarations themselves, so a route added before the pages is yielded without a second
 * list to keep in step. Segments are lowercase: Express matches paths in any case.
 */
function recordRoutes(app: express.Express) {
  const segments = new Set<string>();
  let sealed = false;
  for (const method of ['get', 'all', 'use'] as const) {
    const declare = app[method].bind(app) as (...args: unknown[]) => unknown;
    (app as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const [first] = args;
      // app.get(name) with one argument reads a setting; app.use(fn) has no path.
      if (!sealed && args.length > 1 && typeof first !== 'function') {
        if (typeof first !== 'string' || !first.startsWith('/')) throw new Error(`routes before the pages need a string path (got ${String(first)})`);
        segments.add(first.split('/')[1].toLowerCase());
      }
      return declare(...args);
    };
  }
  return {
    segments: segments as ReadonlySet<string>,
    seal: () => {
      sealed = true;
    },
  };
}
/** Files of public/ served as they are, open in both modes (the login page and browsers ask for them). */
const PUBLIC_FILES: Record<string, string> = {
  'robots.txt': 'text/plain; charset=utf-8',
  'favicon.svg': 'image/svg+xml',
  'favicon.ico': 'image/x-icon',
  'apple-touch-icon.png': 'image/png',
  'icon-512.png': 'image/png',
  'manifest.webmanifest': 'application/manifest+json',
};
/** The page paths the fast path looks up: plain lowercase paths, which no URL parser rewrites. */
const PLAIN_PAGE_PATH = /^\/[a-z0-9/-]*$/;

export function createApp({ config, log = createLogger(config.logFormat), api, manifest, store = openStore(config.dataDir), limiterStores = memoryStores }: AppDeps) {
  const apiData = api ?? buildApiData(loadContent(config.contentDir), loadImageManifest(config.publicDir));
  const build = manifest ?? loadBuildManifest(config.distDir);
  // Staff e-mail for each stored message (outbox.ts), when SMTP_URL and CONTACT_NOTIFY_TO are set.
  const outbox = config.notify ? startOutbox({ store, notify: config.notify, retry: config.notifyRetry, log, siteOrigin: config.publicOrigin }) : undefined;
  const gate = createGate(config, log, {
    stores: limiterStores,
    loginPage: (req, res, answer) => renderLogin(req, res, renderCtx, answer),
  });
  const isPublic = config.siteAccess === 'public';
  const renderCtx: RenderContext = {
    mode: { access: config.siteAccess, origin: config.publicOrigin ?? null },
    api: apiData,
    manifest: build,
    log,
    timeoutMs: config.renderTimeoutMs,
    devScript: config.liveReload ? '/__dev/reload.js' : undefined,
    // Pages are pure functions of path, query and content (loaded once): render each once.
    cache: new PageCache(),
    counts: { renders: 0 },
  };
  // What the login page loads is open; everything else under /assets is behind the gate.
  const loginAssetSet = (m: BuildManifest) => new Set([m.loader, m.entries.login.js, ...m.entries.login.preload, m.css, ...m.fonts]);
  let loginAssets = loginAssetSet(build);
  // Hashed names never change content: cache for a year. Login assets are public; the rest
  // are private to signed-in visitors (no shared cache may hand them to anyone else).
  const assetCacheControl = (urlPath: string) => (isPublic || loginAssets.has(urlPath) || urlPath.endsWith('.woff2') ? IMMUTABLE : 'private, max-age=31536000, immutable');
  const requestLog = log.requests;
  const headers = securityHeaders({ liveReload: config.liveReload, noindex: !isPublic });
  const cookies = cookieParser();

  const app = express();
  const routedBeforePages = recordRoutes(app);

  // 1. No framework fingerprint in every response.
  app.disable('x-powered-by');
  // 2. req.ip and req.secure must see the real client only through the configured proxy hops,
  //    or anyone could pick their own rate-limit key with X-Forwarded-For.
  app.set('trust proxy', config.trustProxy);
  app.set('env', config.production ? 'production' : 'development');
  // The Origin check (gate.ts sameOriginOnly) accepts the site's public origin too.
  app.locals.publicOrigin = config.publicOrigin;

  // 3. One log line per request, before anything can end the request.
  app.use(requestLog);

  // 4. Security headers on every response, errors and redirects included.
  app.use(headers);

  // 4b. Only origin-form targets ("/path?query"). Absolute-form ("http://host/…") is for proxies,
  //     "*" for server-wide OPTIONS, and "//host/…" reads as another origin to whatever echoes
  //     it: none is meant for this site, so none reaches the gate or the router (RFC 9112 §3.2).
  app.use((req, res, next) => {
    if (isOriginForm(req.url)) return next();
    res.status(400).type('text').send('Bad request.');
  });

  // 5. Compress dynamic responses; React flushes through it while streaming. What is answered
  //    from memory (sendEncoded) is already brotli or gzip and is left alone.
  //    Server-Sent Events (live reload in development) are never compressed: compression buffers
  //    until a chunk is worth compressing, so the events would never arrive.
  app.use(
    compression({
      filter: (req, res) => !isFromMemory(res) && !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
    }),
  );

  // 6. Cookies are parsed once, for the session check (signatures are ours: see session.ts).
  app.use(cookies);

  // 7. Health check for load balancers and uptime probes: open, cheap, no content. It proves the
  //    database can take a write (a contact message is the one thing this site must not lose):
  //    503 when it cannot, so the balancer and the monitoring see it. One probe per 2 s at most,
  //    so that requests to this open URL cannot turn into a stream of disk writes.
  let health: { at: number; ok: boolean } = { at: 0, ok: true };
  app.get('/healthz', (_req, res) => {
    if (Date.now() - health.at > 2_000) {
      try {
        store.probeWrite();
        health = { at: Date.now(), ok: true };
      } catch (err) {
        if (health.ok) log.error('healthz: the database cannot be written', { error: String((err as Error)?.message ?? err) });
        health = { at: Date.now(), ok: false };
      }
    }
    res.setHeader('Cache-Control', 'no-store');
    if (health.ok) res.json({ status: 'ok', database: 'ok' });
    else res.status(503).json({ status: 'error', database: 'cannot write' });
  });

  // 8. The few public files: robots.txt (disallow all while gated; allow all and name the
  //    sitemap when public) and the favicon.
  const publicRobots = `User-agent: *\nAllow: /\n${config.publicOrigin ? `\nSitemap: ${config.publicOrigin}/sitemap.xml\n` : ''}`;
  for (const [file, type] of Object.entries(PUBLIC_FILES)) {
    app.get(`/${file}`, (_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=3600');
      if (file === 'robots.txt' && isPublic) res.type('text').send(publicRobots);
      else res.sendFile(path.join(config.publicDir, file), { dotfiles: 'deny', headers: { 'Content-Type': type } });
    });
  }

  // 8b. Public mode: CDN-friendly caching of pages and API answers (see publicCaching).
  if (isPublic) app.use(publicCaching);

  // 9. Development only: live reload (Server-Sent Events) — see scripts/dev.ts.
  let closeStreams = () => {};
  if (config.liveReload) {
    closeStreams = mountLiveReload(app, config, () => {
      // A rebuild changes the hashed names: use the new manifest, forget rendered pages.
      renderCtx.manifest = loadBuildManifest(config.distDir);
      loginAssets = loginAssetSet(renderCtx.manifest);
      renderCtx.cache.clear();
    });
  }

  // 10. The login page's own assets (hashed, immutable): open, so the login page can load.
  const assetsStatic = precompressedStatic(path.join(config.distDir, 'assets'), assetCacheControl, { rescan: config.liveReload });
  app.use('/assets', (req, res, next) => {
    if (!loginAssets.has('/assets' + req.path) && !req.path.endsWith('.woff2')) return next();
    assetsStatic(req, res, next);
  });

  // 11. The gate's own endpoints and page, before the session check. A public site has no
  //     gate: /login leads to the page asked for, the login API does not exist (404 JSON).
  app.get('/login', (req, res) => {
    if (isPublic || gate.isAuthenticated(req)) {
      // safeNext, not a prefix check: "/\evil.com" is another origin to browsers, "/login" would loop.
      res.redirect(302, safeNext((req.query as Record<string, unknown>).next));
      return;
    }
    renderLogin(req, res, renderCtx);
  });
  if (!isPublic) {
    app.all('/api/login', methodGuard('POST'), ...gate.login);
    app.all('/api/logout', methodGuard('POST'), ...gate.logout);

    // 12. The gate: everything below needs a valid session (302 to /login, or 401 for /api).
    app.use(gate.requireSession);
  }

  // 12b. The contact form's endpoint (same-origin, rate limited, 16 KB) — see contact.ts.
  app.all(
    '/api/contact',
    methodGuard('POST'),
    ...createContactHandler({
      config,
      store,
      log,
      limiterStore: limiterStores('contact-client'),
      onStored: outbox?.kick,
      failurePage: (req, res, status, typed, errors) =>
        renderPage(req, res, renderCtx, { url: errors ? `${CONTACT_PAGE}?error=${errors.join(',')}` : CONTACT_PAGE, status, data: { [queryPath(CONTACT_DRAFT_KEY)]: typed } }),
    }),
  );

  // 12b'. The cookie settings form without script: stores the choice in a cookie, 303 back.
  app.post(COOKIE_SETTINGS_PAGE, ...cookieSettingsHandler());

  // 12c. The sitemap and the feeds (seo.ts): absolute URLs on PUBLIC_ORIGIN, or on the origin the
  //     request names when it is unset (development, or a gated site reached by its own name).
  const seo = createSeoFiles(apiData, config.contentDir);
  const seoFile: express.RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = seo.get(config.publicOrigin ?? `${req.protocol}://${req.host}`, req.path);
    if (!file) return next();
    sendEncoded(req, res, file.body, file.type, GATED_CACHE);
  };
  app.get('/sitemap.xml', seoFile);
  app.get('/feeds/{*file}', seoFile);

  // 13. Hashed bundles and generated images, private to signed-in visitors.
  app.use('/assets', assetsStatic);
  app.use(
    '/images',
    express.static(path.join(config.publicDir, 'images'), {
      index: false,
      dotfiles: 'deny',
      maxAge: '1d',
      setHeaders: (res) => res.setHeader('Cache-Control', isPublic ? PUBLIC_IMAGE_CACHE : 'private, max-age=86400'),
    }),
  );

  // 14. The read API; unknown /api paths answer 404 JSON, never a page.
  const apiRouter = createApiRouter(apiData);
  app.use('/api', apiRouter);

  // 15. Pages: the route table decides the page and the status.
  routedBeforePages.seal();
  app.all('/{*splat}', (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      res.status(405).type('text').send('Method Not Allowed');
      return;
    }
    return renderPage(req, res, renderCtx);
  });

  // 16. Errors: a clean 4xx for bad input (body parser, static files, URI errors), the static
  //     500 page otherwise. Never a stack trace.
  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    const status = typeof err?.status === 'number' ? err.status : typeof err?.statusCode === 'number' ? err.statusCode : 500;
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (status >= 400 && status < 500) {
      const message = status === 413 ? 'Payload too large.' : status === 404 ? 'Not found.' : 'Bad request.';
      if (req.path.startsWith('/api/')) res.status(status).json({ error: message });
      else res.status(status).type('text').send(message);
      return;
    }
    log.error('unhandled error', { path: req.path, error: String(err?.message ?? err) });
    if (req.path.startsWith('/api/')) res.status(500).json({ error: 'Internal server error.' });
    else sendStatic500(res);
  };
  app.use(onError);

  // 0. The fast path (fast-path.ts), in front of all of the above: a signed-in GET for a page,
  //    API answer or hashed file already in memory, answered with the same lookups, the gate's
  //    check and the same headers, without the routing. `lookup` follows the pipeline: the two
  //    mounts that answer from memory (/assets, /api) ask their own lookups; any other path a
  //    route before the pages declares (routedBeforePages) goes to Express; then pages.
  const cacheControlAsSent = (cc: string) => (isPublic && cc === GATED_CACHE ? PUBLIC_PAGE_CACHE : cc);
  /** A page URL → its page-cache key (a pure function of the URL), for URLs found in memory before. */
  const pageKeys = new Map<string, string>();
  /**
   * The one answer to "is this a page?", for both things the fast path does with pages (answer
   * one from memory, send a visitor without a session to /login): a plain lowercase path (which
   * no URL parser rewrites) whose first segment no route before the pages declares — that set is
   * recorded from the declarations themselves (recordRoutes), so a route or prefix added above
   * cannot make the two disagree with each other or with Express.
   */
  const isPagePath = (pathname: string) => PLAIN_PAGE_PATH.test(pathname) && !routedBeforePages.segments.has(pathname.split('/', 2)[1]);
  const pathOf = (url: string) => {
    const q = url.indexOf('?');
    return q === -1 ? url : url.slice(0, q);
  };
  const lookup = (url: string): MemoryAnswer | undefined => {
    const pathname = pathOf(url);
    if (pathname.startsWith('/assets/')) {
      const asset = assetsStatic.lookup(pathname.slice('/assets/'.length));
      return asset && { body: asset.body, type: asset.type, cacheControl: cacheControlAsSent(assetCacheControl(pathname)) };
    }
    if (pathname.startsWith('/api/')) {
      const body = apiRouter.lookup(pathname);
      return body && { body, type: API_TYPE, cacheControl: cacheControlAsSent(API_CACHE) };
    }
    const key = pageKeys.get(url);
    if (key !== undefined) {
      const cached = renderCtx.cache.get(key);
      if (cached) return { body: cached, type: PAGE_TYPE, cacheControl: cacheControlAsSent(PAGE_CACHE) };
    }
    if (!isPagePath(pathname)) return undefined;
    // The very lookup renderPage starts with; a path the URL parser rewrites is left to Express.
    const { location, cached, cacheKey } = lookupPage(renderCtx.cache, url);
    if (!cached || location.pathname !== pathname) return undefined;
    if (pageKeys.size >= 10_000) pageKeys.clear();
    pageKeys.set(url, cacheKey);
    return { body: cached, type: PAGE_TYPE, cacheControl: cacheControlAsSent(PAGE_CACHE) };
  };
  const noop = () => {};
  /**
   * The gate's redirect for a page URL (its Location), or undefined for a URL that is not a page.
   * A pure function of the URL, remembered like pageKeys: validating the `next` target parses the
   * URL (WHATWG URL), a tenth of the CPU of a redirect answered from the fast path.
   */
  const redirectFor = memoize((url): string | undefined => (isPagePath(pathOf(url)) ? loginRedirect(url) : undefined), 10_000);
  const stats = { fastPath: 0 };
  const handler: Handler = config.fastPath
    ? withFastPath(
        {
          app,
          // Public: no session needed; everything in memory is for everyone.
          hasSession: isPublic ? () => true : gate.hasSession,
          securityHeaders: headers.list,
          isOriginForm,
          lookup,
          requestLog: (req, res) => requestLog(req, res, noop),
          // The gate's redirect (gate.ts requireSession) for a page: the same isPagePath as `lookup`.
          redirectFor: isPublic ? undefined : redirectFor,
        },
        stats,
      )
    : app;

  /** Stops what runs beside the requests (the outbox); the caller closes the store after it. */
  const close = async () => {
    await outbox?.stop();
  };
  // Open event streams never end by themselves: shutdown ends them first (main.ts), at once.
  return { app, handler, stats, apiData, store, close, closeStreams: () => closeStreams(), pageCache: renderCtx.cache, renderCounts: renderCtx.counts! };
}

/** 405 JSON with Allow for any other method on a POST-only endpoint. */
function methodGuard(method: 'POST') {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === method) return next();
    res.setHeader('Allow', method);
    res.status(405).json({ error: 'Method not allowed.' });
  };
}

/** Development only. Returns a function that ends every open event stream (for a quick restart). */
function mountLiveReload(app: express.Express, config: Config, onRebuild: () => void): () => void {
  const clients = new Set<Response>();
  let version = '';
  const manifestFile = path.join(config.distDir, 'manifest.json');
  const read = () => (existsSync(manifestFile) ? readFileSync(manifestFile, 'utf8') : '');
  version = read();
  const poll = setInterval(() => {
    const v = read();
    if (v && v !== version) {
      version = v;
      onRebuild();
      for (const c of clients) c.write('data: reload\n\n');
    }
  }, 300).unref();
  app.get('/__dev/events', (req, res) => {
    res.setHeader('Content-Type', 'text/event-stream');
    res.setHeader('Cache-Control', 'no-store');
    res.writeHead(200);
    res.write('data: hello\n\n');
    clients.add(res);
    req.on('close', () => clients.delete(res));
  });
  app.get('/__dev/reload.js', (_req, res) => {
    res.type('js').setHeader('Cache-Control', 'no-store');
    // Reload on a rebuild, and after the server restarts (tsx watch) once it answers again.
    res.send(
      `let seen=false;function connect(){const es=new EventSource('/__dev/events');es.onmessage=(e)=>{if(e.data==='reload'||(seen&&e.data==='hello'))location.reload();seen=true;};es.onerror=()=>{es.close();setTimeout(connect,100);};}connect();`,
    );
  });
  return () => {
    clearInterval(poll);
    for (const c of clients) c.end();
    clients.clear();
  };
}
