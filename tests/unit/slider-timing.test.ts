/**
 * The slider's interval is one fact (SLIDER_INTERVAL_MS, seed §4: 8 seconds): the progress bar
 * of the active indicator in home.css must take exactly that long, or the bar and the rotation
 * drift apart (the bar would finish before or after the slide changes).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { SLIDER_INTERVAL_MS } from '../../src/app/constants.ts';

test('the indicator progress in home.css lasts SLIDER_INTERVAL_MS', () => {
  const css = readFileSync('src/app/styles/home.css', 'utf8');
  const rules = [...css.matchAll(/animation:\s*slider-progress\s+(\d+(?:\.\d+)?)(ms|s)\b/g)];
  assert.ok(rules.length > 0, 'home.css animates the indicator with slider-progress');
  for (const [, n, unit] of rules) assert.equal(Number(n) * (unit === 's' ? 1000 : 1), SLIDER_INTERVAL_MS, `slider-progress ${n}${unit}`);
});
