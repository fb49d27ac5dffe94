import { test } from 'node:test';
import assert from 'node:assert/strict';
import { INITIAL_NAV_STATE, nextNavState, type NavScrollState } from '../../src/app/hooks/nav-visibility.ts';
import { NAV_HIDE_AFTER_Y, NAV_SHOW_UNDER_Y, NAV_SOLID_AFTER_Y } from '../../src/app/constants.ts';

/** Scrolls through the given positions from the top and returns the final state. */
const scroll = (...ys: number[]): NavScrollState => ys.reduce(nextNavState, INITIAL_NAV_STATE);

test('the seed thresholds: solid after 50, hide after 100, show under 10', () => {
  assert.deepEqual([NAV_SOLID_AFTER_Y, NAV_HIDE_AFTER_Y, NAV_SHOW_UNDER_Y], [50, 100, 10]);
});

test('the header turns solid past 50 px, not at 49 or 50', () => {
  assert.equal(scroll(49).solid, false);
  assert.equal(scroll(50).solid, false);
  assert.equal(scroll(51).solid, true);
  assert.equal(scroll(51, 49).solid, false, 'transparent again when back near the top');
});

test('scrolling down hides the header only past 100 px', () => {
  assert.equal(scroll(50, 99).hidden, false);
  assert.equal(scroll(50, 100).hidden, false);
  assert.equal(scroll(50, 101).hidden, true);
  assert.equal(scroll(101).hidden, true, 'a jump from the top past 100 also hides it');
});

test('scrolling up shows the header again, even far down the page', () => {
  const hidden = scroll(200, 800);
  assert.equal(hidden.hidden, true);
  assert.equal(nextNavState(hidden, 799).hidden, false);
  assert.equal(nextNavState(hidden, 799).solid, true);
});

test('not moving keeps the current visibility', () => {
  const hidden = scroll(200, 800);
  assert.equal(nextNavState(hidden, 800).hidden, true);
  const shown = scroll(800, 700);
  assert.equal(nextNavState(shown, 700).hidden, false);
});

test('near the top (under 10 px) the header is always shown', () => {
  // A hidden header with a stale lastY below the new position still shows under 10 px.
  const staleHidden: NavScrollState = { solid: false, hidden: true, lastY: 0 };
  assert.equal(nextNavState(staleHidden, 9).hidden, false);
  assert.equal(nextNavState(staleHidden, 11).hidden, true, 'at 11 px scrolling down the rule "show under 10" no longer applies');
  assert.equal(scroll(500, 9).hidden, false);
});

test('lastY follows the latest position', () => {
  assert.equal(scroll(10, 20, 30).lastY, 30);
});
