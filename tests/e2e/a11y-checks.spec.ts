/**
 * Every route and UI state of states.ts at both viewports, opened once and analysed three ways:
 *
 * 1. axe-core (WCAG 2.0/2.1/2.2 A and AA tags) and IBM Equal Access (WCAG_2_2), through the `axe`
 *    fixture: zero violations from either, known false positives only through
 *    a11y-known-issues.ts. Recorded under reports/axe and summarised by the global teardown
 *    (axe-report.ts, acr-report.ts).
 * 2. The checks an accessibility auditor makes by hand (a11y-checks.ts): focus visible with 3:1
 *    contrast and never hidden behind the fixed header, target size, reduced motion, forced
 *    colours, text spacing, reflow at 320 CSS px and, on the desktop, 200 % zoom. Every outcome is
 *    recorded for the conformance report (reports/acr/index.html, see acr-report.ts); any problem
 *    fails the test.
 * 3. Plus the accessibility tree of three pages (what a screen reader user hears), checked in like
 * a visual snapshot: a change in headings, names, roles or states fails until it is reviewed and
 * re-recorded (`npx playwright test a11y-checks.spec.ts --update-snapshots`).
 */
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, isMobile, SIGNED_OUT } from './fixtures.ts';
import { loadContent } from '../../src/content/load.ts';
import { UI_STATES, openState, type Project, type UiState } from './states.ts';
import {
  TEXT_SPACING_CSS,
  checkClippedText,
  checkReducedMotion,
  checkReflow,
  checkTargetSize,
  focusNotObscuredProblems,
  focusVisibleProblems,
  forcedColorsProblems,
  recordChecks,
  settle,
  tabThrough,
  type CheckResult,
  sharpModule,
} from './a11y-checks.ts';

test.describe.configure({ mode: 'parallel' });
// The text spacing override is an injected stylesheet, as a user's bookmarklet or extension adds it.
test.use({ bypassCSP: true });

/**
 * `full`: every check. A state reached from another one in the same test (a menu group expanded,
 * another news tab) differs from it only in the content it reveals: it gets the checks that depend
 * on that content's layout and controls (focus, target size, reflow); motion, forced colours,
 * text spacing and zoom were run on the state it came from, with the same styles.
 */
async function runChecks(page: Page, testInfo: TestInfo, scope: string | null, full = true): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const t0 = Date.now();
  const lap = (name: string) => {
    if (process.env.A11Y_TIMING) console.log(name, Date.now() - t0);
  };
  const viewport = page.viewportSize()!;

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
    await page.emulateMedia({ reducedMotion: 'reduce' });
    results.push({ check: 'reducedMotion', problems: await checkReducedMotion(page) });
    lap('motion');

    await page.emulateMedia({ reducedMotion: 'reduce', forcedColors: 'active' });
    await settle(page);
    const forced = await tabThrough(page, 60, { pixels: false });
    results.push({ check: 'forcedColors', problems: forcedColorsProblems(forced), measured: { stops: forced.length } });
    await page.emulateMedia({ reducedMotion: 'reduce', forcedColors: 'none' });
    await settle(page);
    lap('forced');

    const style = await page.addStyleTag({ content: TEXT_SPACING_CSS });
    await settle(page);
    results.push({ check: 'textSpacing', problems: [...(await checkClippedText(page, scope)), ...(await checkReflow(page, scope))] });
    await style.evaluate((el) => (el as Element).remove());
    await settle(page);
    lap('spacing');
  }

  await page.setViewportSize({ width: 320, height: 640 });
  await settle(page);
  results.push({ check: 'reflow', problems: [...(await checkReflow(page, scope)), ...(await checkClippedText(page, scope))] });
  if (full && !isMobile(testInfo)) {
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

function expectNoProblems(results: CheckResult[], label: string) {
  for (const r of results) expect.soft(r.problems, `${label}: ${r.check}`).toEqual([]);
}

for (const signedOut of [false, true]) {
  test.describe(signedOut ? 'signed out' : 'signed in', () => {
    if (signedOut) test.use({ storageState: SIGNED_OUT });
    for (const state of UI_STATES.filter((s) => !!s.signedOut === signedOut)) {
      test(`a11y: ${state.url} — ${state.label}`, async ({ page, axe, diagnostics }, testInfo) => {
        test.skip(!!state.projects && !state.projects.includes(testInfo.project.name as Project), `${state.id} is for ${state.projects?.join(', ')}`);
        test.setTimeout(150_000);
        await openState(page, state, testInfo, diagnostics);
        const scope = state.shot === 'dialog' ? 'dialog[open]' : null;
        const record = async (s: Pick<UiState, 'id' | 'label'>, full = true) => {
          // The engines first, on the state as a visitor sees it; then the checks, which change
          // the viewport, the media features and the styles, and put everything back.
          await axe(s.id, { label: s.label });
          const results = await runChecks(page, testInfo, scope, full);
          recordChecks(testInfo, { state: s.id, label: s.label, url: state.url, results });
          expectNoProblems(results, s.label);
        };
        await record(state);
        for (const next of state.followedBy ?? []) {
          await test.step(next.label, async () => {
            await next.run(page, testInfo);
            await record(next, false);
          });
        }
      });
    }
  });
}

test.describe('what a screen reader hears', () => {
  for (const [name, url] of [
    ['home', '/'],
    ['research-listing', '/research'],
    ['contact-form', '/contact'],
  ] as const) {
    test(`accessibility tree of ${url}`, async ({ page }, testInfo) => {
      test.skip(isMobile(testInfo), 'one tree per page: the desktop layout');
      await page.clock.install({ time: new Date('2026-01-15T10:00:00Z') });
      await page.clock.pauseAt(new Date('2026-01-15T10:00:01Z'));
      await page.goto(url);
      await expect(page.locator('main')).toMatchAriaSnapshot({ name: `${name}.aria.yml` });
      // The header (and its menu) is the same on every page: checked once.
      if (name === 'home') await expect(page.getByRole('banner')).toMatchAriaSnapshot({ name: 'header.aria.yml' });
    });
  }
});

/**
 * The one place two engines disagree (a11y-known-issues.ts): white header text over the home
 * slider's artwork, which IBM measures against the page colour. Measured here on the pixels: the
 * header's text is made transparent and, for every slide, the lightest pixel behind each line of
 * text is compared with white. The known-issue record quotes the figure this test holds to.
 */
test('header text over every slide keeps at least 7:1 against the lightest pixel behind it', async ({ page }, testInfo) => {
  const stories = loadContent().stories.length;
  const sharp = await sharpModule();
  const lin = (c: number) => {
    c /= 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const sizes = isMobile(testInfo)
    ? [
        { width: 390, height: 844 },
        { width: 320, height: 640 },
      ]
    : [
        { width: 1440, height: 900 },
        { width: 1280, height: 600 },
      ];
  const found: string[] = [];
  let lowest = Infinity;
  for (const size of sizes) {
    await page.setViewportSize(size);
    for (let slide = 1; slide <= stories; slide++) {
      await page.goto(`/?slide=${slide}`);
      const boxes = await page.evaluate(() => {
        const out: { x: number; y: number; width: number; height: number; text: string }[] = [];
        const walker = document.createTreeWalker(document.querySelector('.navbar')!, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const el = n.parentElement!;
          // Text hidden visually (the class, or clipped to a 1 px box like SEARCH on narrow screens) shows nothing.
          if (!n.textContent!.trim() || el.closest('.visually-hidden') || el.getBoundingClientRect().width <= 1) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          for (const r of range.getClientRects()) {
            if (r.width > 1) out.push({ x: Math.floor(r.left), y: Math.floor(r.top), width: Math.ceil(r.width), height: Math.ceil(r.height), text: n.textContent!.trim() });
          }
        }
        return out;
      });
      expect(boxes.length, 'the header shows its text').toBeGreaterThanOrEqual(3);
      const hide = await page.addStyleTag({ content: '.navbar * { color: transparent !important; }' });
      // One shot of the band that holds every line of text; each line's box is read from it.
      const band = {
        x: 0,
        y: Math.max(0, Math.min(...boxes.map((b) => b.y))),
        width: size.width,
        height: Math.min(size.height, Math.max(...boxes.map((b) => b.y + b.height))) - Math.max(0, Math.min(...boxes.map((b) => b.y))),
      };
      const { data: shot, info: shotInfo } = await sharp(await page.screenshot({ clip: band, scale: 'css', animations: 'disabled' }))
        .raw()
        .toBuffer({ resolveWithObject: true });
      for (const { text, ...clip } of boxes) {
        let light = 0;
        for (let y = Math.max(clip.y, band.y); y < Math.min(clip.y + clip.height, band.y + band.height); y++) {
          for (let x = Math.max(0, clip.x); x < Math.min(clip.x + clip.width, shotInfo.width); x++) {
            const p = ((y - band.y) * shotInfo.width + x) * shotInfo.channels;
            light = Math.max(light, 0.2126 * lin(shot[p]) + 0.7152 * lin(shot[p + 1]) + 0.0722 * lin(shot[p + 2]));
          }
        }
        const ratio = 1.05 / (light + 0.05);
        lowest = Math.min(lowest, ratio);
        if (ratio < 7) found.push(`${size.width}×${size.height}, slide ${slide}: "${text}" ${ratio.toFixed(2)}:1`);
      }
      await hide.evaluate((el) => (el as Element).remove());
    }
  }
  testInfo.annotations.push({ type: 'lowest header contrast', description: `${lowest.toFixed(2)}:1` });
  expect(found).toEqual([]);
});
