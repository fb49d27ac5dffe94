/**
 * The store in PostgreSQL (DATABASE_URL): what several hosts share — contact messages, the
 * outbox, the revoked sessions, the rate-limit counters (limiter-store.ts) — through the `pg`
 * driver. The schema is created and migrated at start by versioned migrations (MIGRATIONS below,
 * recorded in schema_migrations) under an advisory lock, so two hosts starting together take
 * turns. The outbox is claimed with FOR UPDATE SKIP LOCKED: two hosts never claim one message.
 *
 * A database outage is not the pages' business: the store's calls reject (within the pool's
 * connection timeout), the contact form answers 503 with the visitor's text kept, /readyz fails,
 * and the pool reconnects by itself when the database returns.
 */
import pg from 'pg';
import { StoreError, StoreUnavailableError, type DeliveryState, type NewMessage, type OutboxItem, type Revocation, type Store, type StoredMessage } from './index.ts';

/** The database's own name for log lines: postgres://host:port/db, never the credentials. */
export function describeDatabase(url: string): string {
  try {
    const u = new URL(url);
    return `postgres://${u.host}${u.pathname}`;
  } catch {
    return 'postgres://(unparsable DATABASE_URL)';
  }
}

/**
 * Whether an error means the database cannot be reached now (worth trying again later), rather
 * than that it refused us (a wrong password, no such database: a configuration to fix). Network
 * errors (ECONNREFUSED, EPIPE…) and timeouts carry no SQLSTATE; 57P01–57P03 are a server shutting
 * down or starting, 53300 too many connections.
 */
export function unreachable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  const sqlstate = typeof code === 'string' && /^(?:[0-5][0-9A-Z]|F0|HV|P0|XX)[0-9A-Z]{3}$/.test(code);
  return !sqlstate || /^57P0[1-3]$|^53300$/.test(code);
}

/** Versioned schema: version i + 1 is MIGRATIONS[i]. Append only; never edit one that has shipped. */
export const MIGRATIONS = [
  `CREATE TABLE messages (
    id         bigserial   PRIMARY KEY,
    created_at timestamptz NOT NULL,
    name       text        NOT NULL,
    email      text        NOT NULL,
    company    text,
    message    text        NOT NULL,
    ip         text
  );
  CREATE INDEX messages_created_at ON messages (created_at);
  CREATE TABLE outbox (
    message_id      bigint      PRIMARY KEY REFERENCES messages (id),
    state           text        NOT NULL CHECK (state IN ('pending', 'sending', 'sent')),
    attempts        integer     NOT NULL DEFAULT 0,
    next_attempt_at timestamptz,
    sent_at         timestamptz,
    last_error      text
  );
  CREATE INDEX outbox_due ON outbox (state, next_attempt_at);
  CREATE TABLE meta (key text PRIMARY KEY, value text NOT NULL);
  INSERT INTO meta (key, value) VALUES ('instance', substr(md5(random()::text || clock_timestamp()::text), 1, 16));
  CREATE TABLE revoked_sessions (
    seq        bigserial PRIMARY KEY,
    id         text      NOT NULL UNIQUE,
    expires_at bigint    NOT NULL
  );
  CREATE INDEX revoked_sessions_expires_at ON revoked_sessions (expires_at);
  CREATE TABLE rate_limits (
    key      text        PRIMARY KEY,
    hits     integer     NOT NULL,
    reset_at timestamptz NOT NULL
  );
  CREATE INDEX rate_limits_reset_at ON rate_limits (reset_at);`,
];

/** One lock for every host's migrations (pg_advisory_lock takes a bigint). */
const MIGRATION_LOCK = 4_412_771_903;

/**
 * Revocations are read from a cursor over their sequence numbers. Numbers are handed out when a
 * transaction starts but become visible when it commits, so two hosts' sign-outs can appear out of
 * order: each read looks this far behind its cursor again (re-reading is harmless).
 */
const REVOCATION_OVERLAP = 1_000;

interface Row {
  id: string;
  created_at: Date;
  name: string;
  email: string;
  company: string | null;
  message: string;
  ip: string | null;
  state: DeliveryState | null;
  attempts: number | null;
  next_attempt_at: Date | null;
  sent_at: Date | null;
  last_error: string | null;
}

const SELECT = `SELECT m.*, o.state, o.attempts, o.next_attempt_at, o.sent_at, o.last_error FROM messages m LEFT JOIN outbox o ON o.message_id = m.id`;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export interface PostgresStore extends Store {
  /** The pool of the messages, the outbox and the revoked sessions. */
  readonly pool: pg.Pool;
  /** The rate-limit counters' own pool (limiter-store.ts): its commits do not wait for the disk. */
  readonly limitsPool: pg.Pool;
}

export function openPostgresStore(url: string, opts: { poolSize?: number } = {}): PostgresStore {
  const settings = {
    connectionString: url,
    max: opts.poolSize ?? 5,
    // An unreachable database must fail a request quickly (the contact form's 503), not hang it:
    // a connection within 3 s, an answer within 5 s (the server's own limit, and ours when a
    // network drops the server's answers), dead connections noticed by TCP keep-alive.
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 5_000,
    query_timeout: 6_000,
    keepAlive: true,
    application_name: 'halden-rowe-website',
  };
  // Pools connect on first use: `npm run messages` never opens the second.
  const pool = new pg.Pool(settings);
  // A counter lost to a database crash is a few attempts forgiven; a flush to disk before every
  // sign-in attempt is answered cost 4 to 8 times the sign-in rate here (decision 012). A message,
  // an outbox state or a sign-out is committed durably (the first pool).
  const limitsPool = new pg.Pool({ ...settings, options: '-c synchronous_commit=off' });
  // A dropped idle connection (the database restarting) is replaced by the pool; not a crash.
  for (const p of [pool, limitsPool]) p.on('error', () => {});
  const location = describeDatabase(url);
  let instance = '';

  const migrate = async () => {
    const client = await pool.connect().catch((err: Error) => {
      throw unreachable(err)
        ? new StoreUnavailableError(`the database ${location} cannot be reached (${err.message})`)
        : new StoreError(`the database ${location} refused the connection (${err.message})`);
    });
    /** The schema version recorded in the database (0: none yet). */
    const version = async () => {
      const { rows } = await client.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
      if (!rows[0].present) return 0;
      return (await client.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations')).rows[0].v ?? 0;
    };
    let locked = false;
    try {
      // Up to date (every start but a release's first): no lock and no DDL, so hosts may run as a
      // role without CREATE (docs/operations.md).
      if ((await version()) < MIGRATIONS.length) {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        locked = true;
        await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
        // Read again under the lock: another host may have migrated meanwhile.
        for (let v = await version(); v < MIGRATIONS.length; v++) {
          await client.query('BEGIN');
          try {
            await client.query(MIGRATIONS[v]);
            await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [v + 1]);
            await client.query('COMMIT');
          } catch (err) {
            await client.query('ROLLBACK');
            throw err;
          }
        }
      }
      instance = (await client.query<{ value: string }>("SELECT value FROM meta WHERE key = 'instance'")).rows[0].value;
    } finally {
      if (locked) await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
  };
  let migrated: Promise<void> | undefined;
  /** The schema, made once; after a failure (the database away at start) the next call tries again. */
  const ready = () =>
    (migrated ??= migrate().catch((err: unknown) => {
      migrated = undefined;
      throw err instanceof StoreError ? err : unreachable(err) ? new StoreUnavailableError(`the database ${location} cannot be reached (${String((err as Error)?.message ?? err)})`) : err;
    }));
  /** Every query waits for the schema: a process started while the database was away sets it up first. */
  const query = async <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => {
    await ready();
    return pool.query<R>(text, values);
  };
  const connect = async () => {
    await ready();
    return pool.connect();
  };

  const toMessage = (r: Row): StoredMessage => ({
    id: Number(r.id),
    createdAt: r.created_at.toISOString(),
    name: r.name,
    email: r.email,
    company: r.company,
    message: r.message,
    ip: r.ip,
    delivery: r.state ? { state: r.state, attempts: r.attempts ?? 0, nextAttemptAt: r.state === 'sent' ? null : iso(r.next_attempt_at), sentAt: iso(r.sent_at), lastError: r.last_error } : null,
  });
  /** `since`: a UTC date (YYYY-MM-DD) or an ISO timestamp. */
  const sinceDate = (since: string) => new Date(/^\d{4}-\d{2}-\d{2}$/.test(since) ? `${since}T00:00:00Z` : since);
  const messageIdOf = (id: number) => `<contact-${id}.${instance}@halden-rowe.invalid>`;

  return {
    location,
    pool,
    limitsPool,
    ready,
    messages: {
      async insert(m: NewMessage, { now = new Date(), notify = false } = {}) {
        // One statement, so one round trip and one transaction: the message and its outbox entry
        // are committed together or not at all.
        const { rows } = await query<{ id: string }>(
          `WITH m AS (INSERT INTO messages (created_at, name, email, company, message, ip) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id),
           o AS (INSERT INTO outbox (message_id, state, attempts, next_attempt_at) SELECT id, 'pending', 0, $1 FROM m WHERE $7)
           SELECT id FROM m`,
          [now, m.name, m.email, m.company || null, m.message, m.ip ?? null, notify],
        );
        return Number(rows[0].id);
      },
      async list({ since } = {}) {
        const { rows } = since ? await query<Row>(`${SELECT} WHERE m.created_at >= $1 ORDER BY m.id`, [sinceDate(since)]) : await query<Row>(`${SELECT} ORDER BY m.id`);
        return rows.map(toMessage);
      },
      async count() {
        return Number((await query<{ n: string }>('SELECT count(*) AS n FROM messages')).rows[0].n);
      },
      async countSince(since) {
        return Number((await query<{ n: string }>('SELECT count(*) AS n FROM messages WHERE created_at >= $1', [since])).rows[0].n);
      },
      async deleteOlderThan(before) {
        const client = await connect();
        try {
          await client.query('BEGIN');
          await client.query("DELETE FROM outbox WHERE state = 'sent' AND message_id IN (SELECT id FROM messages WHERE created_at < $1)", [before]);
          const { rowCount } = await client.query('DELETE FROM messages WHERE created_at < $1 AND id NOT IN (SELECT message_id FROM outbox)', [before]);
          await client.query('COMMIT');
          return rowCount ?? 0;
        } catch (err) {
          await client.query('ROLLBACK').catch(() => {});
          throw err;
        } finally {
          client.release();
        }
      },
    },
    outbox: {
      async nextDue(leaseMs) {
        const { rows } = await query<{ pending: Date | null; sending: Date | null }>(
          "SELECT min(CASE WHEN state = 'pending' THEN next_attempt_at END) AS pending, min(CASE WHEN state = 'sending' THEN next_attempt_at END) AS sending FROM outbox WHERE state <> 'sent'",
        );
        const { pending, sending } = rows[0];
        const times = [pending?.getTime(), sending && sending.getTime() + leaseMs].filter((t): t is number => typeof t === 'number');
        return times.length ? new Date(Math.min(...times)).toISOString() : null;
      },
      async claim(now, leaseMs): Promise<OutboxItem | undefined> {
        // A `sending` row's next_attempt_at is its claim time: due again once the lease has passed.
        // SKIP LOCKED: a row another host is claiming right now is passed over, never claimed twice.
        const { rows } = await query<Row>(
          `WITH c AS (
             UPDATE outbox SET state = 'sending', attempts = attempts + 1, next_attempt_at = $1
             WHERE message_id = (
               SELECT message_id FROM outbox
               WHERE (state = 'pending' AND next_attempt_at <= $1) OR (state = 'sending' AND next_attempt_at <= $2)
               ORDER BY next_attempt_at, message_id LIMIT 1
               FOR UPDATE SKIP LOCKED)
             RETURNING *)
           SELECT m.*, c.state, c.attempts, c.next_attempt_at, c.sent_at, c.last_error FROM c JOIN messages m ON m.id = c.message_id`,
          [now, new Date(now.getTime() - leaseMs)],
        );
        const row = rows[0];
        return row && { message: toMessage(row), attempts: row.attempts ?? 1, messageId: messageIdOf(Number(row.id)) };
      },
      async sent(id, now) {
        await query("UPDATE outbox SET state = 'sent', sent_at = $1, last_error = NULL WHERE message_id = $2", [now, id]);
      },
      async failed(id, error, retryAt) {
        await query("UPDATE outbox SET state = 'pending', last_error = $1, next_attempt_at = $2 WHERE message_id = $3 AND state = 'sending'", [error.slice(0, 500), retryAt, id]);
      },
    },
    sessions: {
      async revoke({ id, expiresAt }: Revocation) {
        await query('INSERT INTO revoked_sessions (id, expires_at) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET expires_at = greatest(revoked_sessions.expires_at, excluded.expires_at)', [
          id,
          expiresAt,
        ]);
      },
      async revokedSince(cursor, now) {
        const { rows } = await query<{ seq: string; id: string; expires_at: string }>('SELECT seq, id, expires_at FROM revoked_sessions WHERE seq > $1 AND expires_at > $2 ORDER BY seq', [
          Math.max(0, cursor - REVOCATION_OVERLAP),
          now.getTime(),
        ]);
        const last = rows.length ? Number(rows.at(-1)!.seq) : cursor;
        return { revoked: rows.map((r) => ({ id: r.id, expiresAt: Number(r.expires_at) })), cursor: Math.max(cursor, last) };
      },
      async purgeExpired(now) {
        return (await query('DELETE FROM revoked_sessions WHERE expires_at <= $1', [now.getTime()])).rowCount ?? 0;
      },
    },
    async probeWrite(now = new Date()) {
      await query("INSERT INTO meta (key, value) VALUES ('last_write_check', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value", [now.toISOString()]);
    },
    // The database server's disk is its operator's to watch, not this host's.
    freeBytes: async () => null,
    async close() {
      await Promise.all([pool.end(), limitsPool.end()]);
    },
  };
}
