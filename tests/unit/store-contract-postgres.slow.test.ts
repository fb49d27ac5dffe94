/**
 * The store contract (tests/helpers/store-contract.ts) on PostgreSQL: a throwaway cluster for the
 * file (tests/helpers/postgres.ts), a new database per test, two pools for "two processes".
 * Slow tier: it starts PostgreSQL (about 3 s).
 */
import { after } from 'node:test';
import { storeContract } from '../helpers/store-contract.ts';
import { startTestPostgres } from '../helpers/postgres.ts';
import { openPostgresStore } from '../../src/server/store/postgres.ts';

let skip: string | undefined;
const server = await startTestPostgres({ skip: (m) => void (skip = m) });
after(() => server?.destroy());

storeContract(
  'PostgreSQL',
  {
    async create() {
      const url = await server!.createDatabase();
      return { open: async () => openPostgresStore(url), destroy: async () => {} };
    },
  },
  { skip: () => skip },
);
