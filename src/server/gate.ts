/**
 * The server-side password gate: login, logout, the session check and the redirect to /login.
 * The password never reaches the browser; it is compared in constant time here.
 */
import express, { type Request, type Response, type NextFunction, type RequestHandler } from 'express';
import { rateLimit, ipKeyGenerator } from 'express-rate-limit';
import { LOGIN_ERROR, SESSION_COOKIE } from '../app/constants.ts';
import type { Config } from './config.ts';
import type { Logger } from './log.ts';
import { createSessionToken, createSessionVerifier, deriveKeys, passwordMatches } from './session.ts';

/** Only same-origin paths: "/x?y#z". Anything else (//host, /\host, schemes, /login itself) → "/". */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || next.length > 2000 || !next.startsWith('/') || /[\\\u0000-\u001f]/.test(next)) return '/';
  try {
    const base = 'http://gate.invalid';
    const u = new URL(next, base);
    if (u.origin !== base || u.pathname.startsWith('//')) return '/';
    if (u.pathname === '/login' || u.pathname.startsWith('/api/')) return '/';
    return u.pathname + u.search + u.hash;
  } catch {
    return '/';
  }
}

/** Refuses cross-site POSTs (CSRF): Sec-Fetch-Site from modern browsers, Origin otherwise. */
export function sameOriginOnly(req: Request, res: Response, next: NextFunction) {
  const site = req.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') {
    res.status(403).json({ error: 'Cross-site requests are not allowed.' });
    return;
  }
  const origin = req.get('origin');
  if (origin && origin !== 'null') {
    let host: string | null = null;
    try {
      host = new URL(origin).host;
    } catch { /* malformed → refused below */ }
    if (host !== req.get('host')) {
      res.status(403).json({ error: 'Cross-site requests are not allowed.' });
      return;
    }
  } else if (origin === 'null') {
    res.status(403).json({ error: 'Cross-site requests are not allowed.' });
    return;
  }
  next();
}

const wantsJson = (req: Request) => req.is('application/json') === 'application/json' || /application\/json/.test(req.get('accept') ?? '');

export function createGate(config: Config, log: Logger) {
  const keys = deriveKeys(config.sessionSecrets, config.sitePassword);

  const verify = createSessionVerifier(keys);
  const isAuthenticated = (req: Request): boolean => verify(req.cookies?.[SESSION_COOKIE]);

  const tooMany = (req: Request, res: Response, retryAfterSec: number) => {
    res.setHeader('Retry-After', String(retryAfterSec));
    const message = `Too many attempts. Please try again in ${Math.ceil(retryAfterSec / 60)} minute${retryAfterSec > 60 ? 's' : ''}.`;
    if (wantsJson(req)) res.status(429).json({ error: message });
    else res.status(429).redirect(303, `/login?error=throttled&next=${encodeURIComponent(safeNext(req.body?.next))}`);
  };

  const limiterOptions = (limit: number, key: (req: Request) => string) => rateLimit({
    windowMs: config.loginLimit.windowMs,
    limit,
    // Only failures count: a visitor who knows the password is never slowed down.
    skipSuccessfulRequests: true,
    // A no-JavaScript failure answers 303 (not >= 400), so success is what the handler says it is.
    requestWasSuccessful: (_req, res) => res.locals.loginOk === true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: key,
    handler: (req, res, _next, options) => {
      const info = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit;
      const retry = info?.resetTime ? Math.max(1, Math.ceil((info.resetTime.getTime() - Date.now()) / 1000)) : Math.ceil(options.windowMs / 1000);
      log.warn('login throttled', { ip: req.ip });
      tooMany(req, res, retry);
    },
  });
  const perClient = limiterOptions(config.loginLimit.perClient, (req) => `c:${ipKeyGenerator(req.ip ?? '')}`);
  const global = limiterOptions(config.loginLimit.global, () => 'global');

  const parseBody: RequestHandler[] = [
    express.json({ limit: '4kb', strict: true }),
    express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 }),
  ];

  const login: RequestHandler[] = [sameOriginOnly, perClient, global, ...parseBody, (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const password = body.password;
    const next = safeNext(body.next);
    if (typeof password !== 'string' || password.length > 1024) {
      res.status(400).json({ error: 'A password is required.' });
      return;
    }
    if (!password || !passwordMatches(password, config.sitePassword)) {
      log.warn('login failed', { ip: req.ip });
      if (wantsJson(req)) res.status(401).json({ error: LOGIN_ERROR });
      else res.redirect(303, `/login?error=1&next=${encodeURIComponent(next)}`);
      return;
    }
    res.locals.loginOk = true;
    res.cookie(SESSION_COOKIE, createSessionToken(keys, config.sessionTtlMs), {
      httpOnly: true,
      sameSite: 'lax',
      secure: req.secure,
      path: '/',
    });
    if (wantsJson(req)) res.status(200).json({ ok: true, next });
    else res.redirect(303, next);
  }];

  const logout: RequestHandler[] = [sameOriginOnly, (req, res) => {
    res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
    if (wantsJson(req)) res.status(200).json({ ok: true });
    else res.redirect(303, '/login');
  }];

  /** Everything after this needs a session: 401 JSON for /api, 302 to /login for pages. */
  const requireSession = (req: Request, res: Response, next: NextFunction) => {
    if (isAuthenticated(req)) return next();
    res.setHeader('Cache-Control', 'no-store');
    if (req.path.startsWith('/api/') || req.path === '/api') {
      res.status(401).json({ error: 'Authentication required.' });
      return;
    }
    const target = safeNext(req.originalUrl);
    res.redirect(302, target === '/' ? '/login' : `/login?next=${encodeURIComponent(target)}`);
  };

  return { login, logout, requireSession, isAuthenticated };
}
