/**
 * The steps of the Express pipeline, in the order createApp (app.ts) mounts them. Each says why it
 * is where it is; what they share is the `Site` app.ts builds once.
 */
import express, { type ErrorRequestHandler, type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';
import type { Logger } from './log.ts';
import type { Store } from './store/index.ts';
import type { StoreBounds } from './bounds.ts';
import type { Outbox } from './outbox.ts';
import type { LimiterStoreFactory, createGate } from './gate.ts';
import { LOGIN_PATH, safeNext } from './gate.ts';
import type { securityHeaders } from './security.ts';
import type { proxyTrust } from './proxy.ts';
import type { PrecompressedStatic } from './static.ts';
import type { createApiRouter } from './api.ts';
import { createContactHandler } from './contact.ts';
import { ALERT_LINK_PATHS, createAlertLinks, createAlertSignup, type AlertMailer } from './alerts.ts';
import { cookieSettingsHandler } from './cookie-settings.ts';
import { createSeoFiles, MAX_ORIGINS } from './seo.ts';
import { renderAlertLink, renderLogin, renderPage, sendStatic500, type RenderContext } from './render.tsx';
import { encodeBody, isFromMemory, sendEncoded, type EncodedBody } from './page-cache.ts';
import { NO_STORE, PRIVATE_IMAGE_CACHE, PUBLIC_FILE, PUBLIC_IMAGE_CACHE } from './cache-control.ts';
import { CONTACT_DRAFT_KEY } from '../app/contact-fields.ts';
import { PATHS } from '../app/paths.ts';
import { documentIdOfFile } from '../app/documents.ts';
import { queryPath } from '../app/query.ts';
import type { ApiData } from '../content/api-data.ts';
import type { BuildManifest } from '../build/manifest.ts';

/** Everything the steps share, built once per app (app.ts). */
export interface Site {
  config: Config;
  log: Logger;
  store: Store;
  isPublic: boolean;
  api: ApiData;
  render: RenderContext;
  gate: ReturnType<typeof createGate>;
  bounds: StoreBounds;
  outbox: Outbox | undefined;
  /** Insight alerts (alerts.ts): the links' keys; `mailer` when alerts are on (SMTP and PUBLIC_ORIGIN set). */
  alerts: { keys: Buffer[]; mailer: AlertMailer | undefined };
  limiterStores: LimiterStoreFactory;
  headers: ReturnType<typeof securityHeaders>;
  proxy: ReturnType<typeof proxyTrust>;
  /** The build's hashed files, and which of them the login page loads (open without a session). */
  assets: PrecompressedStatic;
  loginAssets: { has(urlPath: string): boolean };
  apiRouter: ReturnType<typeof createApiRouter>;
  /** What pages, API answers, the sitemap and feeds say in this access mode (cache-control.ts). */
  documentCache: string;
  /** Development: a rebuild changed the manifest. */
  onRebuild(): void;
  /** Ends development event streams (set by the live-reload step). */
  closeStreams: () => void;
}

export type Step = (app: Express, site: Site) => void;

/** Files of public/ served as they are, open in both modes (the login page and browsers ask for them). */
export const PUBLIC_FILES: Record<string, string> = {
  'robots.txt': 'text/plain; charset=utf-8',
  'favicon.svg': 'image/svg+xml',
  'favicon.ico': 'image/x-icon',
  'apple-touch-icon.png': 'image/png',
  'icon-512.png': 'image/png',
  'manifest.webmanifest': 'application/manifest+json',
};

/**
 * Every path the pipeline answers before the pages: the steps below mount these, and the fast path
 * yields them to Express (they are never a page). A route added before the pages goes here first.
 */
export const ROUTED_BEFORE_PAGES = {
  health: '/healthz',
  readiness: '/readyz',
  publicFiles: Object.keys(PUBLIC_FILES).map((file) => `/${file}`),
  devReload: '/__dev',
  assets: '/assets',
  login: LOGIN_PATH,
  api: '/api',
  sitemap: '/sitemap.xml',
  feeds: '/feeds',
  images: '/images',
  /** The alert e-mails' links: open, whatever the access mode (alerts.ts). */
  alertLinks: [ALERT_LINK_PATHS.confirm, ALERT_LINK_PATHS.unsubscribe],
} as const;

/** Their first path segments, lowercase (Express matches paths in any case). */
export const ROUTED_SEGMENTS: ReadonlySet<string> = new Set(
  Object.values(ROUTED_BEFORE_PAGES)
    .flat()
    .map((p) => p.split('/')[1].toLowerCase()),
);

/** Only origin-form targets ("/path?query"): see originFormOnly. */
export const isOriginForm = (url: string) => url.startsWith('/') && !url.startsWith('//');
/**
 * A Host header as RFC 9110 allows it: a name (letters, digits, '-', '_' — nginx's upstream names
 * have one — and dots), an IPv4 address or a bracketed IPv6 address, an optional port. Absent is
 * allowed (HTTP/1.0; Node refuses HTTP/1.1 without one). Anything else is a 400: see originFormOnly.
 */
const HOST = /^(?:[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;
export const isValidHost = (host: string | undefined) => host === undefined || (host.length <= 255 && HOST.test(host));

/** No framework fingerprint; client addresses and HTTPS only through the trusted proxy hops (proxy.ts). */
export const settings: Step = (app, { config, proxy }) => {
  app.disable('x-powered-by');
  // One rule for req.ip/req.secure and the fast path: or anyone could pick their own rate-limit key.
  app.set('trust proxy', proxy.trust);
  app.set('env', config.production ? 'production' : 'development');
  // The Origin check (gate.ts sameOriginOnly) accepts the site's public origin too.
  app.locals.publicOrigin = config.publicOrigin;
};

/** One log line per request, before anything can end the request. */
export const requestLog: Step = (app, { log }) => {
  app.use(log.requests);
};

/** Security headers on every response, errors and redirects included. */
export const securityHeadersStep: Step = (app, { headers }) => {
  app.use(headers);
};

/**
 * Only origin-form targets with a well-formed Host. Absolute-form ("http://host/…") is for
 * proxies, "*" for server-wide OPTIONS, and "//host/…" reads as another origin to whatever echoes
 * it: none is meant for this site (RFC 9112 §3.2). A malformed Host would reach the absolute URLs
 * of the sitemap and feeds.
 */
export const originFormOnly: Step = (app) => {
  app.use((req, res, next) => {
    if (isOriginForm(req.url) && isValidHost(req.headers.host)) return next();
    res.status(400).type('text').send('Bad request.');
  });
};

/**
 * Compress dynamic responses; React flushes through it while streaming. What is answered from
 * memory (sendEncoded) is already brotli or gzip and is left alone. Server-Sent Events (live
 * reload) are never compressed: compression buffers until a chunk is worth it, so they would never arrive.
 */
export const compress: Step = (app) => {
  app.use(
    compression({
      filter: (req, res) => !isFromMemory(res) && !String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream') && compression.filter(req, res),
    }),
  );
};

/**
 * Health, open and cheap, for two questions. /healthz is liveness: the process answers (pages
 * come from memory whatever the store does), so a supervisor restarts only a dead process.
 * /readyz is readiness: the store takes a write and its disk is above the floor, so a load
 * balancer sends contact posts elsewhere. The store is probed at most once per 2 s, so that this
 * open URL cannot become a stream of disk writes.
 */
export const health: Step = (app, { store, bounds, log }) => {
  app.get(ROUTED_BEFORE_PAGES.health, (_req, res) => {
    res.setHeader('Cache-Control', NO_STORE);
    res.json({ status: 'ok' });
  });
  let readiness = { at: 0, store: true, disk: true };
  const probe = async () => {
    let writable = true;
    try {
      await store.probeWrite();
    } catch (err) {
      writable = false;
      if (readiness.store) log.error('readyz: the store cannot be written', { error: String((err as Error)?.message ?? err) });
    }
    let disk = true;
    try {
      disk = (await bounds.belowFloor()) === null;
    } catch {
      disk = false;
    }
    if (!disk && readiness.disk) log.error('readyz: free space is below DATA_MIN_FREE_MB');
    readiness = { at: Date.now(), store: writable, disk };
  };
  app.get(ROUTED_BEFORE_PAGES.readiness, async (_req, res) => {
    if (Date.now() - readiness.at > 2_000) await probe();
    res.setHeader('Cache-Control', NO_STORE);
    const ok = readiness.store && readiness.disk;
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'error', store: readiness.store ? 'ok' : 'cannot write', disk: readiness.disk ? 'ok' : 'below the free-space floor' });
  });
};

/** The few files of public/, open: robots.txt (disallow all while gated; allow all and name the sitemap when public), the icons. */
export const publicFiles: Step = (app, { config, isPublic }) => {
  const publicRobots = `User-agent: *\nAllow: /\n${config.publicOrigin ? `\nSitemap: ${config.publicOrigin}${ROUTED_BEFORE_PAGES.sitemap}\n` : ''}`;
  for (const [file, type] of Object.entries(PUBLIC_FILES)) {
    app.get(`/${file}`, (_req, res) => {
      res.setHeader('Cache-Control', PUBLIC_FILE);
      if (file === 'robots.txt' && isPublic) res.type('text').send(publicRobots);
      else res.sendFile(path.join(config.publicDir, file), { dotfiles: 'deny', headers: { 'Content-Type': type } });
    });
  }
};

/** Development only: live reload (Server-Sent Events, scripts/dev.ts). */
export const liveReload: Step = (app, site) => {
  if (!site.config.liveReload) return;
  const clients = new Set<Response>();
  const manifestFile = path.join(site.config.distDir, 'manifest.json');
  const read = () => (existsSync(manifestFile) ? readFileSync(manifestFile, 'utf8') : '');
  let version = read();
  const poll = setInterval(() => {
    const v = read();
    if (v && v !== version) {
      version = v;
      site.onRebuild();
      for (const c of clients) c.write('data: reload\n\n');
    }
  }, 300).unref();
  app.get(`${ROUTED_BEFORE_PAGES.devReload}/events`, (req, res) => {
    res.setHeader('Content-Type', 'text/event-stream');
    res.setHeader('Cache-Control', NO_STORE);
    res.writeHead(200);
    res.write('data: hello\n\n');
    clients.add(res);
    req.on('close', () => clients.delete(res));
  });
  app.get(`${ROUTED_BEFORE_PAGES.devReload}/reload.js`, (_req, res) => {
    res.type('js').setHeader('Cache-Control', NO_STORE);
    // Reload on a rebuild, and after the server restarts (tsx watch) once it answers again.
    res.send(
      `let seen=false;function connect(){const es=new EventSource('${ROUTED_BEFORE_PAGES.devReload}/events');es.onmessage=(e)=>{if(e.data==='reload'||(seen&&e.data==='hello'))location.reload();seen=true;};es.onerror=()=>{es.close();setTimeout(connect,100);};}connect();`,
    );
  });
  site.closeStreams = () => {
    clearInterval(poll);
    for (const c of clients) c.end();
    clients.clear();
  };
};

/** The login page's own assets (hashed, immutable): open, so that the login page can load. */
export const loginAssets: Step = (app, { assets, loginAssets: open }) => {
  app.use(ROUTED_BEFORE_PAGES.assets, (req, res, next) => {
    if (!open.has(ROUTED_BEFORE_PAGES.assets + req.path) && !req.path.endsWith('.woff2')) return next();
    assets(req, res, next);
  });
};

/**
 * Cookies are parsed once, for the gate and what follows (req.cookies). No secret: the session
 * token carries its own signature (session.ts), and no other cookie is signed.
 */
export const cookies: Step = (app) => {
  app.use(cookieParser());
};

/** 405 JSON with Allow for any other method on a POST-only endpoint. */
const postOnly: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
  if (req.method === 'POST') return next();
  res.setHeader('Allow', 'POST');
  res.status(405).json({ error: 'Method not allowed.' });
};

/**
 * The gate's own endpoints and page, then the gate: everything after needs a session (302 to the
 * login page, 401 for the API). A public site has no gate: the login page leads to the page
 * asked for, the login API does not exist (404 JSON).
 */
export const gate: Step = (app, { gate: g, isPublic, render }) => {
  app.get(LOGIN_PATH, (req, res) => {
    if (isPublic || g.isAuthenticated(req)) {
      // safeNext, not a prefix check: "/\evil.com" is another origin to browsers, the login page would loop.
      res.redirect(302, safeNext((req.query as Record<string, unknown>).next));
      return;
    }
    renderLogin(req, res, render);
  });
  if (isPublic) return;
  app.all(`${ROUTED_BEFORE_PAGES.api}/login`, postOnly, ...g.login);
  app.all(`${ROUTED_BEFORE_PAGES.api}/logout`, postOnly, ...g.logout);
  app.use(g.requireSession);
};

/**
 * The links of the alert e-mails, before the gate: whoever holds an e-mail's signed link may
 * confirm or unsubscribe without the site password (decision 013).
 */
export const alertLinks: Step = (app, { store, log, bounds, config, alerts, render }) => {
  const links = createAlertLinks({
    store,
    log,
    bounds,
    keys: alerts.keys,
    subscriberLimit: config.alertLimits.subscribers,
    render: (req, res, status, state) => renderAlertLink(req, res, render, status, state),
  });
  app.all(ALERT_LINK_PATHS.confirm, ...links.confirm);
  app.all(ALERT_LINK_PATHS.unsubscribe, ...links.unsubscribe);
};

/** The alerts sign-up (same-origin, rate limited like contact posts, bounded): alerts.ts. */
export const alertSignup: Step = (app, { config, store, log, bounds, limiterStores, outbox, alerts, render }) => {
  app.all(
    `${ROUTED_BEFORE_PAGES.api}/alerts`,
    postOnly,
    ...createAlertSignup({
      config,
      store,
      log,
      bounds,
      keys: alerts.keys,
      enabled: !!alerts.mailer && !!outbox,
      clientStore: limiterStores('alerts-client'),
      siteStore: limiterStores('alerts-all'),
      onQueued: outbox?.kick,
      unavailablePage: (req, res) => renderPage(req, res, render, { url: `${PATHS.alerts}?error=unavailable`, status: 503, data: {} }),
    }),
  );
};

/** The contact form's endpoint (same-origin, rate limited, bounded, 16 KB): contact.ts. */
export const contactForm: Step = (app, { config, store, log, bounds, limiterStores, outbox, render }) => {
  app.all(
    `${ROUTED_BEFORE_PAGES.api}/contact`,
    postOnly,
    ...createContactHandler({
      config,
      store,
      log,
      bounds,
      limiterStore: limiterStores('contact-client'),
      onStored: outbox?.kick,
      failurePage: (req, res, status, typed, errors) =>
        renderPage(req, res, render, { url: errors ? `${PATHS.contact}?error=${errors.join(',')}` : PATHS.contact, status, data: { [queryPath(CONTACT_DRAFT_KEY)]: typed } }),
    }),
  );
};

/** The cookie settings form without script: stores the choice in a cookie, 303 back to the page. */
export const cookieSettingsForm: Step = (app) => {
  app.post(PATHS.cookieSettings, ...cookieSettingsHandler());
};

/**
 * The sitemap and the feeds (seo.ts), built once per origin: PUBLIC_ORIGIN's, or the request's own
 * when it is unset (development, or a gated site reached by its own name), for a few names at most.
 */
export const seoFiles: Step = (app, { api, config, log, documentCache }) => {
  const seo = createSeoFiles(api);
  let warned = false;
  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // (req.host may come from a trusted X-Forwarded-Host: checked like Host.)
    if (!config.publicOrigin && (!req.host || !isValidHost(req.host))) {
      res.status(400).type('text').send('Bad request.');
      return;
    }
    const file = seo.get(config.publicOrigin ?? `${req.protocol}://${req.host.toLowerCase()}`, req.path);
    if (file === 'unknown origin') {
      if (!warned) log.warn(`the sitemap and feeds are kept for ${MAX_ORIGINS} host names; others get 404. Set PUBLIC_ORIGIN to the site's address.`);
      warned = true;
      return next();
    }
    if (!file) return next();
    sendEncoded(req, res, file.body, file.type, documentCache);
  };
  app.get(ROUTED_BEFORE_PAGES.sitemap, handler);
  app.get(`${ROUTED_BEFORE_PAGES.feeds}/{*file}`, handler);
};

/** Hashed bundles and generated images, private to signed-in visitors (public in public mode). */
export const privateFiles: Step = (app, { assets, config, isPublic }) => {
  app.use(ROUTED_BEFORE_PAGES.assets, assets);
  app.use(
    ROUTED_BEFORE_PAGES.images,
    express.static(path.join(config.publicDir, 'images'), {
      index: false,
      dotfiles: 'deny',
      maxAge: '1d',
      setHeaders: (res) => res.setHeader('Cache-Control', isPublic ? PUBLIC_IMAGE_CACHE : PRIVATE_IMAGE_CACHE),
    }),
  );
};

/**
 * The document library's PDFs (/documents/<id>.pdf: the build's, src/content/pdf), from memory with
 * an ETag, shown in the browser's viewer; an unknown id falls through to the 404 page. /documents
 * itself is a page, so this is not in ROUTED_BEFORE_PAGES: the fast path never takes a PDF's path
 * for a page (its dot is not in a plain page path) and leaves it to Express.
 */
export const documentFiles: Step = (app, { api, documentCache }) => {
  const bodies = new Map<string, EncodedBody>();
  const prefix = `${PATHS.documents}/`;
  app.use((req, res, next) => {
    const id = (req.method === 'GET' || req.method === 'HEAD') && req.path.startsWith(prefix) ? documentIdOfFile(req.path.slice(prefix.length)) : undefined;
    const file = id && api.documentFile(id);
    if (!id || !file) return next();
    let body = bodies.get(id);
    if (!body) bodies.set(id, (body = encodeBody(200, file.pdf, false)));
    res.setHeader('Content-Disposition', `inline; filename="halden-rowe-${id}.pdf"`);
    sendEncoded(req, res, body, 'application/pdf', documentCache);
  });
};

/** The read API; unknown API paths answer 404 JSON, never a page. */
export const readApi: Step = (app, { apiRouter }) => {
  app.use(ROUTED_BEFORE_PAGES.api, apiRouter);
};

/** Pages: the route table decides the page and the status. */
export const pages: Step = (app, { render }) => {
  app.all('/{*splat}', (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      res.status(405).type('text').send('Method Not Allowed');
      return;
    }
    return renderPage(req, res, render);
  });
};

/** Errors: a clean 4xx for bad input (body parser, static files, URI errors), the static 500 page otherwise. Never a stack trace. */
export const errors: Step = (app, { log }) => {
  const onError: ErrorRequestHandler = (err, req, res, _next) => {
    const status = typeof err?.status === 'number' ? err.status : typeof err?.statusCode === 'number' ? err.statusCode : 500;
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const api = req.path.startsWith(`${ROUTED_BEFORE_PAGES.api}/`);
    if (status >= 400 && status < 500) {
      const message = status === 413 ? 'Payload too large.' : status === 404 ? 'Not found.' : 'Bad request.';
      if (api) res.status(status).json({ error: message });
      else res.status(status).type('text').send(message);
      return;
    }
    log.error('unhandled error', { path: req.path, error: String(err?.message ?? err) });
    if (api) res.status(500).json({ error: 'Internal server error.' });
    else sendStatic500(res);
  };
  app.use(onError);
};

export function loadBuildManifest(distDir: string): BuildManifest {
  const file = path.join(distDir, 'manifest.json');
  if (!existsSync(file)) throw new Error(`${file} is missing: run "npm run build" first`);
  return JSON.parse(readFileSync(file, 'utf8')) as BuildManifest;
}
