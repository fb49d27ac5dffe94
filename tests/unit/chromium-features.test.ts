/**
 * The `--disable-features` switch of the test and measurement browsers
 * (tests/helpers/chromium-features.ts). Chromium keeps only the last such switch, so ours must
 * repeat the list of the tool that launches the browser, or that tool's own choices would be lost.
 * Lighthouse's launcher (chrome-launcher) is checked with the measuring tools:
 * scripts/perf/test/lighthouse-flags.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { BACKGROUND_FEATURES, PLAYWRIGHT_DISABLED_FEATURES, PLAYWRIGHT_DISABLE_FEATURES_SWITCH, withDisabledFeatures } from '../helpers/chromium-features.ts';

const require = createRequire(import.meta.url);

/** The feature names in playwright-core's `disabledFeatures = [ … ]`, read from its installed source. */
function installedPlaywrightList(): string[] {
  const dir = path.dirname(require.resolve('playwright-core/package.json'));
  const file = ['lib/coreBundle.js', 'lib/server/chromium/chromiumSwitches.js'].map((f) => path.join(dir, f)).find((f) => existsSync(f));
  assert.ok(file, 'playwright-core: neither lib/coreBundle.js nor lib/server/chromium/chromiumSwitches.js is installed');
  const source = readFileSync(file, 'utf8');
  const block = /disabledFeatures\s*=\s*\[([\s\S]*?)\]/.exec(source);
  assert.ok(block, `playwright-core no longer declares "disabledFeatures = [ … ]" in ${path.relative(dir, file)}: update tests/helpers/chromium-features.ts`);
  const code = block[1]
    .split('\n')
    .map((line) => line.replace(/\/\/.*$/, ''))
    .join('\n');
  return [...code.matchAll(/["']([A-Za-z0-9]+)["']/g)].map((m) => m[1]);
}

test("our switch repeats every feature of Playwright's own --disable-features (the installed version's)", () => {
  const installed = installedPlaywrightList();
  assert.ok(installed.length >= 5, `read ${installed.length} features from playwright-core: the parse is wrong`);
  assert.deepEqual([...PLAYWRIGHT_DISABLED_FEATURES].sort(), [...installed].sort(), 'Playwright changed its list: copy it into PLAYWRIGHT_DISABLED_FEATURES');
  const ours = PLAYWRIGHT_DISABLE_FEATURES_SWITCH.replace('--disable-features=', '').split(',');
  for (const f of [...installed, ...BACKGROUND_FEATURES]) assert.ok(ours.includes(f), `${f} is missing from the switch`);
});

test('withDisabledFeatures merges into the one --disable-features switch and keeps the other flags', () => {
  assert.deepEqual(withDisabledFeatures(['--a', '--disable-features=X,Y', '--b'], ['Y', 'Z']), ['--a', '--b', '--disable-features=X,Y,Z']);
  assert.deepEqual(withDisabledFeatures(['--a'], ['Z']), ['--a', '--disable-features=Z']);
  // Two switches (the second would win in Chromium) become one with both lists.
  assert.deepEqual(withDisabledFeatures(['--disable-features=X', '--disable-features=Y'], ['Z']), ['--disable-features=X,Y,Z']);
});
