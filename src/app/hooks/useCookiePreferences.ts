/**
 * The cookie settings page's state: the stored choice (localStorage, mirrored in a cookie — see
 * ../cookie-preferences.ts), switches moved but not saved yet, and the 3000 ms "saved" notice.
 * localStorage stays the client's store: what it holds wins once the page has hydrated
 * (hydration itself renders what the server rendered from the cookie, so they never disagree
 * mid-hydration).
 */
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { COOKIE_PREFERENCES_KEY, COOKIE_SAVED_NOTICE_MS } from '../constants.ts';
import { createNoticeTimer, type NoticeTimer } from '../notice-timer.ts';
import {
  ACCEPT_ALL,
  COOKIE_PREFERENCES_MAX_AGE_S,
  DEFAULT_COOKIE_PREFERENCES,
  REJECT_NON_ESSENTIAL,
  cookiePreferencesFromCookies,
  cookieValueOf,
  parseCookiePreferences,
  serializeCookiePreferences,
  writeCookiePreferences,
  type CookiePreferences,
  type OptionalCategory,
} from '../cookie-preferences.ts';

export type { CookiePreferences, OptionalCategory };

export { createNoticeTimer };

export type SaveStatus = 'idle' | 'saved' | 'failed';

const browserStorage = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
};

/** Browser: localStorage's choice, else the cookie's (set by the no-script form), as one string. */
function readBrowserChoice(): string {
  const stored = (() => {
    try {
      return browserStorage()?.getItem(COOKIE_PREFERENCES_KEY) ?? null;
    } catch {
      return null;
    }
  })();
  return serializeCookiePreferences(stored ? parseCookiePreferences(stored) : cookiePreferencesFromCookies(document.cookie));
}

const listeners = new Set<() => void>();
function subscribe(onChange: () => void) {
  listeners.add(onChange);
  // Another tab saved: show what is now in force.
  const onStorage = (e: StorageEvent) => {
    if (e.key === COOKIE_PREFERENCES_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** Stores a choice in localStorage and mirrors it in the cookie; false when the browser refuses. */
function storeChoice(p: CookiePreferences): boolean {
  if (!writeCookiePreferences(browserStorage(), p)) return false;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE_PREFERENCES_KEY}=${cookieValueOf(p)}; Path=/; Max-Age=${COOKIE_PREFERENCES_MAX_AGE_S}; SameSite=Lax${secure}`;
  for (const l of listeners) l();
  return true;
}

/**
 * @param rendered what the server rendered (the cookie it read), used while hydrating.
 * @param savedOnLoad the page was loaded as the answer to a save without script (?saved=1):
 *   the notice shows for its usual time once script runs.
 */
export function useCookiePreferences(rendered: CookiePreferences = DEFAULT_COOKIE_PREFERENCES, savedOnLoad = false) {
  const stored = useSyncExternalStore(subscribe, readBrowserChoice, () => serializeCookiePreferences(rendered));
  // Switches moved but not saved yet; null: showing what is stored.
  const [draft, setDraft] = useState<CookiePreferences | null>(null);
  const [status, setStatus] = useState<SaveStatus>(savedOnLoad ? 'saved' : 'idle');
  const timer = useRef<NoticeTimer | null>(null);
  const prefs = draft ?? parseCookiePreferences(stored);

  useEffect(() => {
    const t = createNoticeTimer(COOKIE_SAVED_NOTICE_MS, (visible) => setStatus((s) => (visible ? 'saved' : s === 'saved' ? 'idle' : s)));
    timer.current = t;
    // The first render already shows the notice (status starts 'saved'): only its end is timed,
    // so the effect sets no state itself.
    if (savedOnLoad) t.hideLater();
    return () => t.cancel();
  }, [savedOnLoad]);

  const toggle = useCallback(
    (category: OptionalCategory, on: boolean) => {
      setDraft((d) => ({ ...(d ?? prefs), [category]: on }));
    },
    [prefs],
  );

  const save = useCallback((next: CookiePreferences) => {
    if (storeChoice(next)) {
      setDraft(null);
      timer.current?.show();
    } else {
      setDraft(next);
      timer.current?.cancel();
      setStatus('failed');
    }
  }, []);

  return {
    prefs,
    status,
    /** The saved notice's timer (held while the visitor is with the notice: useNoticeHold). */
    noticeTimer: useCallback(() => timer.current, []),
    toggle,
    /** Save Preferences: stores the switches as they are. */
    saveCurrent: useCallback(() => save(prefs), [save, prefs]),
    /** Accept All: both optional categories on, saved. */
    acceptAll: useCallback(() => save(ACCEPT_ALL), [save]),
    /** Reject Non-Essential: both off, saved. */
    rejectNonEssential: useCallback(() => save(REJECT_NON_ESSENTIAL), [save]),
  };
}
