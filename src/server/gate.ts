/**
 * The server-side password gate: login, logout, the session check and the redirect to /login.
 * The password never reaches the browser; it is compared in constant time here.
 */
import type { Request, Response, NextFunction, RequestHandler } from 'express';
import { rateLimit, MemoryStore, type Store } from 'express-rate-limit';
import { slowDown } from 'express-slow-down';
import { LOGIN_ERROR, SESSION_COOKIE } from '../app/constants.ts';
import type { Config } from './config.ts';
import type { Logger } from './log.ts';
import { createSessionToken, createSessionVerifier, deriveKeys, passwordMatches, readCookie, signSession, type Session } from './session.ts';
import type { Revocations } from './revocations.ts';
import { HSTS } from './security.ts';
import { NO_STORE } from './cache-control.ts';
import { loginRedirectAnswer } from './redirect.ts';
import { markFromMemory } from './page-cache.ts';
import { clientKey, minutesText, parseBody, retryAfterSeconds, wantsJson } from './forms.ts';
import { LOGIN_PATH } from '../app/paths.ts';

export { LOGIN_PATH };

/** Where a visitor without a session who asked for `url` is sent: the login page, then back. */
export function loginRedirect(url: string): string {
  const target = safeNext(url);
  return target === '/' ? LOGIN_PATH : `${LOGIN_PATH}?next=${encodeURIComponent(target)}`;
}

/** Only same-origin paths: "/x?y#z". Anything else (//host, /\host, schemes, /login itself) → "/". */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || next.length > 2000 || !next.startsWith('/') || /[^\P{Cc}\u007f-\u009f]|\\/u.test(next)) return '/';
  try {
    const base = 'http://gate.invalid';
    const u = new URL(next, base);
    if (u.origin !== base || u.pathname.startsWith('//')) return '/';
    if (u.pathname === LOGIN_PATH || u.pathname.startsWith('/api/')) return '/';
    return u.pathname + u.search + u.hash;
  } catch {
    return '/';
  }
}

/**
 * The origins a same-origin post may come from: PUBLIC_ORIGIN when set, and the request's own
 * origin as the browser addressed it. Behind a proxy that rewrites Host (nginx's default
 * `proxy_set_header Host $proxy_host`), Host is the upstream's name: Express's req.host and
 * req.protocol read X-Forwarded-Host/-Proto instead, but only through TRUST_PROXY hops.
 */
function isOwnOrigin(req: Request, origin: string): boolean {
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return false;
  }
  const publicOrigin = (req.app?.locals as { publicOrigin?: string } | undefined)?.publicOrigin;
  if (publicOrigin && o.origin === publicOrigin) return true;
  // The scheme is not compared: without X-Forwarded-Proto an HTTPS proxy's requests look plain.
  return !!req.host && o.host === req.host.toLowerCase();
}

/**
 * Refuses cross-site POSTs (CSRF). A browser that sends Sec-Fetch-Site (all current ones) says
 * itself whether the post comes from this site's own pages: `same-origin` is accepted whatever
 * Host the request arrives with — behind a proxy that rewrites Host (nginx's default) the server
 * cannot compare origins itself, and needs no setting to let the site's own forms through. Any
 * other value is refused. Without Sec-Fetch-Site (older browsers) the Origin must be the site's
 * own (isOwnOrigin); PUBLIC_ORIGIN is read from app.locals.publicOrigin (set by createApp).
 */
export function sameOriginOnly(req: Request, res: Response, next: NextFunction) {
  const site = req.get('sec-fetch-site');
  if (site === 'same-origin') return next();
  if (site && site !== 'none') {
    res.status(403).json({ error: 'Cross-site requests are not allowed.' });
    return;
  }
  const origin = req.get('origin');
  if (origin && !isOwnOrigin(req, origin)) {
    // "null" (an opaque origin: sandboxed frames, some redirects) is never ours either.
    res.status(403).json({ error: 'Cross-site requests are not allowed.' });
    return;
  }
  next();
}

/**
 * Whether the visitor's connection is HTTPS, for an answer to a post: req.secure (TLS, or a
 * trusted X-Forwarded-Proto), or the browser's own word — an https Origin on a post it marks
 * same-origin — when a proxy in front does not say (no X-Forwarded-Proto).
 */
export const postedOverHttps = (req: Request) => req.secure || (req.get('sec-fetch-site') === 'same-origin' && (req.get('origin') ?? '').startsWith('https://'));

/** The login page with a status (the no-JavaScript form's 429), rendered by the app (render.tsx). */
export type LoginPageRenderer = (req: Request, res: Response, opts: { status: number; error: 'throttled'; next: string }) => void;

/**
 * Where rate-limit counters live (express-rate-limit's Store interface): one store per limiter,
 * in memory by default. Several processes (node:cluster workers) must share one kind that every
 * process sees (see docs/operations.md): pass a factory for it to createApp.
 */
export type LimiterStoreFactory = (name: string) => Store;
export const memoryStores: LimiterStoreFactory = () => new MemoryStore();

/**
 * The session cookie's name: `__Host-` on HTTPS (the browser then accepts it only from this host,
 * Secure, Path=/, no Domain: a sibling subdomain or a plain-HTTP page cannot plant or overwrite
 * it), the plain name on HTTP (development, tests), where browsers refuse the prefix.
 */
export const sessionCookieName = (secure: boolean) => (secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE);

/**
 * The Set-Cookie value carrying a session token (`token` '': clearing it). One spelling for every
 * path. The name follows req.secure (what later requests are read with); `secureFlag` may add
 * Secure when only the browser said it is on HTTPS (postedOverHttps): the plain name, sent over
 * HTTPS only.
 */
export function sessionCookieLine(token: string, secure: boolean, secureFlag = secure): string {
  const expiry = token ? '' : '; Expires=Thu, 01 Jan 1970 00:00:00 GMT';
  return `${sessionCookieName(secure)}=${token}; Path=/${expiry}; HttpOnly${secure || secureFlag ? '; Secure' : ''}; SameSite=Lax`;
}

export interface GateDeps {
  stores?: LimiterStoreFactory;
  loginPage?: LoginPageRenderer;
  /** Sign-out's revocations (checked on every request); without them sign-out only clears the cookie. */
  revocations?: Revocations;
}

export function createGate(config: Config, log: Logger, opts: GateDeps = {}) {
  const keys = deriveKeys(config.sessionSecrets, config.sitePassword);
  const stores = opts.stores ?? memoryStores;
  const limits = config.loginLimit;
  const { sessionTtlMs: ttlMs, sessionIdleMs: idleMs } = config;
  // A token is renewed once it is a twelfth of the idle limit old (5 minutes of 60): not on every
  // request, and long before the visitor could be signed out while using the site.
  const renewAfterMs = idleMs / 12;

  const verify = createSessionVerifier(keys);
  /** The session a cookie's value carries: signed, within both limits, not revoked. */
  const valid = (token: unknown, now: number): Session | null => {
    const s = verify(token, now);
    return s && !opts.revocations?.has(s.id, now) ? s : null;
  };
  /** The visitor's session, from the cookies cookie-parser read (the pipeline's cookies step) and the request's scheme. */
  const sessionOf = (req: Request, now = Date.now()): Session | null => valid((req.cookies as Record<string, unknown> | undefined)?.[sessionCookieName(req.secure)], now);
  /**
   * The same from a raw Cookie header, for the fast path (which runs no middleware): readCookie
   * reads one cookie as cookie-parser does (held equal to it by tests/unit/session.test.ts).
   */
  const session = (cookieHeader: string | undefined, secure: boolean, now = Date.now()): Session | null => valid(readCookie(cookieHeader, sessionCookieName(secure)), now);
  /** The Set-Cookie value that renews a session used now (a later idle expiry), or undefined when not due yet. */
  const renewal = (s: Session, secure: boolean, now = Date.now()): string | undefined => {
    if (s.idleExpiresAt >= s.expiresAt || now - (s.idleExpiresAt - idleMs) < renewAfterMs) return undefined;
    return sessionCookieLine(signSession(keys, { ...s, idleExpiresAt: Math.min(s.expiresAt, now + idleMs) }), secure);
  };
  const isAuthenticated = (req: Request): boolean => sessionOf(req) !== null;

  const tooMany = (req: Request, res: Response, retryAfterSec: number) => {
    res.setHeader('Retry-After', String(retryAfterSec));
    res.setHeader('Cache-Control', NO_STORE);
    const message = `Too many attempts. Please try again in ${minutesText(retryAfterSec)}.`;
    const next = safeNext((req.body as Record<string, unknown> | undefined)?.next);
    if (wantsJson(req)) res.status(429).json({ error: message });
    else if (opts.loginPage) opts.loginPage(req, res, { status: 429, error: 'throttled', next });
    else res.status(429).type('text').send(message);
  };

  /**
   * No global lockout. Failed passwords from all clients together are counted; beyond
   * `limits.global` in the window the site is "under pressure": every attempt waits
   * `pressureDelayMs` before it is checked (express-slow-down) and each client may fail only
   * `perClientUnderPressure` times instead of `perClient`. Nobody is ever refused because of
   * other clients' failures: a visitor with the right password always gets in (at worst a
   * couple of seconds later), while a guesser spread over many addresses gets fewer, slower
   * guesses per address. Only wrong passwords count here, not refused or malformed requests.
   */
  const pressure = slowDown({
    windowMs: limits.windowMs,
    delayAfter: limits.global,
    delayMs: () => limits.pressureDelayMs,
    keyGenerator: () => 'all-clients',
    skipSuccessfulRequests: true,
    requestWasSuccessful: (_req, res) => res.locals.loginFailed !== true,
    requestPropertyName: 'loginPressure',
    store: stores('login-all'),
    validate: { delayMs: false },
  });
  const underPressure = (req: Request) => ((req as Request & { loginPressure?: { delay: number } }).loginPressure?.delay ?? 0) > 0;

  const perClient = rateLimit({
    windowMs: limits.windowMs,
    limit: (req) => (underPressure(req) ? limits.perClientUnderPressure : limits.perClient),
    // Only failures count: a visitor who knows the password is never slowed down.
    skipSuccessfulRequests: true,
    // A no-JavaScript failure answers 303 (not >= 400), so success is what the handler says it is.
    requestWasSuccessful: (_req, res) => res.locals.loginOk === true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => `c:${clientKey(req)}`,
    store: stores('login-client'),
    handler: (req, res, _next, options) => {
      log.warn('login throttled', { ip: req.ip, underPressure: underPressure(req) });
      tooMany(req, res, retryAfterSeconds(req, options.windowMs));
    },
  });

  // Bodies first (4 KB at most), so that the 429 page keeps where the visitor was going.
  const login: RequestHandler[] = [
    sameOriginOnly,
    ...parseBody('4kb', 10),
    pressure,
    perClient,
    (req, res) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const password = body.password;
      const next = safeNext(body.next);
      if (typeof password !== 'string' || password.length > 1024) {
        res.status(400).json({ error: 'A password is required.' });
        return;
      }
      if (!password || !passwordMatches(password, config.sitePassword)) {
        res.locals.loginFailed = true;
        log.warn('login failed', { ip: req.ip });
        if (wantsJson(req)) res.status(401).json({ error: LOGIN_ERROR });
        else res.redirect(303, `${LOGIN_PATH}?error=1&next=${encodeURIComponent(next)}`);
        return;
      }
      res.locals.loginOk = true;
      res.append('Set-Cookie', sessionCookieLine(createSessionToken(keys, ttlMs, Date.now(), idleMs), req.secure, postedOverHttps(req)));
      // HTTPS known only from the browser's Origin (the proxy sent no X-Forwarded-Proto): the
      // security middleware did not add HSTS; this answer does.
      if (!req.secure && postedOverHttps(req)) res.setHeader('Strict-Transport-Security', HSTS);
      log.info('signed in', { ip: req.ip });
      if (wantsJson(req)) res.status(200).json({ ok: true, next });
      else res.redirect(303, next);
    },
  ];

  const logout: RequestHandler[] = [
    sameOriginOnly,
    async (req, res) => {
      const s = sessionOf(req);
      if (s && opts.revocations) {
        // Until the last token this session could have expires by itself: the idle limit from now.
        const now = Date.now();
        try {
          await opts.revocations.revoke({ id: s.id, expiresAt: Math.min(s.expiresAt, now + idleMs) });
        } catch (err) {
          // Revoked here already; other processes learn of it once the store takes it (revocations.ts).
          log.error('sign-out: the revocation could not be stored yet; it is in force on this host and will be stored when the store answers', {
            ip: req.ip,
            error: String((err as Error)?.message ?? err),
          });
        }
      }
      if (s) log.info('signed out', { ip: req.ip });
      res.append('Set-Cookie', sessionCookieLine('', req.secure, postedOverHttps(req)));
      if (wantsJson(req)) res.status(200).json({ ok: true });
      else res.redirect(303, LOGIN_PATH);
    },
  ];

  /** Everything after this needs a session: 401 JSON for /api, 302 to /login for pages. */
  const requireSession = (req: Request, res: Response, next: NextFunction) => {
    const s = sessionOf(req);
    if (s) {
      const renewed = renewal(s, req.secure);
      if (renewed) res.append('Set-Cookie', renewed);
      return next();
    }
    if (req.path.startsWith('/api/') || req.path === '/api') {
      res.setHeader('Cache-Control', NO_STORE);
      res.status(401).json({ error: 'Authentication required.' });
      return;
    }
    // The answer the fast path writes too (redirect.ts), header for header.
    const { headers, body } = loginRedirectAnswer(req.headers.accept, loginRedirect(req.originalUrl));
    res.statusCode = 302;
    for (const [name, value] of headers) res.setHeader(name, value);
    markFromMemory(res);
    res.end(body);
  };

  return { login, logout, requireSession, isAuthenticated, session, renewal, revocations: opts.revocations };
}
