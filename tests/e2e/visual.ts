/**
 * Visual snapshots of a route or UI state (states.spec.ts takes one of every state at 1440×900
 * and 390×844).
 *
 * Deterministic by construction: clock frozen at 2026-01-15T10:00:00Z and paused (the slider never
 * moves, notices never time out), reduced motion, animations disabled and the caret hidden by
 * toHaveScreenshot, fixed viewport / device scale / locale / timezone / colour scheme (config),
 * self-hosted fonts awaited, every image (lazy ones included) loaded and decoded before the shot,
 * the pointer moved off the page (nothing in :hover), the Chromium font flags of
 * playwright.config.ts. maxDiffPixels is 0 (threshold 0.02: a colour moved by more than about 5
 * levels of 255; see playwright.config.ts).
 *
 * A page is shot from its top, at most PAGE_VIEWPORTS viewports tall (1440×1350 on the desktop,
 * 390×1688 on the phone, two megapixels at most): beyond that a long page
 * (a policy, a list of 40 people) repeats what is already gated, and a 10,000 px image costs
 * megabytes per baseline. Five pages are shot whole, to the footer (states.ts WHOLE_PAGES: home,
 * team, a strategy, a sector, an article): their lower sections appear on no other page. A state
 * reached on a loaded page (a filter, a panel) is shot one viewport tall from its `focus` element.
 * An open modal dialog covers the viewport and scrolls on its own, so a dialog state is shot
 * viewport by viewport through the dialog's scroll (name.png, name--2.png…). Baselines are
 * recompressed losslessly by scripts/optimise-snapshots.mjs.
 *
 * Baselines: tests/e2e/__snapshots__/states.spec.ts/<project>/<state>.png, made with
 * scripts/update-snapshots.sh (see tests/e2e/__snapshots__/README.md).
 */
import type { Page } from '@playwright/test';
import { appendFileSync } from 'node:fs';
import { expect } from './fixtures.ts';
import type { UiState } from './states.ts';

const MAX_DIALOG_PAGES = 8;
const PAGE_VIEWPORTS: Record<string, number> = { desktop: 1.5, mobile: 2 };
const SHOT_TIMEOUT = 30_000;

/**
 * The pointer off the page; fonts loaded; lazy images switched to eager; the page scrolled to the
 * bottom and back (for anything that waits to be seen); every image loaded and decoded; back at
 * the top.
 *
 * The pointer stays where a state's setup last clicked. When the page then scrolls (the news panel
 * scrolls itself into view 300 ms after MORE), another control can end up under it, and whether
 * Chromium has re-evaluated :hover by the time of the shot is a matter of timing: a CI run shot
 * the panel's CLOSE in its hover colour (118 pixels). At (-1, -1) nothing is hovered.
 */
async function settle(page: Page) {
  await page.mouse.move(-1, -1);
  await page.evaluate(() => {
    for (const img of document.querySelectorAll<HTMLImageElement>('img[loading="lazy"]')) img.loading = 'eager';
    window.scrollTo(0, document.documentElement.scrollHeight);
  });
  await page.waitForTimeout(50);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect
    .poll(() => page.evaluate(() => [...document.images].filter((i) => !i.complete).map((i) => i.currentSrc || i.src)), {
      message: 'every image has loaded',
      timeout: 20_000,
    })
    .toEqual([]);
  const broken = await page.evaluate(() => [...document.images].filter((i) => i.naturalWidth === 0).map((i) => i.currentSrc || i.src));
  expect(broken, 'no broken image').toEqual([]);
  await page.evaluate(async () => {
    await Promise.all([...document.images].map((i) => i.decode().catch(() => undefined)));
    await document.fonts.ready;
  });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
}

/** E2E_SHOT_LIST (set by scripts/update-snapshots.sh): every shot taken is appended there. */
function listShot(project: string, name: string) {
  if (process.env.E2E_SHOT_LIST) appendFileSync(process.env.E2E_SHOT_LIST, `${project}/${name}\n`);
}

/** Snapshot(s) of the page as it is now, named `<project>/<id>.png` (soft: later states still get compared). */
export async function shoot(page: Page, id: string, state: UiState, project: string) {
  await settle(page);
  if (state.shot === 'page') {
    const viewport = page.viewportSize()!;
    const { top, height } = await page.evaluate((focus) => {
      const el = focus ? document.querySelector(focus) : null;
      if (focus && !el) throw new Error(`focus element ${focus} not found`);
      return { top: el ? Math.round(el.getBoundingClientRect().top + window.scrollY) : 0, height: document.documentElement.scrollHeight };
    }, state.focus ?? null);
    const tall = state.focus ? viewport.height : state.whole ? height : (PAGE_VIEWPORTS[project] ?? 2) * viewport.height;
    const clip = { x: 0, y: top, width: viewport.width, height: Math.max(1, Math.min(tall, height - top)) };
    listShot(project, `${id}.png`);
    await expect.soft(page).toHaveScreenshot([project, `${id}.png`], { fullPage: true, clip, timeout: SHOT_TIMEOUT });
    return;
  }
  // The open dialog: find what scrolls inside it (the dialog itself or a child) and page through.
  const dialog = page.locator('dialog[open]');
  await expect(dialog).toHaveCount(1);
  const scroller = await dialog.evaluateHandle((d) => {
    const candidates = [d, ...d.querySelectorAll('*')] as HTMLElement[];
    return candidates.find((el) => el.scrollHeight > el.clientHeight + 1 && /auto|scroll/.test(getComputedStyle(el).overflowY)) ?? d;
  });
  const { scrollHeight, clientHeight } = await scroller.evaluate((el: HTMLElement) => ({ scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }));
  const pages = Math.min(MAX_DIALOG_PAGES, Math.max(1, Math.ceil(scrollHeight / Math.max(1, clientHeight))));
  // The last page stops 1 px short of the end: the browser clamps a larger scrollTop to the exact
  // (fractional) end, and a fractional scroll offset anti-aliases edges differently from run to run.
  const maxTop = Math.max(0, scrollHeight - clientHeight - 1);
  for (let i = 0; i < pages; i++) {
    await scroller.evaluate(
      (el: HTMLElement, top) => {
        el.scrollTop = top;
      },
      Math.min(i * clientHeight, maxTop),
    );
    listShot(project, `${id}${i ? `--${i + 1}` : ''}.png`);
    await expect.soft(page).toHaveScreenshot([project, `${id}${i ? `--${i + 1}` : ''}.png`], { timeout: SHOT_TIMEOUT });
  }
  await scroller.evaluate((el: HTMLElement) => {
    el.scrollTop = 0;
  });
}
