/** scripts/perf/lib/cpu-speed.ts: how much of Lighthouse's TBT followed the machine's speed. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpuSpeedNote } from '../lib/cpu-speed.ts';

test('compares the median TBT of the runs on the slowest and the fastest third of CPU readings', () => {
  const runs = [
    { cpuIndex: 2800, tbt: 40 },
    { cpuIndex: 1600, tbt: 500 },
    { cpuIndex: 2200, tbt: 120 },
    { cpuIndex: 1700, tbt: 300 },
    { cpuIndex: 2700, tbt: 60 },
    { cpuIndex: 2100, tbt: 150 },
  ];
  assert.equal(
    cpuSpeedNote(runs),
    "CPU index (Lighthouse's benchmarkIndex) over the 6 runs: 1600–2800. Median TBT of the slowest third of runs (index 1600–1700): 400 ms; of the fastest third (index 2700–2800): 50 ms.",
  );
});

test('says nothing with fewer than 6 runs that carry a reading', () => {
  assert.equal(cpuSpeedNote([...Array(5)].map((_, i) => ({ cpuIndex: 2000 + i, tbt: 100 }))), undefined);
  assert.equal(cpuSpeedNote([...Array(6)].map((_, i) => ({ cpuIndex: i < 2 ? Number.NaN : 2000 + i, tbt: 100 }))), undefined);
});
