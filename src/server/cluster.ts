/**
 * WEB_CONCURRENCY > 1: this process is the primary of a node:cluster. It serves nothing itself:
 * it starts that many workers (each one the whole server, main.ts), which share the listening
 * port (the primary hands each new connection to the next worker, round robin), and it keeps the
 * rate-limit counters of all of them (@express-rate-limit/cluster-memory-store: a client's failed
 * logins count once, whichever worker answers).
 *
 * - A worker that dies is replaced, after a pause that doubles with each death in the last minute
 *   (1 s, 2 s, 4 s … at most 30 s: restartDelayMs), so that a crash loop does not spin the CPU
 *   and flood the log. A worker that dies before any ever listened means the server cannot start
 *   (content error, port taken): the primary stops all and exits 1.
 * - SIGTERM / SIGINT: every worker stops accepting, finishes what is in flight and exits 0 (main.ts
 *   shutdown); the primary exits 0 once all have, 1 if any failed or after 40 s.
 * - SIGHUP: rolling restart, one worker at a time: the new one listens before the old one drains,
 *   so the port never goes unanswered (new code after a deploy, without dropping a request). A
 *   worker that dies meanwhile is replaced like any other and skipped by the restart, which always
 *   completes; the next SIGHUP starts a new one.
 */
import cluster, { type Worker } from 'node:cluster';
import { ClusterMemoryStorePrimary } from '@express-rate-limit/cluster-memory-store';
import type { Logger } from './log.ts';

/** The pause before replacing a dead worker: 1 s doubled for each other death in the last minute, at most 30 s. */
export function restartDelayMs(deathsInLastMinute: number, baseMs = 1_000, maxMs = 30_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(deathsInLastMinute - 1, 30)));
}

/** The workers' stop takes up to 30 s for an e-mail under way (outbox.ts); the primary waits a little longer. */
const STOP_LIMIT_MS = 40_000;

export function runPrimary(workers: number, log: Logger) {
  new ClusterMemoryStorePrimary().init();
  let stopping = false;
  let everListened = false;
  let failed = false;
  /** Workers still running, each with the promise of its exit (resolved even when asked after the fact). */
  const alive = new Map<Worker, Promise<void>>();
  /** Workers a rolling restart is draining: their exit is expected, not replaced. */
  const retiring = new Set<Worker>();
  /** When workers died unasked (for the back-off). */
  let deaths: number[] = [];
  /** Replacements waiting for their back-off, so that a death is replaced once. */
  let pendingReplacements = 0;

  const serving = () => alive.size - retiring.size + pendingReplacements;
  const fork = () => {
    const w = cluster.fork();
    alive.set(w, new Promise<void>((resolve) => w.once('exit', () => resolve())));
    w.once('listening', () => {
      if (!everListened) log.info('cluster started', { workers });
      everListened = true;
    });
    return w;
  };

  cluster.on('exit', (w, code, signal) => {
    alive.delete(w);
    if (retiring.delete(w)) return;
    if (stopping) {
      if (code !== 0) failed = true;
      if (alive.size === 0) process.exit(failed ? 1 : 0);
      return;
    }
    if (!everListened) {
      // Its own message (stderr) says why; the others would fail the same way.
      stopping = true;
      failed = true;
      for (const other of alive.keys()) other.process.kill('SIGTERM');
      if (alive.size === 0) process.exit(1);
      return;
    }
    const now = Date.now();
    deaths = [...deaths.filter((t) => now - t < 60_000), now];
    const delay = restartDelayMs(deaths.length);
    log.error('worker died; starting another', { pid: w.process.pid, code, signal, restartInMs: delay, deathsInLastMinute: deaths.length });
    if (serving() >= workers) return;
    pendingReplacements++;
    setTimeout(() => {
      pendingReplacements--;
      if (!stopping && serving() < workers) fork();
    }, delay).unref();
  });
  for (let i = 0; i < workers; i++) fork();

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal, workers: alive.size });
    const force = setTimeout(() => {
      log.error('workers did not stop in time; killing them');
      for (const w of alive.keys()) w.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_LIMIT_MS);
    force.unref();
    // Each worker drains on its own (main.ts shutdown) and exits 0; the 'exit' handler above ends us.
    for (const w of alive.keys()) w.process.kill(signal);
    if (alive.size === 0) process.exit(0);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  let rolling = false;
  const rollingRestart = async () => {
    log.info('rolling restart', { workers });
    // The workers running now (a copy: the map changes while the restart goes on).
    for (const old of Array.from(alive.keys())) {
      if (stopping) return;
      // Died since the restart began: replaced by the exit handler, nothing to retire.
      if (!alive.has(old) || retiring.has(old)) continue;
      // From now on `next` stands for `old`: a death elsewhere meanwhile is replaced on its own.
      retiring.add(old);
      const next = fork();
      const listening = await new Promise<boolean>((resolve) => {
        next.once('listening', () => resolve(true));
        next.once('exit', () => resolve(false));
      });
      if (!listening) {
        // The new code does not start: keep the workers that run (the exit handler logs it).
        if (alive.has(old)) retiring.delete(old);
        log.error('rolling restart stopped: a new worker exited before it listened');
        return;
      }
      // The old one died while its successor started: the successor has taken its place.
      if (!alive.has(old)) continue;
      // disconnect() takes the worker out of the round robin here, at once. Without it the
      // primary could hand it a connection after its SIGTERM, before its "server closed" message
      // arrives; a worker that exits before answering that handoff loses the connection (the
      // client waits forever: 2 and 9 connections lost in two runs of 12 restarts under 3 busy
      // clients; the SIGHUP test in tests/http/cluster.slow.test.ts failed 3 runs of 3 without it).
      // The worker still drains what it holds (main.ts shutdown), then exits 0.
      old.disconnect();
      old.process.kill('SIGTERM');
      // Its exit promise resolves even if it has exited already (killed meanwhile).
      await alive.get(old);
    }
    log.info('rolling restart done', { workers: alive.size });
  };
  process.on('SIGHUP', () => {
    if (rolling || stopping) return;
    rolling = true;
    void rollingRestart().finally(() => {
      rolling = false;
    });
  });
}
