/**
 * The store the configuration names: PostgreSQL when DATABASE_URL is set (several hosts share it),
 * otherwise SQLite in DATA_DIR (one host).
 */
import type { Store } from './index.ts';
import { openSqliteStore } from './sqlite.ts';
import { openPostgresStore, type PostgresStore } from './postgres.ts';

export function openStore(config: { dataDir: string; databaseUrl?: string }): Store {
  return config.databaseUrl ? openPostgresStore(config.databaseUrl) : openSqliteStore(config.dataDir);
}

/** The PostgreSQL store, whose pool the rate-limit counters share (limiter-store.ts); undefined for SQLite. */
export const postgresOf = (store: Store): PostgresStore | undefined => ('pool' in store ? (store as PostgresStore) : undefined);
