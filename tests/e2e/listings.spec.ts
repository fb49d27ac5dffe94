/**
 * Paged listings in the browser (issue 10): after hydration a page or filter change fetches one
 * listing answer — never a whole collection — keeps the filters, moves focus to the result count;
 * without JavaScript the same links and forms reach the same pages.
 */
import { test, expect, open, apiRequests, cardTitles } from './fixtures.ts';
import { expectFocusRests, recordJourneyTest } from './journeys.ts';

// The outcome of the journey tests, for the conformance report (journeys.ts JOURNEY_TESTS).
test.afterEach(({ browserName: _browser }, testInfo) => recordJourneyTest(testInfo));

const EMPTY = 'No resources found matching your filters.';

test('/resources: Next page fetches one listing answer, marks page 2 and moves focus to the count', async ({ page }) => {
  await open(page, '/resources');
  const first = await cardTitles(page);
  expect(first).toHaveLength(12);
  const requests = apiRequests(page);
  const nav = page.getByRole('navigation', { name: 'Resource pages' });
  await nav.getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/resources\?page=2#results$/);
  // (Narrow screens hide the numbers and show "Page 2 of 2": the marked link is still there.)
  await expect(nav.locator('a[aria-current="page"]')).toHaveText('2');
  await expect.poll(() => cardTitles(page)).not.toEqual(first);
  expect(requests).toEqual(['/api/listings/resources?page=2']);
  await expect(page.locator('#results-count')).toBeFocused();
  await expect(page.locator('#results-count')).toContainText(/Showing \d+ results, page 2 of 2/);
  // Back: page 1 again, from the query cache (no request).
  await page.goBack();
  await expect(page).toHaveURL(/\/resources$/);
  await expect.poll(() => cardTitles(page)).toEqual(first);
  expect(requests).toEqual(['/api/listings/resources?page=2']);
});

test('/resources: a filter chosen on page 2 starts again at page 1 and keeps to one small read', async ({ page }) => {
  await open(page, '/resources?page=2');
  const requests = apiRequests(page);
  const type = page.getByRole('group', { name: 'Filter by content type' });
  await type.getByRole('button', { name: 'News & Updates', exact: true }).click();
  await expect(page).toHaveURL(/\/resources\?type=news$/);
  await expect(type.getByRole('button', { name: 'News & Updates', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(type.getByRole('button', { name: 'News & Updates', exact: true })).toBeFocused();
  expect(requests).toEqual(['/api/listings/resources?type=news']);
  await expect(page.getByRole('navigation', { name: 'Resource pages' })).toHaveCount(0);
});

test('/resources: a filter chosen from the keyboard keeps focus while the list changes, and so does Clear all filters (issue 31 item 5)', async ({ page }) => {
  const type = page.getByRole('group', { name: 'Filter by content type' });
  const choose = async (option: string) => {
    const button = type.getByRole('button', { name: option, exact: true });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('#results')).not.toHaveAttribute('aria-busy', 'true');
    await expectFocusRests(page, `choosing "${option}"`);
    await expect(button).toBeFocused();
  };
  await open(page, '/resources?category=Award');
  await choose('Insights and Research');
  await open(page, '/resources?category=Thematic+Research&type=research');
  await choose('Press Releases');
  // The empty state's button goes away with the filters: focus continues from the first filter.
  await expect(page.getByText(EMPTY)).toBeVisible();
  await page.getByRole('button', { name: 'Clear all filters' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/resources$/);
  await expect(page.locator('#results')).not.toHaveAttribute('aria-busy', 'true');
  await expectFocusRests(page, 'Clear all filters');
  await expect(type.getByRole('button', { name: 'All', exact: true })).toBeFocused();
});

test('/resources: both filters must match — a type without the chosen category shows the empty state (issue 31 item 12, seed §4)', async ({ page }) => {
  await open(page, '/resources?category=Award');
  await page.getByRole('group', { name: 'Filter by content type' }).getByRole('button', { name: 'Insights and Research', exact: true }).click();
  await expect(page).toHaveURL(/\/resources\?category=Award&type=research$/);
  await expect(page.getByText(EMPTY)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: 'Award', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Clear all filters' }).click();
  await expect(page).toHaveURL(/\/resources$/);
  await expect.poll(() => cardTitles(page)).toHaveLength(12);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/resources: a type without the chosen category shows the empty state, and Clear all filters clears both (issue 31 item 12)', async ({ page }) => {
    await page.goto('/resources?category=Award');
    await page.getByRole('group', { name: 'Filter by content type' }).getByRole('button', { name: 'Insights and Research', exact: true }).click();
    await expect(page).toHaveURL(/\/resources\?category=Award&type=research$/);
    await expect(page.getByText(EMPTY)).toBeVisible();
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await expect(page).toHaveURL(/\/resources\??$/);
    expect(await cardTitles(page)).toHaveLength(12);
  });

  test('pagination links and filter forms work, and the URL carries both', async ({ page }) => {
    await page.goto('/resources');
    await page.getByRole('navigation', { name: 'Resource pages' }).getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/resources\?page=2#results$/);
    await expect(page.getByRole('navigation', { name: 'Resource pages' }).locator('a[aria-current="page"]')).toHaveText('2');
    await page.getByRole('group', { name: 'Filter by content type' }).getByRole('button', { name: 'Insights and Research', exact: true }).click();
    await expect(page).toHaveURL(/\/resources\?type=research$/);
    await expect(page.getByRole('group', { name: 'Filter by content type' }).getByRole('button', { name: 'Insights and Research', exact: true })).toHaveAttribute('aria-pressed', 'true');
  });
});
