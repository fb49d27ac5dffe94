/**
 * False on the server and during hydration, true once React runs the page in the browser.
 * Controls that need script (a menu group toggle, a switch driven by state) render their
 * no-JavaScript form until then, so the server's HTML is complete and usable on its own, and
 * hydration sees exactly what the server sent (useSyncExternalStore uses the server snapshot
 * while hydrating, then re-renders with the client one).
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
