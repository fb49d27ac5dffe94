/** scripts/perf/lib/blocking.ts: Lighthouse's blocking-time rule on the CPU time of main-thread tasks. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blockingFromTrace, type TraceEvent } from '../lib/blocking.ts';

const main = { pid: 7, tid: 1 };
const meta: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', ...main, ts: 0, args: { name: 'CrRendererMain' } },
  { name: 'thread_name', ph: 'M', pid: 7, tid: 2, ts: 0, args: { name: 'Compositor' } },
];
const task = (ts: number, cpuMs: number, wallMs = cpuMs, where = main): TraceEvent => ({ name: 'RunTask', ph: 'X', ...where, ts: ts * 1000, dur: wallMs * 1000, tdur: cpuMs * 1000 });
const fcp = (ts: number): TraceEvent => ({ name: 'firstContentfulPaint', ph: 'I', ...main, ts: ts * 1000 });

test('counts 4 × CPU time beyond 50 ms, for main-thread tasks from the first paint on', () => {
  const load = blockingFromTrace([
    ...meta,
    task(100, 40), // before FCP: not counted
    fcp(500),
    task(600, 30, 90), // 120 ms simulated (70 blocking), however long the wall clock says
    task(700, 10), // 40 ms: not blocking
    task(800, 25, 25, { pid: 7, tid: 2 }), // another thread
  ]);
  assert.deepEqual(load, { blockingMs: 70, longestMs: 120, cpuMs: 160 });
});

test('wall-clock time stolen by the machine does not count', () => {
  const quiet = blockingFromTrace([...meta, fcp(0), task(10, 20, 20)]);
  const busy = blockingFromTrace([...meta, fcp(0), task(10, 20, 200)]);
  assert.deepEqual(busy, quiet);
});

test('a trace without a first paint or a main thread is an error, not a zero', () => {
  assert.throws(() => blockingFromTrace([...meta, task(10, 20)]), /first contentful paint/);
  assert.throws(() => blockingFromTrace([fcp(0), task(10, 20)]), /main thread/);
});
