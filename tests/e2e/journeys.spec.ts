/**
 * Keyboard journeys that a single state cannot hold (issue 31; the per-state crawl runs in
 * states.spec.ts through journeys.ts): the slider turning in real time with focus in it, the
 * pages before their scripts have arrived, and Back / Forward after client-side navigation. In
 * real time (no fake clock). At both viewports (tagged @mobile): the phone's slide has other
 * controls (Read More, MORE), its header and pages other layouts, and where Back leaves focus
 * depends on what is in view.
 */
import type { Page } from '@playwright/test';
import { test, expect, waitForHydration, headerButton, isMobile } from './fixtures.ts';
import { crawlJourneys, expectFocusRests, focusProblems, recordJourneyTest, settledFocus } from './journeys.ts';
import { loadContent } from '../../src/content/load.ts';
import { SLIDER_INTERVAL_MS } from '../../src/app/constants.ts';

// The outcome of the journey tests, for the conformance report (journeys.ts JOURNEY_TESTS).
test.afterEach(({ browserName: _browser }, testInfo) => recordJourneyTest(testInfo));

const STORIES = loadContent().stories;

const currentStory = (page: Page) => page.locator('.slide--active .slide__title').textContent();

test('the slider in real time: focus in a slide holds it and never falls to <body>; it turns again once the visitor leaves', { tag: '@mobile' }, async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await page.goto('/');
  await waitForHydration(page);
  // From the header, by keyboard: Pause, Previous, Next, the five indicators, then the story's own button.
  await headerButton(page, 'MENU').focus();
  const own = page.locator('.slide--active').getByRole('button', { name: isMobile(testInfo) ? /^Read More/ : /^Learn more/ });
  for (let i = 0; i < 14 && !(await own.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(own).toBeFocused();
  const first = await currentStory(page);
  // More than one interval, in real time.
  await page.waitForTimeout(SLIDER_INTERVAL_MS + 1500);
  expect(await currentStory(page), 'the slider held while focus was in it').toBe(first);
  await expectFocusRests(page, `${SLIDER_INTERVAL_MS + 1500} ms with focus on the story's own button`);
  await expect(own).toBeFocused();
  // Next, by keyboard: the story the visitor chose, announced; focus stays on Next.
  const next = page.getByRole('button', { name: 'Next story' });
  await next.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('region', { name: 'Featured stories' }).locator('[aria-live="polite"]')).toHaveText(new RegExp(`^Story 2 of ${STORIES.length}`));
  await expectFocusRests(page, 'Enter on Next story');
  await expect(next).toBeFocused();
  // Focus leaves the slider for the header: it turns on its own again, within an interval.
  await headerButton(page, 'MENU').focus();
  await page.mouse.move(-1, -1);
  const chosen = await currentStory(page);
  await expect.poll(() => currentStory(page), { timeout: SLIDER_INTERVAL_MS + 3000, intervals: [500] }).not.toBe(chosen);
  await expectFocusRests(page, 'a turn of the slider with focus in the header');
  await expect(headerButton(page, 'MENU')).toBeFocused();
});

test.describe('before the scripts arrive', () => {
  test('header and page controls by keyboard: MENU and LOGIN open their dialogs, Escape gives focus back', { tag: '@mobile' }, async ({ page }) => {
    // Every script held back: the page as the server sent it.
    await page.route('**/assets/*.js', () => {});
    for (const url of ['/team', '/resources', '/']) {
      await page.goto(url, { waitUntil: 'commit' });
      await expect(page.locator('footer')).toBeAttached();
      await crawlJourneys(page, { id: `before-hydration${url.replace(/\W+/g, '-')}`, label: `${url} before hydration`, url, shot: 'page' }, test.info(), {
        clock: 'real',
        region: 'main',
        maxActivations: 0,
        tabStops: 8,
      });
    }
    for (const name of ['MENU', 'LOGIN'] as const) {
      const button = headerButton(page, name);
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(page.locator('dialog[open]')).toHaveCount(1);
      // (The dialog fades in: where focus rests is read once it has.)
      const inside = await settledFocus(page);
      expect(focusProblems(inside), `${name} before hydration: ${inside.desc}`).toEqual([]);
      expect(inside.inDialog, `${name} before hydration moves focus into its dialog (${inside.desc})`).toBe(true);
      await page.keyboard.press('Escape');
      await expect(page.locator('dialog[open]')).toHaveCount(0);
      await expect(button, `Escape gives focus back to ${name}`).toBeFocused();
    }
  });
});

test('Back and Forward after client-side navigation: focus rests on something visible, in view', { tag: '@mobile' }, async ({ page }) => {
  await page.goto('/team');
  await waitForHydration(page);
  // A person a few rows down: Back restores the scroll to it.
  const card = page.locator('main a[href^="/team/"]').nth(6);
  await card.scrollIntoViewIfNeeded();
  await card.focus();
  const href = await card.getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expectFocusRests(page, 'Enter on a person, a client-side navigation');
  await page.goBack();
  await expect(page).toHaveURL(/\/team$/);
  const back = await expectFocusRests(page, 'Back to the team, scrolled where the visitor left it');
  await expect(card, `Back: focus returns to the link the visitor followed (${back.desc})`).toBeFocused();
  await page.goForward();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expectFocusRests(page, 'Forward to the person');
  // The home page's heading is for screen readers only: focus goes where it can be seen.
  await page.goto('/philosophy');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Halden Rowe Capital, home' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expectFocusRests(page, 'Enter on the logo, to the home page');
  await page.goBack();
  await expectFocusRests(page, 'Back to /philosophy');
  await page.goForward();
  await expectFocusRests(page, 'Forward to the home page');
});

test('/team: Clear all filters, from wherever the visitor scrolled, leaves focus on a filter in view', { tag: '@mobile' }, async ({ page }) => {
  await page.goto('/team?office=san-francisco&sector=pharmaceuticals');
  await waitForHydration(page);
  const clear = page.getByRole('button', { name: 'Clear all filters' });
  // Read down to the empty state first (a phone's three filter groups are taller than its screen),
  // then Enter on the button, as a screen reader's cursor or a swipe would leave it.
  await clear.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await clear.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/team$/);
  const s = await expectFocusRests(page, 'Enter on Clear all filters');
  expect(s.desc, 'focus continues from the first filter').toMatch(/^button "All \d+ people"/);
});
