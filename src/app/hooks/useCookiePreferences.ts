/**
 * Cookie preferences (seed §3, §4): { essential: true, analytics, marketing } as JSON in
 * localStorage under "cookiePreferences". Essential is always on; the others start off.
 *
 * The server cannot see localStorage, so it renders the defaults and the saved choice is read
 * after hydration (in an effect): no hydration mismatch, and the page works before JavaScript.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { COOKIE_PREFERENCES_KEY, COOKIE_SAVED_NOTICE_MS } from '../constants.ts';

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

/**
 * A notice shown for exactly `ms` after the last show(): showing again restarts the time.
 * Plain timers, so the timing can be tested without a browser.
 */
export function createNoticeTimer(ms: number, onChange: (visible: boolean) => void) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    show() {
      if (timer) clearTimeout(timer);
      onChange(true);
      timer = setTimeout(() => {
        timer = null;
        onChange(false);
      }, ms);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

export type SaveStatus = 'idle' | 'saved' | 'failed';

const browserStorage = (): Storage | undefined => {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
};

export function useCookiePreferences() {
  const [prefs, setPrefs] = useState<CookiePreferences>(DEFAULT_COOKIE_PREFERENCES);
  const [status, setStatus] = useState<SaveStatus>('idle');
  const timer = useRef<ReturnType<typeof createNoticeTimer> | null>(null);

  useEffect(() => {
    setPrefs(readCookiePreferences(browserStorage()));
    // Another tab saved: show what is now in force.
    const onStorage = (e: StorageEvent) => {
      if (e.key === COOKIE_PREFERENCES_KEY) setPrefs(parseCookiePreferences(e.newValue));
    };
    window.addEventListener('storage', onStorage);
    timer.current = createNoticeTimer(COOKIE_SAVED_NOTICE_MS, (visible) => setStatus((s) => (visible ? 'saved' : s === 'saved' ? 'idle' : s)));
    return () => {
      window.removeEventListener('storage', onStorage);
      timer.current?.cancel();
    };
  }, []);

  const toggle = useCallback((category: OptionalCategory, on: boolean) => {
    setPrefs((p) => ({ ...p, [category]: on }));
  }, []);

  const save = useCallback((next: CookiePreferences) => {
    setPrefs(next);
    if (writeCookiePreferences(browserStorage(), next)) {
      timer.current?.show();
    } else {
      timer.current?.cancel();
      setStatus('failed');
    }
  }, []);

  return {
    prefs,
    status,
    toggle,
    /** Save Preferences: stores the switches as they are. */
    saveCurrent: useCallback(() => save(prefs), [save, prefs]),
    /** Accept All: both optional categories on, saved. */
    acceptAll: useCallback(() => save(ACCEPT_ALL), [save]),
    /** Reject Non-Essential: both off, saved. */
    rejectNonEssential: useCallback(() => save(REJECT_NON_ESSENTIAL), [save]),
  };
}
