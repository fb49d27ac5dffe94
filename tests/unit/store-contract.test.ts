/**
 * The store contract (tests/helpers/store-contract.ts) on SQLite, each test in a fresh DATA_DIR,
 * and the rate-limit contract (tests/helpers/limiter-contract.ts) on the in-process counters that
 * go with it on one host.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { storeContract } from '../helpers/store-contract.ts';
import { limiterContract } from '../helpers/limiter-contract.ts';
import { openSqliteStore } from '../../src/server/store/sqlite.ts';
import { memoryStores } from '../../src/server/gate.ts';

const run = promisify(execFile);

storeContract('SQLite', {
  async create() {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hrc-store-'));
    return {
      open: async () => openSqliteStore(dataDir),
      destroy: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  },
});

limiterContract('in-process', { shared: false, create: async () => ({ open: async () => memoryStores, destroy: async () => {} }) });

test('SQLite: processes opening a new file together migrate it once, without a clash', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hrc-store-'));
  try {
    // Four processes at once (cluster workers starting); each opens the same new database.
    const script = `import { openSqliteStore } from ${JSON.stringify(pathToFileURL(path.resolve('src/server/store/sqlite.ts')).href)}; const s = openSqliteStore(process.argv[1]); await s.messages.insert({ name: 'n', email: 'e@x', company: '', message: 'm' }); await s.close();`;
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dataDir]).then(
          () => 'ok',
          (err: Error) => err.message,
        ),
      ),
    );
    assert.deepEqual(results, ['ok', 'ok', 'ok', 'ok']);
    const store = openSqliteStore(dataDir, { readonly: true });
    assert.equal(await store.messages.count(), 4);
    await store.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
