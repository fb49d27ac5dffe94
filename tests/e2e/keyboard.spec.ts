/**
 * Keyboard use (WCAG 2.1.1, 2.1.2, 2.4.1, 2.4.3; product.md "Accessibility"): the skip link is
 * the first Tab stop and moves focus to main; the header's tab order follows its visual order
 * (logo, LOGIN, MENU); every overlay opens from the keyboard, keeps focus inside, closes with
 * Escape and gives focus back to the control that opened it.
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import { test, expect, open, isMobile, startsWith, headerButton } from './fixtures.ts';
import { expectFocusRests, recordJourneyTest } from './journeys.ts';

test.describe.configure({ mode: 'parallel' });

// The outcome of the journey tests, for the conformance report (journeys.ts JOURNEY_TESTS).
test.afterEach(({ browserName: _browser }, testInfo) => recordJourneyTest(testInfo));

/** The news panel's opener in the current slide, as this viewport shows it (Start here / MORE). */
const panelOpener = (page: Page, testInfo: TestInfo) => page.locator('.slide--active').getByRole('link', { name: isMobile(testInfo) ? /^MORE\b/ : /^Start here\b/ });

/** A short description of the focused element, and whether it sits inside `within`. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { desc: 'body', inDialog: false, inHeader: false };
    const name = el.getAttribute('aria-label') || el.textContent?.trim().slice(0, 40) || el.id;
    return { desc: `${el.tagName.toLowerCase()} "${name}"`, inDialog: !!el.closest('dialog[open]'), inHeader: !!el.closest('header') };
  });
}

/**
 * Tabs forwards and backwards through an open dialog, more times than it has focusable elements:
 * focus must never land outside it. (A native modal <dialog> lets focus leave for the browser's
 * own UI after the last element, which shows here as <body>; it then comes back into the dialog.)
 */
async function expectFocusTrapped(page: Page, dialog: Locator, opts: { header?: boolean } = {}) {
  const count = await dialog.evaluate((d) => d.querySelectorAll('a[href], button:not([disabled]), input:not([type=hidden]), select, textarea, [tabindex]:not([tabindex="-1"])').length);
  const seen = new Set<string>();
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < count + 3; i++) {
      await page.keyboard.press(key);
      const f = await focused(page);
      if (f.desc !== 'body') expect(f.inDialog || (!!opts.header && f.inHeader), `${key} #${i + 1} keeps focus in the dialog${opts.header ? ' or the header' : ''} (focused: ${f.desc})`).toBe(true);
      seen.add(f.desc);
    }
  }
  expect(seen.size, 'Tab moves between elements of the dialog').toBeGreaterThan(1);
}

/** Focuses `opener`, presses `key` and waits for `dialog` (or the news panel) to show; returns it. */
async function openWith(page: Page, opener: Locator, key: string, dialog: Locator): Promise<Locator> {
  await opener.focus();
  await page.keyboard.press(key);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Focus stays in the open dialog (`expectFocusTrapped`); Escape closes it and gives focus back to the control that opened it. */
async function expectEscapeReturns(page: Page, dialog: Locator, opener: Locator, opts: { header?: boolean } = {}) {
  await expectFocusTrapped(page, dialog, opts);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test('the skip link is the first Tab stop and moves focus to main', async ({ page }) => {
  await open(page, '/philosophy');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // The next Tab continues inside main, not back in the header.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
});

test('the header tab order follows its visual order: logo, SEARCH, LOGIN, MENU', async ({ page }) => {
  await open(page, '/philosophy');
  const logo = page.getByRole('link', { name: 'Halden Rowe Capital, home' });
  const search = page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'SEARCH' });
  const login = headerButton(page, 'LOGIN');
  const menu = headerButton(page, 'MENU');
  await page.keyboard.press('Tab'); // skip link
  for (const el of [logo, search, login, menu]) {
    await page.keyboard.press('Tab');
    await expect(el).toBeFocused();
  }
  const [a, s, b, c] = await Promise.all([logo, search, login, menu].map((l) => l.boundingBox()));
  expect(a && s && b && c, 'all four are rendered').toBeTruthy();
  // Reading order on one row: left to right (or top to bottom if they wrap).
  const before = (p: NonNullable<typeof a>, q: NonNullable<typeof a>) => p.y + p.height <= q.y + 1 || (p.x + p.width <= q.x + 1 && Math.abs(p.y - q.y) < Math.max(p.height, q.height));
  expect(before(a!, s!), 'logo before SEARCH').toBe(true);
  expect(before(s!, b!), 'SEARCH before LOGIN').toBe(true);
  expect(before(b!, c!), 'LOGIN before MENU').toBe(true);
});

test('the focused control is visible (focus indicator differs from the unfocused state)', async ({ page }) => {
  await open(page, '/philosophy');
  const menu = headerButton(page, 'MENU');
  const style = () =>
    menu.evaluate((el) => {
      const s = getComputedStyle(el);
      return `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} ${s.boxShadow}`;
    });
  const unfocused = await style();
  // Skip link, logo, SEARCH, LOGIN, MENU.
  for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
  await expect(menu).toBeFocused();
  expect(await style()).not.toBe(unfocused);
});

test('MENU: opens from the keyboard, keeps focus, Escape closes and returns focus', async ({ page }) => {
  await open(page, '/philosophy');
  const button = headerButton(page, 'MENU');
  const dialog = await openWith(page, button, 'Enter', page.getByRole('dialog', { name: 'Menu' }));
  expect((await focused(page)).inDialog, 'focus moves into the menu').toBe(true);
  // Groups open from the keyboard too.
  const style = dialog.getByRole('button', { name: 'Style', exact: true });
  await style.focus();
  await page.keyboard.press('Enter');
  await expect(style).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('link', { name: startsWith('Philosophy') })).toBeFocused();
  await expectEscapeReturns(page, dialog, button);
});

test('LOGIN: opens from the keyboard into the email field, keeps focus, Escape closes and returns focus', async ({ page }) => {
  await open(page, '/philosophy');
  const button = headerButton(page, 'LOGIN');
  const dialog = await openWith(page, button, 'Space', page.getByRole('dialog', { name: 'Investor Login' }));
  await expect(dialog.getByLabel('Email')).toBeFocused();
  await expectEscapeReturns(page, dialog, button);
});

test('story detail: opens from the keyboard, keeps focus in the story and the header, Escape closes and returns focus', { tag: '@mobile' }, async ({ page }, testInfo) => {
  await open(page, '/', { freeze: true });
  const learn = page.getByRole('button', { name: isMobile(testInfo) ? /^Read More/ : /^Learn more/ });
  const dialog = await openWith(page, learn, 'Enter', page.getByRole('dialog'));
  expect((await focused(page)).inDialog, 'focus moves into the story').toBe(true);
  // The header stays usable over a story (seed §4: MENU opens the menu and closes the story).
  await expectEscapeReturns(page, dialog, learn, { header: true });
});

test('news panel: Start here / MORE opens it from the keyboard and moves focus to it', { tag: '@mobile' }, async ({ page }, testInfo) => {
  await open(page, '/', { freeze: true });
  const opener = panelOpener(page, testInfo);
  const panel = await openWith(page, opener, 'Enter', page.getByRole('region', { name: 'Explore Halden Rowe' }));
  await page.clock.runFor(300);
  await expect(panel.getByRole('heading', { name: 'Explore Halden Rowe' })).toBeFocused();
  if (isMobile(testInfo)) {
    await page.keyboard.press('Tab'); // CLOSE
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('combobox', { name: 'Section' })).toBeFocused();
  } else {
    const about = panel.getByRole('button', { name: 'About', exact: true });
    await about.focus();
    await page.keyboard.press('Space');
    await expect(about).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Enter');
    await expect(about).toHaveAttribute('aria-expanded', 'false');
  }
});

test('cookie settings: the switches and buttons work from the keyboard', async ({ page }) => {
  await open(page, '/cookie-settings');
  const analytics = page.getByRole('switch', { name: /Analytics/ });
  await analytics.focus();
  await page.keyboard.press('Space');
  await expect(analytics).toBeChecked();
  await page.getByRole('button', { name: 'Save Preferences' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /saved/i })).toBeVisible();
});

test('contact form: errors are announced next to the fields and focus moves to the first invalid field', async ({ page }) => {
  await open(page, '/contact');
  await page.getByRole('button', { name: 'Send Message' }).focus();
  await page.keyboard.press('Enter');
  const name = page.getByRole('textbox', { name: /^Name/ });
  await expect(name).toBeFocused();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await name.getAttribute('aria-describedby')) ?? '';
  expect(describedBy).not.toBe('');
  for (const id of describedBy.split(/\s+/)) await expect(page.locator(`[id="${id}"]`)).toBeVisible();
});

test('alerts form: from the keyboard alone, errors are tied to their fields and the result takes focus', async ({ page }) => {
  await open(page, '/alerts');
  // The answer is mocked: the e2e server has no SMTP server (it would answer 503).
  await page.route('**/api/alerts', (route) => route.fulfill({ status: 202, contentType: 'application/json', body: '{"ok":true}' }));
  const email = page.getByRole('textbox', { name: 'Email' });
  await email.focus();
  // Tab through the three kinds, Space turns each off; Enter on the button sends.
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
  }
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(email).toBeFocused();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#alerts-email-error')).toBeVisible();
  await expect(page.getByRole('group', { name: /Send me an email/ })).toHaveAccessibleDescription('Please choose at least one kind of alert.');
  await page.keyboard.type('reader@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Subscribe' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Check your inbox to confirm' })).toBeFocused();
});

/* ------------------------------------------------------------------------------------------ */
/* Where focus rests after an action that loads no page (issue 31)                             */
/* ------------------------------------------------------------------------------------------ */

test('news panel: CLOSE gives focus back to the visible control that opened it (issue 31 item 3)', { tag: '@mobile' }, async ({ page }, testInfo) => {
  await open(page, '/', { freeze: true });
  const opener = panelOpener(page, testInfo);
  const panel = await openWith(page, opener, 'Enter', page.getByRole('region', { name: 'Explore Halden Rowe' }));
  await page.clock.runFor(300);
  const close = panel.getByRole('button', { name: /^CLOSE/ }).or(panel.getByRole('link', { name: /^CLOSE/ }));
  await close.focus();
  await page.keyboard.press('Enter');
  await expect(panel).toHaveCount(0);
  await expectFocusRests(page, 'CLOSE on the news panel');
  await expect(opener).toBeFocused();
});

test("'Start here' and 'MORE' say where they lead; the panel's CLOSE is a button once hydrated (issue 31 item 9)", { tag: '@mobile' }, async ({ page }, testInfo) => {
  await open(page, '/', { freeze: true });
  const opener = panelOpener(page, testInfo);
  // The visible words come first (label in name), then where it leads: the panel's own title.
  await expect(opener).toHaveAccessibleName(isMobile(testInfo) ? /^MORE\b.*Explore Halden Rowe/i : /^Start here\b.*Explore Halden Rowe/i);
  await opener.click();
  const panel = page.getByRole('region', { name: 'Explore Halden Rowe' });
  await expect(panel.getByRole('button', { name: /^CLOSE/ })).toBeVisible();
  await expect(panel.getByRole('link', { name: /^CLOSE/ })).toHaveCount(0);
});

test('contact form: focus stays on a visible control while sending and after a 500, a 429 and a network failure (issue 31 item 6)', { tag: '@mobile' }, async ({ page, diagnostics }) => {
  diagnostics.allow(/status of (500|429)/);
  diagnostics.allow(/Failed to load resource|ERR_FAILED/);
  await open(page, '/contact');
  await page.getByRole('textbox', { name: /^Name/ }).fill('Alex Morgan');
  await page.getByRole('textbox', { name: /^Email/ }).fill('alex.morgan@example.com');
  await page.getByRole('textbox', { name: /^Message/ }).fill('We would like to discuss a co-investment alongside your next growth equity fund.');
  const send = page.getByRole('button', { name: /^(Send Message|Sending…)$/ });
  for (const answer of ['500', '429', 'network'] as const) {
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/api/contact', async (route) => {
      await held;
      if (answer === 'network') await route.abort('failed');
      else await route.fulfill({ status: Number(answer), contentType: 'application/json', body: JSON.stringify({ error: 'Please try again later.' }) });
    });
    await send.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Sending…' })).toBeVisible();
    await expectFocusRests(page, `Send Message, while sending (${answer})`);
    release();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectFocusRests(page, `a failed send (${answer})`);
    await page.unroute('**/api/contact');
  }
});

test('notices stay while the visitor hovers them or keeps keyboard focus on what showed them (issue 31 item 10)', async ({ page, context, baseURL }) => {
  // "Preferences saved" (3000 ms): saved from the keyboard, it waits while focus stays on the button.
  await open(page, '/cookie-settings', { freeze: true });
  const save = page.getByRole('button', { name: 'Save Preferences' });
  await save.focus();
  await page.keyboard.press('Enter');
  const notice = page.getByText('Preferences saved.');
  await expect(notice).toBeVisible();
  await page.clock.runFor(3001);
  await expect(notice, 'still shown while focus stays on Save Preferences').toBeVisible();
  await page.keyboard.press('Tab');
  await page.clock.runFor(2999);
  await expect(notice).toBeVisible();
  await page.clock.runFor(2);
  await expect(notice).toBeHidden();
  // Saved with the mouse, it waits while the pointer is over it.
  await save.click();
  await expect(notice).toBeVisible();
  await notice.hover();
  await page.clock.runFor(3001);
  await expect(notice, 'still shown under the pointer').toBeVisible();
  await page.mouse.move(-1, -1);
  await page.clock.runFor(3001);
  await expect(notice).toBeHidden();

  // A toast (5000 ms), the same way.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await open(page, '/research/water-as-a-strategic-input', { freeze: true });
  const copy = page.getByRole('button', { name: 'Copy link' });
  await copy.focus();
  await page.keyboard.press('Enter');
  const toast = page.getByText('Link copied', { exact: true });
  await expect(toast).toBeVisible();
  await page.clock.runFor(5001);
  await expect(toast, 'still shown while focus stays on Copy link').toBeVisible();
  await page.keyboard.press('Tab');
  await toast.hover();
  await page.clock.runFor(5001);
  await expect(toast, 'still shown under the pointer').toBeVisible();
  await page.mouse.move(-1, -1);
  await page.clock.runFor(5001);
  await expect(toast).toHaveCount(0);
});
