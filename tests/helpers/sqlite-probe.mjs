/**
 * Preloaded into a forked server (`node --import <this file> dist/server.js`) by tests that must
 * know the durability settings of the server's own SQLite connection: `synchronous` belongs to a
 * connection (another process opening the same file sees its own default), so only the running
 * process can say what it uses.
 *
 * It records every node:sqlite connection the process opens (DatabaseSync is replaced, before the
 * server's modules load, by a subclass that remembers each instance and how it was opened) and,
 * on SIGUSR2, reads journal_mode and synchronous on each open one with PRAGMA and writes one line
 * to stdout: {"sqliteProbe":[{"file":…,"readonly":false,"journalMode":"wal","synchronous":2}]}.
 * Nothing else changes: the connections are the server's own, opened with its own options.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';

const sqlite = createRequire(import.meta.url)('node:sqlite');
const connections = [];
class ProbedDatabase extends sqlite.DatabaseSync {
  constructor(location, ...rest) {
    // (An explicit `undefined` options argument is refused: pass on only what was given.)
    super(location, ...rest);
    const [options] = rest;
    connections.push({ db: this, file: String(location), readonly: !!options?.readOnly });
  }
}
sqlite.DatabaseSync = ProbedDatabase;
// `import { DatabaseSync } from 'node:sqlite'` in the server now gets the subclass too.
syncBuiltinESMExports();

const pragma = (db, name) => Object.values(db.prepare(`PRAGMA ${name}`).get())[0];

process.on('SIGUSR2', () => {
  const report = connections
    .filter((c) => c.db.isOpen)
    .map((c) => ({ file: c.file, readonly: c.readonly, journalMode: String(pragma(c.db, 'journal_mode')), synchronous: Number(pragma(c.db, 'synchronous')) }));
  process.stdout.write(`${JSON.stringify({ sqliteProbe: report })}\n`);
});
