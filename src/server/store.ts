/**
 * Contact messages in SQLite (DATA_DIR/site.db). WAL keeps readers (npm run messages) from
 * blocking the server; synchronous=FULL makes every committed insert durable before the 201 is
 * sent, so an acknowledged message survives a crash or kill -9.
 *
 * The outbox (staff e-mail, outbox.ts) lives in the same database: a message and its
 * notification are written in one transaction, so neither exists without the other.
 */
import { mkdirSync } from 'node:fs';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import path from 'node:path';

export interface NewMessage {
  name: string;
  email: string;
  /** Empty string → stored as NULL. */
  company: string;
  message: string;
  ip?: string | null;
}

export interface StoredMessage {
  id: number;
  /** ISO 8601, UTC. */
  createdAt: string;
  name: string;
  email: string;
  company: string | null;
  message: string;
  ip: string | null;
  /** Staff e-mail for this message; null when notifications were off when it arrived. */
  delivery: Delivery | null;
}

/**
 * pending: waiting for its (next) attempt. sending: an attempt started and its outcome was not
 * recorded yet — under way, or the process stopped in the middle (then it is tried again once
 * its lease has passed: the staff may receive it twice, with the same Message-ID). sent: the SMTP
 * server accepted it.
 */
export type DeliveryState = 'pending' | 'sending' | 'sent';

export interface Delivery {
  state: DeliveryState;
  attempts: number;
  /** ISO 8601: when it may be tried (again); for `sending`, when the attempt started. */
  nextAttemptAt: string | null;
  sentAt: string | null;
  lastError: string | null;
}

/** A notification claimed for sending, with its message. */
export interface OutboxItem {
  message: StoredMessage;
  attempts: number;
  messageId: string;
}

export interface MessageStore {
  /** The database file. */
  readonly file: string;
  /** Inserts and commits (with its outbox entry when `notify`); returns the new id. */
  insert(message: NewMessage, now?: Date, opts?: { notify?: boolean }): number;
  /** The outbox: claim due notifications, record outcomes (outbox.ts). */
  outbox: {
    /** The earliest time a notification is due (pending, or sending whose lease ends), or null. */
    nextDue(leaseMs: number): string | null;
    /**
     * Claims one due notification (atomically: `sending`, attempts + 1, lease starts now), or
     * returns undefined. A `sending` claim older than `leaseMs` is claimed again (its process died).
     */
    claim(now: Date, leaseMs: number): OutboxItem | undefined;
    sent(messageId: number, now: Date): void;
    failed(messageId: number, error: string, retryAt: Date): void;
  };
  /** Oldest first. `since` is a UTC date (YYYY-MM-DD) or an ISO timestamp. */
  list(opts?: { since?: string }): StoredMessage[];
  count(): number;
  /** Proves the database can be written now (a one-row write, committed); throws otherwise. */
  probeWrite(now?: Date): void;
  /** The durability settings in force on this connection (synchronous 2 = FULL). */
  settings(): { journalMode: string; synchronous: number };
  close(): void;
}

export const DB_FILE = 'site.db';

/** The database cannot be used: damaged, or not a database. The message says what to do. */
export class StoreError extends Error {}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS messages (
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
INSERT OR IGNORE INTO meta (key, value) VALUES ('instance', lower(hex(randomblob(8))));
`;

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

/** Opens (creating if needed) DATA_DIR/site.db. `readonly` opens an existing file for listing. */
export function openStore(dataDir: string, opts: { readonly?: boolean } = {}): MessageStore {
  const file = path.join(dataDir, DB_FILE);
  if (!opts.readonly) mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(file, { readOnly: !!opts.readonly });
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    // A damaged page must stop the start, not surface later as lost or garbled messages.
    // quick_check reads every page (O(N), no index cross-check): milliseconds for this database.
    const problems = db
      .prepare('PRAGMA quick_check(5)')
      .all()
      .map((r) => String(r.quick_check));
    if (problems.join() !== 'ok') throw new StoreError(damaged(file, problems.join('; ')));
    if (!opts.readonly) {
      db.exec('PRAGMA journal_mode = WAL');
      db.exec('PRAGMA synchronous = FULL');
      db.exec(SCHEMA);
    }
  } catch (err) {
    db.close();
    if (err instanceof StoreError) throw err;
    const code = sqliteCode(err);
    if (code === SQLITE_NOTADB || code === SQLITE_CORRUPT) throw new StoreError(damaged(file, (err as Error).message));
    throw err;
  }

  /** A prepared statement whose rows have the shape `T`. */
  const rows = <T>(statement: StatementSync) => ({
    get: (...params: (string | number | null)[]) => statement.get(...params) as T | undefined,
    all: (...params: (string | number | null)[]) => statement.all(...params) as unknown as T[],
    run: (...params: (string | number | null)[]) => statement.run(...params),
  });
  const insert = opts.readonly ? null : db.prepare('INSERT INTO messages (created_at, name, email, company, message, ip) VALUES (?, ?, ?, ?, ?, ?)');
  const enqueue = opts.readonly ? null : db.prepare("INSERT INTO outbox (message_id, state, attempts, next_attempt_at) VALUES (?, 'pending', 0, ?)");
  // A database last written by a version without the outbox is listed without delivery states.
  const hasOutbox = !!db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'outbox'").get();
  const SELECT = hasOutbox ? SELECT_WITH_DELIVERY : 'SELECT m.*, NULL AS state, NULL AS attempts, NULL AS next_attempt_at, NULL AS sent_at, NULL AS last_error FROM messages m';
  const listAll = rows<Row>(db.prepare(`${SELECT} ORDER BY m.id`));
  const listSince = rows<Row>(db.prepare(`${SELECT} WHERE m.created_at >= ? ORDER BY m.id`));
  const count = rows<{ n: number }>(db.prepare('SELECT count(*) AS n FROM messages'));
  // A database opened read-only by an older version may have no outbox yet: only the writer needs these.
  const writer = <T>(make: () => T): T | null => (opts.readonly ? null : make());
  const nextDue = writer(() =>
    rows<{ pending: string | null; sending: string | null }>(
      db.prepare("SELECT min(CASE state WHEN 'pending' THEN next_attempt_at END) AS pending, min(CASE state WHEN 'sending' THEN next_attempt_at END) AS sending FROM outbox WHERE state != 'sent'"),
    ),
  );
  const findDue = writer(() =>
    rows<{ message_id: number }>(
      db.prepare(
        `SELECT message_id FROM outbox WHERE (state = 'pending' AND next_attempt_at <= ?) OR (state = 'sending' AND next_attempt_at <= ?)
     ORDER BY next_attempt_at, message_id LIMIT 1`,
      ),
    ),
  );
  // The claim is one conditional UPDATE: of two processes racing for a row, one changes it.
  const claimRow = writer(() =>
    db.prepare(
      `UPDATE outbox SET state = 'sending', attempts = attempts + 1, next_attempt_at = ?
     WHERE message_id = ? AND ((state = 'pending' AND next_attempt_at <= ?) OR (state = 'sending' AND next_attempt_at <= ?))`,
    ),
  );
  const getRow = rows<Row>(db.prepare(`${SELECT} WHERE m.id = ?`));
  const markSent = writer(() => db.prepare("UPDATE outbox SET state = 'sent', sent_at = ?, last_error = NULL WHERE message_id = ?"));
  const markFailed = writer(() => db.prepare("UPDATE outbox SET state = 'pending', last_error = ?, next_attempt_at = ? WHERE message_id = ? AND state = 'sending'"));
  const probe = writer(() => db.prepare("INSERT INTO meta (key, value) VALUES ('last_write_check', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value"));
  const instance = opts.readonly ? '' : String(db.prepare("SELECT value FROM meta WHERE key = 'instance'").get()!.value);

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

  /** The message and its outbox entry in one transaction: neither exists without the other. */
  const insertWithOutbox = (m: NewMessage, now: Date, notify: boolean): number => {
    if (!insert || !enqueue) throw new Error('store opened read-only');
    db.exec('BEGIN IMMEDIATE');
    try {
      const info = insert.run(now.toISOString(), m.name, m.email, m.company || null, m.message, m.ip ?? null);
      const id = Number(info.lastInsertRowid);
      if (notify) enqueue.run(id, now.toISOString());
      db.exec('COMMIT');
      return id;
    } catch (err) {
      if (db.isTransaction) db.exec('ROLLBACK');
      throw err;
    }
  };

  /** The Message-ID of a message's e-mail: the same on every attempt, unique across databases. */
  const messageIdOf = (id: number) => `<contact-${id}.${instance}@halden-rowe.invalid>`;

  return {
    file,
    insert(m, now = new Date(), { notify = false } = {}) {
      return insertWithOutbox(m, now, notify);
    },
    outbox: {
      nextDue(leaseMs) {
        const row = nextDue?.get();
        const times = [row?.pending, row?.sending && new Date(Date.parse(row.sending) + leaseMs).toISOString()].filter((t): t is string => !!t);
        return times.sort()[0] ?? null;
      },
      claim(now, leaseMs) {
        if (!findDue || !claimRow) throw new Error('store opened read-only');
        const at = now.toISOString();
        // A `sending` row's next_attempt_at is its claim time: due again once the lease has passed.
        const leaseStart = new Date(now.getTime() - leaseMs).toISOString();
        const due = findDue.get(at, leaseStart);
        if (!due) return undefined;
        const changed = Number(claimRow.run(at, due.message_id, at, leaseStart).changes);
        if (changed !== 1) return undefined;
        const row = getRow.get(due.message_id)!;
        return { message: toMessage(row), attempts: row.attempts ?? 1, messageId: messageIdOf(row.id) };
      },
      sent(id, now) {
        markSent!.run(now.toISOString(), id);
      },
      failed(id, error, retryAt) {
        markFailed!.run(error.slice(0, 500), retryAt.toISOString(), id);
      },
    },
    list({ since } = {}) {
      return (since ? listSince.all(since) : listAll.all()).map(toMessage);
    },
    count() {
      return count.get()!.n;
    },
    probeWrite(now = new Date()) {
      if (!probe) throw new Error('store opened read-only');
      probe.run(now.toISOString());
    },
    settings() {
      return {
        journalMode: String(pragma(db, 'journal_mode')),
        synchronous: Number(pragma(db, 'synchronous')),
      };
    },
    close() {
      if (db.isOpen) db.close();
    },
  };
}
