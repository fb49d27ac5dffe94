/**
 * The navigation bar (seed §4, §9): solid after scrollY 50 (transparent before that on the home
 * page only), hidden when scrolling down past 100, shown when scrolling up or under 10, pinned
 * while an overlay is open; the MENU and LOGIN overlays. Scrolling is scripted: window.scrollTo,
 * then a 'scroll' event dispatched at once (the browser's own event follows with the same scrollY).
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, open, startsWith, headerButton, sendLoginOverlay } from './fixtures.ts';
import { recordJourneyTest } from './journeys.ts';
import { loadContent } from '../../src/content/load.ts';

/** The first story's title: the dialog's name when it is expanded. */
const STORY_TITLE = loadContent().stories[0].title;

test.describe.configure({ mode: 'parallel' });

// The outcome of the journey tests, for the conformance report (journeys.ts JOURNEY_TESTS).
test.afterEach(({ browserName: _browser }, testInfo) => recordJourneyTest(testInfo));

const navbar = (page: Page) => page.getByTestId('navbar');

async function scrollToY(page: Page, y: number) {
  const actual = await page.evaluate((target) => {
    window.scrollTo(0, target);
    window.dispatchEvent(new Event('scroll'));
    return window.scrollY;
  }, y);
  expect(actual, `the page scrolls to ${y}`).toBe(y);
}

const GROUPS = ['Style', 'Strategies', 'Sectors', 'About', 'Resources'] as const;

test.describe('scroll thresholds', () => {
  test('home: transparent at scrollY 49 or less, solid at 51', async ({ page }) => {
    await open(page, '/', { freeze: true });
    await expect(navbar(page)).toHaveClass(/\bnavbar--transparent\b/);
    await scrollToY(page, 49);
    await expect(navbar(page)).toHaveClass(/\bnavbar--transparent\b/);
    await expect(navbar(page)).not.toHaveClass(/\bnavbar--solid\b/);
    await scrollToY(page, 51);
    await expect(navbar(page)).toHaveClass(/\bnavbar--solid\b/);
    await expect(navbar(page)).not.toHaveClass(/\bnavbar--transparent\b/);
    await scrollToY(page, 49);
    await expect(navbar(page)).toHaveClass(/\bnavbar--transparent\b/);
  });

  test('other pages: solid from the top', async ({ page }) => {
    await open(page, '/philosophy');
    await expect(navbar(page)).toHaveClass(/\bnavbar--solid\b/);
    await scrollToY(page, 49);
    await expect(navbar(page)).toHaveClass(/\bnavbar--solid\b/);
  });

  test('hidden when scrolling down past 100 (99: shown, 101: hidden), shown again on scroll up', async ({ page }) => {
    await open(page, '/philosophy');
    await scrollToY(page, 99);
    await expect(navbar(page)).not.toHaveClass(/\bnavbar--hidden\b/);
    await scrollToY(page, 101);
    await expect(navbar(page)).toHaveClass(/\bnavbar--hidden\b/);
    await scrollToY(page, 400);
    await expect(navbar(page)).toHaveClass(/\bnavbar--hidden\b/);
    await scrollToY(page, 390);
    await expect(navbar(page)).not.toHaveClass(/\bnavbar--hidden\b/);
    await expect(navbar(page)).toBeInViewport();
  });

  test('shown near the top: at scrollY 11 and at 9 after being hidden', async ({ page }) => {
    await open(page, '/philosophy');
    await scrollToY(page, 300);
    await expect(navbar(page)).toHaveClass(/\bnavbar--hidden\b/);
    await scrollToY(page, 11);
    await expect(navbar(page)).not.toHaveClass(/\bnavbar--hidden\b/);
    await scrollToY(page, 300);
    await expect(navbar(page)).toHaveClass(/\bnavbar--hidden\b/);
    await scrollToY(page, 9);
    await expect(navbar(page)).not.toHaveClass(/\bnavbar--hidden\b/);
  });

  test('stays visible while the menu is open', async ({ page }) => {
    await open(page, '/philosophy');
    await headerButton(page, 'MENU').click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await scrollToY(page, 101);
    await scrollToY(page, 400);
    await expect(navbar(page)).not.toHaveClass(/\bnavbar--hidden\b/);
  });
});

test.describe('menu', () => {
  test('MENU opens a dialog with the five groups and the legal links', async ({ page }) => {
    await open(page, '/philosophy');
    const menuButton = headerButton(page, 'MENU');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (const g of GROUPS) await expect(menu.getByRole('button', { name: g, exact: true })).toHaveAttribute('aria-expanded', 'false');
    for (const [label, href] of [
      ['Terms & conditions', '/disclosures'],
      ['Privacy and Cookie Notice', '/privacy'],
      ['Accessibility', '/accessibility'],
      ['Legal', '/disclosures'],
    ]) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
    }
  });

  test("the menu's Accessibility entry leads to the accessibility statement (issue 31 item 8, WCAG 2.4.4)", async ({ page }) => {
    await open(page, '/philosophy');
    await headerButton(page, 'MENU').click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Accessibility', exact: true }).click();
    await expect(page).toHaveURL(/\/accessibility$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accessibility Statement');
  });

  test('groups expand one at a time (aria-expanded) and show their links', async ({ page }) => {
    await open(page, '/', { freeze: true });
    await headerButton(page, 'MENU').click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const expected: Record<(typeof GROUPS)[number], string[]> = {
      Style: ['Philosophy', 'Process', 'Principles'],
      Strategies: ['Growth Equity', 'Buyouts', 'Special Situations', 'Private Credit'],
      Sectors: ['Technology', 'Real Estate', 'Pharmaceuticals', 'Natural Resources', 'Food & Beverages'],
      About: ['Company Profile', 'Team', 'Careers', 'Portfolio', 'Contact'],
      Resources: ['All Resources', 'Insights and Research', 'Press Releases', 'News & Updates', 'Documents', 'Email Alerts'],
    };
    for (const g of GROUPS) {
      const button = menu.getByRole('button', { name: g, exact: true });
      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      for (const other of GROUPS.filter((o) => o !== g)) {
        await expect(menu.getByRole('button', { name: other, exact: true })).toHaveAttribute('aria-expanded', 'false');
      }
      const panel = page.locator(`#${await button.getAttribute('aria-controls')}`);
      await expect(panel).toBeVisible();
      for (const label of expected[g]) await expect(panel.getByRole('link', { name: startsWith(label) })).toBeVisible();
      await expect(panel.getByRole('link')).toHaveCount(expected[g].length);
    }
    // Clicking the open group closes it.
    await menu.getByRole('button', { name: 'Resources', exact: true }).click();
    await expect(menu.getByRole('button', { name: 'Resources', exact: true })).toHaveAttribute('aria-expanded', 'false');
  });

  test('Escape closes the menu and focus returns to MENU', async ({ page }) => {
    await open(page, '/philosophy');
    const menuButton = headerButton(page, 'MENU');
    await menuButton.click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(menuButton).toBeFocused();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  test('a menu link navigates and closes the menu', async ({ page }) => {
    await open(page, '/philosophy');
    await headerButton(page, 'MENU').click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('button', { name: 'About', exact: true }).click();
    await menu.getByRole('link', { name: startsWith('Team') }).click();
    await expect(page).toHaveURL(/\/team$/);
    await expect(menu).toBeHidden();
    await expect(page.locator('main h1')).toBeFocused();
  });

  test('MENU works while a story is expanded: the menu opens and the story closes (issue 31 item 11, seed §4)', { tag: '@mobile' }, async ({ page }, testInfo) => {
    await open(page, '/', { freeze: true });
    await page.getByRole('button', { name: testInfo.project.name === 'mobile' ? /^Read More/ : /^Learn more/ }).click();
    const story = page.getByRole('dialog', { name: STORY_TITLE });
    await expect(story).toBeVisible();
    await expect(navbar(page), 'the bar stays visible').toBeInViewport();
    await headerButton(page, 'MENU').click({ timeout: 5000 });
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expect(story).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(headerButton(page, 'MENU')).toBeFocused();
  });

  test('opening the menu closes the news panel', async ({ page }, testInfo) => {
    await open(page, '/', { freeze: true });
    const startHere = page.getByRole('link', { name: testInfo.project.name === 'mobile' ? /^MORE\b/ : /^Start here\b/ });
    await startHere.click();
    await expect(page.getByRole('region', { name: 'Explore Halden Rowe' })).toBeVisible();
    await headerButton(page, 'MENU').click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Explore Halden Rowe' })).toHaveCount(0);
  });
});

test.describe('investor login overlay', () => {
  test('LOGIN opens the overlay: fields, Sign In, Forgot password?, Create account and the note', async ({ page }) => {
    await open(page, '/philosophy');
    const loginButton = headerButton(page, 'LOGIN');
    await loginButton.click();
    const dialog = page.getByRole('dialog', { name: 'Investor Login' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(dialog.getByLabel('Password')).toHaveAttribute('type', 'password');
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await expect(dialog.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Create account' })).toBeVisible();
    await expect(dialog.getByText('Access is restricted to authorized investors only')).toBeVisible();
    await expect(loginButton).toHaveAttribute('aria-expanded', 'true');
  });

  test("'Sign In' makes no call and explains how investor access is arranged", async ({ page }) => {
    await open(page, '/philosophy');
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET') requests.push(`${r.method()} ${r.url()}`);
    });
    const dialog = await sendLoginOverlay(page, 'investor@example.com', 'secret');
    await expect(dialog.getByRole('status').getByRole('link')).toHaveAttribute('href', /^mailto:/);
    expect(requests).toEqual([]);
  });

  test('menu and login overlays are mutually exclusive', async ({ page }) => {
    await open(page, '/philosophy');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const login = page.getByRole('dialog', { name: 'Investor Login' });
    /** `dialog` is open, and no other. */
    const onlyOpen = async (dialog: Locator) => {
      await expect(page.locator('dialog[open]')).toHaveCount(1);
      await expect(dialog).toBeVisible();
    };
    await headerButton(page, 'MENU').click();
    await onlyOpen(menu);
    // From the menu, LOGIN switches overlays: the menu closes, the login overlay opens.
    await menu.getByRole('button', { name: 'LOGIN' }).click();
    await onlyOpen(login);
    await expect(menu).toBeHidden();
    // The header behind a modal dialog is inert; a click dispatched to MENU anyway must switch
    // overlays, never stack them.
    await headerButton(page, 'MENU').dispatchEvent('click');
    await onlyOpen(menu);
    await page.keyboard.press('Escape');
    await expect(page.locator('dialog[open]')).toHaveCount(0);
    await headerButton(page, 'LOGIN').click();
    await onlyOpen(login);
    await login.getByRole('button', { name: 'CLOSE' }).click();
    await expect(page.locator('dialog[open]')).toHaveCount(0);
    await expect(headerButton(page, 'LOGIN')).toBeFocused();
  });

  test("/research's 'Investor Login' button opens the same overlay", async ({ page }) => {
    await open(page, '/research');
    await page.getByRole('main').getByRole('button', { name: 'Investor Login' }).click();
    await expect(page.getByRole('dialog', { name: 'Investor Login' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
  });
});

/**
 * The header's MENU and LOGIN (issue 37). Before the scripts run they are invoker buttons
 * (commandfor/command="show-modal": the dialogs open without JavaScript), and HTML forbids
 * aria-expanded on a button with a command; once hydrated they are ordinary toggles whose state
 * is aria-expanded. Checked where assistive technology reads it: Chromium's accessibility tree.
 */
test('MENU and LOGIN: valid invokers in the server HTML, their state in the accessibility tree once hydrated (issue 37)', async ({ page }) => {
  const html = await (await page.request.get('/philosophy')).text();
  const invokers = [...html.matchAll(/<button\b[^>]*\bcommand="[^"]*"[^>]*>/g)].map((m) => m[0]);
  expect(invokers.length, 'the header and the menu carry invoker buttons').toBeGreaterThanOrEqual(3);
  for (const tag of invokers) expect(tag, 'HTML: no aria-expanded on a button with a command').not.toMatch(/\baria-expanded=/);

  await open(page, '/philosophy');
  const cdp = await page.context().newCDPSession(page);
  const axNode = async (selector: string, name: string, role: string) => {
    const { result } = await cdp.send('Runtime.evaluate', { expression: `document.querySelector(${JSON.stringify(selector)})` });
    const { nodes } = await cdp.send('Accessibility.queryAXTree', { objectId: result.objectId, accessibleName: name, role });
    const props = Object.fromEntries((nodes[0]?.properties ?? []).map((p) => [p.name, p.value.value]));
    return { found: nodes.length, ignored: nodes[0]?.ignored ?? true, props };
  };
  for (const name of ['MENU', 'LOGIN']) {
    const button = await axNode('header', name, 'button');
    expect(button.found, `${name} is in the accessibility tree`).toBe(1);
    expect(button.props.hasPopup, `${name} says it opens a dialog`).toBe('dialog');
    expect(button.props.expanded, `${name} is collapsed`).toBe(false);
  }
  await headerButton(page, 'MENU').click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  // (Queried from the dialog: with a modal open, the page around it is out of the tree.)
  const menu = await axNode('dialog[open]', 'Menu', 'dialog');
  expect(menu.props.modal, 'the menu is a modal dialog').toBe(true);
  await page.keyboard.press('Escape');
  await expect(headerButton(page, 'MENU')).toBeFocused();
  expect((await axNode('header', 'MENU', 'button')).props.expanded).toBe(false);
});
