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
import { createGate, safeNext } from './gate.ts';
import { API_CACHE, API_TYPE, createApiRouter } from './api.ts';
import { createContactHandler } from './contact.ts';
import { openStore, type MessageStore } from './store.ts';
import { lookupPage, renderLogin, renderPage, sendStatic500, type RenderContext } from './render.tsx';
import { PageCache, PAGE_CACHE, PAGE_TYPE, isFromMemory } from './page-cache.ts';
import { precompressedStatic } from './static.ts';
import { withFastPath, type Handler, type MemoryAnswer } from './fast-path.ts';
import { loadContent } from '../content/load.ts';
import { buildApiData, loadImageManifest, type ApiData } from '../content/api-data.ts';
import type { BuildManifest } from '../../scripts/build.ts';

export interface AppDeps {
  config: Config;
  log?: Logger;
  /** Injected in tests; read from content/ and public/ otherwise. */
  api?: ApiData;
  manifest?: BuildManifest;
  /** Contact messages; opened in config.dataDir unless injected. */
  store?: MessageStore;
}

export function loadBuildManifest(distDir: string): BuildManifest {
  const file = path.join(distDir, 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: run "npm run build" first`);
  return JSON.parse(readFileSync(file, 'utf8')) as BuildManifest;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Only origin-form targets ("/path?query"): see step 4b. */
export const isOriginForm = (url: string) => url.startsWith('/') && !url.startsWith('//');

/** First path segments Express routes before the pages (matched in any case): never a page. */
const ROUTED_BEFORE_PAGES = new Set(['api', 'assets', 'images', 'login', 'healthz', 'robots.txt', 'favicon.svg', '__dev']);
/** The page paths the fast path looks up: plain lowercase paths, which no URL parser rewrites. */
const PLAIN_PAGE_PATH = /^\/[a-z0-9/-]*$/;

export function createApp({ config, log = createLogger(config.logFormat), api, manifest, store = openStore(config.dataDir) }: AppDeps) {
  const apiData = api ?? buildApiData(loadContent(config.contentDir), loadImageManifest(config.publicDir));
  const build = manifest ?? loadBuildManifest(config.distDir);
  const gate = createGate(config, log);
  const renderCtx: RenderContext = {
    api: apiData, manifest: build, log, timeoutMs: config.renderTimeoutMs,
    devScript: config.liveReload ? '/__dev/reload.js' : undefined,
    // Pages are pure functions of path, query and content (loaded once): render each once.
    cache: new PageCache(500),
  };
  // What the login page loads is open; everything else under /assets is behind the gate.
  const loginAssetSet = (m: BuildManifest) => new Set([m.entries.login.js, ...m.entries.login.preload, m.css, ...m.fonts]);
  let loginAssets = loginAssetSet(build);
  // Hashed names never change content: cache for a year. Login assets are public; the rest
  // are private to signed-in visitors (no shared cache may hand them to anyone else).
  const assetCacheControl = (urlPath: string) =>
    loginAssets.has(urlPath) || urlPath.endsWith('.woff2') ? IMMUTABLE : 'private, max-age=31536000, immutable';
  const requestLog = log.requests;
  const headers = securityHeaders({ liveReload: config.liveReload });
  const cookies = cookieParser();

  const app = express();

  // 1. No framework fingerprint in every response.
  app.disable('x-powered-by');
  // 2. req.ip and req.secure must see the real client only through the configured proxy hops,
  //    or anyone could pick their own rate-limit key with X-Forwarded-For.
  app.set('trust proxy', config.trustProxy);
  app.set('env', config.production ? 'production' : 'development');

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
  app.use(compression({ filter: (req, res) => !isFromMemory(res) && compression.filter(req, res) }));

  // 6. Cookies are parsed once, for the session check (signatures are ours: see session.ts).
  app.use(cookies);

  // 7. Health check for load balancers and uptime probes: open, cheap, no content.
  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });

  // 8. The few public files: robots.txt (disallow all while gated) and the favicon.
  for (const file of ['robots.txt', 'favicon.svg']) {
    app.get(`/${file}`, (_req, res) => {
      res.setHeader('Cache-Control', 'public, max-age=3600');
      res.sendFile(path.join(config.publicDir, file), { dotfiles: 'deny' });
    });
  }

  // 9. Development only: live reload (Server-Sent Events) — see scripts/dev.ts.
  if (config.liveReload) {
    mountLiveReload(app, config, () => {
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

  // 11. The gate's own endpoints and page, before the session check.
  app.get('/login', (req, res) => {
    if (gate.isAuthenticated(req)) {
      // safeNext, not a prefix check: "/\evil.com" is another origin to browsers, "/login" would loop.
      res.redirect(302, safeNext((req.query as Record<string, unknown>).next));
      return;
    }
    renderLogin(req, res, renderCtx);
  });
  app.all('/api/login', methodGuard('POST'), ...gate.login);
  app.all('/api/logout', methodGuard('POST'), ...gate.logout);

  // 12. The gate: everything below needs a valid session (302 to /login, or 401 for /api).
  app.use(gate.requireSession);

  // 12b. The contact form's endpoint (same-origin, rate limited, 16 KB) — see contact.ts.
  app.all('/api/contact', methodGuard('POST'), ...createContactHandler({ config, store, log }));

  // 13. Hashed bundles and generated images, private to signed-in visitors.
  app.use('/assets', assetsStatic);
  app.use('/images', express.static(path.join(config.publicDir, 'images'), {
    index: false, dotfiles: 'deny', maxAge: '1d',
    setHeaders: (res) => res.setHeader('Cache-Control', 'private, max-age=86400'),
  }));

  // 14. The read API; unknown /api paths answer 404 JSON, never a page.
  const apiRouter = createApiRouter(apiData);
  app.use('/api', apiRouter);

  // 15. Pages: the route table decides the page and the status.
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
  //    API answer or hashed file already in memory, answered by the same functions without the
  //    routing. `lookup` mirrors the order above: /assets and /api first, then pages, and only
  //    for paths no earlier step routes; whatever it does not find goes through Express.
  const lookup = (url: string): MemoryAnswer | undefined => {
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    if (pathname.startsWith('/assets/')) {
      const asset = assetsStatic.lookup(pathname.slice('/assets/'.length));
      return asset && { body: asset.body, type: asset.type, cacheControl: assetCacheControl(pathname) };
    }
    if (pathname.startsWith('/api/')) {
      const body = apiRouter.lookup(pathname);
      return body && { body, type: API_TYPE, cacheControl: API_CACHE };
    }
    if (!PLAIN_PAGE_PATH.test(pathname) || ROUTED_BEFORE_PAGES.has(pathname.split('/', 2)[1])) return undefined;
    // The very lookup renderPage starts with; a path the URL parser rewrites is left to Express.
    const { location, cached } = lookupPage(renderCtx.cache, url);
    if (!cached || location.pathname !== pathname) return undefined;
    return { body: cached, type: PAGE_TYPE, cacheControl: PAGE_CACHE };
  };
  const stats = { fastPath: 0 };
  const handler: Handler = config.fastPath
    ? withFastPath({ app, middleware: [requestLog, headers], cookies, isAuthenticated: gate.isAuthenticated, isOriginForm, lookup }, stats)
    : app;

  return { app, handler, stats, apiData, store };
}

/** 405 JSON with Allow for any other method on a POST-only endpoint. */
function methodGuard(method: 'POST') {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === method) return next();
    res.setHeader('Allow', method);
    res.status(405).json({ error: 'Method not allowed.' });
  };
}

function mountLiveReload(app: express.Express, config: Config, onRebuild: () => void) {
  const clients = new Set<Response>();
  let version = '';
  const manifestFile = path.join(config.distDir, 'manifest.json');
  const read = () => (existsSync(manifestFile) ? readFileSync(manifestFile, 'utf8') : '');
  version = read();
  setInterval(() => {
    const v = read();
    if (v && v !== version) {
      version = v;
      onRebuild();
      for (const c of clients) c.write('data: reload\n\n');
    }
  }, 300).unref();
  app.get('/__dev/events', (req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write('data: hello\n\n');
    clients.add(res);
    req.on('close', () => clients.delete(res));
  });
  app.get('/__dev/reload.js', (_req, res) => {
    res.type('js').setHeader('Cache-Control', 'no-store');
    // Reload on a rebuild, and after the server restarts (tsx watch) once it answers again.
    res.send(`let seen=false;function connect(){const es=new EventSource('/__dev/events');es.onmessage=(e)=>{if(e.data==='reload'||(seen&&e.data==='hello'))location.reload();seen=true;};es.onerror=()=>{es.close();setTimeout(connect,500);};}connect();`);
  });
}
