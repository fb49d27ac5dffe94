/**
 * The slider's progress bar (home.css) fills in the time a story is shown (SLIDER_INTERVAL_MS,
 * seed §9): the CSS cannot read the constant, so this test ties the two (issue 33). A bar that
 * ends before the story turns, or after, tells the visitor the wrong time.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SLIDER_INTERVAL_MS } from '../../src/app/constants.ts';

test("the slider's progress animation lasts SLIDER_INTERVAL_MS", () => {
  const css = readFileSync(path.resolve('src/app/styles/home.css'), 'utf8');
  const durations = [...css.matchAll(/animation:\s*slider-progress\s+(\d+(?:\.\d+)?)(ms|s)\b/g)].map(([, n, unit]) => Number(n) * (unit === 's' ? 1000 : 1));
  assert.ok(durations.length >= 1, 'home.css animates .slider__progress with slider-progress');
  for (const ms of durations) assert.equal(ms, SLIDER_INTERVAL_MS);
});
