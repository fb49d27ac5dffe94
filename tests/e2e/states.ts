/**
 * Every page and UI state that states.spec.ts shoots and checks for accessibility, in one list:
 * each route of the route table (see site.ts), /login, the 404s, and the states of issue 4 (menu
 * groups, overlays, story, news panel tabs, filters, empty state, cookie notice, contact form
 * errors and success, login error). `openState` opens one once for all its checks: clock frozen
 * at T0 (the slider holds still, notices do not time out), page hydrated, then the state's `setup`.
 */
import type { Page, Route, TestInfo } from '@playwright/test';
import { expect, freezeClock, waitForHydration, isMobile, headerButton, sendLoginOverlay, type Diagnostics } from './fixtures.ts';
import { LOGIN_ROUTE, NOT_FOUND_ROUTES, SITE_ROUTES, statusConsoleError } from './site.ts';
import { checkLoad, prepareLoad } from './page-load.ts';
import { E2E_SESSION_SECRET } from './env.ts';
import { alertKeys, signLink } from '../../src/server/alerts.ts';

export type Project = 'desktop' | 'mobile';

export interface UiState {
  /** Unique, file-safe: names the snapshot and the axe result. */
  id: string;
  /** What an auditor reads in the report. */
  label: string;
  url: string;
  /** Route table pattern the state belongs to. */
  pattern: string;
  projects?: Project[];
  signedOut?: boolean;
  /** Expected HTTP status of the document (200 unless said). */
  status?: number;
  /** Console lines this state provokes on purpose (e.g. the 404 document). */
  allow?: RegExp[];
  /** A document without script (the alert e-mails' link pages): nothing to wait for hydration. */
  noScript?: boolean;
  /** Reaches the state from the hydrated page. */
  setup?: (page: Page, testInfo: TestInfo) => Promise<void>;
  /**
   * Further states reached from this one, in order, each captured in turn (one page load for a
   * family of states, e.g. the menu groups): equivalent to opening each one afresh.
   */
  followedBy?: SubState[];
  /**
   * 'page': the page from its top, 1.5 desktop or 2 phone viewports tall at most (the rest of a
   * long page repeats what those show; its sections are covered by shorter pages, by `focus`
   * states and by the pages shot `whole`);
   * 'dialog': the open dialog, page by page through its scroll.
   */
  shot: 'page' | 'dialog';
  /**
   * A 'page' shot of the whole page, to its footer, instead of its top: the pages whose lower
   * sections appear nowhere else (WHOLE_PAGES).
   */
  whole?: boolean;
  /**
   * A route as it loads (the states of routeStates): its load is judged too (page-load.ts: lang,
   * one h1, title, layout shift while loading and scrolling); 'transfer' also measures what a
   * first visit receives (the home page).
   */
  load?: boolean | 'transfer';
  /**
   * A state reached on a page whose load is already captured: the shot is one viewport tall,
   * starting at this element (what the state changed), instead of the page's top.
   */
  focus?: string;
}

export interface SubState {
  id: string;
  label: string;
  run: (page: Page, testInfo: TestInfo) => Promise<void>;
}

/** The state and the sub-states of one test, as captured in order. */
export const capturesOf = (state: UiState): { id: string; label: string }[] => [{ id: state.id, label: state.label }, ...(state.followedBy ?? []).map((t) => ({ id: t.id, label: t.label }))];

const LOGIN_ERROR = 'Incorrect password. Please try again.';
const GROUPS = ['Style', 'Strategies', 'Sectors', 'About', 'Resources'] as const;
const NEWS_TABS = ['Insights', 'About', 'Style', 'Strategies'] as const;

async function openMenu(page: Page) {
  await headerButton(page, 'MENU').click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
}

async function expandMenuGroup(page: Page, group: string) {
  const button = page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: group, exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}

/** Opens the panel ('Start here' on desktop, 'MORE' on mobile): it opens on Insights. */
async function openNewsPanel(page: Page, testInfo: TestInfo) {
  await page.getByRole('link', { name: isMobile(testInfo) ? /^MORE\b/ : /^Start here\b/ }).click();
  await expect(page.getByRole('region', { name: 'Explore Halden Rowe' })).toBeVisible();
  await page.clock.runFor(300); // the panel scrolls into view and takes focus after 300 ms
  await expectNewsSection(page, testInfo, 'Insights');
}

/** Another section: a tab on desktop, the dropdown on mobile. */
async function chooseNewsTab(page: Page, testInfo: TestInfo, tab: (typeof NEWS_TABS)[number]) {
  const panel = page.getByRole('region', { name: 'Explore Halden Rowe' });
  if (isMobile(testInfo)) await panel.getByRole('combobox', { name: 'Section' }).selectOption(tab.toLowerCase());
  else await panel.getByRole('button', { name: tab, exact: true }).click();
  await expectNewsSection(page, testInfo, tab);
}

async function expectNewsSection(page: Page, testInfo: TestInfo, tab: (typeof NEWS_TABS)[number]) {
  const panel = page.getByRole('region', { name: 'Explore Halden Rowe' });
  if (!isMobile(testInfo)) await expect(panel.getByRole('button', { name: tab, exact: true })).toHaveAttribute('aria-expanded', 'true');
  else await expect(panel.getByRole('combobox', { name: 'Section' })).toHaveValue(tab.toLowerCase());
  await expect(panel.getByRole('heading', { level: 3, name: tab === 'Insights' ? 'News & Insights' : tab, exact: true })).toBeVisible();
}

async function pressFilter(page: Page, group: string, option: string | RegExp) {
  const button = page.getByRole('group', { name: group }).getByRole('button', typeof option === 'string' ? { name: option, exact: true } : { name: option });
  // On a phone the listing's filters are folded into "Filters (n)": open it first.
  const folded = page.locator('details.filters-disclosure:not([open]) > summary');
  if (await folded.isVisible()) await folded.click();
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

const fulfillJson = (status: number, body: unknown) => (route: Route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

/**
 * Pages shot whole (`whole`): the home page below the slider (the firm in figures, the strategies,
 * the latest research, the closing call) and the footer every page shares; the team (all the
 * portraits, the leadership grid's last row); one strategy, one sector and one article page, each
 * standing for the pages built like it (key figures, approach, portfolio, related items).
 */
export const WHOLE_PAGES = new Set(['/', '/team', '/growth-equity', '/technology', '/research/:id']);

function routeStates(): UiState[] {
  const pages: UiState[] = SITE_ROUTES.map((r) => ({
    id: r.name,
    label: 'Page as loaded',
    url: r.path,
    pattern: r.pattern,
    shot: 'page',
    whole: WHOLE_PAGES.has(r.pattern),
    load: r.pattern === '/' ? 'transfer' : true,
  }));
  const unknown = [...WHOLE_PAGES].filter((p) => !SITE_ROUTES.some((r) => r.pattern === p));
  if (unknown.length) throw new Error(`WHOLE_PAGES: no route ${unknown.join(', ')}`);
  const login: UiState = { id: LOGIN_ROUTE.name, label: 'Password page as loaded (signed out)', url: LOGIN_ROUTE.path, pattern: '/login', signedOut: true, shot: 'page', load: true };
  const notFound: UiState[] = NOT_FOUND_ROUTES.map((r) => ({
    id: r.name,
    label: r.name === 'not-found' ? 'Page Not Found (404), unknown path' : 'Page Not Found (404), unknown id',
    url: r.path,
    pattern: r.pattern,
    status: 404,
    allow: [statusConsoleError(404)],
    shot: 'page',
    load: true,
  }));
  return [...pages, login, ...notFound];
}

function interactionStates(): UiState[] {
  const states: UiState[] = [];
  const push = (s: UiState) => states.push(s);

  push({
    id: 'menu',
    label: 'Menu open',
    url: '/',
    pattern: '/',
    shot: 'dialog',
    setup: (page) => openMenu(page),
    followedBy: GROUPS.map((g) => ({ id: `menu-${g.toLowerCase()}`, label: `Menu open, group ${g} expanded`, run: (page: Page) => expandMenuGroup(page, g) })),
  });
  push({
    id: 'investor-login',
    label: 'Investor login overlay open',
    url: '/',
    pattern: '/',
    shot: 'dialog',
    setup: async (page) => {
      await headerButton(page, 'LOGIN').click();
      await expect(page.getByRole('dialog', { name: 'Investor Login' })).toBeVisible();
    },
  });
  push({
    id: 'investor-login-sign-in',
    label: "Investor login overlay after 'Sign In' (explanation)",
    url: '/',
    pattern: '/',
    shot: 'dialog',
    setup: async (page) => {
      await sendLoginOverlay(page, 'a.investor@example.com', 'example-password');
    },
  });
  push({
    id: 'login-wrong-password',
    label: '/login after a wrong password (error shown)',
    url: '/login',
    pattern: '/login',
    signedOut: true,
    shot: 'page',
    allow: [statusConsoleError(401)],
    setup: async (page) => {
      // The server's answer is mocked: the real endpoint throttles repeated failures.
      await page.route('**/api/login', fulfillJson(401, { error: LOGIN_ERROR }));
      await page.getByPlaceholder('Enter password').fill('wrong-password');
      const answered = page.waitForResponse('**/api/login');
      await page.getByRole('button', { name: 'Enter' }).click();
      await answered;
      await page.waitForTimeout(100);
      await page.clock.runFor(501);
      await expect(page.getByRole('alert')).toHaveText(LOGIN_ERROR);
    },
  });
  push({
    id: 'story-expanded',
    label: 'Home: first story expanded (Learn more / Read More)',
    url: '/',
    pattern: '/',
    shot: 'dialog',
    setup: async (page, testInfo) => {
      await page.getByRole('button', { name: isMobile(testInfo) ? /^Read More/ : /^Learn more/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByRole('dialog').getByRole('heading', { name: 'Overview' })).toBeVisible();
    },
  });
  push({
    id: 'news-panel-insights',
    label: 'Home: news panel open, Insights (tabs on desktop, dropdown on mobile)',
    url: '/',
    pattern: '/',
    shot: 'page',
    focus: '#news-panel',
    setup: (page, testInfo) => openNewsPanel(page, testInfo),
    followedBy: NEWS_TABS.filter((t) => t !== 'Insights').map((tab) => ({
      id: `news-panel-${tab.toLowerCase()}`,
      label: `Home: news panel open, ${tab} (tabs on desktop, dropdown on mobile)`,
      run: (page: Page, testInfo: TestInfo) => chooseNewsTab(page, testInfo, tab),
    })),
  });
  push({
    id: 'research-filter-sector-analysis',
    label: '/research filtered: Sector Analysis',
    url: '/research',
    pattern: '/research',
    shot: 'page',
    focus: '#results',
    setup: (page) => pressFilter(page, 'Filter by category', 'Sector Analysis'),
  });
  push({
    id: 'press-releases-filter-2025',
    label: '/press-releases filtered: 2025',
    url: '/press-releases',
    pattern: '/press-releases',
    shot: 'page',
    focus: '#results',
    setup: (page) => pressFilter(page, 'Filter by year', '2025'),
  });
  push({
    id: 'news-updates-filter-award',
    label: '/news-updates filtered: Award',
    url: '/news-updates',
    pattern: '/news-updates',
    shot: 'page',
    focus: '#results',
    setup: (page) => pressFilter(page, 'Filter by category', 'Award'),
  });
  push({
    id: 'resources-filter-news',
    label: '/resources filtered: News & Updates',
    url: '/resources',
    pattern: '/resources',
    shot: 'page',
    focus: '#results',
    setup: (page) => pressFilter(page, 'Filter by content type', 'News & Updates'),
  });
  push({
    id: 'resources-filter-news-award',
    label: '/resources filtered: News & Updates and Award',
    url: '/resources',
    pattern: '/resources',
    shot: 'page',
    focus: '#results',
    setup: async (page) => {
      await pressFilter(page, 'Filter by content type', 'News & Updates');
      await pressFilter(page, 'Filter by category', 'Award');
    },
  });
  push({
    id: 'resources-page-2',
    label: '/resources, second page of results (pagination: previous, page 2 current)',
    url: '/resources?page=2',
    pattern: '/resources',
    shot: 'page',
    focus: '#results',
    setup: async (page) => {
      // (Narrow screens show "Page 2 of 2" instead of the numbers.)
      await expect(page.getByRole('navigation', { name: 'Resource pages' }).locator('a[aria-current="page"]')).toHaveText('2');
    },
  });
  push({
    id: 'resources-empty',
    label: '/resources empty state (Insights and Research + Award)',
    url: '/resources?type=research&category=Award',
    pattern: '/resources',
    shot: 'page',
    focus: '#results',
    setup: async (page) => {
      await expect(page.getByText('No resources found matching your filters.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Clear all filters' })).toBeVisible();
    },
  });
  push({
    id: 'portfolio-filter-technology-current',
    label: '/portfolio filtered: Technology and Current (combined, counts updated)',
    url: '/portfolio',
    pattern: '/portfolio',
    shot: 'page',
    focus: '#results',
    setup: async (page) => {
      await pressFilter(page, 'Filter by sector', /^Technology/);
      await pressFilter(page, 'Filter by status', /^Current/);
      await expect(page).toHaveURL(/\/portfolio\?sector=technology&status=current$/);
    },
  });
  push({
    id: 'portfolio-page-2',
    label: '/portfolio, second page of companies',
    url: '/portfolio?page=2',
    pattern: '/portfolio',
    shot: 'page',
    focus: '#results',
    setup: async (page) => {
      await expect(page.getByRole('navigation', { name: 'Portfolio pages' }).locator('a[aria-current="page"]')).toHaveText('2');
    },
  });
  push({
    id: 'portfolio-filters-open',
    label: '/portfolio on a phone, "Filters (1)" open (zero-count options disabled)',
    url: '/portfolio?region=asia-pacific',
    pattern: '/portfolio',
    projects: ['mobile'],
    shot: 'page',
    setup: async (page) => {
      await page.getByText('Filters (1)', { exact: true }).click();
      await expect(page.getByRole('group', { name: 'Filter by strategy' })).toBeVisible();
    },
  });
  push({
    id: 'portfolio-page-jump',
    label: '/portfolio, the page jump: First, Previous, "Page [3] of 4 Go", Next, Last',
    url: '/portfolio?page=3',
    pattern: '/portfolio',
    shot: 'page',
    focus: '.pagination',
    setup: async (page) => {
      await expect(page.getByRole('navigation', { name: 'Portfolio pages' }).getByRole('spinbutton', { name: 'Page' })).toHaveValue('3');
    },
  });
  push({
    id: 'portfolio-empty',
    label: '/portfolio empty state (Asia-Pacific + Industrials)',
    url: '/portfolio?region=asia-pacific&sector=industrials',
    pattern: '/portfolio',
    shot: 'page',
    focus: '#results',
    setup: async (page) => {
      await expect(page.getByText('No companies match all of these filters.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Clear all filters' })).toBeVisible();
    },
  });
  push({
    id: 'team-filter-london-buyouts',
    label: '/team filtered: London and Buyouts (combined, counts updated, the split kept)',
    url: '/team',
    pattern: '/team',
    shot: 'page',
    focus: '.team-filters',
    setup: async (page) => {
      await pressFilter(page, 'Filter by office', /^London/);
      await pressFilter(page, 'Filter by strategy', /^Buyouts/);
      await expect(page).toHaveURL(/\/team\?office=london&strategy=buyouts$/);
      await expect(page.getByRole('heading', { name: 'Leadership' })).toBeVisible();
    },
  });
  push({
    id: 'team-empty',
    label: '/team empty state (San Francisco + Pharmaceuticals)',
    url: '/team?office=san-francisco&sector=pharmaceuticals',
    pattern: '/team',
    shot: 'page',
    focus: '.team-filters',
    setup: async (page) => {
      await expect(page.getByText('No one on the team matches all of these filters.')).toBeVisible();
    },
  });
  push({
    id: 'careers-filter-london',
    label: '/careers filtered: London',
    url: '/careers',
    pattern: '/careers',
    shot: 'page',
    focus: '#results',
    setup: async (page) => {
      await pressFilter(page, 'Filter by office', /^London/);
      await expect(page).toHaveURL(/\/careers\?office=london$/);
    },
  });
  push({
    id: 'documents-filter-esg-report',
    label: '/documents filtered: ESG Report',
    url: '/documents',
    pattern: '/documents',
    shot: 'page',
    focus: '#results',
    setup: async (page) => {
      await pressFilter(page, 'Filter by kind', /^ESG Report/);
      await expect(page).toHaveURL(/\/documents\?kind=esg-report$/);
    },
  });
  push({
    id: 'search-results',
    label: '/search results for a misspelt word ("logistcs"), grouped, matches highlighted',
    url: '/search?q=logistcs',
    pattern: '/search',
    shot: 'page',
    setup: async (page) => {
      await expect(page.locator('#results-count')).toContainText('results for “logistcs”');
      await expect(page.getByRole('link', { name: 'Corvane Logistics' })).toBeVisible();
    },
  });
  push({
    id: 'search-typed',
    label: '/search after typing a name (results follow the typing, announced)',
    url: '/search',
    pattern: '/search',
    shot: 'page',
    setup: async (page) => {
      await page.getByRole('searchbox', { name: 'Search the site' }).fill('Corvane');
      await page.clock.runFor(300);
      await expect(page).toHaveURL(/\/search\?q=Corvane$/);
      await expect(page.locator('#results-count')).toContainText('for “Corvane”');
    },
  });
  push({
    id: 'search-type-page',
    label: '/search, one group (People) on its own page',
    url: '/search?q=partner&type=people',
    pattern: '/search',
    shot: 'page',
    setup: async (page) => {
      await expect(page.getByRole('link', { name: /All results for/ })).toBeVisible();
    },
  });
  push({
    id: 'search-no-results',
    label: '/search with no results (suggestions shown)',
    url: '/search?q=zzzzqq',
    pattern: '/search',
    shot: 'page',
    setup: async (page) => {
      await expect(page.locator('#results-count')).toHaveText('No results for “zzzzqq”.');
      await expect(page.getByRole('heading', { name: 'Try Another Search' })).toBeVisible();
    },
  });
  push({
    id: 'cookie-settings-saved',
    label: "/cookie-settings after 'Save Preferences' (notice shown)",
    url: '/cookie-settings',
    pattern: '/cookie-settings',
    shot: 'page',
    setup: async (page) => {
      await page.getByRole('switch', { name: /Analytics/ }).click();
      await page.getByRole('button', { name: 'Save Preferences' }).click();
      await expect(page.getByText('Preferences saved.')).toBeVisible();
    },
  });
  push({
    id: 'contact-errors',
    label: '/contact after submitting the empty form (field errors)',
    url: '/contact',
    pattern: '/contact',
    shot: 'page',
    setup: async (page) => {
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
    },
  });
  push({
    id: 'contact-sent',
    label: '/contact after a successful submission (confirmation)',
    url: '/contact',
    pattern: '/contact',
    shot: 'page',
    setup: async (page) => {
      // The answer is mocked: the real endpoint stores the message and throttles repeated posts.
      await page.route('**/api/contact', (route) => (route.request().method() === 'POST' ? fulfillJson(201, { id: 1 })(route) : route.continue()));
      await page.getByRole('textbox', { name: /^Name/ }).fill('Alex Morgan');
      await page.getByRole('textbox', { name: /^Email/ }).fill('alex.morgan@example.com');
      await page.getByRole('textbox', { name: /^Company/ }).fill('Northbridge Pension Fund');
      await page
        .getByRole('textbox', { name: /^Message/ })
        .fill('We would like to discuss a co-investment alongside your next growth equity fund. Could your investor relations team call us next week?');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByRole('heading', { name: /your message has been sent/i })).toBeVisible();
    },
  });
  push({
    id: 'alerts-errors',
    label: '/alerts after submitting with no address and no kind chosen (field errors)',
    url: '/alerts',
    pattern: '/alerts',
    shot: 'page',
    setup: async (page) => {
      for (const kind of ['Insights & Research', 'Press Releases', 'News & Updates']) await page.getByRole('checkbox', { name: kind }).uncheck();
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();
    },
  });
  push({
    id: 'alerts-sent',
    label: '/alerts after a sign-up (check your inbox)',
    url: '/alerts',
    pattern: '/alerts',
    shot: 'page',
    setup: async (page) => {
      // The answer is mocked: the real endpoint queues an e-mail and throttles repeated sign-ups.
      await page.route('**/api/alerts', (route) => (route.request().method() === 'POST' ? fulfillJson(202, { ok: true })(route) : route.continue()));
      await page.getByRole('textbox', { name: 'Email' }).fill('alex.morgan@example.com');
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await expect(page.getByRole('heading', { name: 'Check your inbox to confirm' })).toBeFocused();
    },
  });
  // The e-mails' links, opened by someone without the site password (decision 013). A fixed
  // expiry far ahead: the URL (part of the test's title) is the same in every worker.
  const ALERT_LINK_EXPIRY = Date.UTC(2099, 0, 1);
  const keys = alertKeys([E2E_SESSION_SECRET]);
  push({
    id: 'alerts-confirm-link',
    label: "An alert confirmation link as opened from the e-mail (signed out): the 'Confirm' button",
    url: `/subscription/confirm?t=${signLink(keys, { a: 'confirm', e: 'alex.morgan@example.com', k: ['research', 'news'], x: ALERT_LINK_EXPIRY })}`,
    pattern: '/subscription/confirm',
    signedOut: true,
    noScript: true,
    shot: 'page',
  });
  push({
    id: 'alerts-link-invalid',
    label: 'An alert link that is incomplete or changed (400, signed out)',
    url: '/subscription/unsubscribe?t=incomplete',
    pattern: '/subscription/unsubscribe',
    signedOut: true,
    noScript: true,
    status: 400,
    allow: [statusConsoleError(400)],
    shot: 'page',
  });
  return states;
}

export const UI_STATES: UiState[] = [...routeStates(), ...interactionStates()];

{
  const ids = UI_STATES.map((s) => s.id);
  const dup = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (dup.length) throw new Error(`tests/e2e/states.ts: duplicate state ids ${dup.join(', ')}`);
}

/**
 * Opens a state: frozen clock, document status checked, hydrated (a route's load judged: see
 * page-load.ts), then the state's setup.
 */
export async function openState(page: Page, state: UiState, testInfo: TestInfo, diagnostics: Diagnostics): Promise<void> {
  for (const re of state.allow ?? []) diagnostics.allow(re);
  await freezeClock(page);
  const transfers = state.load ? await prepareLoad(page, { transfer: state.load === 'transfer' }) : undefined;
  const response = await page.goto(state.url);
  expect(response?.status(), `HTTP status of ${state.url}`).toBe(state.status ?? 200);
  expect(new URL(page.url()).pathname, 'the page asked for (not a redirect)').toBe(new URL(state.url, page.url()).pathname);
  if (!state.noScript) await waitForHydration(page);
  await expect(page.locator('h1').first()).toBeAttached();
  if (state.load) await checkLoad(page, testInfo, state.url, transfers);
  if (state.setup) await state.setup(page, testInfo);
}
