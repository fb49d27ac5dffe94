/**
 * Portfolio and search in the browser (issue 13): the portfolio's filters combine with paging
 * after hydration (one small listing read each) and without JavaScript (GET forms and links);
 * search finds "Corvane", "private credit" and a misspelt "logistcs" both ways, and after
 * hydration follows the typing — debounced, the URL kept in step, focus left in the field.
 */
import type { Page } from '@playwright/test';
import { test, expect, open, apiRequests, cardTitles } from './fixtures.ts';

const filter = (page: Page, group: string, option: RegExp) => page.getByRole('group', { name: group }).getByRole('button', { name: option });

test('/portfolio: filters combine with paging, each change one listing read, counts follow', async ({ page }) => {
  await open(page, '/portfolio');
  const requests = apiRequests(page);
  await filter(page, 'Filter by strategy', /^Buyouts/).click();
  await expect(page).toHaveURL(/\/portfolio\?strategy=buyouts$/);
  await expect(filter(page, 'Filter by strategy', /^Buyouts/)).toHaveAttribute('aria-pressed', 'true');
  // While a listing read is under way the previous results stay, marked aria-busy: read the
  // results only once the new ones are in.
  const settled = () => expect(page.locator('#results')).not.toHaveAttribute('aria-busy', 'true');
  await settled();
  const first = await cardTitles(page);
  expect(first).toHaveLength(12);
  await page.getByRole('navigation', { name: 'Portfolio pages' }).getByRole('link', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/portfolio\?page=2&strategy=buyouts#results$/);
  await expect.poll(() => cardTitles(page)).not.toEqual(first);
  await expect(page.locator('#results-count')).toBeFocused();
  // A second filter starts again at page 1 and keeps the first.
  await filter(page, 'Filter by region', /^Europe/).click();
  await expect(page).toHaveURL(/\/portfolio\?region=europe&strategy=buyouts$/);
  await expect(filter(page, 'Filter by region', /^Europe/)).toBeFocused();
  await settled();
  const count = await page.locator('#results-count').innerText();
  const shown = Number(/Showing (\d+)/.exec(count)![1]);
  expect(await cardTitles(page)).toHaveLength(shown);
  // The Buyouts button counts Europe's buyouts: what choosing it shows.
  await expect(filter(page, 'Filter by strategy', /^Buyouts/)).toHaveAccessibleName(new RegExp(`^Buyouts ${shown} compan`));
  expect(requests).toEqual(['/api/listings/portfolio?strategy=buyouts', '/api/listings/portfolio?page=2&strategy=buyouts', '/api/listings/portfolio?region=europe&strategy=buyouts']);
  // A card leads to the company page.
  await page.locator('#results .card__link').first().click();
  await expect(page).toHaveURL(/\/portfolio\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'At a Glance' })).toBeVisible();
});

test('search follows the typing: debounced, URL in step, results announced, focus kept in the field', async ({ page }) => {
  // The clock is ours: four keys typed faster than the pause, then the pause (a loaded machine
  // cannot spread the keys over it).
  await open(page, '/search', { freeze: true });
  const requests = apiRequests(page);
  const box = page.getByRole('searchbox', { name: 'Search the site' });
  await box.click();
  await box.pressSequentially('corv');
  await page.clock.runFor(100);
  expect(
    requests.filter((r) => r.startsWith('/api/search')),
    'nothing before the pause',
  ).toEqual([]);
  await page.clock.runFor(200);
  await expect(page).toHaveURL(/\/search\?q=corv$/);
  await expect(page.getByRole('status').filter({ hasText: 'for “corv”' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Corvane Logistics' })).toBeVisible();
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('corv');
  // One read for the word typed, not one per key.
  expect(requests.filter((r) => r.startsWith('/api/search'))).toEqual(['/api/search?q=corv']);
  await page.getByRole('link', { name: 'Corvane Logistics' }).click();
  await expect(page).toHaveURL(/\/portfolio\/corvane-logistics$/);
  // Back: the results and the query again.
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Search the site' })).toHaveValue('corv');
});

for (const [q, expected] of [
  ['Corvane', 'Corvane Logistics'],
  ['private credit', 'Private Credit'],
  ['logistcs', 'Corvane Logistics'],
] as const) {
  test(`search finds “${q}” from the menu`, async ({ page }) => {
    await open(page, '/');
    await page.getByRole('button', { name: 'MENU', exact: true }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('searchbox', { name: 'Search the site' }).fill(q);
    await menu.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${encodeURIComponent(q).replace(/%20/g, '\\+')}$`));
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(page.locator('#results').getByRole('link', { name: expected, exact: true }).first()).toBeVisible();
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('portfolio filter forms combine with paging links', async ({ page }) => {
    await page.goto('/portfolio');
    await filter(page, 'Filter by strategy', /^Buyouts/).click();
    await expect(page).toHaveURL(/\/portfolio\?strategy=buyouts$/);
    await page.getByRole('navigation', { name: 'Portfolio pages' }).getByRole('link', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\/portfolio\?page=2&strategy=buyouts#results$/);
    await filter(page, 'Filter by status', /^Realized/).click();
    // (The form sends its fields in page order; the server answers either order the same.)
    await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ status: 'realized', strategy: 'buyouts' });
    await expect(filter(page, 'Filter by status', /^Realized/)).toHaveAttribute('aria-pressed', 'true');
    await expect(filter(page, 'Filter by strategy', /^Buyouts/)).toHaveAttribute('aria-pressed', 'true');
  });

  for (const [q, expected] of [
    ['Corvane', 'Corvane Logistics'],
    ['private credit', 'Private Credit'],
    ['logistcs', 'Corvane Logistics'],
  ] as const) {
    test(`the search form finds “${q}”`, async ({ page }) => {
      await page.goto('/search');
      await page.getByRole('searchbox', { name: 'Search the site' }).fill(q);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await expect(page).toHaveURL(/\/search\?q=/);
      await expect(page.locator('#results').getByRole('link', { name: expected, exact: true }).first()).toBeVisible();
      await expect(page.locator('.search-mark').first()).toBeVisible();
    });
  }
});
