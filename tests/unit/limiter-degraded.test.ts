/**
 * The shared rate limits when PostgreSQL does not answer (src/server/store/limiter-store.ts): the
 * first failed query puts every limiter on this host's memory, and later attempts are counted
 * there at once — a sign-in does not wait on the database again while it stays away. The database
 * here is a socket that accepts and never answers (a host whose network dropped, the slowest way to
 * fail). Its return is tested against a real PostgreSQL in tests/http/postgres.slow.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Socket } from 'node:net';
import type { Options } from 'express-rate-limit';
import pg from 'pg';
import { postgresLimiterStores } from '../../src/server/store/limiter-store.ts';
import { createLogger } from '../../src/server/log.ts';

test('a database that stops answering: limits counted on this host at once, the log says so once', async (t) => {
  const sockets = new Set<Socket>();
  const silent = createServer((s) => void sockets.add(s));
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  const { port } = silent.address() as { port: number };
  const pool = new pg.Pool({ connectionString: `postgres://site@127.0.0.1:${port}/site`, connectionTimeoutMillis: 1_000 });
  pool.on('error', () => {});
  const lines: string[] = [];
  const stores = postgresLimiterStores(pool, createLogger('json', { write: (l: string) => void lines.push(l) }));
  t.after(async () => {
    stores.stop();
    for (const s of sockets) s.destroy();
    silent.close();
    await pool.end().catch(() => {});
  });
  const login = stores('login-client');
  void login.init?.({ windowMs: 15 * 60_000 } as Options);
  const pressure = stores('login-all');
  void pressure.init?.({ windowMs: 15 * 60_000 } as Options);

  const first = await login.increment('c:203.0.113.7');
  assert.equal(first.totalHits, 1, 'counted, in memory');
  const started = performance.now();
  const totals = [];
  for (let i = 0; i < 10; i++) {
    await pressure.increment('all-clients');
    totals.push((await login.increment('c:203.0.113.7')).totalHits);
  }
  const ms = performance.now() - started;
  assert.deepEqual(totals, [2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 'the per-host limit keeps counting');
  assert.ok(ms < 500, `20 more attempts took ${ms.toFixed(0)} ms: none waited for the database (1 s each)`);
  const messages = lines.map((l) => (JSON.parse(l) as { msg: string }).msg);
  assert.deepEqual(
    messages.filter((m) => m.startsWith('rate limits degraded')),
    ['rate limits degraded: PostgreSQL cannot be reached; sign-in and contact limits are counted on this host only until it returns'],
  );
});
