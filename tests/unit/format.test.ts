/** src/app/format.ts: dates and counts written without Intl, exactly as Intl would write them. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatCount, formatDate } from '../../src/app/format.ts';

test('formatCount writes what toLocaleString("en-US") writes, for every kind of whole number', () => {
  const samples = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10000, 12345, 100000, 999999, 1000000, 1234567, 4000, 2 ** 31, Number.MAX_SAFE_INTEGER];
  for (let n = 0; n < 20000; n += 7) samples.push(n);
  for (const n of [...samples, ...samples.filter((x) => x > 0).map((x) => -x)]) assert.equal(formatCount(n), n.toLocaleString('en-US'), String(n));
  assert.equal(formatCount(1234.5), (1234.5).toLocaleString('en-US'), 'not a whole number: Intl decides');
});

test('formatDate writes the month name, the day and the year', () => {
  assert.equal(formatDate('2025-10-19'), 'October 19, 2025');
  assert.equal(formatDate('1999-01-01'), 'January 1, 1999');
});
