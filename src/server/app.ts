/**
 * createApp(config): the middleware pipeline, in order. Each step says why it is where it is.
 */
import express, { type ErrorRequestHandler, type Request, type Response, type NextFunction } from 'express';
import compression from 'compression';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';
import { createLogger, type Logger } from './log.ts';
import { securityHeaders } from './security.ts';
import { createGate, memoryStores, loginRedirect, safeNext, type LimiterStoreFactory } from './gate.ts';
import { API_TYPE, createApiRouter } from './api.ts';
import { createContactHandler, CONTACT_PAGE } from './contact.ts';
import { CONTACT_DRAFT_KEY } from '../app/components/ContactForm.tsx';
import { queryPath } from '../app/query.ts';
import type { Store } from './store/index.ts';
import { openStore } from './store/open.ts';
import { startOutbox } from './outbox.ts';
import { lookupPage, renderLogin, renderPage, sendStatic500, type RenderContext } from './render.tsx';
import { PageCache, PAGE_TYPE, isFromMemory, sendEncoded } from './page-cache.ts';
import { IMMUTABLE, NO_STORE, PRIVATE_IMAGE_CACHE, PRIVATE_IMMUTABLE, PUBLIC_FILE, PUBLIC_IMAGE_CACHE, documentCacheControl } from './cache-control.ts';
import { createSeoFiles, MAX_ORIGINS } from './seo.ts';
import { COOKIE_SETTINGS_PAGE, cookieSettingsHandler } from './cookie-settings.ts';
import { precompressedStatic } from './static.ts';
import { withFastPath, type Handler, type MemoryAnswer } from './fast-path.ts';
import { memoize } from './memo.ts';
import { createRevocations } from './revocations.ts';
import { createProxyCheck, proxyTrust } from './proxy.ts';
import { createStoreBounds } from './bounds.ts';
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
  store?: Store;
  /** Where rate-limit counters live (gate.ts); in memory unless a shared store is given. */
  limiterStores?: LimiterStoreFactory;
}

export function loadBuildManifest(distDir: string): BuildManifest {
  const file = path.join(distDir, 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: run "npm run build" first`);
  return JSON.parse(readFileSync(file, 'utf8')) as BuildManifest;
}

/** Only origin-form targets ("/path?query"): see step 4b. */
export const isOriginForm = (url: string) => url.startsWith('/') && !url.startsWith('//');
/**
 * A Host header as RFC 9110 allows it: a name (letters, digits, '-', '_' — nginx's upstream names
 * have one — and dots), an IPv4 address or a bracketed IPv6 address, an optional port. Absent is
 * allowed (HTTP/1.0; Node refuses HTTP/1.1 without one). Anything else is a 400: see step 4b.
 */
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
export const isValidHost = (host: string | undefined) => host === undefined || (host.length <= 255 && HOST.test(host));

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

export function createApp({ config, log = createLogger(config.logFormat), api, manifest, store = openStore(config), limiterStores = memoryStores }: AppDeps) {
  const apiData = api ?? buildApiData(loadContent(config.contentDir), loadImageManifest(config.publicDir));
  const build = manifest ?? loadBuildManifest(config.distDir);
  // The store's bounds (site-wide rate, free-space floor, retention): bounds.ts.
  const bounds = createStoreBounds(store, config, log);
  const stopRetention = bounds.startRetention();
  // Staff e-mail for each stored message (outbox.ts), when SMTP_URL and CONTACT_NOTIFY_TO are set.
  const outbox = config.notify ? startOutbox({ store, notify: config.notify, retry: config.notifyRetry, log, siteOrigin: config.publicOrigin }) : undefined;
  const isPublic = config.siteAccess === 'public';
  // Sign-out's revocation list, mirrored from the store (a public site has no sessions).
  const revocations = isPublic ? undefined : createRevocations(store, log);
  const gate = createGate(config, log, {
    stores: limiterStores,
    loginPage: (req, res, answer) => renderLogin(req, res, renderCtx, answer),
    revocations,
  });
  const renderCtx: RenderContext = {
    mode: { access: config.siteAccess, origin: config.publicOrigin ?? null },
    api: apiData,
    manifest: build,
    log,
    timeoutMs: config.renderTimeoutMs,
    devScript: config.liveReload ? '/__dev/reload.js' : undefined,
    // Pages are pure functions of path, query and content (loaded once): render each once.
    cache: new PageCache(),
    cacheControl: documentCacheControl(config.siteAccess),
    counts: { renders: 0 },
  };
  // What the login page loads is open; everything else under /assets is behind the gate.
  const loginAssetSet = (m: BuildManifest) => new Set([m.loader, m.entries.login.js, ...m.entries.login.preload, m.css, ...m.fonts]);
  let loginAssets = loginAssetSet(build);
  // Hashed names never change content: cache for a year. Login assets are public; the rest
  // are private to signed-in visitors (no shared cache may hand them to anyone else).
  const assetCacheControl = (urlPath: string) => (isPublic || loginAssets.has(urlPath) || urlPath.endsWith('.woff2') ? IMMUTABLE : PRIVATE_IMMUTABLE);
  /** What pages, API answers, the sitemap and feeds say in this access mode. */
  const documentCache = documentCacheControl(config.siteAccess);
  const requestLog = log.requests;
  const headers = securityHeaders({ liveReload: config.liveReload, noindex: !isPublic });
  const proxy = proxyTrust(config.trustProxy);
  // The proxies in front and TRUST_PROXY must agree: told once in the log when they do not.
  const proxyCheck = createProxyCheck(config.trustProxy, log, { production: config.production });

  const app = express();
  const routedBeforePages = recordRoutes(app);

  // 1. No framework fingerprint in every response.
  app.disable('x-powered-by');
  // 2. req.ip and req.secure must see the real client only through the configured proxy hops,
  //    or anyone could pick their own rate-limit key with X-Forwarded-For (proxy.ts: one rule
  //    for Express and the fast path).
  app.set('trust proxy', proxy.trust);
  app.set('env', config.production ? 'production' : 'development');
  // The Origin check (gate.ts sameOriginOnly) accepts the site's public origin too.
  app.locals.publicOrigin = config.publicOrigin;

  // 3. One log line per request, before anything can end the request.
  app.use(requestLog);

  // 4. Security headers on every response, errors and redirects included.
  app.use(headers);

  // 4b. Only origin-form targets ("/path?query") with a well-formed Host. Absolute-form
  //     ("http://host/…") is for proxies, "*" for server-wide OPTIONS, and "//host/…" reads as
  //     another origin to whatever echoes it: none is meant for this site (RFC 9112 §3.2). A
  //     malformed Host would reach the absolute URLs of the sitemap and feeds (a 500 on b747b9d).
  app.use((req, res, next) => {
    if (isOriginForm(req.url) && isValidHost(req.headers.host)) return next();
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

  // 7. Health, open and cheap, for two different questions. /healthz is liveness: this process
  //    answers (pages are served from memory whatever the store does): a process manager
  //    restarts a host only when it fails. /readyz is readiness: the store takes a write and its
  //    disk is above the free-space floor: a load balancer sends contact posts elsewhere when it
  //    fails, while /healthz keeps the host alive. The store is probed once per 2 s at most, so
  //    that requests to this open URL cannot turn into a stream of disk writes.
  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', NO_STORE);
    res.json({ status: 'ok' });
  });
  let readiness: { at: number; store: boolean; disk: boolean } = { at: 0, store: true, disk: true };
  const probeReadiness = async () => {
    let ok = true;
    try {
      await store.probeWrite();
    } catch (err) {
      ok = false;
      if (readiness.store) log.error('readyz: the store cannot be written', { error: String((err as Error)?.message ?? err) });
    }
    let disk = true;
    try {
      disk = (await bounds.belowFloor()) === null;
    } catch {
      disk = false;
    }
    if (!disk && readiness.disk) log.error('readyz: free space is below DATA_MIN_FREE_MB');
    readiness = { at: Date.now(), store: ok, disk };
  };
  app.get('/readyz', async (_req, res) => {
    if (Date.now() - readiness.at > 2_000) await probeReadiness();
    res.setHeader('Cache-Control', NO_STORE);
    const body = { status: readiness.store && readiness.disk ? 'ok' : 'error', store: readiness.store ? 'ok' : 'cannot write', disk: readiness.disk ? 'ok' : 'below the free-space floor' };
    res.status(body.status === 'ok' ? 200 : 503).json(body);
  });

  // 8. The few public files: robots.txt (disallow all while gated; allow all and name the
  //    sitemap when public) and the favicon.
  const publicRobots = `User-agent: *\nAllow: /\n${config.publicOrigin ? `\nSitemap: ${config.publicOrigin}/sitemap.xml\n` : ''}`;
  for (const [file, type] of Object.entries(PUBLIC_FILES)) {
    app.get(`/${file}`, (_req, res) => {
      res.setHeader('Cache-Control', PUBLIC_FILE);
      if (file === 'robots.txt' && isPublic) res.type('text').send(publicRobots);
      else res.sendFile(path.join(config.publicDir, file), { dotfiles: 'deny', headers: { 'Content-Type': type } });
    });
  }

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
      bounds,
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
  let seoOriginsFull = false;
  const seoFile: express.RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // (req.host may come from a trusted X-Forwarded-Host: checked like Host.)
    if (!config.publicOrigin && (!req.host || !isValidHost(req.host))) {
      res.status(400).type('text').send('Bad request.');
      return;
    }
    const file = seo.get(config.publicOrigin ?? `${req.protocol}://${req.host.toLowerCase()}`, req.path);
    if (file === 'unknown origin') {
      if (!seoOriginsFull) log.warn(`the sitemap and feeds are kept for ${MAX_ORIGINS} host names; others get 404. Set PUBLIC_ORIGIN to the site's address.`);
      seoOriginsFull = true;
      return next();
    }
    if (!file) return next();
    sendEncoded(req, res, file.body, file.type, documentCache);
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
      setHeaders: (res) => res.setHeader('Cache-Control', isPublic ? PUBLIC_IMAGE_CACHE : PRIVATE_IMAGE_CACHE),
    }),
  );

  // 14. The read API; unknown /api paths answer 404 JSON, never a page.
  const apiRouter = createApiRouter(apiData, documentCache);
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
      return asset && { body: asset.body, type: asset.type, cacheControl: assetCacheControl(pathname) };
    }
    if (pathname.startsWith('/api/')) {
      const body = apiRouter.lookup(pathname);
      return body && { body, type: API_TYPE, cacheControl: documentCache };
    }
    const key = pageKeys.get(url);
    if (key !== undefined) {
      const cached = renderCtx.cache.get(key);
      if (cached) return { body: cached, type: PAGE_TYPE, cacheControl: documentCache };
    }
    if (!isPagePath(pathname)) return undefined;
    // The very lookup renderPage starts with; a path the URL parser rewrites is left to Express.
    const { location, cached, cacheKey } = lookupPage(renderCtx.cache, url);
    if (!cached || location.pathname !== pathname) return undefined;
    if (pageKeys.size >= 10_000) pageKeys.clear();
    pageKeys.set(url, cacheKey);
    return { body: cached, type: PAGE_TYPE, cacheControl: documentCache };
  };
  const noop = () => {};
  /**
   * The gate's redirect for a page URL (its Location), or undefined for a URL that is not a page.
   * A pure function of the URL, remembered like pageKeys: validating the `next` target parses the
   * URL (WHATWG URL), a tenth of the CPU of a redirect answered from the fast path.
   */
  const redirectFor = memoize((url): string | undefined => (isPagePath(pathOf(url)) ? loginRedirect(url) : undefined), 10_000);
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
          requestLog: (req, res) => requestLog(req, res, noop),
          // The gate's redirect (gate.ts requireSession) for a page: the same isPagePath as `lookup`.
          redirectFor: isPublic ? undefined : redirectFor,
        },
        stats,
      )
    : app;
  const handler: Handler = (req, res) => {
    proxyCheck.observe(req);
    serve(req, res);
  };

  /** Stops what runs beside the requests (the outbox); the caller closes the store after it. */
  const close = async () => {
    revocations?.stop();
    stopRetention();
    await outbox?.stop();
  };
  /** Resolves once the store is usable and the revocation list has been read (before listening). */
  const ready = async () => {
    await store.ready();
    await revocations?.ready();
  };
  // Open event streams never end by themselves: shutdown ends them first (main.ts), at once.
  return { app, handler, stats, apiData, store, ready, close, closeStreams: () => closeStreams(), pageCache: renderCtx.cache, renderCounts: renderCtx.counts! };
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
    res.setHeader('Cache-Control', NO_STORE);
    res.writeHead(200);
    res.write('data: hello\n\n');
    clients.add(res);
    req.on('close', () => clients.delete(res));
  });
  app.get('/__dev/reload.js', (_req, res) => {
    res.type('js').setHeader('Cache-Control', NO_STORE);
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
