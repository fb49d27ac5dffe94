/**
 * Controls that work without JavaScript, and before it arrives (issue 15). The site's scripts
 * start after the first paint, later on a slow phone; until then, and for visitors who switch
 * script off, the platform does the work:
 * - MENU and LOGIN open their dialogs by invoker commands (commandfor/command), CLOSE and Escape
 *   close them; every menu group is shown open;
 * - the slider's previous/next and "Show story N of M" submit a GET form (/?slide=N), and
 *   'Learn more' opens the story's own URL (/?story=<id>), rendered open by the server;
 * - the cookie switches are checkboxes in a form that posts the choice (stored in a cookie the
 *   server renders from);
 * - the investor login's Sign In sends nothing anywhere.
 * Then, with script held back until after a control was used: hydration adopts the open dialog.
 */
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, isMobile, waitForHydration, headerButton, fadesOver } from './fixtures.ts';
import { focusProblems, focusSnapshot, recordJourneyTest } from './journeys.ts';
import { collection } from '../helpers/pages.ts';
import { statusConsoleError } from './site.ts';
import { STYLE_LINKS, ABOUT_LINKS, RESOURCE_LINKS, LEGAL_LINKS } from '../../src/app/nav-links.ts';
import { alertKeys, signLink } from '../../src/server/alerts.ts';
import { E2E_SESSION_SECRET } from './env.ts';
import { BOOT_DATA_ID } from '../../src/app/Document.tsx';

// The outcome of the journey tests, for the conformance report (journeys.ts JOURNEY_TESTS).
test.afterEach(({ browserName: _browser }, testInfo) => recordJourneyTest(testInfo));

const stories = collection<{ id: string; title: string }>('/api/stories');
const practiceAreas = collection<{ name: string }>('/api/practice-areas');

const activeTitle = (page: Page) => page.locator('.slide--active .slide__title');
/** The current story's 'Learn more' or 'Read More', whichever this width shows. */
const learnMoreVisible = (page: Page) => page.locator('.slide--active .slide__learn:visible');
const learnMore = (page: Page, testInfo: TestInfo) => page.locator('.slide--active').getByRole('button', { name: isMobile(testInfo) ? /^Read More/ : /^Learn more/ });

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('MENU opens the menu with every group open; CLOSE and Escape close it', async ({ page }) => {
    await page.goto('/team');
    await headerButton(page, 'MENU').click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    expect(await menu.evaluate((d) => (d as HTMLDialogElement).matches(':modal'))).toBe(true);
    const labels = [...STYLE_LINKS, ...ABOUT_LINKS, ...RESOURCE_LINKS, ...LEGAL_LINKS].map((l) => l.label).concat(practiceAreas.map((p) => p.name));
    for (const label of labels) await expect(menu.getByRole('link', { name: label, exact: true }).first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await headerButton(page, 'MENU').click();
    await menu.getByRole('button', { name: /^CLOSE/ }).click();
    await expect(menu).toBeHidden();
    // A menu link is a plain link: it leads to its page.
    await headerButton(page, 'MENU').click();
    await menu.getByRole('link', { name: 'Philosophy', exact: true }).click();
    await expect(page).toHaveURL(/\/philosophy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Philosophy/);
  });

  test('LOGIN opens the investor login, which explains access and sends nothing', async ({ page }) => {
    await page.goto('/research');
    for (const open of [() => headerButton(page, 'LOGIN').click(), () => page.getByRole('button', { name: 'Investor Login' }).click()]) {
      await open();
      const dialog = page.getByRole('dialog', { name: 'Investor Login' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('status')).toContainText('Investor Relations');
      await dialog.getByRole('textbox', { name: 'Email' }).fill('a.investor@example.com');
      await dialog.getByLabel('Password').fill('not-sent-anywhere');
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      await expect(dialog).toBeHidden();
      // Nothing was submitted: no navigation, no query string, no password in a URL.
      await expect(page).toHaveURL(/\/research$/);
    }
  });

  test('every slide is reached with next and previous, and every indicator leads to its story', async ({ page }) => {
    await page.goto('/');
    const seen = [await activeTitle(page).textContent()];
    for (let i = 1; i < stories.length; i++) {
      await page.getByRole('button', { name: 'Next story' }).click();
      await expect(page).toHaveURL(new RegExp(`/\\?slide=${i + 1}`));
      seen.push(await activeTitle(page).textContent());
    }
    expect(seen).toEqual(stories.map((s) => s.title));
    // Next on the last story wraps to the first (the plain home page).
    await page.getByRole('button', { name: 'Next story' }).click();
    await expect(activeTitle(page)).toHaveText(stories[0].title);
    await page.getByRole('button', { name: 'Previous story' }).click();
    await expect(activeTitle(page)).toHaveText(stories[stories.length - 1].title);
    for (let n = 1; n <= stories.length; n++) {
      await page.getByRole('button', { name: `Show story ${n} of ${stories.length}`, exact: true }).click();
      await expect(activeTitle(page)).toHaveText(stories[n - 1].title);
    }
  });

  test("every story's detail opens at its own URL, and CLOSE returns to its slide", { tag: '@mobile' }, async ({ page }, testInfo) => {
    for (const [i, story] of stories.entries()) {
      await page.goto(i ? `/?slide=${i + 1}` : '/');
      await learnMore(page, testInfo).click();
      await expect(page).toHaveURL(new RegExp(`/\\?story=${story.id}$`));
      const detail = page.getByRole('dialog', { name: story.title });
      await expect(detail).toBeVisible();
      await expect(detail.getByRole('heading', { name: 'Key Highlights' })).toBeVisible();
      await detail.getByRole('button', { name: /^CLOSE/ }).click();
      await expect(detail).toBeHidden();
      await expect(activeTitle(page)).toHaveText(story.title);
    }
  });

  test('a message the server refuses comes back with everything the visitor typed (issue 31 item 7, WCAG 3.3.7)', async ({ page, diagnostics }) => {
    diagnostics.allow(statusConsoleError(400));
    await page.goto('/contact');
    const typed = {
      Name: 'Ann Lindqvist',
      // Valid to the browser (a host without a dot), refused by the server.
      Email: 'ann@example',
      Company: 'Nordvik Pension Fund',
      Message: 'We are reviewing managers for a mid-market buyout allocation and would like an introductory call.',
    };
    for (const [label, value] of Object.entries(typed)) await page.getByRole('textbox', { name: new RegExp(`^${label}`) }).fill(value);
    await page.getByRole('button', { name: 'Send Message' }).click();
    const email = page.getByRole('textbox', { name: /^Email/ });
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('alert')).toBeVisible();
    for (const [label, value] of Object.entries(typed)) await expect(page.getByRole('textbox', { name: new RegExp(`^${label}`) }), `${label} keeps what was typed`).toHaveValue(value);
  });

  test('cookie choices are saved by the form and shown on return', async ({ page }) => {
    await page.goto('/cookie-settings');
    const analytics = page.getByRole('switch', { name: /Analytics/ });
    const marketing = page.getByRole('switch', { name: /Marketing/ });
    await expect(page.getByRole('switch', { name: /Essential/ })).toBeChecked();
    await expect(page.getByRole('switch', { name: /Essential/ })).toBeDisabled();
    await analytics.check();
    await page.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(page).toHaveURL(/\/cookie-settings\?saved=1$/);
    await expect(page.getByRole('status').filter({ hasText: 'Preferences saved.' })).toContainText('analytics on; marketing off');
    await page.goto('/cookie-settings');
    await expect(analytics).toBeChecked();
    await expect(marketing).not.toBeChecked();
    await page.getByRole('button', { name: 'Accept All' }).click();
    await expect(marketing).toBeChecked();
    await page.getByRole('button', { name: 'Reject Non-Essential' }).click();
    await expect(analytics).not.toBeChecked();
    await expect(marketing).not.toBeChecked();
  });

  test('the alerts form posts and the page shows the outcome (here: no SMTP server, so 503 with the reason)', async ({ page, diagnostics }) => {
    diagnostics.allow(statusConsoleError(503));
    await page.goto('/alerts');
    await page.getByRole('textbox', { name: 'Email' }).fill('no-script@example.com');
    await page.getByRole('checkbox', { name: 'Press Releases' }).uncheck();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/alerts'));
    await page.getByRole('button', { name: 'Subscribe' }).click();
    expect((await answer).status()).toBe(503);
    await expect(page.getByRole('alert')).toContainText('Alerts cannot be set up right now');
    await page.goto('/alerts?status=sent');
    await expect(page.getByRole('status').filter({ hasText: 'Check your inbox to confirm' })).toBeVisible();
  });

  test("an alert e-mail's links confirm and unsubscribe, signed out, each with one button", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const token = signLink(alertKeys([E2E_SESSION_SECRET]), { a: 'confirm', e: 'no-script-reader@example.com', k: ['research'], x: Date.now() + 3600_000 });
    await page.goto(`/subscription/confirm?t=${token}`);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You Are Subscribed');
    await page.getByRole('link', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsubscribe from Email Alerts');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You Are Unsubscribed');
    await context.close();
  });
});

test.describe('before the scripts arrive', () => {
  test('a menu opened before hydration stays open, and React takes it over', async ({ page }) => {
    // Hold the site's entry script until MENU has been used.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route(/\/assets\/entry-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/team');
    await headerButton(page, 'MENU').click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    release();
    await waitForHydration(page);
    await expect(menu).toBeVisible();
    // The header's state follows (the header is inert behind the modal, so read the attribute).
    await expect(headerButton(page, 'MENU')).toHaveAttribute('aria-expanded', 'true');
    // Script now runs the groups: one open at a time.
    const style = menu.getByRole('button', { name: 'Style', exact: true });
    await style.click();
    await expect(style).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('button', { name: 'Sectors', exact: true })).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(headerButton(page, 'MENU')).toHaveAttribute('aria-expanded', 'false');
  });

  test('a story opened by its URL before the scripts run: Tab stays in the story and the header, never behind it (issue 31 item 4)', { tag: '@mobile' }, async ({ page }) => {
    // Every script held back: the page as the server sent it.
    // (The loader is deferred, so neither DOMContentLoaded nor load comes: wait for the response.)
    await page.route('**/assets/*.js', () => {});
    await page.goto(`/?story=${stories[1].id}`, { waitUntil: 'commit' });
    const detail = page.getByRole('dialog', { name: stories[1].title });
    await expect(detail).toBeVisible();
    // The page as the server sent it, at rest: the whole document parsed (the boot data is the
    // body's last element but the held loader) and the story's fade-in over. Tabbing during the
    // first frames found the dialog itself, a scroller still at opacity 0 (one CI run in ~10).
    await expect(page.locator(`#${BOOT_DATA_ID}`)).toBeAttached();
    await fadesOver(page);
    let reachedClose = false;
    for (let i = 1; i <= 8; i++) {
      await page.keyboard.press('Tab');
      const where = await focusSnapshot(page);
      expect(focusProblems(where), `Tab ${i}: ${where.desc}`).toEqual([]);
      const inStoryOrHeader = await page.evaluate(() => !!document.activeElement?.closest('dialog[open], header'));
      expect(inStoryOrHeader, `Tab ${i} stays in the story or the header (${where.desc})`).toBe(true);
      if (/CLOSE/.test(where.desc)) reachedClose = true;
    }
    expect(reachedClose, "the story's CLOSE is among the first Tab stops").toBe(true);
  });

  test("a story's own URL stays open under the header on hydration, and Escape closes it", async ({ page }) => {
    await page.goto(`/?story=${stories[1].id}`);
    await waitForHydration(page);
    const detail = page.getByRole('dialog', { name: stories[1].title });
    await expect(detail).toBeVisible();
    // Not modal: the header above it stays usable (seed §4), the page behind it is inert.
    expect(await page.locator('main > .home-page').evaluate((el) => (el as HTMLElement).inert)).toBe(true);
    await detail.getByRole('button', { name: /^CLOSE/ }).focus();
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await expect(activeTitle(page)).toHaveText(stories[1].title);
    expect(await page.locator('main > .home-page').evaluate((el) => (el as HTMLElement).inert)).toBe(false);
    await expect(learnMoreVisible(page)).toBeFocused();
  });
});
