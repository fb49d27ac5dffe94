/**
 * Lighthouse's Total Blocking Time rule applied to CPU time instead of wall-clock time (used by
 * `browser --measure main-thread`; test/blocking.test.ts). A Chromium trace gives each task of the
 * renderer's main thread both `dur` (wall clock) and `tdur` (the thread's CPU time); on a shared
 * machine only the first is stretched by CPU time stolen from us.
 */

/** Lighthouse's simulated phone: a 4× slower CPU; a task blocks for what exceeds 50 ms. */
export const CPU_MULTIPLIER = 4;
export const LONG_TASK_MS = 50;

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface Load {
  blockingMs: number;
  longestMs: number;
  cpuMs: number;
}

/** Blocking time, longest task and CPU of the renderer's main-thread tasks from the first contentful paint on (each × CPU_MULTIPLIER). */
export function blockingFromTrace(events: TraceEvent[]): Load {
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('the trace has no first contentful paint');
  const thread = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === fcp.pid && e.args?.name === 'CrRendererMain');
  if (!thread) throw new Error('the trace names no renderer main thread');
  const tasks = events
    .filter((e) => e.name === 'RunTask' && e.pid === thread.pid && e.tid === thread.tid && e.ts >= fcp.ts && e.tdur !== undefined)
    .map((e) => (CPU_MULTIPLIER * (e.tdur ?? 0)) / 1000);
  return {
    blockingMs: tasks.reduce((sum, ms) => sum + Math.max(0, ms - LONG_TASK_MS), 0),
    longestMs: Math.max(0, ...tasks),
    cpuMs: tasks.reduce((sum, ms) => sum + ms, 0),
  };
}
