/**
 * Where keyboard focus rests (issue 31): after any action that does not load a new page, focus
 * must be on something a keyboard user can see — not <body>, rendered at a readable size, not
 * entirely covered by something else (elementFromPoint at five points of its box), at least
 * partly inside the viewport, and inside a modal dialog when one is open (product.md, "Keyboard
 * and screen-reader journeys").
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request, TestInfo } from '@playwright/test';
import { expect } from './fixtures.ts';

/** What can take focus from the keyboard (the site uses no positive tabindex). */
const TABBABLE = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="switch"], [tabindex]:not([tabindex="-1"])';

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
  /** A modal dialog is open and focus is not in it (the page behind a modal dialog is inert). */
  behindModal: boolean;
  /** Its box, rounded (for the report). */
  box: { x: number; y: number; width: number; height: number } | null;
  /** It is the last (first) control of the page's focus order: Tab (Shift+Tab) leaves the page. */
  atEnd: boolean;
  atStart: boolean;
  /** Short animations (≤ 2 s: a dialog fading in) still running: what is seen is not final yet. */
  animating: number;
  /** The open dialogs (id or label), to tell which one an action opened. */
  dialogs: string[];
}

/** Reads where focus is now (one evaluate). */
export function focusSnapshot(page: Page): Promise<FocusSnapshot> {
  return page.evaluate((TABBABLE) => {
    const animating = document.getAnimations().filter((a) => {
      const t = a.effect?.getComputedTiming();
      return a.playState === 'running' && typeof t?.endTime === 'number' && Number.isFinite(t.endTime) && t.endTime <= 2000;
    }).length;
    const dialogs = [...document.querySelectorAll('dialog[open]')].map((d) => d.id || d.getAttribute('aria-labelledby') || 'dialog');
    const modal = document.querySelector('dialog:modal');
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) {
      return { desc: 'body', body: true, visible: false, inViewport: false, covered: false, inDialog: false, behindModal: false, box: null, atEnd: false, atStart: false, animating, dialogs };
    }
    const order = [...(modal ?? document).querySelectorAll<HTMLElement>(TABBABLE)].filter(
      (e) => e.tabIndex >= 0 && !e.closest('[inert], dialog:not([open])') && e.checkVisibility() && !(e as HTMLButtonElement).disabled,
    );
    const labelledBy = (el.getAttribute('aria-labelledby') ?? '')
      .split(/\s+/)
      .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
      .join(' ')
      .trim();
    const label = (el as HTMLInputElement).labels?.[0]?.textContent;
    const text = (el.getAttribute('aria-label') || labelledBy || label || el.innerText || el.getAttribute('placeholder') || el.getAttribute('name') || el.id || '')
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 50);
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
      behindModal: !!modal && !modal.contains(el),
      box: { x: Math.round(r.left), y: Math.round(r.top), width: Math.round(r.width), height: Math.round(r.height) },
      atEnd: order.at(-1) === el,
      atStart: order[0] === el,
      animating,
      dialogs,
    };
  }, TABBABLE);
}

/** What is wrong with where focus rests (empty: fine). */
export function focusProblems(s: FocusSnapshot): string[] {
  if (s.body) return ['focus is on <body>'];
  const problems: string[] = [];
  if (s.behindModal) problems.push(`${s.desc} has focus behind an open modal dialog`);
  if (!s.visible) problems.push(`${s.desc} has focus but is not visible`);
  if (!s.inViewport) problems.push(`${s.desc} has focus outside the viewport (${JSON.stringify(s.box)})`);
  else if (s.covered) problems.push(`${s.desc} has focus but is covered by another element`);
  return problems;
}

/**
 * Where focus rests once what the last key started has finished showing: a dialog or a notice
 * fading in (under reduced motion too, for a frame) is at opacity 0 when it has just opened, so
 * the snapshot is taken again every 30 ms while short animations run or something is wrong, for
 * `waitMs` at most. A focus that is still lost, hidden or covered after that is a problem.
 */
export async function settledFocus(page: Page, waitMs = 1000, ok: (s: FocusSnapshot) => boolean = (s) => focusProblems(s).length === 0): Promise<FocusSnapshot> {
  const until = Date.now() + waitMs;
  let s = await focusSnapshot(page);
  while ((s.animating > 0 || !ok(s)) && Date.now() < until) {
    await page.waitForTimeout(30);
    s = await focusSnapshot(page);
  }
  return s;
}

/** Asserts that focus rests somewhere a keyboard user can see, after `action`. */
export async function expectFocusRests(page: Page, action: string): Promise<FocusSnapshot> {
  const s = await settledFocus(page);
  expect(focusProblems(s), `where focus rests after ${action} (${s.desc})`).toEqual([]);
  return s;
}

/* ------------------------------------------------------------------------------------------ */
/* The crawler (issue 31, "What to build" 2)                                                   */
/* ------------------------------------------------------------------------------------------ */

/** One step of a journey: a key pressed on a control, and where focus rests afterwards. */
export interface JourneyStep {
  /** What the visitor did: `Tab`, `Shift+Tab`, `Enter on button "Next story"`, `Escape`. */
  action: string;
  /** Where focus rests after it (FocusSnapshot.desc). */
  focus: string;
  problems: string[];
}

export interface JourneyRecord {
  runId: string;
  project: string;
  state: string;
  label: string;
  url: string;
  /** The parts of the page the state crawls (its own controls; the header and footer once). */
  region: string;
  steps: JourneyStep[];
  /** Tab and Shift+Tab presses. */
  tabs: number;
  /** Controls activated (Enter, Space, an arrow), not counting the key that undoes one. */
  activated: number;
  /** Controls the crawl chose to activate. */
  candidates: number;
  /** Controls left out when the state's time or count budget ran out (none, in a passing run). */
  skipped: string[];
  /** Controls no longer on the page when their turn came (an earlier one ended the state). */
  gone: string[];
  /** Wall time of the crawl, ms. */
  ms: number;
}

export const JOURNEY_RESULTS_DIR = 'reports/journeys/results';

/** The state on which the header (skip link, logo, SEARCH, LOGIN, MENU) and the footer are crawled: once per project. */
export const SHARED_PARTS_STATE = 'philosophy';

export interface CrawlOptions {
  /** CSS selector of the state's own part of the page; from the state's shot and focus by default. */
  region?: string;
  /** Lets the page's timers and requests run: the fake clock (states.spec.ts) or real time. */
  clock: 'paused' | 'real';
  /** Forward Tab stops walked from the region's first control (then one back); each control activated is reached by Tab as well. */
  tabStops?: number;
  /** Controls activated at most (default 16; 0 on a page without the site's script, found by the crawler). */
  maxActivations?: number;
  /** Wall-time budget of the crawl, ms: a safety net, not a sample (what it leaves out is reported). */
  budgetMs?: number;
}

/** What the crawler does with a control (in the page: see `listControls`). */
type Kind = 'dialog' | 'toggle' | 'filter' | 'select' | 'switch' | 'page-link' | 'reset' | 'button' | 'final';

interface Candidate {
  /** Role and name with the numbers taken out ("Growth Equity 12 companies" keeps its key once filtered). */
  key: string;
  kind: Kind;
  desc: string;
  press: 'Enter' | 'Space' | 'ArrowDown';
}

/**
 * In the page: the keyboard's controls of `region` (tabbable, rendered, not inert or disabled,
 * inside the modal dialog when one is open), each with its key. `find`: focus the first control
 * with that key and say which filter of its group is pressed now (to come back to it).
 */
function inPage(page: Page, arg: { region: string; find?: string; byTab?: boolean; pick?: number }) {
  return page.evaluate(
    ({ region, find, byTab, pick, TABBABLE }) => {
      const root = document.querySelector(region);
      const modal = document.querySelector('dialog:modal');
      const labelledBy = (el: Element) =>
        (el.getAttribute('aria-labelledby') ?? '')
          .split(/\s+/)
          .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
          .join(' ');
      const name = (el: Element) => (el.getAttribute('aria-label') || labelledBy(el).trim() || (el as HTMLInputElement).labels?.[0]?.textContent || el.textContent || '').trim().replace(/\s+/g, ' ');
      const roleOf = (el: Element) => el.getAttribute('role') ?? (el.tagName === 'A' ? 'link' : el.tagName === 'SELECT' ? 'combobox' : el.tagName.toLowerCase());
      // A filter's group is part of its key: every group has its own "All".
      const groups = [...document.querySelectorAll('[role="group"]')];
      const groupOf = (el: Element) => {
        const g = el.closest('[role="group"]');
        return g ? `group ${groups.indexOf(g)}: ` : '';
      };
      const keyOf = (el: Element) =>
        `${groupOf(el)}${roleOf(el)} "${name(el)
          .replace(/\d[\d,.]*/g, '#')
          .slice(0, 40)}"`;
      const controls = [...(root?.querySelectorAll<HTMLElement>(TABBABLE) ?? [])].filter(
        (el) =>
          el.tabIndex >= 0 &&
          !el.closest('[inert], dialog:not([open])') &&
          (!modal || modal.contains(el)) &&
          el.checkVisibility() &&
          !(el as HTMLButtonElement).disabled &&
          el.getAttribute('aria-disabled') !== 'true',
      );
      if (find !== undefined) {
        const el = controls.find((c) => keyOf(c) === find);
        if (!el) return { found: false, back: null, list: [], byTab: false };
        const pressed = el.getAttribute('aria-pressed') === 'false' ? el.closest('[role="group"]')?.querySelector('[aria-pressed="true"]') : null;
        // By keyboard: focus the stop before it in the page's (or the modal dialog's) focus order,
        // and the crawler presses Tab (a control no Tab reaches is a problem it reports).
        const order = [...(modal ?? document).querySelectorAll<HTMLElement>(TABBABLE)].filter(
          (e) => e.tabIndex >= 0 && !e.closest('[inert], dialog:not([open])') && e.checkVisibility() && !(e as HTMLButtonElement).disabled,
        );
        const before = byTab ? order[order.indexOf(el) - 1] : undefined;
        document.querySelectorAll('[data-crawl-target]').forEach((t) => t.removeAttribute('data-crawl-target'));
        el.setAttribute('data-crawl-target', '');
        (before ?? el).focus();
        return { found: true, back: pressed ? keyOf(pressed) : null, list: [], byTab: !!before };
      }
      const here = location.pathname;
      // Pages of results before the filters (a filter starts again at page 1); Clear all filters
      // before them too (a filter can take the empty state away for good: a category that only
      // shows while chosen); what ends the state last.
      const ORDER: Record<string, number> = { dialog: 0, toggle: 1, switch: 2, select: 3, 'page-link': 4, reset: 5, filter: 6, button: 7, final: 8 };
      const list: { key: string; kind: string; desc: string; press: string; order: number }[] = [];
      const seen = new Set<string>();
      for (const el of controls) {
        const n = name(el);
        let kind: string | null = null;
        let press = 'Enter';
        if (el instanceof HTMLSelectElement) {
          kind = 'select';
          press = 'ArrowDown';
        } else if (el.getAttribute('role') === 'switch') {
          kind = 'switch';
          press = 'Space';
        } else if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) kind = null;
        else if (n === 'Clear all filters') kind = 'reset';
        else if (el.getAttribute('command') === 'close' || /^CLOSE\b|^Send Message$|^Sign In$|^Enter$/.test(n)) kind = 'final';
        // Opens a dialog (MENU, LOGIN, a story's Learn more; the menu's LOGIN swaps the menu for the login).
        else if (el.hasAttribute('aria-haspopup') || el.hasAttribute('commandfor')) kind = 'dialog';
        else if (el.hasAttribute('aria-expanded') && el.getAttribute('role') !== 'combobox') kind = 'toggle';
        else if (el.getAttribute('aria-pressed') === 'false' && el.closest('[role="group"]')) kind = 'filter';
        else if (el instanceof HTMLAnchorElement) {
          const url = new URL(el.href, location.href);
          // A link that stays on this page (a fragment, this listing's next page, the news panel), not one that loads another.
          if (url.origin === location.origin && url.pathname === here && !el.classList.contains('skip-link')) kind = 'page-link';
        } else if (el instanceof HTMLButtonElement && !el.hasAttribute('aria-pressed')) {
          const form = el.form;
          // A form sent elsewhere (a search, Sign out) loads another page; one closing a dialog ends it.
          const leaves = form && el.type === 'submit' && (new URL(form.action).pathname !== here || form.getAttribute('method') === 'dialog');
          if (!leaves) kind = 'button';
        }
        if (!kind) continue;
        // One control of a sort stands for the others: one option per filter group; one link that
        // stays on the page per look (a page number, a step, a suggested search: the first changes
        // the page and the others go); one button per name once its numbers are out ("Show story
        // 1 of 5" for the five indicators).
        const group = kind === 'filter' ? el.closest('[role="group"]') : null;
        const sort = group ? `filter|${groups.indexOf(group)}` : kind === 'page-link' ? `page-link|${el.className}` : keyOf(el);
        if (seen.has(sort)) continue;
        seen.add(sort);
        list.push({ key: keyOf(el), kind, desc: `${roleOf(el)} "${n.slice(0, 40)}"`, press, order: ORDER[kind] });
      }
      // One filter group per state, not every group: the states of a listing (as loaded,
      // filtered, page 2, empty) each take another one (`pick`, from the state's id), so together
      // they press each group's options while each state costs one filter and its way back.
      const filters = list.filter((c) => c.kind === 'filter');
      const kept = filters.length > 1 ? list.filter((c) => c.kind !== 'filter' || c === filters[pick % filters.length]) : list;
      kept.sort((a, b) => a.order - b.order);
      return { found: true, back: null, list: kept, byTab: false };
    },
    { byTab: false, pick: 0, ...arg, TABBABLE },
  );
}

/** Lets what an action started finish: the page's timers (300 ms panel scroll, focus moves) and its requests (a listing's next page). */
async function settle(page: Page, clock: CrawlOptions['clock'], net: { inflight: number; seen: number }) {
  const seen = net.seen;
  if (clock === 'paused') {
    // The tasks the key queued (a dialog's close event) run before the fake clock moves, and
    // those its timers queue before focus is read: a visitor's next key comes later than that.
    await nextTask(page);
    await page.clock.runFor(350);
    await nextTask(page);
  } else await page.waitForTimeout(350);
  if (net.seen !== seen || net.inflight > 0) {
    for (let i = 0; i < 150 && net.inflight > 0; i++) await page.waitForTimeout(20);
    // React renders what arrived, and the page's timers that follow it run.
    await page.waitForTimeout(30);
    if (clock === 'paused') await page.clock.runFor(50);
  }
}

/** Resolves after the page's queued tasks (a message posted to itself: not a timer, which the paused clock would hold). */
const nextTask = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(0);
      }),
  );

/** The region a state crawls: its dialog, the part its setup changed, or the page's main content. */
export function regionOf(state: { id: string; shot: 'page' | 'dialog'; focus?: string }): string {
  if (state.shot === 'dialog') return 'dialog[open]';
  return state.focus ?? 'main';
}

/**
 * Walks a state by keyboard, on the page states.spec.ts (or a journeys.spec.ts test) already
 * opened. For the state's own part of the page: Tab through its first stops and one back, then
 * activate each of its controls that leaves the visitor on this page (Enter; Space on a switch;
 * an arrow on a select), one of a sort, letting the page settle after each key, and undo what it
 * did (Escape on a dialog it opened, the same key again on a toggle, the filter pressed before);
 * the controls that end the state (CLOSE, Clear all filters, Send Message) last, and a dialog
 * closed by one is opened again from the control focus went back to. After every key: where focus
 * rests — never <body>, visible, not covered, in the viewport, in the open modal dialog. The header
 * and footer are crawled once per project (SHARED_PARTS_STATE); every Tab stop of every state is
 * already walked by a11y-checks.ts (focus not obscured, both viewports). Problems are soft
 * assertions, so every step is reported (reports/journeys/results).
 */
export async function crawlJourneys(
  page: Page,
  state: { id: string; label: string; url: string; shot: 'page' | 'dialog'; focus?: string },
  testInfo: TestInfo,
  opts: CrawlOptions,
): Promise<JourneyRecord> {
  const started = Date.now();
  const budget = opts.budgetMs ?? (state.id === SHARED_PARTS_STATE || state.id === 'home' ? 15_000 : 8000);
  // A page sent without the site's script (the alert links' pages) answers every button with a
  // new page: there is no state to follow, only the Tab walk.
  const scripted = await page.evaluate(() => !!document.querySelector('script[data-entry]'));
  const maxActivations = opts.maxActivations ?? (scripted ? 16 : 0);
  const region = opts.region ?? regionOf(state);
  // Which filter group this state presses (see inPage): stable for a state, different between states.
  let pick = 0;
  for (let i = 0; i < state.id.length; i++) pick += state.id.charCodeAt(i);
  const steps: JourneyStep[] = [];
  const skipped: string[] = [];
  const gone: string[] = [];
  let tabs = 0;
  let activated = 0;
  let candidates = 0;
  const net = { inflight: 0, seen: 0 };
  // The page's own requests for data (a listing's next page, a search): what the next render
  // waits for. Images (a page of company logos) are not waited for: focus does not depend on them.
  const data = (r: Request) => ['fetch', 'xhr', 'document'].includes(r.resourceType());
  const onRequest = (r: Request) => {
    if (!data(r)) return;
    net.inflight++;
    net.seen++;
  };
  const onDone = (r: Request) => {
    if (data(r)) net.inflight = Math.max(0, net.inflight - 1);
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  let last = null as FocusSnapshot | null;
  const look = async (action: string, edge = false) => {
    // Tab from the page's last control (Shift+Tab from its first) goes to the browser's own UI,
    // which the page sees as <body>: the end of the page's focus order, not a lost focus.
    const s = await settledFocus(page, 1000, (x) => (edge && x.body) || focusProblems(x).length === 0);
    last = s;
    const left = edge && s.body;
    steps.push({ action: left ? `${action} (past the end of the page: the browser's controls)` : action, focus: s.desc, problems: left ? [] : focusProblems(s) });
    return s;
  };
  const tab = async (key: 'Tab' | 'Shift+Tab') => {
    const edge = !!last && (key === 'Tab' ? last.atEnd : last.atStart);
    await page.keyboard.press(key);
    tabs++;
    await look(key, edge);
  };
  const press = async (key: string, action: string) => {
    await page.keyboard.press(key);
    await settle(page, opts.clock, net);
    return look(action);
  };
  /** Focuses the control with this key (found: false when it is no longer on the page). */
  const reach = (part: string, key: string) => inPage(page, { region: part, find: key });
  /** Reaches the control by keyboard: Tab from the stop before it (focused directly when it is the first). */
  const reachByTab = async (part: string, c: Candidate) => {
    const r = await inPage(page, { region: part, find: c.key, byTab: true });
    if (!r.found || !r.byTab) return r;
    let s: FocusSnapshot | null = null;
    let where: 'there' | 'around' | 'elsewhere' = 'around';
    // A scrolling box around the control (an expanded story) is a Tab stop of its own, before it.
    for (let i = 0; i < 3 && where === 'around'; i++) {
      await page.keyboard.press('Tab');
      tabs++;
      s = await look(`Tab to ${c.desc}`);
      where = await page.evaluate(() => {
        const el = document.activeElement;
        const target = document.querySelector('[data-crawl-target]');
        return el === target ? 'there' : el && target && el !== document.body && el.contains(target) ? 'around' : 'elsewhere';
      });
      if (where === 'around') steps.at(-1)!.action = `Tab (a scrolling box around ${c.desc})`;
    }
    if (where !== 'there' && s) {
      steps.at(-1)!.problems.push(`Tab from the stop before ${c.desc} reaches ${s.desc} instead`);
      await inPage(page, { region: part, find: c.key });
    }
    return r;
  };
  try {
    await page.mouse.move(-1, -1);
    const parts = [region, ...(state.id === SHARED_PARTS_STATE ? ['header', 'footer'] : [])];
    for (const part of parts) {
      // 1. Tab through the part's first stops, then back: each stop a keyboard visitor meets.
      const listed = await inPage(page, { region: part, pick });
      const focusedFirst = await page.evaluate(
        ({ part, TABBABLE }) => {
          const el = [...(document.querySelector(part)?.querySelectorAll<HTMLElement>(TABBABLE) ?? [])].find(
            (e) => e.tabIndex >= 0 && !e.closest('[inert]') && e.checkVisibility() && !(e as HTMLButtonElement).disabled,
          );
          el?.focus();
          return !!el;
        },
        { part, TABBABLE },
      );
      if (!focusedFirst) continue;
      await look(`focus the first control of ${part}`);
      for (let i = 0; i < (opts.tabStops ?? 2); i++) await tab('Tab');
      await tab('Shift+Tab');
      // 2. Activate its controls, one after the other.
      // maxActivations 0: the Tab walk only (before hydration, where a control loads another page).
      const list = maxActivations === 0 ? [] : (listed.list as Candidate[]);
      candidates += list.length;
      const isDialogState = part === 'dialog[open]';
      for (const [i, c] of list.entries()) {
        if (activated >= maxActivations || Date.now() - started > budget) {
          skipped.push(...list.slice(i).map((x) => x.desc));
          break;
        }
        const { found, back } = await reachByTab(part, c);
        if (!found) {
          gone.push(c.desc);
          continue;
        }
        const before = last?.dialogs ?? (await focusSnapshot(page)).dialogs;
        activated++;
        let s = await press(c.press, `${c.press} on ${c.desc}`);
        const opened = s.dialogs.filter((d) => !before.includes(d));
        if (opened.length) {
          // It opened a dialog (or swapped one for another): focus must be in it; Escape closes it.
          if (!s.inDialog) steps.at(-1)!.problems.push(`${c.desc} opened a dialog but focus is not in it`);
          s = await press('Escape', 'Escape (the dialog it opened)');
        } else if (c.kind === 'toggle' || c.kind === 'switch' || (c.kind === 'button' && /slideshow/i.test(c.desc))) {
          if ((await reach(part, c.key)).found) s = await press(c.press, `${c.press} again on ${c.desc}`);
        } else if (c.kind === 'select') {
          s = await press('ArrowUp', `ArrowUp on ${c.desc}`);
        } else if (back && (await reach(part, back)).found) {
          s = await press('Enter', 'Enter on the filter pressed before');
        }
        // The state's dialog has closed (CLOSE, or the menu's LOGIN and Escape): focus went back to
        // its opener; Enter there opens it again for the controls still to try.
        if (isDialogState && !s.dialogs.length && i < list.length - 1) {
          if (s.body) break;
          s = await press('Enter', `Enter on ${s.desc} (opens the state's dialog again)`);
          if (!s.dialogs.length) break;
        }
      }
    }
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
  }
  const record: JourneyRecord = {
    runId: process.env.E2E_RUN_ID ?? '',
    project: testInfo.project.name,
    state: state.id,
    label: state.label,
    url: state.url,
    region: state.id === SHARED_PARTS_STATE ? `${region}, header, footer` : region,
    steps,
    tabs,
    activated,
    candidates,
    skipped,
    gone,
    ms: Date.now() - started,
  };
  mkdirSync(JOURNEY_RESULTS_DIR, { recursive: true });
  writeFileSync(path.join(JOURNEY_RESULTS_DIR, `${testInfo.project.name}--${state.id}.json`), JSON.stringify(record, null, 1));
  for (const s of steps) expect.soft(s.problems, `keyboard journey on ${state.id} [${testInfo.project.name}]: ${s.action}`).toEqual([]);
  expect.soft(skipped, `keyboard journey on ${state.id} [${testInfo.project.name}]: controls left out by the budget`).toEqual([]);
  return record;
}

/* ------------------------------------------------------------------------------------------ */
/* Journey tests behind the conformance report (acr-report.ts)                                 */
/* ------------------------------------------------------------------------------------------ */

/**
 * The browser tests that walk a visitor from one state to the next, and the WCAG criteria each
 * one gives evidence for (issue 31): the conformance report cites them per criterion, and one
 * that fails turns its criterion to "Partially Supports" or "Does Not Support". `title` matches
 * the test's title; the per-state crawl of states.spec.ts counts as well (CRAWL_CRITERIA).
 */
export const JOURNEY_TESTS: { file: string; title: RegExp; sc: string[] }[] = [
  { file: 'slider.spec.ts', title: /issue 31 item 1\)/, sc: ['2.4.3', '2.4.11'] },
  { file: 'slider.spec.ts', title: /rotation stops while focus is in the slider/, sc: ['2.2.2'] },
  { file: 'slider.spec.ts', title: /Pause is the first stop in the slider/, sc: ['2.2.2', '2.4.3', '4.1.3'] },
  { file: 'slider.spec.ts', title: /with reduced motion the slider does not turn/, sc: ['2.2.2'] },
  { file: 'journeys.spec.ts', title: /the slider in real time/, sc: ['2.2.2', '2.4.3', '4.1.3'] },
  { file: 'keyboard.spec.ts', title: /news panel: CLOSE gives focus back/, sc: ['2.4.3', '2.4.7'] },
  { file: 'no-script.spec.ts', title: /a story opened by its URL before the scripts run/, sc: ['2.4.3', '2.4.11'] },
  { file: 'journeys.spec.ts', title: /before the scripts arrive/, sc: ['2.4.3', '2.4.7', '2.4.11'] },
  { file: 'listings.spec.ts', title: /a filter chosen from the keyboard keeps focus/, sc: ['2.4.3'] },
  { file: 'keyboard.spec.ts', title: /contact form: focus stays on a visible control while sending/, sc: ['2.4.3', '3.3.1'] },
  { file: 'keyboard.spec.ts', title: /contact form: errors are announced next to the fields/, sc: ['3.3.1'] },
  { file: 'no-script.spec.ts', title: /a message the server refuses comes back/, sc: ['3.3.1', '3.3.7'] },
  { file: 'nav.spec.ts', title: /Accessibility entry leads to the accessibility statement/, sc: ['2.4.4'] },
  { file: 'keyboard.spec.ts', title: /'Start here' and 'MORE' say where they lead/, sc: ['2.4.4', '4.1.2'] },
  { file: 'keyboard.spec.ts', title: /notices stay while the visitor hovers them/, sc: ['2.2.1', '4.1.3'] },
  { file: 'nav.spec.ts', title: /MENU works while a story is expanded/, sc: ['2.4.3', '2.4.11'] },
  { file: 'listings.spec.ts', title: /both filters must match/, sc: ['3.3.1'] },
  { file: 'nav.spec.ts', title: /MENU and LOGIN: valid invokers/, sc: ['4.1.2'] },
  { file: 'keyboard.spec.ts', title: /keeps focus in the story and the header, Escape closes/, sc: ['2.4.3', '2.1.2'] },
  { file: 'keyboard.spec.ts', title: /MENU: opens from the keyboard/, sc: ['2.4.3', '4.1.2'] },
  { file: 'journeys.spec.ts', title: /Back and Forward after client-side navigation/, sc: ['2.4.3', '2.4.11'] },
  { file: 'journeys.spec.ts', title: /\/team: Clear all filters, from wherever the visitor scrolled/, sc: ['2.4.3', '2.4.11'] },
];

/** What the per-state crawl checks at every step: focus order kept, focus seen, not hidden. */
export const CRAWL_CRITERIA = ['2.4.3', '2.4.7', '2.4.11'];

export const JOURNEY_TESTS_DIR = 'reports/journeys/tests';

export interface JourneyTestRecord {
  runId: string;
  file: string;
  title: string;
  project: string;
  status: string;
}

/** After each test of a behaviour spec: its outcome, for the conformance report (JOURNEY_TESTS). */
export function recordJourneyTest(testInfo: TestInfo): void {
  const file = path.basename(testInfo.file);
  // With its describe blocks ("before the scripts arrive › header and page controls…"): JOURNEY_TESTS may match either.
  const title = testInfo.titlePath.slice(1).join(' › ');
  if (!JOURNEY_TESTS.some((j) => j.file === file && j.title.test(title))) return;
  mkdirSync(JOURNEY_TESTS_DIR, { recursive: true });
  const record: JourneyTestRecord = { runId: process.env.E2E_RUN_ID ?? '', file, title, project: testInfo.project.name, status: testInfo.status ?? 'unknown' };
  const name = `${testInfo.project.name}--${file}--${title.replace(/[^a-z0-9]+/gi, '_').slice(0, 100)}.json`;
  writeFileSync(path.join(JOURNEY_TESTS_DIR, name), JSON.stringify(record, null, 1));
}
