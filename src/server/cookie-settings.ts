/**
 * POST /cookie-settings: the cookie settings form without script. The three buttons post
 * `choice=save|accept|reject` (and the switches, checkboxes named analytics and marketing,
 * "on" when checked); the answer stores the choice in the `cookiePreferences` cookie — the same
 * JSON the browser keeps in localStorage — and sends the visitor back to the page (303), which
 * renders from that cookie and shows the saved notice (?saved=1). Same-origin only; a tiny body.
 * With script the page saves in the browser and never posts.
 */
import express, { type Request, type Response, type RequestHandler } from 'express';
import { postedOverHttps, sameOriginOnly } from './gate.ts';
import { NO_STORE } from './cache-control.ts';
import { COOKIE_PREFERENCES_KEY } from '../app/constants.ts';
import { PATHS } from '../app/paths.ts';
import { ACCEPT_ALL, COOKIE_PREFERENCES_MAX_AGE_S, REJECT_NON_ESSENTIAL, serializeCookiePreferences, type CookiePreferences } from '../app/cookie-preferences.ts';

/** The choice a post makes; null for anything else (a clean 400). */
export function choiceOf(body: unknown): CookiePreferences | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  if (b.choice === 'accept') return { ...ACCEPT_ALL };
  if (b.choice === 'reject') return { ...REJECT_NON_ESSENTIAL };
  if (b.choice === 'save') return { essential: true, analytics: b.analytics === 'on', marketing: b.marketing === 'on' };
  return null;
}

export function cookieSettingsHandler(): RequestHandler[] {
  return [
    sameOriginOnly,
    express.urlencoded({ extended: false, limit: '1kb', parameterLimit: 10 }),
    (req: Request, res: Response) => {
      const prefs = choiceOf(req.body);
      if (!prefs) {
        res.status(400).type('text').send('Bad request.');
        return;
      }
      // Not HttpOnly: the page's script reads and writes the same cookie (a preference, not a
      // secret). Express URI-encodes the JSON, as the page's script does (cookieValueOf).
      res.cookie(COOKIE_PREFERENCES_KEY, serializeCookiePreferences(prefs), {
        path: '/',
        maxAge: COOKIE_PREFERENCES_MAX_AGE_S * 1000,
        sameSite: 'lax',
        secure: postedOverHttps(req),
      });
      res.setHeader('Cache-Control', NO_STORE);
      res.redirect(303, `${PATHS.cookieSettings}?saved=1`);
    },
  ];
}
