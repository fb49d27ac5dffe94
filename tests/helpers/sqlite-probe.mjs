/**
 * Preloaded into a forked server (`node --import <this file> dist/server.js`) by tests that must
 * know the durability settings of the server's own SQLite connection: `synchronous` belongs to a
 * connection (another process opening the same file sees its own default), so only the running
 * process can say what it uses.
 *
 * It records every better-sqlite3 connection the process uses (the store calls pragma() as it
 * opens) and, on SIGUSR2, reads journal_mode and synchronous on each open one with PRAGMA and
 * writes one line to stdout: {"sqliteProbe":[{"file":…,"journalMode":"wal","synchronous":2}]}.
 * Nothing else changes: the server's own calls go through unchanged.
 */
import { createRequire } from 'node:module';

// The same module instance dist/server.js imports (node_modules is linked; Node resolves the
// real path, so both land on one entry of the module cache).
const Database = createRequire(import.meta.url)('better-sqlite3');
const connections = new Set();
const pragma = Database.prototype.pragma;
Database.prototype.pragma = function (...args) {
  connections.add(this);
  return pragma.apply(this, args);
};

process.on('SIGUSR2', () => {
  const open = [...connections].filter((db) => db.open);
  const report = open.map((db) => ({
    file: db.name,
    readonly: db.readonly,
    journalMode: String(pragma.call(db, 'journal_mode', { simple: true })),
    synchronous: Number(pragma.call(db, 'synchronous', { simple: true })),
  }));
  process.stdout.write(`${JSON.stringify({ sqliteProbe: report })}\n`);
});
