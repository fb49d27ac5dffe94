/**
 * Browser suites (behaviour, keyboard, hydration, axe, visual snapshots) against the production
 * build, served by Playwright's webServer on port 3999 (build first: `npx tsx scripts/build.ts`;
 * `npm test` does it before Playwright).
 *
 * Chromium: Debian's /usr/bin/chromium by default (Playwright cannot download browsers here);
 * CHROMIUM_PATH chooses another executable (for example one from `npx playwright install chromium`).
 * The flags below make font rasterisation deterministic for the visual snapshots; the Chromium
 * version the baselines were made with is recorded in tests/e2e/__snapshots__/chromium-version.txt.
 */
import { defineConfig } from '@playwright/test';
import { PLAYWRIGHT_DISABLE_FEATURES_SWITCH } from './tests/helpers/chromium-features.ts';
import { AUTH_STATE, E2E_CONTENT_DATE, E2E_PASSWORD, E2E_SESSION_SECRET, PORT, PUBLIC_ORIGIN, PUBLIC_PORT, PUBLIC_URL } from './tests/e2e/env.ts';

const CI = !!process.env.CI;

/** One production server for the browser suites: its own port and data directory. */
function productionServer(port: number, dataDir: string, extra: Record<string, string> = {}) {
  return {
    command: 'node scripts/ensure-build.mjs && exec node --enable-source-maps dist/server.js',
    port,
    env: {
      PORT: String(port),
      SITE_PASSWORD: E2E_PASSWORD,
      SESSION_SECRET: E2E_SESSION_SECRET,
      DATA_DIR: dataDir,
      CONTENT_DATE: E2E_CONTENT_DATE,
      LOG_FORMAT: 'off',
      NODE_ENV: 'production',
      ...extra,
    },
    reuseExistingServer: !CI,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'reports/test-results',
  globalSetup: './tests/e2e/global-setup.ts',
  globalTeardown: './tests/e2e/axe-report.ts',
  fullyParallel: false,
  forbidOnly: CI,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }], ['html', { outputFolder: 'reports/playwright-html', open: 'never' }]],
  // CI fails on a missing or different snapshot; locally, missing baselines are written.
  updateSnapshots: CI ? 'none' : 'missing',
  snapshotPathTemplate: 'tests/e2e/__snapshots__/{testFilePath}/{arg}{ext}',
  expect: {
    timeout: 10_000,
    // threshold 0.02: a pixel counts as changed when its colour moves by more than about 5 levels of 255
    // (the default 0.2 tolerates far more). Chromium's raster of rounded-corner anti-aliasing varies by
    // 1–2 levels from run to run (the login overlay's input corners failed 4 of 12 repeats at threshold 0);
    // any moved edge, changed text or colour token still fails.
    toHaveScreenshot: { maxDiffPixels: 0, threshold: 0.02, animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  use: {
    baseURL: `http://localhost:${PORT}`,
    storageState: AUTH_STATE,
    locale: 'en-US',
    timezoneId: 'America/New_York',
    deviceScaleFactor: 1,
    colorScheme: 'light',
    // A trace is recorded for every test and thrown away when it passes: in CI that cost ~25 % of
    // the runner's CPU (8 states: 55 → 42 s user) for files nobody opens there (the failure's
    // screenshot and error context stay). Locally it is kept for failures; `--trace on` forces it.
    trace: CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--font-render-hinting=none',
        '--disable-font-subpixel-positioning',
        '--disable-lcd-text',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // Playwright's own feature list, plus the address bar's popup (a WebUI page loaded for every
        // context's window) and the spare renderer, which no test uses: 1.7–1.8 s of CPU per
        // context with them, 0.6 s without (tests/helpers/chromium-features.ts).
        PLAYWRIGHT_DISABLE_FEATURES_SWITCH,
      ],
    },
  },
  projects: [
    { name: 'desktop', testIgnore: 'public.spec.ts', use: { viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false } },
    // The phone runs what depends on the viewport, tagged '@mobile': every route and state
    // (states.spec.ts: snapshot, axe, focus not hidden, target size) and the behaviour that differs
    // on a phone (Read More, the news panel's dropdown, the header over each slide). What is the
    // same at any width (timers, the gate, the slider's rules, the menu) runs once, on the desktop.
    {
      name: 'mobile',
      testIgnore: 'public.spec.ts',
      grep: /@mobile/,
      use: { viewport: { width: 390, height: 844 }, isMobile: false, hasTouch: true },
    },
    // SITE_ACCESS=public: the open site, without a session, against its own server.
    {
      name: 'public',
      testMatch: 'public.spec.ts',
      use: { baseURL: PUBLIC_URL, storageState: { cookies: [], origins: [] }, viewport: { width: 1440, height: 900 } },
    },
  ],
  webServer: [
    // The production server as production runs it (built first when dist/ is missing or stale).
    productionServer(PORT, 'reports/e2e-data'),
    // SITE_ACCESS=public: the open site, for public.spec.ts.
    productionServer(PUBLIC_PORT, 'reports/e2e-data-public', { SITE_ACCESS: 'public', PUBLIC_ORIGIN }),
  ],
});
