/**
 * Cookie preferences (seed §3, §4) as data: { essential: true, analytics, marketing }, stored as
 * JSON in localStorage under "cookiePreferences" and mirrored in a cookie of the same name (so the
 * server can render the choice: see src/server/cookie-settings.ts). Pure functions, shared by the
 * page's hook (hooks/useCookiePreferences.ts), the route table and the server.
 */
import { COOKIE_PREFERENCES_KEY } from './constants.ts';
import { queryKey } from './query.ts';

/** What the server read from the visitor's cookie, in the page's data (cookie settings only). */
export const COOKIE_PREFERENCES_DATA = queryKey<CookiePreferences>('cookie-preferences');
/** A year: a stored choice should outlive the browser session, as localStorage does. */
export const COOKIE_PREFERENCES_MAX_AGE_S = 365 * 24 * 3600;

export interface CookiePreferences {
  essential: true;
  analytics: boolean;
  marketing: boolean;
}

export type OptionalCategory = 'analytics' | 'marketing';

export const DEFAULT_COOKIE_PREFERENCES: CookiePreferences = Object.freeze({ essential: true, analytics: false, marketing: false });
export const ACCEPT_ALL: CookiePreferences = Object.freeze({ essential: true, analytics: true, marketing: true });
export const REJECT_NON_ESSENTIAL: CookiePreferences = DEFAULT_COOKIE_PREFERENCES;

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem'>;

/**
 * A stored value → preferences. Anything unreadable (missing, not JSON, wrong types) counts as
 * "not chosen": optional categories stay off, and only a literal `true` turns one on.
 */
export function parseCookiePreferences(raw: string | null | undefined): CookiePreferences {
  if (!raw) return { ...DEFAULT_COOKIE_PREFERENCES };
  try {
    const v = JSON.parse(raw) as unknown;
    if (!v || typeof v !== 'object' || Array.isArray(v)) return { ...DEFAULT_COOKIE_PREFERENCES };
    const o = v as Record<string, unknown>;
    return { essential: true, analytics: o.analytics === true, marketing: o.marketing === true };
  } catch {
    return { ...DEFAULT_COOKIE_PREFERENCES };
  }
}

/** Always the three flags, essential forced on, in a stable order. */
export function serializeCookiePreferences(p: Pick<CookiePreferences, OptionalCategory>): string {
  return JSON.stringify({ essential: true, analytics: p.analytics === true, marketing: p.marketing === true });
}

/** Whether a choice has been stored at all (a banner elsewhere may want to know). */
export function hasStoredPreferences(storage: ReadableStorage | undefined): boolean {
  try {
    return !!storage?.getItem(COOKIE_PREFERENCES_KEY);
  } catch {
    return false;
  }
}

export function readCookiePreferences(storage: ReadableStorage | undefined): CookiePreferences {
  try {
    return parseCookiePreferences(storage?.getItem(COOKIE_PREFERENCES_KEY));
  } catch {
    // Storage disabled (privacy settings) throws on access.
    return { ...DEFAULT_COOKIE_PREFERENCES };
  }
}

/** Returns false when the browser refuses to store (disabled storage, quota). */
export function writeCookiePreferences(storage: WritableStorage | undefined, p: CookiePreferences): boolean {
  if (!storage) return false;
  try {
    storage.setItem(COOKIE_PREFERENCES_KEY, serializeCookiePreferences(p));
    return true;
  } catch {
    return false;
  }
}

/** The cookie's value for preferences (its JSON, URI-encoded: cookie values cannot hold quotes or commas). */
export const cookieValueOf = (p: CookiePreferences) => encodeURIComponent(serializeCookiePreferences(p));

/** Preferences from a Cookie header or document.cookie (defaults when absent or unreadable). */
export function cookiePreferencesFromCookies(cookieHeader: string | undefined): CookiePreferences {
  const m = new RegExp(`(?:^|;\\s*)${COOKIE_PREFERENCES_KEY}=([^;]*)`).exec(cookieHeader ?? '');
  if (!m) return { ...DEFAULT_COOKIE_PREFERENCES };
  try {
    return parseCookiePreferences(decodeURIComponent(m[1]));
  } catch {
    return { ...DEFAULT_COOKIE_PREFERENCES };
  }
}
