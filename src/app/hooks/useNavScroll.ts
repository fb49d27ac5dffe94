import { useSyncExternalStore } from 'react';
import { INITIAL_NAV_STATE, nextNavState, type NavScrollState } from './nav-visibility.ts';

/*
 * The window's scroll position is an external store, read with useSyncExternalStore: the server
 * and hydration render INITIAL_NAV_STATE (the server snapshot), then React re-renders with the
 * browser's state, as the effect that this replaces did. One passive listener while a nav bar is
 * mounted; a new snapshot (a render) only when `solid` or `hidden` changes.
 */
const listeners = new Set<() => void>();
// `last` follows every scroll event (the rules compare with the previous y); `snapshot` is what
// renders, replaced only when a flag changes. Both start again from the top of the page on mount.
let last: NavScrollState | null = null;
let snapshot: NavScrollState | null = null;

function onScroll() {
  const prev = last ?? INITIAL_NAV_STATE;
  const next = nextNavState(prev, window.scrollY);
  last = next;
  if (next.solid !== prev.solid || next.hidden !== prev.hidden) {
    snapshot = next;
    for (const l of listeners) l();
  }
}

function getSnapshot(): NavScrollState {
  if (!snapshot) last = snapshot = nextNavState(INITIAL_NAV_STATE, window.scrollY);
  return snapshot;
}

function subscribe(onChange: () => void) {
  if (listeners.size === 0) {
    // As on mount before: the state for where the page is now, measured from the top.
    last = nextNavState(INITIAL_NAV_STATE, window.scrollY);
    if (!snapshot || snapshot.solid !== last.solid || snapshot.hidden !== last.hidden) snapshot = last;
    window.addEventListener('scroll', onScroll, { passive: true });
  }
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
    if (listeners.size > 0) return;
    window.removeEventListener('scroll', onScroll);
    last = snapshot = null;
  };
}

const serverSnapshot = () => INITIAL_NAV_STATE;

/** Tracks the nav bar's scroll state; one passive listener, updates only when a flag changes. */
export function useNavScroll(): NavScrollState {
  return useSyncExternalStore(subscribe, getSnapshot, serverSnapshot);
}
