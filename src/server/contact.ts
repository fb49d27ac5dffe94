/**
 * POST /api/contact: same-origin only, rate limited per client, 16 KB bodies (JSON or a plain
 * form post), validated by the same module the browser runs, stored durably before answering.
 *
 * JSON callers (the enhanced form) get 201 { id } / 400 { errors } / 413 / 429 JSON.
 * A plain HTML form post (no JavaScript) gets a 303 back to the page, which shows the outcome:
 * /contact?sent=1#contact-form, or /contact?error=<fields>#contact-form.
 */
import express, { type Request, type Response, type RequestHandler } from 'express';
import { rateLimit, ipKeyGenerator } from 'express-rate-limit';
import type { Config } from './config.ts';
import type { Logger } from './log.ts';
import type { MessageStore } from './store.ts';
import { sameOriginOnly } from './gate.ts';
import { CONTACT_FIELDS, HONEYPOT_FIELD, validateContact, type ContactField } from '../app/contact-validation.ts';

export const CONTACT_BODY_LIMIT = '16kb';
export const CONTACT_PAGE = '/contact';

/** The enhanced form asks for JSON; a browser's own form post asks for HTML. */
const wantsJson = (req: Request) =>
  req.is('application/json') === 'application/json' || /application\/json/.test(req.get('accept') ?? '');

const redirectBack = (res: Response, query: string) => res.redirect(303, `${CONTACT_PAGE}?${query}#contact-form`);

export function createContactHandler(deps: { config: Config; store: MessageStore; log: Logger }): RequestHandler[] {
  const { config, store, log } = deps;

  const limiter = rateLimit({
    windowMs: config.contactLimit.windowMs,
    limit: config.contactLimit.perClient,
    // A visitor correcting a typo is not throttled: invalid submissions do not count. Everything
    // else does (sent messages, honeypot hits, oversized bodies).
    skipFailedRequests: true,
    requestWasSuccessful: (_req, res) => res.locals.contactInvalid !== true,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: (req) => `contact:${ipKeyGenerator(req.ip ?? '')}`,
    handler: (req, res, _next, options) => {
      const info = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit;
      const retry = info?.resetTime
        ? Math.max(1, Math.ceil((info.resetTime.getTime() - Date.now()) / 1000))
        : Math.ceil(options.windowMs / 1000);
      log.warn('contact throttled', { ip: req.ip });
      res.setHeader('Retry-After', String(retry));
      if (wantsJson(req)) {
        const minutes = Math.ceil(retry / 60);
        res.status(429).json({ error: `You have sent several messages in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}, or write to us by email.` });
      } else {
        redirectBack(res, 'error=throttled');
      }
    },
  });

  const parseBody: RequestHandler[] = [
    express.json({ limit: CONTACT_BODY_LIMIT, strict: true }),
    express.urlencoded({ extended: false, limit: CONTACT_BODY_LIMIT, parameterLimit: 20 }),
  ];

  const handle: RequestHandler = (req, res) => {
    const body: unknown = req.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      res.locals.contactInvalid = true;
      if (wantsJson(req)) res.status(400).json({ errors: Object.fromEntries(CONTACT_FIELDS.filter((f) => f !== 'company').map((f) => [f, 'This field is required.'])) });
      else redirectBack(res, 'error=name,email,message');
      return;
    }
    const fields = body as Record<string, unknown>;

    // Bots fill every field; people never see this one. Answer as if sent, keep nothing.
    const trap = fields[HONEYPOT_FIELD];
    if (trap !== undefined && trap !== '') {
      log.warn('contact honeypot', { ip: req.ip });
      if (wantsJson(req)) res.status(201).json({ id: 0 });
      else redirectBack(res, 'sent=1');
      return;
    }

    const result = validateContact(fields);
    if (!result.ok) {
      res.locals.contactInvalid = true;
      if (wantsJson(req)) res.status(400).json({ errors: result.errors });
      else redirectBack(res, `error=${(Object.keys(result.errors) as ContactField[]).join(',')}`);
      return;
    }

    // Committed (synchronous=FULL) before the answer: a 201 means the message is on disk.
    const id = store.insert({ ...result.value, ip: req.ip ?? null });
    log.info('contact message stored', { id });
    res.setHeader('Cache-Control', 'no-store');
    if (wantsJson(req)) res.status(201).json({ id });
    else redirectBack(res, 'sent=1');
  };

  return [sameOriginOnly, limiter, ...parseBody, handle];
}
