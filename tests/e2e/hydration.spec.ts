/**
 * The route table covers the seed; client-side navigation keeps the document, moves focus to the
 * new page's heading and restores the scroll position on Back. (That every route renders on the
 * server with its status and hydrates without a console error, hydration warning or CSP
 * violation is judged on the load states.spec.ts makes of it: page-load.ts.)
 */
import { test, expect, open } from './fixtures.ts';
import { MISSING_ROUTES } from './site.ts';

test.describe.configure({ mode: 'parallel' });

test('the route table renders every route of the seed', () => {
  expect(MISSING_ROUTES, 'seed routes the route table does not render').toEqual([]);
});

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
