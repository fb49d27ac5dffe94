/**
 * What the gate (gate.ts) and the form endpoints (contact.ts, alerts.ts) share: how a caller says
 * it wants JSON, how a body is parsed, how long a throttled client is told to wait, and the
 * forms' per-visitor limit.
 */
import express, { type Request, type RequestHandler, type Response } from 'express';
import { ipKeyGenerator, rateLimit, type Store as LimiterStore } from 'express-rate-limit';
import type { Config } from './config.ts';
import type { Logger } from './log.ts';

/** The client's key for limits: its IPv4 address, or its IPv6 /56 (one subscriber's allocation, commonly). */
export const clientKey = (req: Request) => ipKeyGenerator(req.ip ?? '', 56);

/** The enhanced forms send or ask for JSON; a browser's own form post asks for HTML. */
export const wantsJson = (req: Request) => req.is('application/json') === 'application/json' || /application\/json/.test(req.get('accept') ?? '');

/** JSON or a plain form post (no nested fields), within `limit` bytes and `parameterLimit` fields. */
export const parseBody = (limit: string, parameterLimit: number): RequestHandler[] => [express.json({ limit, strict: true }), express.urlencoded({ extended: false, limit, parameterLimit })];

/**
 * The Retry-After (whole seconds, at least 1) of a client an express-rate-limit limiter refused:
 * until its window ends, or the whole window when the store does not say.
 */
export function retryAfterSeconds(req: Request, windowMs: number): number {
  const info = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit;
  return info?.resetTime ? Math.max(1, Math.ceil((info.resetTime.getTime() - Date.now()) / 1000)) : Math.ceil(windowMs / 1000);
}

/** "N minutes" for a wait of `seconds`, rounded up. */
export const minutesText = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/**
 * A form's limit per visitor (config.contactLimit), counted under `form:<client>`: only what the
 * visitor is answerable for counts — a post the form refused as invalid, or one our side failed to
 * keep, does not (`counts` says so from res.locals). A throttled post is logged ("<form> throttled")
 * and answered 429: `tooMany(wait)` as JSON, or, without JavaScript, `back` to the form with
 * ?error=throttled.
 */
export function formRateLimit(
  form: string,
  { config, log }: { config: Config; log: Logger },
  o: { counts: (res: Response) => boolean; store?: LimiterStore; tooMany: (wait: string) => string; back: (res: Response, query: string) => void },
) {
  return rateLimit({
    windowMs: config.contactLimit.windowMs,
    limit: config.contactLimit.perClient,
    skipFailedRequests: true,
    requestWasSuccessful: (_req, res) => o.counts(res),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => `${form}:${clientKey(req)}`,
    ...(o.store ? { store: o.store } : {}),
    handler: (req, res, _next, options) => {
      const retry = retryAfterSeconds(req, options.windowMs);
      log.warn(`${form} throttled`, { ip: req.ip });
      res.setHeader('Retry-After', String(retry));
      if (wantsJson(req)) res.status(429).json({ error: o.tooMany(minutesText(retry)) });
      else o.back(res, 'error=throttled');
    },
  });
}
