/** The store contract (tests/helpers/store-contract.ts) on SQLite, each test in a fresh DATA_DIR. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { storeContract } from '../helpers/store-contract.ts';
import { openSqliteStore } from '../../src/server/store/sqlite.ts';

storeContract('SQLite', {
  async create() {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hrc-store-'));
    return {
      open: async () => openSqliteStore(dataDir),
      destroy: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  },
});
