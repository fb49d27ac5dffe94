/**
 * How far a Lighthouse measurement followed the machine's speed (lighthouse.ts;
 * test/cpu-speed.test.ts).
 *
 * Lighthouse's simulated phone multiplies the wall-clock length of every main-thread task by 4,
 * so the same build blocks longer on a slower or busier CPU. Each report carries Lighthouse's own
 * reading of the CPU, `benchmarkIndex`, taken at the run (higher is faster; the 4× multiplier is
 * meant for a desktop of about 1,000–2,000). Comparing the Total Blocking Time of the runs made
 * on the slowest and on the fastest third of readings shows how far a TBT figure followed the
 * machine. A trend, not a correction: the reading is taken once per run, before the load, and the
 * share of the CPU that a shared machine leaves changes from second to second (on 2026-11-27, 33
 * pages: Pearson −0.23 between the reading and TBT).
 */
import { median } from './median.ts';

export interface CpuRun {
  /** Lighthouse's benchmarkIndex during the run. */
  cpuIndex: number;
  /** Total Blocking Time, ms. */
  tbt: number;
}

/** One sentence for the summary; undefined with fewer than 6 runs that have a reading. */
export function cpuSpeedNote(runs: readonly CpuRun[]): string | undefined {
  const byIndex = runs.filter((r) => Number.isFinite(r.cpuIndex)).sort((a, b) => a.cpuIndex - b.cpuIndex);
  if (byIndex.length < 6) return undefined;
  const third = Math.floor(byIndex.length / 3);
  const slow = byIndex.slice(0, third);
  const fast = byIndex.slice(-third);
  const range = (xs: CpuRun[]) => `${Math.round(xs[0].cpuIndex)}–${Math.round(xs[xs.length - 1].cpuIndex)}`;
  const tbt = (xs: CpuRun[]) => `${Math.round(median(xs.map((r) => r.tbt)))} ms`;
  return (
    `CPU index (Lighthouse's benchmarkIndex) over the ${byIndex.length} runs: ${range(byIndex)}. ` +
    `Median TBT of the slowest third of runs (index ${range(slow)}): ${tbt(slow)}; of the fastest third (index ${range(fast)}): ${tbt(fast)}.`
  );
}
