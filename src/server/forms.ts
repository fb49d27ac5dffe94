/**
 * What the gate (gate.ts) and the contact endpoint (contact.ts) share: how a caller says it wants
 * JSON, how a body is parsed, and how long a throttled client is told to wait.
 */
import express, { type Request, type RequestHandler } from 'express';

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
