/**
 * A small history-API router. The server renders the route for the requested URL; after
 * hydration, clicks on internal links are handled here: push a history entry, render the next
 * page (its data comes from the query cache or /api), restore scroll on back/forward, and move
 * focus to the new page's heading so screen readers announce it.
 */
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { LOGIN_PATH } from './paths.ts';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

export interface NavigateOptions {
  replace?: boolean;
  /** Scroll to the top (or #hash). Default true. */
  scroll?: boolean;
  /** Move focus to the new page's heading. Defaults to `scroll` (a filter change keeps focus). */
  focus?: boolean;
}

export interface RouterValue {
  location: Location;
  navigate: (to: string, opts?: NavigateOptions) => void;
}

const RouterContext = createContext<RouterValue | null>(null);

export function useRouter(): RouterValue {
  const r = useContext(RouterContext);
  if (!r) throw new Error('useRouter outside RouterProvider');
  return r;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function parseLocation(url: string): Location {
  const u = new URL(url, 'http://x');
  return { pathname: u.pathname, search: u.search, hash: u.hash };
}

export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const p = pattern.split('/');
  const s = pathname.split('/');
  if (p.length !== s.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    if (p[i].startsWith(':')) {
      if (!s[i]) return null;
      try {
        params[p[i].slice(1)] = decodeURIComponent(s[i]);
      } catch {
        return null;
      }
    } else if (p[i] !== s[i]) return null;
  }
  return params;
}

const isClient = typeof window !== 'undefined';
const useIsoLayoutEffect = isClient ? useLayoutEffect : useEffect;
const SCROLL_KEY = 'hrc:scroll';
/** Per history entry: the link a visitor followed from it, focused again when they come Back. */
const FOCUS_KEY = 'hrc:focus';

function readScrollMap(): Record<string, number> {
  return readMap(SCROLL_KEY) as Record<string, number>;
}

function readMap(key: string): Record<string, unknown> {
  try {
    return JSON.parse(sessionStorage.getItem(key) || '{}');
  } catch {
    return {};
  }
}

/** Remembers the link that has focus as this entry is left (Back comes back to it). */
function saveFocusedLink(entry: string) {
  const active = document.activeElement;
  const map = readMap(FOCUS_KEY);
  if (active instanceof HTMLAnchorElement && active.closest('main')) map[entry] = active.getAttribute('href');
  else delete map[entry];
  try {
    sessionStorage.setItem(FOCUS_KEY, JSON.stringify(map));
  } catch {
    /* best effort */
  }
}

/** Pages skip client navigation for these (full document loads or server endpoints). */
export function isClientRoutable(url: URL): boolean {
  return url.origin === window.location.origin && !url.pathname.startsWith('/api/') && url.pathname !== LOGIN_PATH && !/\.[a-z0-9]+$/i.test(url.pathname);
}

export function RouterProvider({ initial, children }: { initial: Location; children: ReactNode }) {
  const [location, setLocation] = useState<Location>(initial);
  // The location shown, as seen from the popstate listener (set once rendered).
  const lastLocation = useRef(location);
  const pending = useRef<{ restoreY?: number; restoreFocus?: string; focus: boolean; scroll: boolean } | null>(null);
  const entryKey = useRef<string>('');

  useEffect(() => {
    history.scrollRestoration = 'manual';
    const state = history.state as { key?: string } | null;
    entryKey.current = state?.key ?? Math.random().toString(36).slice(2);
    if (!state?.key) history.replaceState({ ...state, key: entryKey.current }, '');
    const saveScroll = () => {
      const map = readScrollMap();
      map[entryKey.current] = window.scrollY;
      try {
        sessionStorage.setItem(SCROLL_KEY, JSON.stringify(map));
      } catch {
        /* storage full or disabled: scroll restoration is best effort */
      }
    };
    const onPop = (e: PopStateEvent) => {
      const here = parseLocation(window.location.href);
      if (!(e.state as { key?: string } | null)?.key && here.hash && here.pathname === lastLocation.current.pathname && here.search === lastLocation.current.search) {
        // A link to a place on this page (#section): the browser scrolls there; it is no new
        // page, so no scroll restoring. Focus goes to the place, as the visitor's next Tab would.
        history.replaceState({ key: entryKey.current }, '');
        focusFragmentTarget(here.hash);
        setLocation(here);
        return;
      }
      saveScroll();
      saveFocusedLink(entryKey.current);
      const key = (e.state as { key?: string } | null)?.key ?? '';
      entryKey.current = key;
      const link = readMap(FOCUS_KEY)[key];
      pending.current = { restoreY: readScrollMap()[key] ?? 0, restoreFocus: typeof link === 'string' ? link : undefined, focus: true, scroll: true };
      setLocation(parseLocation(window.location.href));
    };
    window.addEventListener('popstate', onPop);
    window.addEventListener('pagehide', saveScroll);
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('pagehide', saveScroll);
    };
  }, []);

  const navigate = useCallback((to: string, opts: NavigateOptions = {}) => {
    const url = new URL(to, window.location.href);
    const map = readScrollMap();
    map[entryKey.current] = window.scrollY;
    try {
      sessionStorage.setItem(SCROLL_KEY, JSON.stringify(map));
    } catch {
      /* best effort */
    }
    saveFocusedLink(entryKey.current);
    const key = Math.random().toString(36).slice(2);
    const href = url.pathname + url.search + url.hash;
    if (opts.replace) history.replaceState({ key }, '', href);
    else history.pushState({ key }, '', href);
    entryKey.current = key;
    pending.current = { focus: opts.focus ?? opts.scroll !== false, scroll: opts.scroll !== false };
    setLocation(parseLocation(url.href));
  }, []);

  // After the next page has rendered: scroll (top, #hash, or the remembered position) and focus.
  useIsoLayoutEffect(() => {
    lastLocation.current = location;
    const p = pending.current;
    if (!p) return;
    pending.current = null;
    if (p.scroll) {
      const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
      if (p.restoreY !== undefined) window.scrollTo(0, p.restoreY);
      else if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
    }
    if (!p.focus) return;
    // Back (or Forward) to where the visitor was: on the link they followed, when it is in view
    // after the scroll is restored; otherwise the page's heading, as after any navigation.
    const link = p.restoreFocus ? [...document.querySelectorAll<HTMLAnchorElement>('main a[href]')].find((a) => a.getAttribute('href') === p.restoreFocus) : undefined;
    if (link && inView(link)) link.focus({ preventScroll: true });
    else focusPageHeading();
  }, [location]);

  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/**
 * Moves focus to the new page's <h1> so screen readers announce it. While the page's data is
 * still loading (spinner), focus goes to <main> and moves on to the heading once it appears.
 */
function focusPageHeading() {
  const focus = (el: HTMLElement) => {
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
    el.focus({ preventScroll: true });
  };
  const main = document.querySelector<HTMLElement>('main');
  // While the next page's code loads, React keeps the previous page in the DOM but hidden:
  // only a visible heading counts.
  const visibleH1 = () => [...(main?.querySelectorAll<HTMLElement>('h1') ?? [])].find((h) => h.checkVisibility?.() ?? h.offsetParent !== null);
  const h1 = visibleH1();
  // A heading only for screen readers (the home page's, a 1 px box), or one scrolled out of view
  // (Back restores the scroll): focus on it would be seen nowhere, so <main> takes it, named by
  // that heading.
  if (h1 && main && (h1.getBoundingClientRect().width <= 1 || !inView(h1))) {
    if (h1.id) main.setAttribute('aria-labelledby', h1.id);
    focus(main);
    return;
  }
  main?.removeAttribute('aria-labelledby');
  if (h1 || !main) {
    if (h1) focus(h1);
    return;
  }
  focus(main);
  const observer = new MutationObserver(() => {
    const heading = visibleH1();
    if (!heading) return;
    observer.disconnect();
    if (document.activeElement === main || document.activeElement === document.body) focus(heading);
  });
  observer.observe(main, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), 10_000);
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** An ordinary <a href> (works without JavaScript) that navigates on the client once hydrated. */
export function Link({ href, onClick, ...rest }: LinkProps) {
  const router = useContext(RouterContext);
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || !router || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (rest.target && rest.target !== '_self') return;
    if (rest.download !== undefined) return;
    const url = new URL(href, window.location.href);
    if (!isClientRoutable(url)) return;
    e.preventDefault();
    const here = window.location;
    if (url.pathname === here.pathname && url.search === here.search && url.hash) {
      // Same page, new fragment: let the browser scroll, keep history; focus goes there.
      history.pushState({ ...history.state }, '', url.hash);
      document.getElementById(decodeURIComponent(url.hash.slice(1)))?.scrollIntoView();
      focusFragmentTarget(url.hash);
      return;
    }
    router.navigate(url.pathname + url.search + url.hash);
  };
  return <a href={href} onClick={handle} {...rest} />;
}

/** Some of the element's box is inside the viewport. */
function inView(el: Element): boolean {
  const r = el.getBoundingClientRect();
  return r.bottom > 0 && r.top < window.innerHeight && r.width > 0;
}

/**
 * After a link to a place on the page: focus the place (a section's heading), so that focus is
 * not left on <body> (where Chromium puts it when the target cannot take focus) and the next
 * Tab continues from there.
 */
function focusFragmentTarget(hash: string) {
  let el: HTMLElement | null = null;
  try {
    el = document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return;
  }
  if (!el) return;
  if (!el.hasAttribute('tabindex') && el.tabIndex < 0) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
}
