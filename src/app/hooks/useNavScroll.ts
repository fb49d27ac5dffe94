import { useEffect, useState } from 'react';
import { INITIAL_NAV_STATE, nextNavState, type NavScrollState } from './nav-visibility.ts';

/** Tracks the nav bar's scroll state; one passive listener, updates only when a flag changes. */
export function useNavScroll(): NavScrollState {
  const [state, setState] = useState<NavScrollState>(INITIAL_NAV_STATE);
  useEffect(() => {
    let last = nextNavState(INITIAL_NAV_STATE, window.scrollY);
    setState(last);
    const onScroll = () => {
      const next = nextNavState(last, window.scrollY);
      if (next.solid !== last.solid || next.hidden !== last.hidden) setState(next);
      last = next;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return state;
}
