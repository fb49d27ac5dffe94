/**
 * The "manual" WCAG checks an auditor makes by hand, as code that runs in the page (issue 15):
 * reflow at 320 CSS px and at 200 % zoom, text spacing, forced colours, reduced motion, target
 * size, focus not obscured, and a visible focus indicator with enough contrast. Each check
 * returns the problems it found (empty: pass); runChecks() runs them all on a state, and
 * states.spec.ts on every route and state, recording the outcome for the conformance report
 * (acr-report.ts).
 *
 * The thresholds are WCAG's: 1.4.10 (320 CSS px, no two-dimensional scrolling), 1.4.12 (line
 * height 1.5, paragraph spacing 2 em, letter spacing 0.12 em, word spacing 0.16 em), 2.5.8 (24 by
 * 24 CSS px, or spacing, or inline), 2.4.11 (not entirely hidden), 2.4.7 and 1.4.11 (a visible
 * indicator, 3:1 against what is next to it).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { isMobile } from './fixtures.ts';

/** A check, the success criteria it gives evidence for, and how it is made. */
export interface CheckDef {
  id: string;
  title: string;
  sc: string[];
  method: string;
}

export const CHECKS: Record<string, CheckDef> = {
  reflow: {
    id: 'reflow',
    title: 'Reflow at 320 CSS px',
    sc: ['1.4.10'],
    method: 'Viewport 320×640: the page does not scroll sideways and every visible control lies inside the viewport (content inside a scrolling region excepted).',
  },
  zoom: {
    id: 'zoom',
    title: 'Zoom 200 %',
    sc: ['1.4.4', '1.4.10'],
    method: 'Desktop at 200 % (the 1440×900 viewport seen as 720×450 CSS px): no sideways scrolling, every control inside the viewport, no text clipped.',
  },
  textSpacing: {
    id: 'textSpacing',
    title: 'Text spacing override',
    sc: ['1.4.12'],
    method: 'Line height 1.5, paragraph spacing 2 em, letter spacing 0.12 em, word spacing 0.16 em on every element: no text clipped by a box that hides overflow, no sideways scrolling.',
  },
  forcedColors: {
    id: 'forcedColors',
    title: 'Forced colours',
    sc: ['1.4.11', '2.4.7'],
    method: 'forced-colors: active (Windows High Contrast): every control Tab reaches shows a focus outline, and form controls keep a visible boundary.',
  },
  reducedMotion: {
    id: 'reducedMotion',
    title: 'Reduced motion',
    sc: ['2.3.3', '2.2.2'],
    method: 'prefers-reduced-motion: reduce: no CSS animation or transition lasts longer than 0.01 ms, and nothing scrolls smoothly.',
  },
  targetSize: {
    id: 'targetSize',
    title: 'Target size (minimum)',
    sc: ['2.5.8'],
    method: 'Every visible control is at least 24×24 CSS px, or is a link inside a sentence, or has no other control within the 24 px square centred on it.',
  },
  focusNotObscured: {
    id: 'focusNotObscured',
    title: 'Focus not obscured',
    sc: ['2.4.11'],
    method: 'Tab through the page (up to 150 stops): no focused control is entirely hidden behind the fixed header or outside the viewport.',
  },
  focusVisible: {
    id: 'focusVisible',
    title: 'Focus visible, with contrast',
    sc: ['2.4.7', '1.4.11'],
    method: 'Tab through the page: every focused control has an outline (on itself or its ::after) of at least 2 px whose colour has 3:1 contrast against the background behind it.',
  },
};

export interface CheckResult {
  check: string;
  problems: string[];
  measured?: Record<string, number>;
}

/* ---------------------------------------------------------------------------------------- */
/* In-page helpers (serialised into page.evaluate)                                          */
/* ---------------------------------------------------------------------------------------- */

const CONTROLS = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="switch"], [role="tab"], [tabindex]:not([tabindex="-1"])';

/** Reflow: no sideways scroll, every visible control inside [0, innerWidth]. */
/**
 * Waits until no CSS transition or animation is running. Under reduced motion every property
 * change transitions for 0.01 ms (the usual override gives `transition-property: all` a duration),
 * and with a paused page.clock those finish only at the next rendered frame: a viewport change,
 * an injected stylesheet or a media emulation is measured after it has settled, never mid-way.
 */
export async function settle(page: Page): Promise<void> {
  for (let i = 0; i < 50; i++) {
    // Short ones only: the slider's 8 s progress bar and the slow image drift are not waited for.
    const running = await page.evaluate(
      () =>
        document.getAnimations().filter((a) => {
          const t = a.effect?.getComputedTiming();
          return a.playState === 'running' && typeof t?.endTime === 'number' && Number.isFinite(t.endTime) && t.endTime <= 2000;
        }).length,
    );
    if (running === 0) return;
    await page.waitForTimeout(20);
  }
}

export async function checkReflow(page: Page, scope: string | null): Promise<string[]> {
  return page.evaluate(
    ({ scope, CONTROLS }) => {
      const problems: string[] = [];
      const root = scope ? document.querySelector(scope)! : document;
      const vw = window.innerWidth;
      const scroller = scope ? (document.querySelector(scope) as HTMLElement) : document.documentElement;
      if (scroller.scrollWidth > scroller.clientWidth + 1) problems.push(`scrolls sideways: content ${scroller.scrollWidth}px wide in ${scroller.clientWidth}px`);
      const label = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 40) || el.getAttribute('aria-label') || ''}"`;
      for (const el of root.querySelectorAll<HTMLElement>(CONTROLS)) {
        if (el.closest('[inert], [aria-hidden="true"], dialog:not([open])')) continue;
        const cs = getComputedStyle(el);
        if (cs.visibility === 'hidden' || cs.display === 'none') continue;
        // Not rendered: inside a closed <details> (content-visibility: hidden), however big its box.
        if (!el.checkVisibility()) continue;
        const r = el.getBoundingClientRect();
        if (r.width < 2 || r.height < 2) continue;
        // The skip link waits off-screen until it is focused.
        if (el.classList.contains('skip-link')) continue;
        // Inside a region that scrolls sideways on purpose (none today; allowed by 1.4.10).
        let p = el.parentElement;
        let inScroller = false;
        while (p && p !== document.body) {
          const o = getComputedStyle(p).overflowX;
          if ((o === 'auto' || o === 'scroll') && p.scrollWidth > p.clientWidth) {
            inScroller = true;
            break;
          }
          p = p.parentElement;
        }
        if (inScroller) continue;
        if (r.left < -1 || r.right > vw + 1) problems.push(`${label(el)} lies outside the viewport (${Math.round(r.left)}–${Math.round(r.right)} of ${vw}px)`);
      }
      return problems;
    },
    { scope, CONTROLS },
  );
}

/** Text that a box with hidden overflow cuts off (after the text spacing override, or as is). */
export async function checkClippedText(page: Page, scope: string | null): Promise<string[]> {
  return page.evaluate(
    ({ scope }) => {
      const problems: string[] = [];
      const root = scope ? document.querySelector(scope)! : document.body;
      const all = [root, ...root.querySelectorAll<HTMLElement>('*')] as HTMLElement[];
      for (const el of all) {
        if (el.closest('[inert], [aria-hidden="true"], dialog:not([open])')) continue;
        const cs = getComputedStyle(el);
        const hidesX = cs.overflowX === 'hidden' || cs.overflowX === 'clip';
        const hidesY = cs.overflowY === 'hidden' || cs.overflowY === 'clip';
        if (!hidesX && !hidesY) continue;
        if (cs.display === 'none' || cs.visibility === 'hidden') continue;
        // Visually hidden text (1 px boxes) is for screen readers, who get all of it.
        if (el.clientWidth <= 2 || el.clientHeight <= 2) continue;
        // Only boxes that hold text of their own.
        const text = (el.innerText ?? '').trim();
        if (!text) continue;
        const overY = hidesY && el.scrollHeight > el.clientHeight + 2;
        const overX = hidesX && el.scrollWidth > el.clientWidth + 2;
        if (overY || overX) {
          const name = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/)[0]}` : ''}`;
          problems.push(`${name} cuts off its text (${overY ? `${el.scrollHeight}px of content in ${el.clientHeight}px` : `${el.scrollWidth}px wide in ${el.clientWidth}px`}): "${text.slice(0, 50)}"`);
        }
      }
      return problems;
    },
    { scope },
  );
}

/**
 * Adds a style sheet to the page, as a user's extension or bookmarklet does, and returns its
 * removal. A constructed sheet (document.adoptedStyleSheets) rather than a <style> element: the
 * site's Content-Security-Policy (no 'unsafe-inline' styles) would block the element, and the
 * checks run with the policy enforced, so that the `diagnostics` fixture still catches a
 * violation in any state.
 */
export async function injectStyle(page: Page, css: string): Promise<() => Promise<void>> {
  const handle = await page.evaluateHandle((text) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return sheet;
  }, css);
  return async () => {
    await handle.evaluate((sheet) => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    });
    await handle.dispose();
  };
}

export const TEXT_SPACING_CSS = '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }';

/** Durations longer than 0.01 ms in any CSS animation or transition, and smooth scrolling. */
export async function checkReducedMotion(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems = new Set<string>();
    const longest = (list: string) => Math.max(0, ...list.split(',').map((v) => (v.trim().endsWith('ms') ? parseFloat(v) : parseFloat(v) * 1000)));
    for (const el of [document.documentElement, ...document.querySelectorAll<HTMLElement>('body *')]) {
      for (const pseudo of [null, '::before', '::after']) {
        const cs = getComputedStyle(el, pseudo);
        if (cs.animationName !== 'none' && longest(cs.animationDuration) > 0.011)
          problems.add(`${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]}${pseudo ?? ''} animates for ${cs.animationDuration}`);
        if (longest(cs.transitionDuration) > 0.011 && cs.transitionProperty !== 'none')
          problems.add(`${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]}${pseudo ?? ''} transitions for ${cs.transitionDuration}`);
      }
      if (getComputedStyle(el).scrollBehavior === 'smooth') problems.add(`${el.tagName.toLowerCase()} scrolls smoothly`);
    }
    return [...problems].slice(0, 20);
  });
}

/** Target size (2.5.8): 24×24, or inline in a sentence, or nothing else within the 24 px square around it. */
export async function checkTargetSize(page: Page, scope: string | null): Promise<string[]> {
  return page.evaluate(
    ({ scope, CONTROLS }) => {
      const root = scope ? document.querySelector(scope)! : document;
      const els = [...root.querySelectorAll<HTMLElement>(CONTROLS)].filter((el) => {
        if (el.closest('[inert], [aria-hidden="true"], dialog:not([open])')) return false;
        const cs = getComputedStyle(el);
        if (cs.visibility === 'hidden' || cs.display === 'none') return false;
        // Not rendered: inside a closed <details> (content-visibility: hidden), however big its box.
        if (!el.checkVisibility()) return false;
        const r = el.getBoundingClientRect();
        return r.width >= 2 && r.height >= 2 && !el.classList.contains('skip-link');
      });
      const rects = els.map((el) => el.getBoundingClientRect());
      const problems: string[] = [];
      els.forEach((el, i) => {
        const r = rects[i];
        if (r.width >= 24 - 0.01 && r.height >= 24 - 0.01) return;
        // Inline exception: a link in a sentence (its block has other text).
        if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') {
          const block = el.parentElement;
          const own = (el.textContent ?? '').trim();
          if (block && (block.textContent ?? '').trim().length > own.length + 1) return;
        }
        // Spacing exception: the 24×24 square centred on it meets no other control.
        const cx = r.left + r.width / 2;
        const cy = r.top + r.height / 2;
        const sq = { left: cx - 12, right: cx + 12, top: cy - 12, bottom: cy + 12 };
        const clash = rects.some((o, j) => j !== i && !els[j].contains(el) && !el.contains(els[j]) && o.left < sq.right && o.right > sq.left && o.top < sq.bottom && o.bottom > sq.top);
        if (!clash) return;
        problems.push(
          `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40) || el.getAttribute('aria-label') || ''}" is ${r.width.toFixed(1)}×${r.height.toFixed(1)} px with another control within 24 px`,
        );
      });
      return problems;
    },
    { scope, CONTROLS },
  );
}

export interface FocusStop {
  label: string;
  inDialog: boolean;
  /** Sample points of the focused box that are covered by something else (header, bar…), of 5. */
  covered: number;
  /** Whether the focused box is at least partly inside the viewport. */
  inViewport: boolean;
  /** The indicator's declared outline (on the element or its ::after). */
  outlineWidth: number;
  outlineStyle: string;
  /**
   * Pixels around the focused control that change when it takes focus, and how many of them
   * change with 3:1 contrast or more (focused colour against the unfocused colour of the same
   * pixel: the indicator against what it is drawn over).
   */
  changed: number;
  changedAt3: number;
  /** Half the perimeter of the control: the indicator must cover at least this many pixels at 3:1. */
  minArea: number;
}

export const sharpModule = () => import('sharp').then((m) => m.default);

interface Indicator {
  changed: number;
  changedAt3: number;
}

/** Indicators already measured in this worker, by how the control looks (see `look`). */
const MEASURED = new Map<string, Indicator>();
/**
 * The same, shared by the workers of one run (E2E_RUN_ID, named by global-setup.ts): one file
 * per look. Without it each worker measured the looks the other had already measured (a third of
 * all measurements, about 0.6 s each on a loaded machine). A file from another run is ignored.
 */
const INDICATORS_DIR = 'reports/a11y/focus-indicators';
const indicatorFile = (look: string) => path.join(INDICATORS_DIR, `${createHash('sha1').update(look).digest('hex')}.json`);

function measuredIndicator(look: string): Indicator | undefined {
  const known = MEASURED.get(look);
  const runId = process.env.E2E_RUN_ID;
  if (known || !runId) return known;
  try {
    const saved = JSON.parse(readFileSync(indicatorFile(look), 'utf8')) as { runId: string; look: string; indicator: Indicator };
    if (saved.runId !== runId || saved.look !== look) return undefined;
    MEASURED.set(look, saved.indicator);
    return saved.indicator;
  } catch {
    return undefined;
  }
}

function rememberIndicator(look: string, indicator: Indicator) {
  MEASURED.set(look, indicator);
  const runId = process.env.E2E_RUN_ID;
  if (!runId) return;
  mkdirSync(INDICATORS_DIR, { recursive: true });
  // Written whole, then renamed: the other worker never reads half a file.
  const file = indicatorFile(look);
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify({ runId, look, indicator }));
  renameSync(partial, file);
}

/** WCAG relative luminance contrast of two sRGB colours (0–255 channels). */
export function contrast(a: number[], b: number[]): number {
  const lum = (c: number[]) => {
    const [r, g, bl] = c.slice(0, 3).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m);
  return (x + 0.05) / (y + 0.05);
}

async function rawPixels(png: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const sharp = await sharpModule();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Every stop of the keyboard's focus order on the page (or in the open dialog), focused in turn as
 * a Tab would focus it, and for each: whether anything covers it, and the focus indicator as
 * pixels (the region around the control with and without focus; `pixels: false` leaves them out).
 *
 * The stops are the tabbable elements in document order (the site uses no positive tabindex;
 * the order itself is tested by keyboard.spec.ts with real Tab presses). One Tab press first puts
 * the page in keyboard mode, so that programmatic focus shows :focus-visible exactly as Tab does.
 */
export async function tabThrough(page: Page, maxStops = 150, opts: { pixels?: boolean } = {}): Promise<FocusStop[]> {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  // What focus changes is measured where it ends: the skip link comes down from above the page
  // and a header hidden by scrolling comes back, each with a (reduced, 0.01 ms) transition that
  // would otherwise still be at its start when measured in the same task.
  const removeStill = await injectStyle(page, '*, *::before, *::after { transition: none !important; }');
  await page.keyboard.press('Tab');
  const raw = await page.evaluate(
    ({ maxStops, CONTROLS }) => {
      const dialog = document.querySelector<HTMLDialogElement>('dialog[open]');
      const root: ParentNode = dialog && dialog.matches(':modal') ? dialog : document;
      const tabbable = [...root.querySelectorAll<HTMLElement>(`${CONTROLS}, [contenteditable="true"]`)]
        .filter((el) => {
          if (el.tabIndex < 0 || (el as HTMLButtonElement).disabled) return false;
          if (el.closest('[inert], dialog:not([open])')) return false;
          if (!dialog && el.closest('dialog')) return false;
          const cs = getComputedStyle(el);
          if (cs.visibility === 'hidden' || cs.display === 'none') return false;
          // Not rendered: inside a closed <details> (content-visibility: hidden), however big its box.
          if (!el.checkVisibility()) return false;
          const r = el.getBoundingClientRect();
          // The skip link has a box off-screen until focused; other zero-size boxes are not tabbable.
          return r.width > 0 || r.height > 0 || el.classList.contains('skip-link');
        })
        .slice(0, maxStops);
      return tabbable.map((el, index) => {
        el.focus();
        // A control that moves when focused (the skip link comes down from above the page) is
        // scrolled to where the browser shows it after a Tab: into view, with scroll-padding.
        let r = el.getBoundingClientRect();
        if (r.bottom <= 0 || r.top >= window.innerHeight) {
          el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
          r = el.getBoundingClientRect();
        }
        const pts = [
          [0.5, 0.5],
          [0.15, 0.2],
          [0.85, 0.2],
          [0.15, 0.8],
          [0.85, 0.8],
        ];
        let covered = 0;
        for (const [fx, fy] of pts) {
          const x = r.left + r.width * fx;
          const y = r.top + r.height * fy;
          if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) {
            covered++;
            continue;
          }
          const top = document.elementFromPoint(x, y);
          if (top && !(top === el || el.contains(top) || top.contains(el))) covered++;
        }
        let cs = getComputedStyle(el);
        let onAfter = false;
        if (cs.outlineStyle === 'none' || parseFloat(cs.outlineWidth) === 0) {
          const after = getComputedStyle(el, '::after');
          if (after.outlineStyle !== 'none' && parseFloat(after.outlineWidth) > 0) {
            cs = after;
            onAfter = true;
          }
        }
        const label = `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40) || el.getAttribute('aria-label') || el.getAttribute('name') || ''}"`;
        // Controls that look the same when focused (element kind, classes, indicator, surroundings,
        // size): the footer's thirty links are measured once.
        let bg = '';
        for (let p: HTMLElement | null = el; p && !bg; p = p.parentElement) {
          const c = getComputedStyle(p);
          if (c.backgroundImage !== 'none') bg = `image:${p.className}`;
          else if (!/rgba\(.*, 0\)|transparent/.test(c.backgroundColor)) bg = c.backgroundColor;
        }
        const look = [
          el.tagName,
          el.className,
          el.getAttribute('role'),
          cs.outlineStyle,
          cs.outlineWidth,
          cs.outlineColor,
          cs.outlineOffset,
          bg,
          Math.round(r.width / 8),
          Math.round(r.height / 8),
        ].join('|');
        return {
          index,
          label,
          covered,
          look,
          onAfter,
          scroll: [window.scrollX, window.scrollY] as [number, number],
          inDialog: !!el.closest('dialog'),
          inViewport: r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth,
          outlineWidth: parseFloat(cs.outlineWidth) || 0,
          outlineStyle: cs.outlineStyle,
          minArea: Math.round(r.width + r.height),
        };
      });
    },
    { maxStops, CONTROLS },
  );

  // Without pixels (the forced-colours pass, which judges the declared outline) the measured
  // indicators are neither looked up nor taken: its stops report 0 changed pixels.
  const pixels = opts.pixels !== false;
  const stops: FocusStop[] = [];
  for (const s of raw) {
    let known = pixels ? measuredIndicator(s.look) : undefined;
    if (!known && pixels) {
      // Focus it again (scrolled into view as a Tab would): the region to shoot, with and without focus.
      const clip = await page.evaluate(
        ({ index, scroll, onAfter, CONTROLS }) => {
          const dialog = document.querySelector<HTMLDialogElement>('dialog[open]');
          const root: ParentNode = dialog && dialog.matches(':modal') ? dialog : document;
          const el = [...root.querySelectorAll<HTMLElement>(`${CONTROLS}, [contenteditable="true"]`)].filter((e) => {
            if (e.tabIndex < 0 || (e as HTMLButtonElement).disabled || e.closest('[inert], dialog:not([open])') || (!dialog && e.closest('dialog'))) return false;
            const cs = getComputedStyle(e);
            if (cs.visibility === 'hidden' || cs.display === 'none') return false;
            // Not rendered: inside a closed <details> (content-visibility: hidden), however big its box.
            if (!e.checkVisibility()) return false;
            const r = e.getBoundingClientRect();
            return r.width > 0 || r.height > 0 || e.classList.contains('skip-link');
          })[index];
          if (!el) return null;
          // Where the page was when this stop took focus in order (focus from elsewhere could scroll differently).
          window.scrollTo(scroll[0], scroll[1]);
          // Scrolled into view inside its own scroller (an open dialog that scrolls), as a Tab
          // would: the first pass left that scroller where its last stop put it, and a control
          // scrolled out of it would measure no change at all. In view already, nothing moves.
          el.focus();
          // The box whose outline is drawn: the control, or the positioned ancestor its ::after fills.
          const box = onAfter ? ((el.offsetParent as HTMLElement | null)?.getBoundingClientRect() ?? el.getBoundingClientRect()) : el.getBoundingClientRect();
          const pad = 12;
          const x = Math.max(0, box.left - pad);
          const y = Math.max(0, box.top - pad);
          return { x, y, width: Math.min(window.innerWidth, box.right + pad) - x, height: Math.min(window.innerHeight, box.bottom + pad) - y };
        },
        { index: s.index, scroll: s.scroll, onAfter: s.onAfter, CONTROLS },
      );
      let changed = 0;
      let changedAt3 = 0;
      if (clip && clip.width >= 1 && clip.height >= 1) {
        // Motion is already reduced (runChecks): no need for Playwright to stop animations, and the
        // caret is left alone (hiding it injects a stylesheet per shot).
        const shot = () => page.screenshot({ clip, scale: 'css', animations: 'allow', caret: 'initial' });
        const focused = await shot();
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        const unfocused = await shot();
        const [f, u] = await Promise.all([rawPixels(focused), rawPixels(unfocused)]);
        if (f.width === u.width && f.height === u.height) {
          for (let p = 0; p < f.data.length; p += 4) {
            if (f.data[p] === u.data[p] && f.data[p + 1] === u.data[p + 1] && f.data[p + 2] === u.data[p + 2]) continue;
            changed++;
            if (contrast([f.data[p], f.data[p + 1], f.data[p + 2]], [u.data[p], u.data[p + 1], u.data[p + 2]]) >= 3) changedAt3++;
          }
        }
      }
      known = { changed, changedAt3 };
      rememberIndicator(s.look, known);
    }
    const { index: _i, look: _l, onAfter: _o, scroll: _s, ...rest } = s;
    stops.push({ ...rest, changed: known?.changed ?? 0, changedAt3: known?.changedAt3 ?? 0 });
  }
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  await removeStill();
  return stops;
}

export function focusNotObscuredProblems(stops: FocusStop[]): string[] {
  const problems: string[] = [];
  for (const s of stops) {
    if (!s.inViewport) problems.push(`${s.label} is outside the viewport when focused`);
    else if (s.covered === 5) problems.push(`${s.label} is entirely covered by something else when focused`);
  }
  return problems;
}

export function focusVisibleProblems(stops: FocusStop[]): string[] {
  const problems: string[] = [];
  for (const s of stops) {
    if (s.changedAt3 < s.minArea) {
      problems.push(`${s.label}: the focus indicator changes ${s.changedAt3} pixels at 3:1 or more (${s.changed} change at all); needs ${s.minArea} (half the control's perimeter)`);
    }
  }
  return problems;
}

export function forcedColorsProblems(stops: FocusStop[]): string[] {
  return stops.filter((s) => s.outlineStyle === 'none' || s.outlineWidth < 1).map((s) => `${s.label} shows no focus outline in forced colours`);
}

/* ---------------------------------------------------------------------------------------- */
/* Every check on one state                                                                 */
/* ---------------------------------------------------------------------------------------- */

/**
 * Runs the checks on the state the page is in, and puts back the viewport, media features and
 * styles it changes. `full`: every check. A state reached from another one in the same test (a
 * menu group expanded, another news tab) differs from it only in the content it reveals: it gets
 * the checks that depend on that content's layout and controls (focus, target size, reflow);
 * motion, forced colours, text spacing and zoom were run on the state it came from, with the same
 * styles. A11Y_TIMING=1 prints how long each phase took.
 */
export async function runChecks(page: Page, testInfo: TestInfo, scope: string | null, full = true): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const t0 = Date.now();
  const lap = (name: string) => {
    if (process.env.A11Y_TIMING) console.log(name, Date.now() - t0);
  };
  const viewport = page.viewportSize()!;

  // The phone: what depends on the phone's layout — whether a focused control is hidden (the
  // header, the bars) and target sizes. The rest judges the same markup and styles at any
  // viewport (the focus indicator's pixels, motion, forced colours, text spacing, and reflow at
  // 320 CSS px, to which the desktop shrinks too): measured once, on the desktop.
  if (isMobile(testInfo)) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await settle(page);
    const stops = await tabThrough(page, 150, { pixels: false });
    results.push({ check: 'focusNotObscured', problems: focusNotObscuredProblems(stops), measured: { stops: stops.length } });
    results.push({ check: 'targetSize', problems: await checkTargetSize(page, scope) });
    lap('tab+target');
    return results;
  }

  // Keyboard: every Tab stop shows a focus outline with 3:1 contrast and is not hidden. With
  // motion reduced, as for the screenshots: a focus ring is measured at rest, not mid-transition.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await settle(page);
  const stops = await tabThrough(page);
  const weakest = Math.min(...stops.map((st) => st.changedAt3 / Math.max(1, st.minArea)));
  results.push({ check: 'focusVisible', problems: focusVisibleProblems(stops), measured: { stops: stops.length, weakestIndicator: Number.isFinite(weakest) ? Number(weakest.toFixed(2)) : 0 } });
  results.push({ check: 'focusNotObscured', problems: focusNotObscuredProblems(stops), measured: { stops: stops.length } });
  lap('tab');
  results.push({ check: 'targetSize', problems: await checkTargetSize(page, scope) });
  lap('target');

  if (full) {
    results.push({ check: 'reducedMotion', problems: await checkReducedMotion(page) });
    lap('motion');

    await page.emulateMedia({ reducedMotion: 'reduce', forcedColors: 'active' });
    await settle(page);
    const forced = await tabThrough(page, 60, { pixels: false });
    results.push({ check: 'forcedColors', problems: forcedColorsProblems(forced), measured: { stops: forced.length } });
    await page.emulateMedia({ reducedMotion: 'reduce', forcedColors: 'none' });
    await settle(page);
    lap('forced');

    const removeSpacing = await injectStyle(page, TEXT_SPACING_CSS);
    await settle(page);
    results.push({ check: 'textSpacing', problems: [...(await checkClippedText(page, scope)), ...(await checkReflow(page, scope))] });
    await removeSpacing();
    await settle(page);
    lap('spacing');
  }

  await page.setViewportSize({ width: 320, height: 640 });
  await settle(page);
  results.push({ check: 'reflow', problems: [...(await checkReflow(page, scope)), ...(await checkClippedText(page, scope))] });
  if (full) {
    // 200 % zoom of the 1440×900 desktop: the same page in 720×450 CSS pixels.
    await page.setViewportSize({ width: viewport.width / 2, height: viewport.height / 2 });
    await settle(page);
    results.push({ check: 'zoom', problems: [...(await checkReflow(page, scope)), ...(await checkClippedText(page, scope))] });
  }
  await page.setViewportSize(viewport);
  await settle(page);
  lap('reflow+zoom');
  return results;
}

/* ---------------------------------------------------------------------------------------- */
/* Results for the conformance report                                                       */
/* ---------------------------------------------------------------------------------------- */

export const CHECK_RESULTS_DIR = 'reports/a11y/checks';

export interface CheckRecord {
  runId: string;
  state: string;
  label: string;
  url: string;
  project: string;
  results: CheckResult[];
}

export function recordChecks(testInfo: TestInfo, record: Omit<CheckRecord, 'project' | 'runId'>) {
  mkdirSync(CHECK_RESULTS_DIR, { recursive: true });
  const full: CheckRecord = { ...record, runId: process.env.E2E_RUN_ID ?? '', project: testInfo.project.name };
  writeFileSync(path.join(CHECK_RESULTS_DIR, `${testInfo.project.name}__${record.state}.json`), JSON.stringify(full, null, 2));
}
