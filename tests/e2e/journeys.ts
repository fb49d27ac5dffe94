/**
 * Where keyboard focus rests (issue 31): after any action that does not load a new page, focus
 * must be on something a keyboard user can see — not <body>, rendered at a readable size, not
 * entirely covered by something else (elementFromPoint at five points of its box), and at least
 * partly inside the viewport (product.md, "Keyboard and screen-reader journeys").
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The focused element as a keyboard user meets it. */
export interface FocusSnapshot {
  /** e.g. `button "Next story"`, or `body`. */
  desc: string;
  body: boolean;
  /** Rendered, not visibility:hidden / opacity 0, and larger than a clipped 1 px box. */
  visible: boolean;
  /** Some of its box is inside the viewport. */
  inViewport: boolean;
  /** Every sample point of its box that lies in the viewport shows another element. */
  covered: boolean;
  /** Inside an open <dialog>. */
  inDialog: boolean;
  /** Its box, rounded (for the report). */
  box: { x: number; y: number; width: number; height: number } | null;
}

/** Reads where focus is now (one evaluate). */
export function focusSnapshot(page: Page): Promise<FocusSnapshot> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) {
      return { desc: 'body', body: true, visible: false, inViewport: false, covered: false, inDialog: false, box: null };
    }
    const text = (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || el.getAttribute('name') || el.id || '').trim().replace(/\s+/g, ' ').slice(0, 50);
    const role = el.getAttribute('role');
    const desc = `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} "${text}"`;
    const r = el.getBoundingClientRect();
    const cs = getComputedStyle(el);
    // A visually hidden element (the usual 1×1 px clip) is focused but nowhere to be seen.
    const clipped = cs.clipPath === 'inset(50%)' || (r.width <= 1 && r.height <= 1);
    const visible = el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && r.width >= 2 && r.height >= 2 && !clipped;
    const inViewport = r.bottom > 0 && r.right > 0 && r.top < window.innerHeight && r.left < window.innerWidth;
    let inside = 0;
    let hidden = 0;
    for (const [fx, fy] of [
      [0.5, 0.5],
      [0.1, 0.15],
      [0.9, 0.15],
      [0.1, 0.85],
      [0.9, 0.85],
    ]) {
      const x = r.left + r.width * fx;
      const y = r.top + r.height * fy;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
      inside++;
      const top = document.elementFromPoint(x, y);
      // A label or an icon inside the control, or the control inside a wrapper that paints it, is the control.
      if (!top || !(top === el || el.contains(top) || top.contains(el) || (el.id && top.closest(`label[for="${CSS.escape(el.id)}"]`)))) hidden++;
    }
    return {
      desc,
      body: false,
      visible,
      inViewport,
      covered: inside > 0 && hidden === inside,
      inDialog: !!el.closest('dialog[open]'),
      box: { x: Math.round(r.left), y: Math.round(r.top), width: Math.round(r.width), height: Math.round(r.height) },
    };
  });
}

/** What is wrong with where focus rests (empty: fine). */
export function focusProblems(s: FocusSnapshot): string[] {
  if (s.body) return ['focus is on <body>'];
  const problems: string[] = [];
  if (!s.visible) problems.push(`${s.desc} has focus but is not visible`);
  if (!s.inViewport) problems.push(`${s.desc} has focus outside the viewport (${JSON.stringify(s.box)})`);
  else if (s.covered) problems.push(`${s.desc} has focus but is covered by another element`);
  return problems;
}

/** Asserts that focus rests somewhere a keyboard user can see, after `action`. */
export async function expectFocusRests(page: Page, action: string): Promise<FocusSnapshot> {
  const s = await focusSnapshot(page);
  expect(focusProblems(s), `where focus rests after ${action} (${s.desc})`).toEqual([]);
  return s;
}
