/**
 * Every route renders on the server, answers the right status and hydrates without a console
 * error, hydration warning or CSP violation (the `diagnostics` fixture fails the test otherwise);
 * client-side navigation keeps the document, moves focus to the new page's heading and restores
 * the scroll position on Back.
 */
import { test, expect, open, waitForHydration, SIGNED_OUT } from './fixtures.ts';
import { LOGIN_ROUTE, MISSING_ROUTES, NOT_FOUND_ROUTES, SITE_ROUTES, statusConsoleError } from './site.ts';

test.describe.configure({ mode: 'parallel' });

test('the route table renders every route of the seed', () => {
  expect(MISSING_ROUTES, 'seed routes the route table does not render').toEqual([]);
});

/**
 * One page visits every route in turn (a new browser context per route would cost more than the
 * checks): each must answer 200, render one <h1> on the server and hydrate, and add no console
 * error, hydration warning or CSP violation. Soft assertions: every route is checked and named.
 */
test('every route of the route table renders on the server and hydrates cleanly', async ({ page, diagnostics }) => {
  test.setTimeout(120_000);
  for (const route of SITE_ROUTES.filter((r) => r.inTable)) {
    await test.step(route.path, async () => {
      const before = diagnostics.problems.length;
      const response = await page.goto(route.path);
      expect.soft(response?.status(), `HTTP status of ${route.path}`).toBe(200);
      expect.soft(await page.locator('html').getAttribute('lang'), `<html lang> on ${route.path}`).toBe('en');
      expect.soft(await page.locator('h1').count(), `one <h1> on ${route.path}`).toBe(1);
      expect.soft(await page.title(), `<title> of ${route.path}`).toMatch(/Halden Rowe Capital/);
      await waitForHydration(page);
      expect.soft(diagnostics.problems.slice(before), `console errors, hydration warnings or CSP violations on ${route.path}`).toEqual([]);
    });
  }
});

test.describe('signed out', () => {
  test.use({ storageState: SIGNED_OUT });
  test(`${LOGIN_ROUTE.path} renders on the server and hydrates cleanly`, async ({ page }) => {
    const response = await page.goto(LOGIN_ROUTE.path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveCount(1);
    await waitForHydration(page);
  });
});

for (const route of NOT_FOUND_ROUTES) {
  test(`${route.path} answers 404 with the Page Not Found page and hydrates cleanly`, async ({ page, diagnostics }) => {
    diagnostics.allow(statusConsoleError(404));
    const response = await page.goto(route.path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Page Not Found');
    await waitForHydration(page);
  });
}

test.describe('client-side navigation', () => {
  test('a footer link changes the URL without reloading and focuses the new page heading', async ({ page }) => {
    await open(page, '/team');
    await page.evaluate(() => {
      (window as unknown as { __e2eMarker: number }).__e2eMarker = 42;
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Philosophy', exact: true }).click();
    await expect(page).toHaveURL(/\/philosophy$/);
    await expect(page.locator('main h1')).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { __e2eMarker?: number }).__e2eMarker), 'same document (no reload)').toBe(42);
    expect(await page.evaluate(() => window.scrollY), 'the new page starts at the top').toBe(0);
    await expect(page).toHaveTitle(/Philosophy/);
  });

  test('Back restores the previous page and its scroll position', async ({ page }) => {
    await open(page, '/team');
    await page.evaluate(() => {
      (window as unknown as { __e2eMarker: number }).__e2eMarker = 7;
    });
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Process', exact: true });
    await link.scrollIntoViewIfNeeded();
    const y = await page.evaluate(() => window.scrollY);
    expect(y, 'the footer is below the fold').toBeGreaterThan(200);
    await link.click();
    await expect(page).toHaveURL(/\/process$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(/\/team$/);
    await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'scroll position restored' }).toBeGreaterThanOrEqual(y - 2);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThanOrEqual(y + 2);
    expect(await page.evaluate(() => (window as unknown as { __e2eMarker?: number }).__e2eMarker), 'same document (no reload)').toBe(7);
    await expect(page.locator('main h1')).toContainText('Team');
  });
});
