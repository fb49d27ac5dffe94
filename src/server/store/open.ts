/**
 * The store the configuration names: SQLite in DATA_DIR (the one implementation so far).
 */
import type { Store } from './index.ts';
import { openSqliteStore } from './sqlite.ts';

export function openStore(config: { dataDir: string }): Store {
  return openSqliteStore(config.dataDir);
}
