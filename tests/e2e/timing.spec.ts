/**
 * The seed's remaining time constants at both edges, with a paused page.clock (seed §4, §9):
 * news panel scroll 300 ms, cookie notice 3000 ms, toast 5000 ms; plus the cookie page's storage
 * and the news panel's CLOSE.
 */
import { test, expect, open, isMobile } from './fixtures.ts';

test.describe.configure({ mode: 'parallel' });

test('news panel: scrolls into view and takes focus 300 ms after opening (299: not yet, 301: done)', async ({ page }, testInfo) => {
  await open(page, '/', { freeze: true });
  await page.getByRole('link', { name: isMobile(testInfo) ? /^MORE\b/ : /^Start here\b/ }).click();
  const panel = page.getByRole('region', { name: 'Explore Halden Rowe' });
  const heading = panel.getByRole('heading', { name: 'Explore Halden Rowe' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'News & Insights' })).toBeVisible();
  const y0 = await page.evaluate(() => window.scrollY);
  await page.clock.runFor(299);
  await expect(heading).not.toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(y0);
  await page.clock.runFor(2);
  await expect(heading).toBeFocused();
  await expect.poll(() => panel.evaluate((el) => Math.round(el.getBoundingClientRect().top)), { message: 'the panel is scrolled to the top of the viewport' }).toBeLessThanOrEqual(1);
  // Insights lists at most 3 news items.
  expect(await panel.getByRole('listitem').count()).toBeLessThanOrEqual(3);
  // CLOSE scrolls to the top and closes the panel.
  await panel.getByRole('button', { name: /^CLOSE/ }).click();
  await expect(panel).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('cookie settings: saving stores the three flags and shows the notice for 3000 ms (2999: shown, 3001: gone)', async ({ page }) => {
  await open(page, '/cookie-settings', { freeze: true });
  const essential = page.getByRole('switch', { name: /Essential/ });
  const analytics = page.getByRole('switch', { name: /Analytics/ });
  const marketing = page.getByRole('switch', { name: /Marketing/ });
  await expect(essential).toBeChecked();
  await expect(essential).toBeDisabled();
  await expect(analytics).not.toBeChecked();
  await expect(marketing).not.toBeChecked();
  await analytics.click();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  const notice = page.getByText('Preferences saved.');
  await expect(notice).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cookiePreferences'))) ?? 'null')).toEqual({ essential: true, analytics: true, marketing: false });
  await page.clock.runFor(2999);
  await expect(notice).toBeVisible();
  await page.clock.runFor(2);
  await expect(notice).toBeHidden();

  await page.getByRole('button', { name: 'Accept All' }).click();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cookiePreferences'))) ?? 'null')).toEqual({ essential: true, analytics: true, marketing: true });
  await expect(marketing).toBeChecked();
  await page.getByRole('button', { name: 'Reject Non-Essential' }).click();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('cookiePreferences'))) ?? 'null')).toEqual({ essential: true, analytics: false, marketing: false });
  await expect(analytics).not.toBeChecked();

  // The saved choice is shown on return.
  await page.getByRole('button', { name: 'Accept All' }).click();
  await page.reload();
  await expect(page.getByRole('switch', { name: /Marketing/ })).toBeChecked();
});

test('toast: shown for 5000 ms (4999: shown, 5001: gone), announced in a polite live region', async ({ page, context, baseURL }) => {
  // The article's "Copy link" confirms with a toast (the contact form confirms inline, once).
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await open(page, '/research/water-as-a-strategic-input', { freeze: true });
  await page.getByRole('button', { name: 'Copy link' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Link copied' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('aria-live', 'polite');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL('/research/water-as-a-strategic-input', baseURL).href);
  await page.clock.runFor(4999);
  await expect(page.getByText('Link copied', { exact: true })).toBeVisible();
  await page.clock.runFor(2);
  await expect(page.getByText('Link copied', { exact: true })).toHaveCount(0);
});
