/**
 * The team's filters, careers and the document library in the browser (issue 36): after hydration
 * a team filter replaces the URL, keeps focus on the button and fetches nothing (the team is
 * already on the page); a careers filter fetches one listing answer; a document's link is its
 * PDF; without JavaScript the same forms reach the same pages.
 */
import { test, expect, open, apiRequests, chooseFilterByKeyboard } from './fixtures.ts';

const people = (page: import('@playwright/test').Page) => page.locator('.person__link').allInnerTexts();

test('/team: a keyboard user filters by office and strategy; focus stays on the button, the split is kept, nothing is fetched', async ({ page }) => {
  await open(page, '/team');
  const requests = apiRequests(page);
  const office = page.getByRole('group', { name: 'Filter by office' });
  const london = office.getByRole('button', { name: /^London/ });
  await chooseFilterByKeyboard(page, london, /\/team\?office=london$/);
  await expect.poll(() => people(page)).toEqual(['Sofia Lindqvist', 'Ingrid Solberg']);
  await expect(page.getByRole('heading', { name: 'Leadership', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Investment Team', level: 2 })).toBeVisible();
  const buyouts = page.getByRole('group', { name: 'Filter by strategy' }).getByRole('button', { name: /^Buyouts/ });
  await buyouts.click();
  await expect(page).toHaveURL(/\/team\?office=london&strategy=buyouts$/);
  await expect(page.getByRole('status').filter({ hasText: /^Showing/ })).toHaveText('Showing 2 results');
  // An option that would leave no one is disabled (issue 35), its name ending "0 people".
  const technology = page.getByRole('group', { name: 'Filter by sector' }).getByRole('button', { name: /^Technology/ });
  await expect(technology).toBeDisabled();
  await expect(technology).toHaveAccessibleName(/0 people$/);
  expect(requests).toEqual([]);
  // Such a combination reached by its URL: the empty state; "Clear all filters" returns focus to the first filter.
  await open(page, '/team?office=london&strategy=buyouts&sector=technology');
  await expect(page.getByText('No one on the team matches all of these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear all filters' }).click();
  await expect(page).toHaveURL(/\/team$/);
  await expect(office.getByRole('button', { name: /^All/ })).toBeFocused();
});

test('/careers: a filter fetches one listing answer; a role links to its page, which offers the application', async ({ page }) => {
  await open(page, '/careers');
  const requests = apiRequests(page);
  await page
    .getByRole('group', { name: 'Filter by team' })
    .getByRole('button', { name: /^Finance/ })
    .click();
  await expect(page).toHaveURL(/\/careers\?team=finance$/);
  await expect(page.locator('.role__title')).toHaveText(['Senior Fund Accountant']);
  expect(requests).toEqual(['/api/listings/careers?team=finance']);
  await page.getByRole('link', { name: 'Senior Fund Accountant' }).click();
  await expect(page).toHaveURL(/\/careers\/senior-fund-accountant-new-york$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Senior Fund Accountant');
  await expect(page.getByRole('link', { name: 'Apply by Email' })).toHaveAttribute('href', /^mailto:careers@haldenrowe\.com\?subject=Application%3A%20Senior%20Fund%20Accountant/);
});

test("/documents: a document's link is its PDF, described by its size and pages", async ({ page, request }) => {
  await open(page, '/documents');
  const link = page.getByRole('link', { name: 'ESG Report 2025', exact: true });
  await expect(link).toHaveAttribute('href', '/documents/esg-report-2025.pdf');
  await expect(link).toHaveAccessibleDescription(/^PDF, \d+ KB, \d+ pages$/);
  const res = await request.get('/documents/esg-report-2025.pdf');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
});

test("a PDF opens in Chromium's own viewer, which shows its title (not its file name) and its pages", async ({ page }) => {
  await open(page, '/documents');
  // The page count the link's description gives ("PDF, 67 KB, 9 pages").
  const pages = /, (\d+) pages$/.exec(await page.locator('#document-esg-report-2025-file').innerText())?.[1];
  expect(pages).toBeTruthy();
  await page.goto('/documents/esg-report-2025.pdf');
  // The viewer is the built-in PDF extension's page, in a frame of the tab.
  const viewer = async () => page.frames().find((f) => f.url().startsWith('chrome-extension://mhjfbmdgcfjbbpaeojofohoefgiehjai/'));
  await expect.poll(async () => !!(await viewer())).toBe(true);
  const frame = (await viewer())!;
  await expect(frame.getByText('ESG Report 2025', { exact: true }).first()).toBeVisible();
  await expect(frame.getByText(`/ ${pages}`).first()).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the team and careers filters are GET forms that reach the same pages', async ({ page }) => {
    await page.goto('/team');
    await page
      .getByRole('group', { name: 'Filter by office' })
      .getByRole('button', { name: /^Singapore/ })
      .click();
    await expect(page).toHaveURL(/\/team\?office=singapore$/);
    await expect(page.locator('.person__link')).toHaveText(['Kenji Morimoto', 'Mei Lin Tan']);
    await page
      .getByRole('group', { name: 'Filter by sector' })
      .getByRole('button', { name: /^Technology/ })
      .click();
    await expect(page).toHaveURL(/\/team\?office=singapore&sector=technology$/);
    await page.goto('/careers');
    await page
      .getByRole('group', { name: 'Filter by office' })
      .getByRole('button', { name: /^San Francisco/ })
      .click();
    await expect(page).toHaveURL(/\/careers\?office=san-francisco$/);
    await expect(page.locator('.role__title')).toHaveText(['Data Engineer, Portfolio Analytics']);
  });
});
