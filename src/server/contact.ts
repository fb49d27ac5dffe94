/**
 * POST /api/contact: same-origin only, rate limited per client, 16 KB bodies (JSON or a plain
 * form post), validated by the same module the browser runs, stored durably before answering.
 *
 * JSON callers (the enhanced form) get 201 { id } / 400 { errors } / 413 / 429 JSON.
 * A plain HTML form post (no JavaScript) gets a 303 back to the page, which shows the outcome:
 * /contact?sent=1#contact-form; a post the validator refuses is answered 400 with the page itself,
 * its errors marked and everything the visitor typed still in the fields (WCAG 3.3.7: a redirect
 * to /contact?error=<fields> lost it all).
 */
import type { Request, Response, RequestHandler } from 'express';
import type { Store as LimiterStore } from 'express-rate-limit';
import type { Config } from './config.ts';
import type { Logger } from './log.ts';
import type { Store } from './store/index.ts';
import { NO_STORE } from './cache-control.ts';
import type { StoreBounds } from './bounds.ts';
import { PATHS } from '../app/paths.ts';
import { sameOriginOnly } from './gate.ts';
import { formRateLimit, parseBody, wantsJson } from './forms.ts';
import { CONTACT_FIELDS, HONEYPOT_FIELD, normalizeContact, validateContact, type ContactField, type ContactInput } from '../app/contact-validation.ts';

export const CONTACT_BODY_LIMIT = '16kb';

const redirectBack = (res: Response, query: string) => res.redirect(303, `${PATHS.contact}?${query}#contact-form`);

/**
 * Renders the contact page as the answer to a post, with what was typed: one the store refused,
 * or (`errors`) one the validator refused (app.ts → render.tsx).
 */
export type ContactPageRenderer = (req: Request, res: Response, status: number, typed: ContactInput, errors?: ContactField[]) => void;

export interface ContactDeps {
  config: Config;
  store: Store;
  log: Logger;
  /** The store's bounds (site-wide rate, free-space floor): a message they refuse is not stored. */
  bounds?: StoreBounds;
  limiterStore?: LimiterStore;
  onStored?: () => void;
  failurePage?: ContactPageRenderer;
}

export function createContactHandler(deps: ContactDeps): RequestHandler[] {
  const { config, store, log } = deps;

  // A visitor correcting a typo is not throttled: invalid submissions do not count, nor do
  // posts our store failed to save (not the visitor's doing). Everything else does (sent
  // messages, honeypot hits, oversized bodies).
  const limiter = formRateLimit('contact', deps, {
    counts: (res) => res.locals.contactInvalid !== true && res.locals.contactNotStored !== true,
    store: deps.limiterStore,
    tooMany: (wait) => `You have sent several messages in a short time. Please try again in ${wait}, or write to us by email.`,
    back: redirectBack,
  });

  const handle: RequestHandler = async (req, res) => {
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
      const invalid = Object.keys(result.errors) as ContactField[];
      if (wantsJson(req)) res.status(400).json({ errors: result.errors });
      else if (deps.failurePage) {
        res.setHeader('Cache-Control', 'no-store');
        deps.failurePage(req, res, 400, normalizeContact(fields), invalid);
      } else redirectBack(res, `error=${invalid.join(',')}`);
      return;
    }

    /** Not stored (not the visitor's doing: it does not count toward their limit): 503, their text kept. */
    const notStored = (retryAfterSeconds: number) => {
      res.locals.contactNotStored = true;
      res.setHeader('Cache-Control', NO_STORE);
      res.setHeader('Retry-After', String(retryAfterSeconds));
      if (wantsJson(req) || !deps.failurePage) {
        res.status(503).json({ error: 'Your message could not be saved because of a problem on our side. Please try again in a few minutes.' });
      } else {
        deps.failurePage(req, res, 503, result.value);
      }
    };

    // Committed (synchronous=FULL) before the answer, with its outbox entry when staff are
    // e-mailed: a 201 means the message is on disk and its e-mail will go out.
    let id: number;
    try {
      const refused = await deps.bounds?.refusal();
      if (refused) {
        log.warn('contact message refused', { ip: req.ip, cause: refused.cause });
        notStored(refused.retryAfterSeconds);
        return;
      }
      id = await store.messages.insert({ ...result.value, ip: req.ip ?? null }, { notify: !!config.notify });
    } catch (err) {
      // Disk full, database locked too long, I/O error: tell the visitor, keep their text.
      log.error('contact message NOT stored', { error: String((err as Error)?.message ?? err), code: (err as { code?: string }).code });
      notStored(120);
      return;
    }
    log.info('contact message stored', { id });
    deps.onStored?.();
    res.setHeader('Cache-Control', NO_STORE);
    if (wantsJson(req)) res.status(201).json({ id });
    else redirectBack(res, 'sent=1');
  };

  return [sameOriginOnly, limiter, ...parseBody(CONTACT_BODY_LIMIT, 20), handle];
}
