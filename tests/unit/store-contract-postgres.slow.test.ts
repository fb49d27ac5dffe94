/**
 * The store contract (tests/helpers/store-contract.ts) and the rate-limit contract
 * (tests/helpers/limiter-contract.ts) on PostgreSQL: a throwaway cluster for the file
 * (tests/helpers/postgres.ts), a new database per test, two pools for "two processes" or hosts.
 * Slow tier: it starts PostgreSQL (about 3 s).
 */
import { after } from 'node:test';
import { storeContract } from '../helpers/store-contract.ts';
import { startTestPostgres } from '../helpers/postgres.ts';
import { limiterContract } from '../helpers/limiter-contract.ts';
import { openPostgresStore } from '../../src/server/store/postgres.ts';
import { postgresLimiterStores } from '../../src/server/store/limiter-store.ts';
import { createLogger } from '../../src/server/log.ts';

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

limiterContract(
  'PostgreSQL',
  {
    shared: true,
    async create() {
      const url = await server!.createDatabase();
      const stores: ReturnType<typeof openPostgresStore>[] = [];
      return {
        async open() {
          const store = openPostgresStore(url);
          await store.ready();
          stores.push(store);
          return postgresLimiterStores(store.limitsPool, createLogger('off'), () => store.ready());
        },
        destroy: async () => void (await Promise.all(stores.map((s) => s.close()))),
      };
    },
  },
  { skip: () => skip },
);
