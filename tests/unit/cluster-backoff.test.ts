/** The pause before a dead worker is replaced (cluster.ts): doubling with each death in the last minute, capped. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { restartDelayMs } from '../../src/server/cluster.ts';

test('1 s for the first death in a minute, doubling with each more, never more than 30 s', () => {
  assert.deepEqual(
    [1, 2, 3, 4, 5, 6, 7, 50].map((n) => restartDelayMs(n)),
    [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000],
  );
  assert.equal(restartDelayMs(0), 1_000);
  assert.equal(restartDelayMs(1_000_000), 30_000, 'no overflow');
});
