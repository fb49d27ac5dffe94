/**
 * WEB_CONCURRENCY > 1: this process is the primary of a node:cluster. It serves nothing itself:
 * it starts that many workers (each one the whole server, main.ts), which share the listening
 * port (the primary hands each new connection to the next worker, round robin), and it keeps the
 * rate-limit counters of all of them (@express-rate-limit/cluster-memory-store: a client's failed
 * logins count once, whichever worker answers).
 *
 * - A worker that dies is replaced (after a second). A worker that dies before it ever listened
 *   means the server cannot start (content error, port taken): the primary stops all and exits 1.
 * - SIGTERM / SIGINT: every worker stops accepting, finishes what is in flight and exits 0 (main.ts
 *   shutdown); the primary exits 0 once all have, 1 if any failed or after 10 s.
 * - SIGHUP: rolling restart, one worker at a time: the new one listens before the old one drains,
 *   so the port never goes unanswered (new code after a deploy, without dropping a request).
 */
import cluster, { type Worker } from 'node:cluster';
import { ClusterMemoryStorePrimary } from '@express-rate-limit/cluster-memory-store';
import type { Logger } from './log.ts';

export function runPrimary(workers: number, log: Logger) {
  new ClusterMemoryStorePrimary().init();
  let stopping = false;
  let everListened = false;
  let failed = false;
  const retiring = new Set<Worker>();
  // Our own count: cluster.workers may still list a worker that has exited but not yet disconnected.
  const alive = new Set<Worker>();
  const running = () => [...alive];

  const fork = () => {
    const w = cluster.fork();
    alive.add(w);
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
      for (const other of running()) other.process.kill('SIGTERM');
      if (alive.size === 0) process.exit(1);
      return;
    }
    log.error('worker died; starting another', { pid: w.process.pid, code, signal });
    setTimeout(() => {
      if (!stopping && alive.size < workers) fork();
    }, 1_000).unref();
  });
  for (let i = 0; i < workers; i++) fork();

  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal, workers: alive.size });
    const force = setTimeout(() => {
      log.error('workers did not stop in time; killing them');
      for (const w of running()) w.process.kill('SIGKILL');
      process.exit(1);
    }, 10_000);
    force.unref();
    // Each worker drains on its own (main.ts shutdown) and exits 0; the 'exit' handler above ends us.
    for (const w of running()) w.process.kill(signal);
    if (alive.size === 0) process.exit(0);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  let rolling = false;
  process.on('SIGHUP', async () => {
    if (rolling || stopping) return;
    rolling = true;
    log.info('rolling restart', { workers });
    for (const old of running()) {
      if (stopping) break;
      const next = fork();
      const listening = await new Promise<boolean>((resolve) => {
        next.once('listening', () => resolve(true));
        next.once('exit', () => resolve(false));
      });
      if (!listening) {
        // The new code does not start: keep the workers that run (the exit handler logs it).
        log.error('rolling restart stopped: a new worker exited before it listened');
        break;
      }
      retiring.add(old);
      await new Promise<void>((resolve) => {
        old.once('exit', () => resolve());
        // disconnect() takes the worker out of the round robin here, at once. Without it the
        // primary could hand it a connection after its SIGTERM, before its "server closed" message
        // arrives; a worker that exits before answering that handoff loses the connection (the
        // client waits forever: 2 and 9 connections lost in two runs of 12 restarts under 3 busy
        // clients; the SIGHUP test in tests/http/cluster.slow.test.ts failed 3 runs of 3 without it).
        // The worker still drains what it holds (main.ts shutdown), then exits 0.
        old.disconnect();
        old.process.kill('SIGTERM');
      });
    }
    rolling = false;
    if (!stopping) log.info('rolling restart done', { workers: alive.size });
  });
}
