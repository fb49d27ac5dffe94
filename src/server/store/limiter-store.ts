/**
 * The rate-limit counters in PostgreSQL (DATABASE_URL): express-rate-limit's Store interface, so
 * that sign-in throttling (per client and the site-wide pressure) and the contact limit count
 * once across every host. One row per key and window (rate_limits), incremented atomically.
 *
 * When the database cannot be reached, each limiter counts in this process's memory instead
 * (express-rate-limit's MemoryStore, same window and limits): per-host limits, so an attacker
 * spread over N hosts gets up to N times the guesses while it lasts — but nobody is locked out
 * and sign-in keeps working, which refusing every attempt would not (and failing open, counting
 * nothing, would give an attacker unlimited guesses). The log says when the limits become per
 * host and when they are shared again; within PROBE_EVERY_MS of the database's return the limits
 * count in it again.
 */
import { MemoryStore, type Options, type Store, type ClientRateLimitInfo } from 'express-rate-limit';
import type pg from 'pg';
import type { Logger } from '../log.ts';

const UPSERT = `INSERT INTO rate_limits (key, hits, reset_at) VALUES ($1, 1, now() + $2 * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.hits + 1 END,
    reset_at = CASE WHEN rate_limits.reset_at <= now() THEN now() + $2 * interval '1 millisecond' ELSE rate_limits.reset_at END
  RETURNING hits, reset_at`;

/** How often, while the limits are per host, the database is asked whether it is back. */
export const PROBE_EVERY_MS = 2_000;

/**
 * Whether the limits are shared (in the database) or per host (the database is out), told in the
 * log on each change. Once a query fails, every limiter counts in memory at once (no request waits
 * on a database that is not answering: a connection attempt may take the pool's 3 s) and a probe
 * asks the database every PROBE_EVERY_MS whether it is back.
 */
function degradation(pool: pg.Pool, log: Logger, ready: () => Promise<void>) {
  let degraded = false;
  let probe: NodeJS.Timeout | undefined;
  let probing = false;
  const state = {
    get degraded() {
      return degraded;
    },
    failed(err: unknown) {
      if (degraded) return;
      degraded = true;
      log.error('rate limits degraded: PostgreSQL cannot be reached; sign-in and contact limits are counted on this host only until it returns', {
        error: String((err as Error)?.message ?? err),
      });
      probe = setInterval(() => {
        if (probing) return;
        probing = true;
        ready()
          .then(() => pool.query('SELECT 1'))
          .then(() => state.ok())
          .catch(() => {})
          .finally(() => {
            probing = false;
          });
      }, PROBE_EVERY_MS);
      probe.unref();
    },
    ok() {
      if (!degraded) return;
      degraded = false;
      clearInterval(probe);
      log.info('rate limits shared again: PostgreSQL answers');
    },
    stop() {
      clearInterval(probe);
    },
  };
  return state;
}

class PostgresLimiterStore implements Store {
  readonly localKeys = false;
  private windowMs = 60_000;
  private readonly fallback = new MemoryStore();
  constructor(
    private readonly pool: pg.Pool,
    readonly prefix: string,
    private readonly state: ReturnType<typeof degradation>,
    private readonly ready: () => Promise<void>,
  ) {}

  init(options: Options) {
    this.windowMs = options.windowMs;
    this.fallback.init(options);
  }

  private async counted<T>(query: () => Promise<T>, fallback: () => Promise<T> | T): Promise<T> {
    if (this.state.degraded) return fallback();
    try {
      await this.ready();
      return await query();
    } catch (err) {
      this.state.failed(err);
      return fallback();
    }
  }

  get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.counted(
      async () => {
        const { rows } = await this.pool.query<{ hits: number; reset_at: Date }>('SELECT hits, reset_at FROM rate_limits WHERE key = $1 AND reset_at > now()', [this.prefix + key]);
        return rows[0] ? { totalHits: rows[0].hits, resetTime: rows[0].reset_at } : undefined;
      },
      () => this.fallback.get(key),
    );
  }

  increment(key: string): Promise<ClientRateLimitInfo> {
    return this.counted(
      async () => {
        const { rows } = await this.pool.query<{ hits: number; reset_at: Date }>(UPSERT, [this.prefix + key, this.windowMs]);
        return { totalHits: rows[0].hits, resetTime: rows[0].reset_at };
      },
      () => this.fallback.increment(key),
    );
  }

  decrement(key: string): Promise<void> {
    return this.counted(
      async () => {
        await this.pool.query('UPDATE rate_limits SET hits = greatest(hits - 1, 0) WHERE key = $1 AND reset_at > now()', [this.prefix + key]);
      },
      () => this.fallback.decrement(key),
    );
  }

  resetKey(key: string): Promise<void> {
    return this.counted(
      async () => {
        await this.pool.query('DELETE FROM rate_limits WHERE key = $1', [this.prefix + key]);
      },
      () => this.fallback.resetKey(key),
    );
  }

  shutdown() {
    this.fallback.shutdown();
  }
}

/**
 * A factory of limiter stores on one pool (gate.ts LimiterStoreFactory: one store per limiter,
 * by name). `ready`: the store's schema (postgres.ts), waited for before the first count. Expired
 * counters are deleted every 10 minutes; `stop` ends that and the probe.
 */
export function postgresLimiterStores(pool: pg.Pool, log: Logger, ready: () => Promise<void> = async () => {}) {
  const state = degradation(pool, log, ready);
  const purge = setInterval(() => {
    if (!state.degraded) pool.query("DELETE FROM rate_limits WHERE reset_at < now() - interval '1 minute'").catch(() => {});
  }, 10 * 60_000);
  purge.unref();
  return Object.assign((name: string): Store => new PostgresLimiterStore(pool, `${name}:`, state, ready), {
    stop: () => {
      clearInterval(purge);
      state.stop();
    },
  });
}
