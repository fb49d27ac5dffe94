/**
 * The store in SQLite (DATA_DIR/site.db), through Node's own node:sqlite (decision 011). WAL
 * keeps readers (npm run messages) from blocking the server; synchronous=FULL makes every
 * committed insert durable before the 201 is sent, so an acknowledged message survives a crash or
 * kill -9. A message and its outbox entry are written in one transaction, so neither exists
 * without the other.
 *
 * node:sqlite is synchronous: each call below runs to completion before it resolves (a few tens
 * of microseconds for these statements). The Promises are the interface's (index.ts), not
 * concurrency: two calls never interleave inside one process. Several processes (cluster
 * workers) share the file through SQLite's own locking (busy_timeout 5 s).
 */
import { mkdirSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { StoreError, type DeliveryState, type NewMessage, type OutboxItem, type Revocation, type Store, type StoredMessage } from './index.ts';

export const DB_FILE = 'site.db';

/** The SQLite store, with what only a file has. */
export interface SqliteStore extends Store {
  /** The database file. */
  readonly file: string;
  /** The durability settings in force on this connection (synchronous 2 = FULL). */
  settings(): { journalMode: string; synchronous: number };
}

/**
 * Versioned schema: migration i brings the database to user_version i + 1. Migration 1 is the
 * schema before versions were kept (CREATE … IF NOT EXISTS: a database written by an earlier
 * release has those tables already and user_version 0).
 */
const MIGRATIONS = [
  `CREATE TABLE IF NOT EXISTS messages (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    email      TEXT    NOT NULL,
    company    TEXT,
    message    TEXT    NOT NULL,
    ip         TEXT
  );
  CREATE INDEX IF NOT EXISTS messages_created_at ON messages (created_at);
  CREATE TABLE IF NOT EXISTS outbox (
    message_id      INTEGER PRIMARY KEY REFERENCES messages (id),
    state           TEXT    NOT NULL CHECK (state IN ('pending', 'sending', 'sent')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT,
    sent_at         TEXT,
    last_error      TEXT
  );
  CREATE INDEX IF NOT EXISTS outbox_due ON outbox (state, next_attempt_at);
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  INSERT OR IGNORE INTO meta (key, value) VALUES ('instance', lower(hex(randomblob(8))));`,
  // Sign-out revokes the session until its tokens would have expired anyway (gate.ts).
  `CREATE TABLE revoked_sessions (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    id         TEXT    NOT NULL UNIQUE,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX revoked_sessions_expires_at ON revoked_sessions (expires_at);`,
];

interface Row {
  id: number;
  created_at: string;
  name: string;
  email: string;
  company: string | null;
  message: string;
  ip: string | null;
  state: DeliveryState | null;
  attempts: number | null;
  next_attempt_at: string | null;
  sent_at: string | null;
  last_error: string | null;
}

const SELECT_WITH_DELIVERY = `SELECT m.*, o.state, o.attempts, o.next_attempt_at, o.sent_at, o.last_error
  FROM messages m LEFT JOIN outbox o ON o.message_id = m.id`;

const damaged = (file: string, detail: string) =>
  `the database ${file} is damaged (${detail}). Stop here, keep a copy of the file, and restore it from a backup; ` +
  'or move it aside to start with an empty database (the messages in it can then be recovered with the sqlite3 tool\'s ".recover").';

/** SQLite's primary result code of a node:sqlite error (its `errcode` may be an extended code). */
const sqliteCode = (err: unknown) => ((err as { errcode?: number }).errcode ?? -1) & 0xff;
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

/** One PRAGMA's value on this connection. */
const pragma = (db: DatabaseSync, name: string) => Object.values(db.prepare(`PRAGMA ${name}`).get() ?? {})[0];

/** Runs `fn` in one write transaction (BEGIN IMMEDIATE: the write lock is taken first, or waited for). */
function transaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (err) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw err;
  }
}

/**
 * Brings the schema up to date, one migration per write transaction. The version is read inside
 * the transaction (BEGIN IMMEDIATE holds the write lock): processes starting together on one file
 * (cluster workers) take turns, and each applies only what the others have not.
 */
function migrate(db: DatabaseSync) {
  for (;;) {
    const done = transaction(db, () => {
      const version = Number(pragma(db, 'user_version'));
      if (version >= MIGRATIONS.length) return true;
      db.exec(MIGRATIONS[version]);
      db.exec(`PRAGMA user_version = ${version + 1}`);
      return false;
    });
    if (done) return;
  }
}

/** Opens (creating and migrating if needed) DATA_DIR/site.db. `readonly` opens an existing file for listing. */
export function openSqliteStore(dataDir: string, opts: { readonly?: boolean } = {}): SqliteStore {
  const file = path.join(dataDir, DB_FILE);
  const readonly = !!opts.readonly;
  if (!readonly) mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(file, { readOnly: readonly });
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    // A damaged page must stop the start, not surface later as lost or garbled messages.
    // quick_check reads every page (O(N), no index cross-check): milliseconds for this database.
    const problems = db
      .prepare('PRAGMA quick_check(5)')
      .all()
      .map((r) => String(r.quick_check));
    if (problems.join() !== 'ok') throw new StoreError(damaged(file, problems.join('; ')));
    if (!readonly) {
      db.exec('PRAGMA journal_mode = WAL');
      db.exec('PRAGMA synchronous = FULL');
      migrate(db);
    }
  } catch (err) {
    db.close();
    if (err instanceof StoreError) throw err;
    const code = sqliteCode(err);
    if (code === SQLITE_NOTADB || code === SQLITE_CORRUPT) throw new StoreError(damaged(file, (err as Error).message));
    throw err;
  }

  /** A prepared statement, typed by the rows it returns. */
  const statement = <T = unknown>(sql: string) => {
    const s = db.prepare(sql);
    return {
      get: (...params: SQLInputValue[]) => s.get(...params) as T | undefined,
      all: (...params: SQLInputValue[]) => s.all(...params) as unknown as T[],
      run: (...params: SQLInputValue[]) => s.run(...params),
    };
  };
  /** A statement only a writable store prepares (a database an older release wrote may lack its tables). */
  const writer = <T = unknown>(sql: string) => {
    if (readonly) return { get: refuse, all: refuse, run: refuse } as unknown as ReturnType<typeof statement<T>>;
    return statement<T>(sql);
  };
  const refuse = () => {
    throw new Error('store opened read-only');
  };

  // A database last written by a version without the outbox is listed without delivery states.
  const hasOutbox = !!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox'").get();
  const SELECT = hasOutbox ? SELECT_WITH_DELIVERY : 'SELECT m.*, NULL AS state, NULL AS attempts, NULL AS next_attempt_at, NULL AS sent_at, NULL AS last_error FROM messages m';
  const q = {
    listAll: statement<Row>(`${SELECT} ORDER BY m.id`),
    listSince: statement<Row>(`${SELECT} WHERE m.created_at >= ? ORDER BY m.id`),
    count: statement<{ n: number }>('SELECT count(*) AS n FROM messages'),
    countSince: statement<{ n: number }>('SELECT count(*) AS n FROM messages WHERE created_at >= ?'),
    getRow: statement<Row>(`${SELECT} WHERE m.id = ?`),
    insert: writer('INSERT INTO messages (created_at, name, email, company, message, ip) VALUES (?, ?, ?, ?, ?, ?)'),
    enqueue: writer("INSERT INTO outbox (message_id, state, attempts, next_attempt_at) VALUES (?, 'pending', 0, ?)"),
    // Retention: settled messages only (sent, or never to be e-mailed); their outbox rows first.
    expiredOutbox: writer("DELETE FROM outbox WHERE state = 'sent' AND message_id IN (SELECT id FROM messages WHERE created_at < ?)"),
    expiredMessages: writer('DELETE FROM messages WHERE created_at < ? AND id NOT IN (SELECT message_id FROM outbox)'),
    nextDue: writer<{ pending: string | null; sending: string | null }>(
      "SELECT min(CASE state WHEN 'pending' THEN next_attempt_at END) AS pending, min(CASE state WHEN 'sending' THEN next_attempt_at END) AS sending FROM outbox WHERE state != 'sent'",
    ),
    findDue: writer<{ message_id: number }>(
      `SELECT message_id FROM outbox WHERE (state = 'pending' AND next_attempt_at <= ?) OR (state = 'sending' AND next_attempt_at <= ?)
       ORDER BY next_attempt_at, message_id LIMIT 1`,
    ),
    // The claim is one conditional UPDATE: of two processes racing for a row, one changes it.
    claim: writer(
      `UPDATE outbox SET state = 'sending', attempts = attempts + 1, next_attempt_at = ?
       WHERE message_id = ? AND ((state = 'pending' AND next_attempt_at <= ?) OR (state = 'sending' AND next_attempt_at <= ?))`,
    ),
    sent: writer("UPDATE outbox SET state = 'sent', sent_at = ?, last_error = NULL WHERE message_id = ?"),
    failed: writer("UPDATE outbox SET state = 'pending', last_error = ?, next_attempt_at = ? WHERE message_id = ? AND state = 'sending'"),
    revoke: writer('INSERT INTO revoked_sessions (id, expires_at) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET expires_at = max(expires_at, excluded.expires_at)'),
    revokedSince: writer<{ seq: number; id: string; expires_at: number }>('SELECT seq, id, expires_at FROM revoked_sessions WHERE seq > ? AND expires_at > ? ORDER BY seq'),
    lastSeq: writer<{ seq: number | null }>('SELECT max(seq) AS seq FROM revoked_sessions'),
    purgeRevoked: writer('DELETE FROM revoked_sessions WHERE expires_at <= ?'),
    probe: writer("INSERT INTO meta (key, value) VALUES ('last_write_check', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"),
  };
  const instance = readonly ? '' : String(db.prepare("SELECT value FROM meta WHERE key = 'instance'").get()!.value);

  const toMessage = (r: Row): StoredMessage => ({
    id: r.id,
    createdAt: r.created_at,
    name: r.name,
    email: r.email,
    company: r.company,
    message: r.message,
    ip: r.ip,
    delivery: r.state ? { state: r.state, attempts: r.attempts ?? 0, nextAttemptAt: r.state === 'sent' ? null : r.next_attempt_at, sentAt: r.sent_at, lastError: r.last_error } : null,
  });

  /** The Message-ID of a message's e-mail: the same on every attempt, unique across databases. */
  const messageIdOf = (id: number) => `<contact-${id}.${instance}@halden-rowe.invalid>`;

  return {
    file,
    location: file,
    ready: async () => {},
    messages: {
      async insert(m: NewMessage, { now = new Date(), notify = false } = {}) {
        return transaction(db, () => {
          const id = Number(q.insert.run(now.toISOString(), m.name, m.email, m.company || null, m.message, m.ip ?? null).lastInsertRowid);
          if (notify) q.enqueue.run(id, now.toISOString());
          return id;
        });
      },
      async list({ since } = {}) {
        return (since ? q.listSince.all(since) : q.listAll.all()).map(toMessage);
      },
      async count() {
        return q.count.get()!.n;
      },
      async countSince(since) {
        return q.countSince.get(since.toISOString())!.n;
      },
      async deleteOlderThan(before) {
        const at = before.toISOString();
        return transaction(db, () => {
          q.expiredOutbox.run(at);
          return Number(q.expiredMessages.run(at).changes);
        });
      },
    },
    outbox: {
      async nextDue(leaseMs) {
        const row = q.nextDue.get();
        const times = [row?.pending, row?.sending && new Date(Date.parse(row.sending) + leaseMs).toISOString()].filter((t): t is string => !!t);
        return times.sort()[0] ?? null;
      },
      async claim(now, leaseMs): Promise<OutboxItem | undefined> {
        const at = now.toISOString();
        // A `sending` row's next_attempt_at is its claim time: due again once the lease has passed.
        const leaseStart = new Date(now.getTime() - leaseMs).toISOString();
        const due = q.findDue.get(at, leaseStart);
        if (!due) return undefined;
        if (Number(q.claim.run(at, due.message_id, at, leaseStart).changes) !== 1) return undefined;
        const row = q.getRow.get(due.message_id)!;
        return { message: toMessage(row), attempts: row.attempts ?? 1, messageId: messageIdOf(row.id) };
      },
      async sent(id, now) {
        q.sent.run(now.toISOString(), id);
      },
      async failed(id, error, retryAt) {
        q.failed.run(error.slice(0, 500), retryAt.toISOString(), id);
      },
    },
    sessions: {
      async revoke({ id, expiresAt }: Revocation) {
        q.revoke.run(id, expiresAt);
      },
      async revokedSince(cursor, now) {
        const rows = q.revokedSince.all(cursor, now.getTime());
        // The cursor moves past the rows read, and past expired ones it skipped (never read again).
        const last = rows.at(-1)?.seq ?? q.lastSeq.get()?.seq ?? cursor;
        return { revoked: rows.map((r) => ({ id: r.id, expiresAt: r.expires_at })), cursor: Math.max(cursor, last) };
      },
      async purgeExpired(now) {
        return Number(q.purgeRevoked.run(now.getTime()).changes);
      },
    },
    async probeWrite(now = new Date()) {
      q.probe.run(now.toISOString());
    },
    async freeBytes() {
      const fs = await statfs(dataDir);
      return fs.bavail * fs.bsize;
    },
    settings() {
      return { journalMode: String(pragma(db, 'journal_mode')), synchronous: Number(pragma(db, 'synchronous')) };
    },
    async close() {
      if (db.isOpen) db.close();
    },
  };
}
