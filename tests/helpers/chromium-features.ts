/**
 * Chromium features that the test and measurement browsers turn off, and the one
 * `--disable-features` switch that carries them.
 *
 * Debian's Chromium runs headless as the full browser ("new headless"): every window that
 * Playwright opens for a browser context also loads the address bar's suggestion popup, a WebUI
 * page (chrome://omnibox-popup.top-chrome/) in a renderer process of its own, and Chromium keeps a
 * spare renderer process started for the next navigation. Neither is ever shown or used by a test.
 * Measured on this project's 2-core VM (15 contexts, each one page loaded, 3 rounds; the machine's
 * CPU time from /proc/stat): 1.70–1.84 s of CPU per context with them, 0.57–0.63 s without.
 *
 * Chromium keeps only the last `--disable-features` switch of its command line (the lists are not
 * merged), and both Playwright and chrome-launcher pass one of their own. So ours repeats theirs:
 * `PLAYWRIGHT_DISABLED_FEATURES` is Playwright's list (tests/unit/chromium-features.test.ts fails
 * when an upgrade of Playwright changes it), and `withDisabledFeatures` merges into
 * chrome-launcher's flags, which it exports.
 */

/** What no test or measurement needs: the address bar's popup (two WebUI pages) and the spare renderer. */
export const BACKGROUND_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'SpareRendererForSitePerProcess'] as const;

/** The features that playwright-core's own `--disable-features` switch turns off (chromiumSwitches.ts). */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
] as const;

/** The switch to add to Playwright's launch arguments: Playwright's list and ours. */
export const PLAYWRIGHT_DISABLE_FEATURES_SWITCH = `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BACKGROUND_FEATURES].join(',')}`;

/**
 * `flags` with `features` added to its `--disable-features` switch (one is appended if it has
 * none); every other flag unchanged.
 */
export function withDisabledFeatures(flags: readonly string[], features: readonly string[] = BACKGROUND_FEATURES): string[] {
  const prefix = '--disable-features=';
  const existing = flags.filter((f) => f.startsWith(prefix)).flatMap((f) => f.slice(prefix.length).split(','));
  const merged = [...new Set([...existing, ...features].filter(Boolean))];
  return [...flags.filter((f) => !f.startsWith(prefix)), prefix + merged.join(',')];
}
