/**
 * Insight alerts (issue 36, item 6; decision 013): a sign-up with double opt-in, a digest when new
 * items are published, one-click unsubscribe in every e-mail. What is kept, and for how long:
 *
 * - An unconfirmed address is kept only as its confirmation e-mail's outbox entry, deleted once
 *   the e-mail is sent, or when its link expires (ALERT_CONFIRM_HOURS) if it never was. The link
 *   carries the rest (the address, the kinds, the expiry), signed with HMAC-SHA256 under a key
 *   derived from SESSION_SECRET: confirming needs nothing stored.
 * - A confirmed subscriber (address, kinds, when) until they unsubscribe.
 * - A digest e-mail until sent (at most DIGEST_EXPIRY_MS).
 *
 * The links (/subscription/confirm, /subscription/unsubscribe) are open in both access modes: the
 * signed token is the authority, and the recipient of an e-mail has no site password. Opening a
 * link (GET) never changes anything — mail security scanners open links — it shows one button
 * that posts; the unsubscribe URL also takes RFC 8058's one-click POST (List-Unsubscribe-Post),
 * which a mail provider sends without cookies or a CSRF token.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import express from 'express';
import { rateLimit, type Store as LimiterStore } from 'express-rate-limit';
import type { Config } from './config.ts';
import type { Logger } from './log.ts';
import type { AlertMail, DigestItem, Store } from './store/index.ts';
import type { StoreBounds } from './bounds.ts';
import { NO_STORE } from './cache-control.ts';
import { sameOriginOnly } from './gate.ts';
import { formRateLimit, parseBody, wantsJson } from './forms.ts';
import { ALERT_CONFIRM_HOURS, ALERT_KIND_LABELS, ALERT_KINDS, kindsSentence, validateAlertSignup, type AlertField, type AlertKind } from '../app/alerts.ts';
import { HONEYPOT_FIELD } from '../app/contact-validation.ts';
import { PATHS } from '../app/paths.ts';
import type { ApiData } from '../content/api-data.ts';

export const ALERT_CONFIRM_MS = ALERT_CONFIRM_HOURS * 60 * 60_000;
/** A digest not sent within a week is news no longer: it is dropped. */
export const DIGEST_EXPIRY_MS = 7 * 24 * 60 * 60_000;
const HOUR = 60 * 60_000;
/** The digest job, and the purge of expired alert e-mails, run at start and then this often. */
const JOB_EVERY_MS = 10 * 60_000;
/** The newest items of each kind a digest looks at (more than are ever published between two releases). */
const DIGEST_WINDOW = 50;

/** The open links of the e-mails (routed before the gate: pipeline.ts). */
export const ALERT_LINK_PATHS = { confirm: '/subscription/confirm', unsubscribe: '/subscription/unsubscribe' } as const;

// ---------------------------------------------------------------------------------------------
// Signed links

type LinkPayload = { a: 'confirm'; e: string; k: AlertKind[]; x: number } | { a: 'unsubscribe'; e: string };

/** Keys for the links: HMAC of each SESSION_SECRET (first signs, all verify), not the site password (changing it must not break links). */
export function alertKeys(secrets: string[]): Buffer[] {
  return secrets.map((s) => createHmac('sha256', s).update('alert-link\0').digest());
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function signLink(keys: Buffer[], payload: LinkPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(keys[0], body)}`;
}

export type LinkCheck<A extends LinkPayload['a']> = { ok: true; payload: Extract<LinkPayload, { a: A }> } | { ok: false; reason: 'invalid' | 'expired' };

/** The payload of a link signed by one of the keys, for action `action`; expired ones are told apart (410, not 400). Never throws. */
export function readLink<A extends LinkPayload['a']>(keys: Buffer[], token: unknown, action: A, now = Date.now()): LinkCheck<A> {
  if (typeof token !== 'string' || token.length > 1200 || !/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/.test(token)) return { ok: false, reason: 'invalid' };
  const [body, signature] = token.split('.');
  const given = Buffer.from(signature);
  if (!keys.some((k) => timingSafeEqual(Buffer.from(sign(k, body)), given))) return { ok: false, reason: 'invalid' };
  let payload: LinkPayload;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkPayload;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (payload?.a !== action || typeof payload.e !== 'string') return { ok: false, reason: 'invalid' };
  if (payload.a === 'confirm') {
    if (!Array.isArray(payload.k) || !payload.k.every((k) => (ALERT_KINDS as readonly string[]).includes(k)) || typeof payload.x !== 'number') return { ok: false, reason: 'invalid' };
    if (payload.x <= now) return { ok: false, reason: 'expired' };
  }
  return { ok: true, payload: payload as Extract<LinkPayload, { a: A }> };
}

export const confirmUrl = (origin: string, keys: Buffer[], email: string, kinds: AlertKind[], expiresAt: number) =>
  `${origin}${ALERT_LINK_PATHS.confirm}?t=${signLink(keys, { a: 'confirm', e: email, k: kinds, x: expiresAt })}`;
export const unsubscribeUrl = (origin: string, keys: Buffer[], email: string) => `${origin}${ALERT_LINK_PATHS.unsubscribe}?t=${signLink(keys, { a: 'unsubscribe', e: email })}`;

// ---------------------------------------------------------------------------------------------
// E-mails

export interface AlertMailer {
  /** The e-mail for a queued entry; null when it is not to be sent (a digest for an address that has left). */
  compose(mail: AlertMail): Promise<Parameters<import('nodemailer').Transporter['sendMail']>[0] | null>;
}

const dateText = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export function createAlertMailer(deps: { store: Store; keys: Buffer[]; origin: string; from: string }): AlertMailer {
  const { store, keys, origin, from } = deps;
  return {
    async compose(mail) {
      const unsubscribe = unsubscribeUrl(origin, keys, mail.to);
      // RFC 8058: a mail provider's "Unsubscribe" button posts List-Unsubscribe=One-Click to this URL.
      const headers = { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
      const common = { from, to: mail.to, messageId: mail.messageId, date: new Date(mail.createdAt), headers };
      const footer = (why: string) => ['', '-- ', why, `Unsubscribe (one click): ${unsubscribe}`, `Change what you receive: ${origin}${PATHS.alerts}`, `Halden Rowe Capital · ${origin}`];
      if (mail.body.type === 'confirm') {
        const { kinds, expiresAt } = mail.body;
        const link = confirmUrl(origin, keys, mail.to, kinds, expiresAt);
        return {
          ...common,
          subject: 'Confirm your Halden Rowe Capital email alerts',
          text: [
            `Someone, probably you, asked for email alerts from Halden Rowe Capital for ${kindsSentence(kinds)} at this address.`,
            '',
            'To start receiving them, open this link and press "Confirm":',
            link,
            '',
            `The link works for ${ALERT_CONFIRM_HOURS} hours. If you did not ask, ignore this email: you will get nothing more from us, and we keep nothing of your address once the link has expired.`,
            ...footer('You receive this email because this address was entered in the alerts form on our website.'),
          ].join('\n'),
        };
      }
      // A digest queued just before an unsubscribe (another host) is not sent.
      const subscriber = await store.alerts.subscriber(mail.to);
      if (!subscriber) return null;
      const items = mail.body.items.filter((i) => subscriber.kinds.includes(i.kind));
      if (!items.length) return null;
      const sections = ALERT_KINDS.flatMap((kind) => {
        const mine = items.filter((i) => i.kind === kind);
        return mine.length ? ['', ALERT_KIND_LABELS[kind].toUpperCase(), ...mine.flatMap((i) => ['', i.title, `${dateText(i.date)} · ${origin}${i.path}`])] : [];
      });
      return {
        ...common,
        subject: items.length === 1 ? `New from Halden Rowe Capital: ${items[0].title}` : `${items.length} new publications from Halden Rowe Capital`,
        text: [
          `New on the Halden Rowe Capital website since our last email:`,
          ...sections,
          ...footer(`You receive this email because you subscribed to alerts for ${kindsSentence(subscriber.kinds)}.`),
        ].join('\n'),
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The digest job

/** The newest items of each kind, from the content loaded at start (what a digest may list). */
export function digestItems(api: ApiData): DigestItem[] {
  const read = (path: string) => (api.read(path)?.value ?? []) as { id: string; date: string; title: string; link: string }[];
  const sources: Record<AlertKind, string> = { research: '/api/research', 'press-releases': '/api/press-releases', news: '/api/news' };
  return ALERT_KINDS.flatMap((kind) =>
    [...read(sources[kind])]
      .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
      .slice(0, DIGEST_WINDOW)
      .map((i) => ({ kind, id: i.id, date: i.date, title: i.title, path: i.link })),
  );
}

/**
 * Runs the digest at start (the content is loaded then: a release with new items is a new start)
 * and every JOB_EVERY_MS (a start while the store was away, an item dated later than the release),
 * and deletes alert e-mails past their expiry. The store makes a digest happen once across hosts.
 */
export function startAlertJobs(deps: { store: Store; api: ApiData; log: Logger; onQueued?: () => void }): () => void {
  const { store, log } = deps;
  const items = digestItems(deps.api);
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const now = new Date();
      const purged = await store.alerts.purgeExpired(now);
      if (purged) log.info('alert e-mails past their expiry deleted', { deleted: purged });
      const { items: fresh, queued } = await store.alerts.digest(items, new Date(now.getTime() + DIGEST_EXPIRY_MS), now);
      if (queued) {
        log.info('alert digest queued', { newItems: fresh, emails: queued });
        deps.onQueued?.();
      }
    } catch (err) {
      log.error('alerts: the digest could not run; it is tried again later', { error: String((err as Error)?.message ?? err) });
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), JOB_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

// ---------------------------------------------------------------------------------------------
// The sign-up (POST /api/alerts)

const back = (res: Response, query: string) => res.redirect(303, `${PATHS.alerts}?${query}#alerts-form`);

export interface AlertHandlerDeps {
  config: Config;
  store: Store;
  log: Logger;
  bounds: StoreBounds;
  keys: Buffer[];
  /** Alerts are on (SMTP and PUBLIC_ORIGIN set); otherwise the sign-up answers 503. */
  enabled: boolean;
  clientStore: LimiterStore;
  siteStore: LimiterStore;
  onQueued?: () => void;
  /** The /alerts page as the answer to a no-JavaScript post the store refused (503). */
  unavailablePage?: (req: Request, res: Response) => void;
}

const UNAVAILABLE = 'Alerts cannot be set up right now because of a problem on our side. Please try again later.';

export function createAlertSignup(deps: AlertHandlerDeps): RequestHandler[] {
  const { config, store, log } = deps;
  // As the contact form: a typo or our refusal does not count; everything else does.
  const perClient = formRateLimit('alerts', deps, {
    counts: (res) => res.locals.alertInvalid !== true && res.locals.alertNotQueued !== true,
    store: deps.clientStore,
    tooMany: (wait) => `You have asked for several alerts in a short time. Please try again in ${wait}.`,
    back,
  });
  // The site-wide bound on confirmation e-mails (so on pending entries): counted in the shared
  // limiter store, so every process and host shares it.
  const siteWide = rateLimit({
    windowMs: HOUR,
    limit: config.alertLimits.signupsPerHour,
    skipFailedRequests: true,
    requestWasSuccessful: (_req, res) => res.locals.alertQueued === true,
    standardHeaders: false,
    legacyHeaders: false,
    keyGenerator: () => 'alerts:all',
    store: deps.siteStore,
    handler: (req, res) => refuse(req, res, 'site-rate', 600),
  });

  let lastLogged = 0;
  const refuse = (req: Request, res: Response, cause: string, retryAfter: number) => {
    res.locals.alertNotQueued = true;
    if (Date.now() - lastLogged > 10 * 60_000) {
      lastLogged = Date.now();
      log.error('alert sign-ups refused', { cause });
    }
    res.setHeader('Cache-Control', NO_STORE);
    res.setHeader('Retry-After', String(retryAfter));
    if (wantsJson(req) || !deps.unavailablePage) res.status(503).json({ error: UNAVAILABLE });
    else deps.unavailablePage(req, res);
  };

  const validate: RequestHandler = (req, res, next) => {
    if (!deps.enabled) return refuse(req, res, 'not configured (SMTP_URL, CONTACT_NOTIFY_TO and PUBLIC_ORIGIN)', 3600);
    const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const trap = body[HONEYPOT_FIELD];
    if (trap !== undefined && trap !== '') {
      log.warn('alerts honeypot', { ip: req.ip });
      res.locals.alertQueued = false;
      if (wantsJson(req)) res.status(202).json({ ok: true });
      else back(res, 'status=sent');
      return;
    }
    const result = validateAlertSignup(body);
    if (!result.ok) {
      res.locals.alertInvalid = true;
      if (wantsJson(req)) res.status(400).json({ errors: result.errors });
      else back(res, `error=${(Object.keys(result.errors) as AlertField[]).join(',')}`);
      return;
    }
    res.locals.alertInput = result.value;
    next();
  };

  const queue: RequestHandler = async (req, res) => {
    const { email, kinds } = res.locals.alertInput as { email: string; kinds: AlertKind[] };
    try {
      if ((await deps.bounds.belowFloor()) !== null) return refuse(req, res, 'disk', 600);
      await store.alerts.queueConfirmation(email, kinds, new Date(Date.now() + ALERT_CONFIRM_MS));
    } catch (err) {
      log.error('alert sign-up NOT queued', { error: String((err as Error)?.message ?? err) });
      return refuse(req, res, 'store', 120);
    }
    res.locals.alertQueued = true;
    // The address is personal data: the log says that a sign-up happened, not whose.
    log.info('alert confirmation queued', { kinds: kinds.join(',') });
    deps.onQueued?.();
    res.setHeader('Cache-Control', NO_STORE);
    // The same answer whether or not the address is subscribed already: nobody learns who is.
    if (wantsJson(req)) res.status(202).json({ ok: true });
    else back(res, 'status=sent');
  };

  return [sameOriginOnly, ...parseBody('2kb', 10), perClient, validate, siteWide, queue];
}

// ---------------------------------------------------------------------------------------------
// The links (open: before the gate)

export type AlertLinkState =
  | { kind: 'confirm'; token: string; email: string; kinds: AlertKind[] }
  | { kind: 'confirmed'; email: string; kinds: AlertKind[]; unsubscribe: string }
  | { kind: 'unsubscribe'; token: string; email: string }
  | { kind: 'unsubscribed'; email: string }
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'unavailable' };

export type AlertLinkRenderer = (req: Request, res: Response, status: number, state: AlertLinkState) => void;

export function createAlertLinks(deps: { store: Store; log: Logger; bounds: StoreBounds; keys: Buffer[]; subscriberLimit: number; render: AlertLinkRenderer }) {
  const { store, log, keys, render } = deps;
  const token = (req: Request): unknown => (req.query as Record<string, unknown>).t ?? (req.body as Record<string, unknown> | undefined)?.t;
  // A small, flat body: the one-click POST's "List-Unsubscribe=One-Click", or the page's token.
  const body = express.urlencoded({ extended: false, limit: '2kb', parameterLimit: 5 });
  const noStore: RequestHandler = (_req, res, next) => {
    res.setHeader('Cache-Control', NO_STORE);
    // The token is in the URL: not to be passed on to another site.
    res.setHeader('Referrer-Policy', 'no-referrer');
    next();
  };
  const bad = (req: Request, res: Response, reason: 'invalid' | 'expired') => render(req, res, reason === 'expired' ? 410 : 400, { kind: reason });

  const confirmPage: RequestHandler = (req, res) => {
    const t = token(req);
    const link = readLink(keys, t, 'confirm');
    if (!link.ok) return bad(req, res, link.reason);
    render(req, res, 200, { kind: 'confirm', token: t as string, email: link.payload.e, kinds: link.payload.k });
  };
  const confirm: RequestHandler = async (req, res) => {
    const link = readLink(keys, token(req), 'confirm');
    if (!link.ok) return bad(req, res, link.reason);
    const { e: email, k: kinds } = link.payload;
    try {
      const known = await store.alerts.subscriber(email);
      if (!known && ((await deps.bounds.belowFloor()) !== null || (await store.alerts.count()) >= deps.subscriberLimit)) {
        log.error('alert subscription refused: the free-space floor or ALERT_SUBSCRIBER_LIMIT is reached');
        res.setHeader('Retry-After', '3600');
        return render(req, res, 503, { kind: 'unavailable' });
      }
      await store.alerts.subscribe(email, kinds);
    } catch (err) {
      log.error('alert subscription NOT stored', { error: String((err as Error)?.message ?? err) });
      res.setHeader('Retry-After', '120');
      return render(req, res, 503, { kind: 'unavailable' });
    }
    log.info('alert subscription confirmed', { kinds: kinds.join(',') });
    render(req, res, 200, { kind: 'confirmed', email, kinds, unsubscribe: `${ALERT_LINK_PATHS.unsubscribe}?t=${signLink(keys, { a: 'unsubscribe', e: email })}` });
  };
  const unsubscribePage: RequestHandler = (req, res) => {
    const t = token(req);
    const link = readLink(keys, t, 'unsubscribe');
    if (!link.ok) return bad(req, res, link.reason);
    render(req, res, 200, { kind: 'unsubscribe', token: t as string, email: link.payload.e });
  };
  // RFC 8058 one-click: no cookie, no CSRF token, whatever the origin (a mail provider's server
  // posts it). The signed token is the authority; the answer is the same whether or not the
  // address was still subscribed.
  const unsubscribe: RequestHandler = async (req, res) => {
    const link = readLink(keys, token(req), 'unsubscribe');
    if (!link.ok) return bad(req, res, link.reason);
    try {
      await store.alerts.unsubscribe(link.payload.e);
    } catch (err) {
      log.error('alert unsubscribe NOT stored', { error: String((err as Error)?.message ?? err) });
      res.setHeader('Retry-After', '120');
      return render(req, res, 503, { kind: 'unavailable' });
    }
    log.info('alert subscription ended');
    render(req, res, 200, { kind: 'unsubscribed', email: link.payload.e });
  };
  const methods =
    (get: RequestHandler, post: RequestHandler): RequestHandler =>
    (req, res, next) => {
      if (req.method === 'GET' || req.method === 'HEAD') return get(req, res, next);
      if (req.method === 'POST') return post(req, res, next);
      res.setHeader('Allow', 'GET, HEAD, POST');
      res.status(405).type('text').send('Method Not Allowed');
    };
  return {
    confirm: [noStore, body, methods(confirmPage, confirm)],
    unsubscribe: [noStore, body, methods(unsubscribePage, unsubscribe)],
  };
}
