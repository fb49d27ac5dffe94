/**
 * The nav bar's scroll rules (seed §4), as a pure function so they can be unit-tested:
 * solid once scrollY > 50; hidden when scrolling down past 100; shown when scrolling up or
 * when scrollY < 10.
 */
import { NAV_HIDE_AFTER_Y, NAV_SHOW_UNDER_Y, NAV_SOLID_AFTER_Y } from '../constants.ts';

export interface NavScrollState {
  solid: boolean;
  hidden: boolean;
  lastY: number;
}

export const INITIAL_NAV_STATE: NavScrollState = { solid: false, hidden: false, lastY: 0 };

export function nextNavState(prev: NavScrollState, y: number): NavScrollState {
  const solid = y > NAV_SOLID_AFTER_Y;
  let hidden = prev.hidden;
  if (y < NAV_SHOW_UNDER_Y) hidden = false;
  else if (y > prev.lastY && y > NAV_HIDE_AFTER_Y) hidden = true;
  else if (y < prev.lastY) hidden = false;
  return { solid, hidden, lastY: y };
}
