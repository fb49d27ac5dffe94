/**
 * Listings built for an archive and for phones (issue 35 items 5 and 6): a page jump and first/last
 * links on every paged listing, phones included; the filters folded into "Filters (n)" on phones;
 * options that would leave nothing disabled.
 */
import { test, expect, open, apiRequests, cardTitles, chooseFilterByKeyboard } from './fixtures.ts';

const PHONE = { width: 390, height: 844 };
const NARROW = { width: 320, height: 640 };

test('@mobile /portfolio: "Page [n] of 4 Go" shows that page, fetched alone, focus on the count', async ({ page }) => {
  await open(page, '/portfolio');
  const nav = page.getByRole('navigation', { name: 'Portfolio pages' });
  const jump = nav.getByRole('spinbutton', { name: 'Page' });
  await expect(jump).toHaveValue('1');
  await expect(nav).toContainText(/of 4/);
  const first = await cardTitles(page);
  const requests = apiRequests(page);
  await jump.fill('3');
  await nav.getByRole('button', { name: 'Go to page' }).click();
  await expect(page).toHaveURL(/\/portfolio\?page=3#results$/);
  await expect.poll(() => cardTitles(page)).not.toEqual(first);
  expect(requests).toEqual(['/api/listings/portfolio?page=3']);
  await expect(page.locator('#results-count')).toBeFocused();
  await expect(jump).toHaveValue('3');
  // A number past the last page is refused by the field, not sent.
  await jump.fill('9');
  await jump.press('Enter');
  await expect(page).toHaveURL(/\/portfolio\?page=3#results$/);
  expect(await jump.evaluate((el: HTMLInputElement) => el.validity.rangeOverflow)).toBe(true);
});

test('@mobile phones: First, Previous, Next and Last, and the jump, on one screen width', async ({ page }) => {
  for (const size of [PHONE, NARROW]) {
    await page.setViewportSize(size);
    await open(page, '/portfolio?page=2');
    const nav = page.getByRole('navigation', { name: 'Portfolio pages' });
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) await expect(nav.getByRole('link', { name })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Page 3', exact: true })).toBeHidden();
    await expect(nav.getByRole('spinbutton', { name: 'Page' })).toBeVisible();
    const width = await nav.evaluate((el) => el.scrollWidth);
    expect(width, `${size.width}: nothing overflows`).toBeLessThanOrEqual(size.width);
    await nav.getByRole('link', { name: 'Last page' }).click();
    await expect(page).toHaveURL(/\/portfolio\?page=4#results$/);
    await expect(nav.getByRole('link', { name: 'Last page' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'First page' }).click();
    await expect(page).toHaveURL(/\/portfolio(\?page=1)?#results$/);
  }
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the page jump is a form: it keeps the filters and lands on the results', async ({ page }) => {
    await page.goto('/portfolio?status=current');
    const nav = page.getByRole('navigation', { name: 'Portfolio pages' });
    await nav.getByRole('spinbutton', { name: 'Page' }).fill('2');
    await nav.getByRole('button', { name: 'Go to page' }).click();
    await expect(page).toHaveURL(/\/portfolio\?(page=2&status=current|status=current&page=2)#results$/);
    await expect(nav.locator('a[aria-current="page"]')).toHaveText('2');
  });
});

test('@mobile phones: the logo is one line (390) or the monogram (320), clear of the top edge, on every kind of page', async ({ page }) => {
  for (const size of [PHONE, NARROW]) {
    await page.setViewportSize(size);
    for (const path of ['/', '/portfolio', '/research/water-as-a-strategic-input', '/team']) {
      await open(page, path);
      const logo = page.getByRole('banner').getByRole('link', { name: 'Halden Rowe Capital, home' });
      const mark = logo.locator('.logo__mark');
      await expect(mark, `${size.width} ${path}: the monogram`).toBeVisible();
      const box = (await mark.boundingBox())!;
      expect(box.y, `${size.width} ${path}: clear of the top edge`).toBeGreaterThanOrEqual(8);
      const name = logo.locator('.logo__name');
      if (size === PHONE) {
        const lines = await name.evaluate((el) => el.getClientRects().length === 1 && el.getBoundingClientRect().height < parseFloat(getComputedStyle(el).fontSize) * 1.6);
        expect(lines, `${path}: "Halden Rowe" on one line`).toBe(true);
        await expect(name).toBeVisible();
      }
    }
  }
});

test('@mobile phones: the filters fold into "Filters (n)"; a choice keeps focus and the panel, and counts itself', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await open(page, '/portfolio');
  const summary = page.getByText('Filters (0)', { exact: true });
  await expect(summary).toBeVisible();
  const strategy = page.getByRole('group', { name: 'Filter by strategy' });
  await expect(strategy).toBeHidden();
  // The first company is on the first screen, not pushed below four groups of buttons.
  const firstCard = page.locator('#results .card').first();
  expect((await firstCard.boundingBox())!.y).toBeLessThan(844);
  await summary.click();
  await expect(strategy).toBeVisible();
  const buyouts = strategy.getByRole('button', { name: /^Buyouts/ });
  await chooseFilterByKeyboard(page, buyouts, /\/portfolio\?strategy=buyouts$/);
  await expect(strategy).toBeVisible();
  await expect(page.getByText('Filters (1)', { exact: true })).toBeVisible();
});

test('wide screens show the filters whole, without the disclosure', async ({ page }) => {
  await open(page, '/portfolio');
  await expect(page.getByRole('group', { name: 'Filter by strategy' })).toBeVisible();
  await expect(page.getByText('Filters (0)', { exact: true })).toBeHidden();
  await open(page, '/press-releases');
  await expect(page.getByRole('group', { name: 'Filter by year' })).toBeVisible();
});

test('an option that would leave no companies is disabled, and its name says 0', async ({ page }) => {
  await open(page, '/portfolio?region=asia-pacific&sector=pharmaceuticals');
  const group = page.getByRole('group', { name: 'Filter by status' });
  const zero = group.getByRole('button', { name: /0 companies$/ });
  await expect(zero).toHaveCount(1);
  await expect(zero).toBeDisabled();
  // The others stay usable.
  await expect(group.getByRole('button', { name: /^All/ })).toBeEnabled();
});

test.describe('phones without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: PHONE });

  test('"Filters (n)" opens without script and its buttons filter', async ({ page }) => {
    await page.goto('/portfolio?status=current');
    const summary = page.getByText('Filters (1)', { exact: true });
    await summary.click();
    const region = page.getByRole('group', { name: 'Filter by region' });
    await region.getByRole('button', { name: /^Europe/ }).click();
    await expect(page).toHaveURL(/\/portfolio\?(region=europe&status=current|status=current&region=europe)$/);
    await expect(page.getByText('Filters (2)', { exact: true })).toBeVisible();
  });
});

test("'Learn more' still opens the story; the story leads to the company's page, which tells it as a case study", async ({ page }) => {
  await open(page, '/');
  const slide = page.locator('.slide--active');
  const title = (await slide.getByRole('heading', { level: 2 }).textContent())!;
  await slide.getByRole('button', { name: /^Learn more/ }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  const profile = dialog.getByRole('link', { name: /: company profile$/ });
  const company = (await profile.textContent())!.replace(/: company profile$/, '');
  await profile.click();
  await expect(page).toHaveURL(/\/portfolio\/[a-z0-9-]+$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
  const caseStudy = page.getByRole('region', { name: title });
  for (const heading of ['Overview', 'Key Highlights', 'Our Strategy', 'Identify', 'Execute', 'Deliver']) await expect(caseStudy.getByRole('heading', { name: heading, exact: true })).toBeVisible();
});

test('@mobile press releases: dated rows, the year filter on one row that never widens the page', async ({ page }) => {
  for (const size of [{ width: 1440, height: 900 }, PHONE, NARROW]) {
    await page.setViewportSize(size);
    await open(page, '/press-releases');
    const folded = page.getByText('Filters (0)', { exact: true });
    if (await folded.isVisible()) await folded.click();
    const years = page.getByRole('group', { name: 'Filter by year' }).getByRole('button');
    const tops = await years.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size, `${size.width}: one row`).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${size.width}: no sideways scroll`).toBeLessThanOrEqual(size.width);
    // Each row starts with its date, left of (or above) its title.
    const first = page.locator('.article-rows > li').first();
    const date = (await first.locator('time').boundingBox())!;
    const title = (await first.getByRole('heading').boundingBox())!;
    expect(date.x <= title.x && date.y <= title.y + 1).toBe(true);
  }
});

test('@mobile /team on a phone: its filters fold into "Filters (n)" too', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await open(page, '/team?office=london');
  const office = page.getByRole('group', { name: 'Filter by office' });
  await expect(office).toBeHidden();
  await page.getByText('Filters (1)', { exact: true }).click();
  await expect(office).toBeVisible();
});
