import { test } from 'node:test';
import assert from 'node:assert/strict';
import { memoize } from '../../src/server/memo.ts';

test('memoize calls the function once per key, undefined answers included, and starts again past max', () => {
  const calls: string[] = [];
  const f = memoize((k) => {
    calls.push(k);
    return k === 'none' ? undefined : k.length;
  }, 2);
  assert.equal(f('ab'), 2);
  assert.equal(f('ab'), 2);
  assert.equal(f('none'), undefined);
  assert.equal(f('none'), undefined);
  assert.deepEqual(calls, ['ab', 'none']);
  // A third key: the memory is full (2), so it starts again from empty with this key.
  assert.equal(f('abc'), 3);
  assert.equal(f('ab'), 2);
  assert.deepEqual(calls, ['ab', 'none', 'abc', 'ab']);
});
