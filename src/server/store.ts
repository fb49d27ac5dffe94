/**
 * Contact messages in SQLite (DATA_DIR/site.db). WAL keeps readers (npm run messages) from
 * blocking the server; synchronous=FULL makes every committed insert durable before the 201 is
 * sent, so an acknowledged message survives a crash or kill -9.
 */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
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
}

export interface MessageStore {
  /** The database file. */
  readonly file: string;
  /** Inserts and commits; returns the new id. */
  insert(message: NewMessage, now?: Date): number;
  /** Oldest first. `since` is a UTC date (YYYY-MM-DD) or an ISO timestamp. */
  list(opts?: { since?: string }): StoredMessage[];
  count(): number;
  /** The durability settings in force on this connection (synchronous 2 = FULL). */
  settings(): { journalMode: string; synchronous: number };
  close(): void;
}

export const DB_FILE = 'site.db';

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
`;

interface Row {
  id: number;
  created_at: string;
  name: string;
  email: string;
  company: string | null;
  message: string;
  ip: string | null;
}

/** Opens (creating if needed) DATA_DIR/site.db. `readonly` opens an existing file for listing. */
export function openStore(dataDir: string, opts: { readonly?: boolean } = {}): MessageStore {
  const file = path.join(dataDir, DB_FILE);
  if (!opts.readonly) mkdirSync(dataDir, { recursive: true });
  const db = new Database(file, { readonly: !!opts.readonly, fileMustExist: !!opts.readonly });
  db.pragma('busy_timeout = 5000');
  if (!opts.readonly) {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec(SCHEMA);
  }

  const insert = opts.readonly ? null : db.prepare<[string, string, string, string | null, string, string | null]>(
    'INSERT INTO messages (created_at, name, email, company, message, ip) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const listAll = db.prepare<[], Row>('SELECT * FROM messages ORDER BY id');
  const listSince = db.prepare<[string], Row>('SELECT * FROM messages WHERE created_at >= ? ORDER BY id');
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM messages');

  const toMessage = (r: Row): StoredMessage => ({
    id: r.id, createdAt: r.created_at, name: r.name, email: r.email, company: r.company, message: r.message, ip: r.ip,
  });

  return {
    file,
    insert(m, now = new Date()) {
      if (!insert) throw new Error('store opened read-only');
      const info = insert.run(now.toISOString(), m.name, m.email, m.company || null, m.message, m.ip ?? null);
      return Number(info.lastInsertRowid);
    },
    list({ since } = {}) {
      return (since ? listSince.all(since) : listAll.all()).map(toMessage);
    },
    count() {
      return count.get()!.n;
    },
    settings() {
      return {
        journalMode: String(db.pragma('journal_mode', { simple: true })),
        synchronous: Number(db.pragma('synchronous', { simple: true })),
      };
    },
    close() {
      if (db.open) db.close();
    },
  };
}
