/**
 * The store contract (tests/helpers/store-contract.ts) and the rate-limit contract
 * (tests/helpers/limiter-contract.ts) on PostgreSQL: a throwaway cluster for the file
 * (tests/helpers/postgres.ts), a new database per test, two pools for "two processes" or hosts.
 * Slow tier: it starts PostgreSQL (about 3 s).
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
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

test('PostgreSQL: hosts may run as a role without CREATE once the owner has made the schema', async (t) => {
  if (skip) return t.skip(skip);
  if (process.env.TEST_DATABASE_URL) return t.skip('TEST_DATABASE_URL: this test creates a role');
  const url = await server!.createDatabase();
  const owner = openPostgresStore(url);
  await owner.ready();
  await owner.close();
  const role = `web_${process.pid}`;
  const admin = new pg.Pool({ connectionString: url, max: 1 });
  const u = new URL(url);
  u.username = role;
  const web = openPostgresStore(u.toString());
  try {
    await admin.query(`CREATE ROLE ${role} LOGIN`);
    await admin.query('REVOKE CREATE ON SCHEMA public FROM PUBLIC');
    await admin.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`);
    await admin.query(`GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
    await web.ready();
    const id = await web.messages.insert({ name: 'A', email: 'a@example.com', company: '', message: 'From a role that cannot create tables.' }, { notify: true });
    assert.equal((await web.outbox.claim(new Date(), 60_000))?.message.id, id);
    await web.sessions.revoke({ id: 's', expiresAt: Date.now() + 60_000 });
    await web.probeWrite();
    const limits = postgresLimiterStores(web.limitsPool, createLogger('off'), () => web.ready())('login-client');
    await limits.increment('k');
    await limits.increment('k');
    assert.deepEqual((await admin.query("SELECT hits FROM rate_limits WHERE key = 'login-client:k'")).rows, [{ hits: 2 }], 'counted in the database');
  } finally {
    await web.close();
    await admin.query(`DROP OWNED BY ${role}`).catch(() => {});
    await admin.query(`DROP ROLE IF EXISTS ${role}`).catch(() => {});
    await admin.end();
  }
});
