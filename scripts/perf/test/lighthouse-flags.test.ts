/**
 * The flags of Lighthouse's browser (scripts/perf/lighthouse.ts): chrome-launcher's defaults with
 * our features added to their one `--disable-features` switch (tests/helpers/chromium-features.ts;
 * Chromium keeps only the last such switch). Here rather than in tests/unit because chrome-launcher
 * is installed with the measuring tools only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Launcher } from 'chrome-launcher';
import { BACKGROUND_FEATURES, withDisabledFeatures } from '../../../tests/helpers/chromium-features.ts';

test("Lighthouse's browser keeps chrome-launcher's defaults and adds ours, in one switch", () => {
  const defaults = Launcher.defaultFlags();
  const flags = withDisabledFeatures(defaults);
  const switches = flags.filter((f) => f.startsWith('--disable-features='));
  assert.equal(switches.length, 1);
  const theirs = defaults.filter((f) => f.startsWith('--disable-features=')).flatMap((f) => f.split('=')[1].split(','));
  assert.ok(theirs.length > 0, "chrome-launcher's defaults disable no feature: the test reads them wrongly");
  const merged = switches[0].split('=')[1].split(',');
  for (const f of [...theirs, ...BACKGROUND_FEATURES]) assert.ok(merged.includes(f), `${f} is missing`);
  for (const f of defaults.filter((d) => !d.startsWith('--disable-features='))) assert.ok(flags.includes(f), `${f} was dropped`);
});
