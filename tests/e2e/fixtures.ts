/**
 * The suites' shared fixtures and helpers.
 *
 * - Every test runs signed in (the storage state saved by global-setup.ts through the real /login
 *   form); `test.use({ storageState: SIGNED_OUT })` for a visitor without a session.
 * - `diagnostics` (automatic): FAILS the test on any console error, hydration warning ("did not
 *   match", "hydrat…"), uncaught page error or Content-Security-Policy violation (a
 *   `securitypolicyviolation` listener injected before any page script, plus Chromium's console
 *   report). A test that provokes an expected error response allows it with `diagnostics.allow()`.
 * - `axe(state)`: runs axe-core with the WCAG 2.2 AA tags, records the result for the report
 *   (reports/axe/results/*.json, see axe-report.ts) and expects zero violations (soft, so that
 *   every state of a test is analysed and recorded before the test fails).
 * - `freezeClock(page)`: a fixed, paused clock (page.clock) installed before the first navigation.
 */
import { test as base, expect, type Locator, type Page, type Request, type TestInfo } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import axeCore from 'axe-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AXE_RESULTS_DIR, IBM_RESULTS_DIR } from './env.ts';
import { ACE_POLICY, runAce, withRealTimers, type AceFinding } from './ace.ts';
import { knownIssueFor } from './a11y-known-issues.ts';

export { expect };

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A browser without a session (for /login and the gate). */
export const SIGNED_OUT = { cookies: [], origins: [] };

/** The frozen "now" of clock-controlled tests: Thursday 15 January 2026, 10:00 UTC. */
export const T0 = new Date('2026-01-15T10:00:00Z').getTime();

/**
 * Installs a fake clock at T0 and pauses it at T0 + 1000 ms before the page loads, so the page
 * hydrates at a known instant and no timer fires until the test calls `page.clock.runFor()`.
 * (`install` alone does not stop time: see stack notes.) Returns the paused instant.
 */
export async function freezeClock(page: Page): Promise<number> {
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(T0 + 1000);
  return T0 + 1000;
}

/**
 * Resolves once React has hydrated the server-rendered document: hydration attaches React's
 * internal keys to the DOM nodes it adopts, and the embedded-data script is the last of them.
 * Polled from Node (not with requestAnimationFrame, which a paused page.clock never fires).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const hydrated = (el: Element | null) => !!el && Object.keys(el).some((k) => k.startsWith('__reactProps$'));
          return hydrated(document.querySelector('main')) && hydrated(document.getElementById('boot-data'));
        }),
      { message: 'the page hydrates', timeout: 15_000, intervals: [50, 100, 200] },
    )
    .toBe(true);
}

/**
 * Opens a page and waits until it is hydrated (interactive). `freeze` first pauses the clock
 * (see freezeClock), so that the home page's slider holds still while the test works.
 */
export async function open(page: Page, url: string, opts: { freeze?: boolean } = {}): Promise<void> {
  if (opts.freeze) await freezeClock(page);
  await page.goto(url);
  await waitForHydration(page);
}

/** The header's LOGIN or MENU button (the menu overlay has a LOGIN button of its own). */
export const headerButton = (page: Page, name: 'LOGIN' | 'MENU') => page.getByRole('navigation', { name: 'Site' }).getByRole('button', { name, exact: true });

/** Fills and sends the header's investor login overlay (it makes no call: it explains how access is arranged); returns the dialog. */
export async function sendLoginOverlay(page: Page, email: string, password: string) {
  await headerButton(page, 'LOGIN').click();
  const dialog = page.getByRole('dialog', { name: 'Investor Login' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByRole('status')).toContainText('Investor Relations');
  return dialog;
}

/** A filter chosen from the keyboard (focus, Enter): the URL carries it, and the button says it is pressed and keeps focus. */
export async function chooseFilterByKeyboard(page: Page, button: Locator, url: RegExp) {
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(url);
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(button).toBeFocused();
}

/** A link or button name as it starts (decorative arrows and the like may follow). */
export const startsWith = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`);

/**
 * Waits until the finite, short animations and transitions running now have finished (a panel
 * fading in from opacity 0). The long ones (the 8 s slider progress, the 9 s image drift) and paused
 * ones are not waited for.
 */
export async function fadesOver(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => {
          const t = a.effect?.getComputedTiming();
          return a.playState === 'running' && typeof t?.endTime === 'number' && Number.isFinite(t.endTime) && t.endTime <= 2000;
        })
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** The API requests a page makes from now on (path and query), in order. */
export function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) seen.push(url.pathname + url.search);
  });
  return seen;
}

/** The titles of the cards in a listing's results section. */
export const cardTitles = (page: Page) => page.locator('#results .card__title').allInnerTexts();

export const projectName = (testInfo: TestInfo) => testInfo.project.name as 'desktop' | 'mobile';
export const isMobile = (testInfo: TestInfo) => testInfo.project.name === 'mobile';

/* ------------------------------------------------------------------------------------------ */
/* Console, page errors, hydration warnings and CSP violations                                */
/* ------------------------------------------------------------------------------------------ */

export interface Diagnostics {
  /** Problems seen so far (each one a line). */
  readonly problems: string[];
  /** Accepts problems matching `pattern` in this test (an error response the test provokes). */
  allow(pattern: RegExp): void;
}

const ALERT = /hydrat|did not match|Content Security Policy/i;

declare global {
  interface Window {
    __e2eCspViolation?: (line: string) => void;
  }
}

/* ------------------------------------------------------------------------------------------ */
/* axe                                                                                         */
/* ------------------------------------------------------------------------------------------ */

/**
 * axe-core schedules its work with setTimeout, which page.clock replaces: with a paused clock
 * axe would never finish. Its source is wrapped so that it uses the browser's real timers,
 * which Playwright's clock keeps on `window.__pwClock.builtins` (the same ones Playwright's own
 * injected scripts use). Without a fake clock the page's own timers are used.
 */
const AXE_SOURCE = withRealTimers(axeCore.source);

export interface AxeRecord {
  /** The run that wrote it (see global-setup.ts). */
  runId: string;
  url: string;
  path: string;
  state: string;
  label: string;
  project: string;
  viewport: { width: number; height: number } | null;
  test: string;
  timestamp: string;
  axeVersion: string;
  browserVersion: string;
  tags: string[];
  violations: import('axe-core').Result[];
  incomplete: import('axe-core').Result[];
  passes: number;
  /** The ids of the rules that passed (the conformance report cites them per criterion). */
  passRules?: string[];
  inapplicable: number;
}

/** What the IBM engine found on one page state (ace.ts), beside the axe record of the same state. */
export interface IbmRecord extends AxeRecord {
  engineVersion: string;
  policy: string;
  findings: (AceFinding & { accepted?: string })[];
  passed: number;
  ruleCount: number;
}

/** Analyses the page as it is now; `state` names it (file-safe id), `label` describes it for the report. */
export type AxeCheck = (state: string, opts?: { label?: string; exclude?: string[]; ibm?: boolean }) => Promise<import('axe-core').AxeResults>;

const sanitize = (s: string) =>
  s
    .replace(/[^a-z0-9]+/gi, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 120) || 'root';

function describeViolation(v: import('axe-core').Result): string {
  const targets = v.nodes
    .slice(0, 5)
    .map((n) => n.target.join(' '))
    .join(' | ');
  return `${v.id} [${v.impact}] ${v.help} (${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'}: ${targets}${v.nodes.length > 5 ? ' …' : ''})`;
}

/* ------------------------------------------------------------------------------------------ */

export const test = base.extend<{ diagnostics: Diagnostics; axe: AxeCheck }>({
  diagnostics: [
    async ({ page }, provide, testInfo) => {
      const problems: string[] = [];
      const allowed: RegExp[] = [];
      await page.exposeFunction('__e2eCspViolation', (line: string) => problems.push(line));
      await page.addInitScript(() => {
        document.addEventListener(
          'securitypolicyviolation',
          (e) => {
            const line = `CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile || document.URL}:${e.lineNumber}`;
            window.__e2eCspViolation?.(line);
          },
          true,
        );
      });
      page.on('console', (msg) => {
        const text = msg.text();
        if (msg.type() === 'error' || ALERT.test(text)) {
          const loc = msg.location();
          problems.push(`console.${msg.type()}: ${text}${loc.url ? ` (${loc.url}:${loc.lineNumber})` : ''}`);
        }
      });
      page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));

      await provide({ problems, allow: (pattern) => allowed.push(pattern) });

      const unexpected = problems.filter((p) => !allowed.some((re) => re.test(p)));
      if (problems.length) await testInfo.attach('browser-diagnostics.txt', { body: problems.join('\n'), contentType: 'text/plain' });
      expect(unexpected, 'no console errors, hydration warnings, page errors or CSP violations').toEqual([]);
    },
    { auto: true },
  ],

  axe: async ({ page }, provide, testInfo) => {
    const check: AxeCheck = async (state, opts = {}) => {
      // Legacy mode runs axe.run() in the page itself instead of runPartial() + finishRun() in an
      // extra blank page: about half the time per analysis. Its limit (cross-origin frames are not
      // analysed) does not apply: the site has no frames.
      let builder = new AxeBuilder({ page, axeSource: AXE_SOURCE }).withTags(AXE_TAGS).setLegacyMode(true);
      for (const sel of opts.exclude ?? []) builder = builder.exclude(sel);
      // Colour contrast is only meaningful once fades are over (a panel fading in from opacity 0
      // has low contrast for 300 ms).
      await fadesOver(page);
      const results = await builder.analyze();
      const url = new URL(page.url());
      const record: AxeRecord = {
        runId: process.env.E2E_RUN_ID ?? '',
        url: page.url(),
        path: url.pathname + url.search,
        state,
        label: opts.label ?? state,
        project: testInfo.project.name,
        viewport: page.viewportSize(),
        test: testInfo.titlePath.slice(1).join(' › '),
        timestamp: results.timestamp,
        axeVersion: results.testEngine.version,
        browserVersion: page.context().browser()?.version() ?? '',
        tags: AXE_TAGS,
        violations: results.violations,
        incomplete: results.incomplete,
        passes: results.passes.length,
        passRules: results.passes.map((r) => r.id),
        inapplicable: results.inapplicable.length,
      };
      mkdirSync(AXE_RESULTS_DIR, { recursive: true });
      const file = `${sanitize(testInfo.project.name)}--${sanitize(record.path)}--${sanitize(state)}.json`;
      writeFileSync(path.join(AXE_RESULTS_DIR, file), JSON.stringify(record, null, 1));
      const axeUnaccepted = results.violations
        .map((v) => ({
          ...v,
          nodes: v.nodes.filter((n) => !knownIssueFor('axe', v.id, `${n.target.join(' ')} ${n.html}`, state)),
        }))
        .filter((v) => v.nodes.length);
      expect.soft(axeUnaccepted.map(describeViolation), `axe (${AXE_TAGS.join(' ')}) on ${record.path} [${state}, ${testInfo.project.name}]`).toEqual([]);

      // The second engine, on the same page in the same state (ace.ts); `ibm: false` leaves it
      // out where it would judge the same document again (states.spec.ts runs it on the desktop).
      if (opts.ibm === false) return results;
      const ibm = await runAce(page);
      const findings = ibm.findings.map((f) => ({ ...f, accepted: f.kind === 'fail' ? knownIssueFor('ibm', f.ruleId, f.path, state)?.reason : undefined }));
      const ibmRecord: IbmRecord = { ...record, engineVersion: ibm.version, policy: ACE_POLICY, findings, passed: ibm.passed, ruleCount: ibm.ruleCount };
      mkdirSync(IBM_RESULTS_DIR, { recursive: true });
      writeFileSync(path.join(IBM_RESULTS_DIR, file), JSON.stringify(ibmRecord, null, 1));
      expect
        .soft(
          findings.filter((f) => f.kind === 'fail' && !f.accepted).map((f) => `${f.ruleId} [WCAG ${f.sc.join(', ')}] ${f.message} (${f.path})`),
          `IBM Equal Access (${ACE_POLICY}) on ${record.path} [${state}, ${testInfo.project.name}]`,
        )
        .toEqual([]);
      return results;
    };
    await provide(check);
  },
});
