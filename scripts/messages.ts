/**
 * npm run messages [-- --json | --csv] [--since YYYY-MM-DD]
 *
 * Lists the contact form's messages, oldest first, with the state of each one's staff e-mail (the
 * outbox): a readable table by default, JSON or CSV (RFC 4180) for export. --since is a UTC date.
 * Reads the store the environment names, as the server does: PostgreSQL when DATABASE_URL is set
 * (every host's messages), otherwise DATA_DIR/site.db (default ./data). Safe while the server runs.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { StoredMessage } from '../src/server/store/index.ts';
import { DB_FILE, openSqliteStore } from '../src/server/store/sqlite.ts';
import { describeDatabase, openPostgresStore } from '../src/server/store/postgres.ts';

const USAGE = `Usage: npm run messages [-- --json | --csv] [--since YYYY-MM-DD]

  --json          print a JSON array
  --csv           print CSV (header row, RFC 4180 quoting; a cell starting with = + - @
                  gets a leading apostrophe so spreadsheets do not run it as a formula)
  --since DATE    only messages received on or after DATE (UTC), e.g. 2025-10-01
  --help          show this help

Reads PostgreSQL when DATABASE_URL is set, otherwise DATA_DIR/${DB_FILE} (DATA_DIR defaults to ./data).`;

function fail(message: string): never {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
}

let values: { json?: boolean; csv?: boolean; since?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: { json: { type: 'boolean' }, csv: { type: 'boolean' }, since: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  }));
} catch (err) {
  fail((err as Error).message);
}
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
if (values.json && values.csv) fail('Choose one of --json and --csv.');
if (values.since !== undefined && !isIsoDate(values.since)) fail(`--since must be a date like 2025-10-01 (got "${values.since}").`);

function isIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const file = databaseUrl ? describeDatabase(databaseUrl) : path.join(dataDir, DB_FILE);
const exists = databaseUrl ? true : existsSync(file);

let messages: StoredMessage[] = [];
if (exists) {
  const store = databaseUrl ? openPostgresStore(databaseUrl, { poolSize: 1 }) : openSqliteStore(dataDir, { readonly: true });
  try {
    messages = await store.messages.list({ since: values.since });
    const pending = messages.filter((m) => m.delivery && m.delivery.state !== 'sent').length;
    if (pending && !values.json && !values.csv) process.stderr.write(`${pending} staff e-mail${pending === 1 ? '' : 's'} not delivered yet (see "Staff e-mail").\n`);
  } catch (err) {
    // A database no server has started on yet has no tables: nothing to list.
    if ((err as { code?: string }).code !== '42P01') {
      process.stderr.write(`Cannot read ${file}: ${(err as Error).message}\n`);
      process.exit(1);
    }
  } finally {
    await store.close();
  }
}

const COLUMNS = ['id', 'createdAt', 'name', 'email', 'company', 'message', 'ip'] as const;
const DELIVERY_COLUMNS = ['mail', 'mailAttempts', 'mailSentAt', 'mailNextAttemptAt', 'mailError'] as const;

/** One word for the e-mail's state: sent, pending, sending (under way, or cut short: sent again), or off. */
function mailState(m: StoredMessage): string {
  return m.delivery ? m.delivery.state : 'off';
}
function mailSummary(m: StoredMessage): string {
  const d = m.delivery;
  if (!d) return 'not e-mailed';
  if (d.state === 'sent') return `sent ${d.sentAt?.slice(0, 16).replace('T', ' ')}`;
  if (d.state === 'sending') return `sending (attempt ${d.attempts})`;
  return d.attempts ? `pending: ${d.attempts} failed, next ${d.nextAttemptAt?.slice(11, 19)}` : 'pending';
}

if (values.json) {
  process.stdout.write(`${JSON.stringify(messages, null, 2)}\n`);
} else if (values.csv) {
  process.stdout.write(toCsv(messages));
} else if (!messages.length) {
  const where = exists ? file : `${file} (not created yet)`;
  process.stdout.write(`No messages${values.since ? ` since ${values.since}` : ''} in ${where}.\n`);
} else {
  process.stdout.write(toTable(messages));
  process.stdout.write(`\n${messages.length} message${messages.length === 1 ? '' : 's'} in ${file}\n`);
}

/** RFC 4180: every field quoted when it holds a comma, quote, CR or LF; quotes doubled; CRLF rows. */
function toCsv(rows: StoredMessage[]): string {
  const cell = (v: string | number | null | undefined) => {
    let s = v === null || v === undefined ? '' : String(v);
    // A cell starting with = + - @ is a formula to spreadsheet apps: neutralise it (OWASP CSV injection).
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const delivery = (r: StoredMessage) => [mailState(r), r.delivery?.attempts ?? '', r.delivery?.sentAt ?? '', r.delivery?.nextAttemptAt ?? '', r.delivery?.lastError ?? ''];
  const lines = [[...COLUMNS, ...DELIVERY_COLUMNS].join(','), ...rows.map((r) => [...COLUMNS.map((c) => r[c]), ...delivery(r)].map(cell).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** A plain-text table that fits a terminal: long text is shortened to one line. */
function toTable(rows: StoredMessage[]): string {
  const width = Math.max(80, process.stdout.columns || 120);
  const oneLine = (s: string | null, max: number) => {
    const t = (s ?? '').replace(/\s+/g, ' ').trim();
    return t.length > max ? `${t.slice(0, max - 1)}…` : t;
  };
  const head = ['ID', 'Received (UTC)', 'Name', 'Email', 'Company', 'Staff e-mail', 'Message'];
  const fixed = rows.map((r) => [String(r.id), r.createdAt.slice(0, 16).replace('T', ' '), oneLine(r.name, 24), oneLine(r.email, 32), oneLine(r.company, 20), mailSummary(r)]);
  const widths = head.slice(0, 6).map((h, i) => Math.max(h.length, ...fixed.map((f) => f[i].length)));
  const used = widths.reduce((a, b) => a + b + 2, 0);
  const msgWidth = Math.max(20, width - used);
  const body = rows.map((r, i) => [...fixed[i], oneLine(r.message, msgWidth)]);
  const fmt = (cols: string[]) =>
    cols
      .map((c, i) => (i < 6 ? c.padEnd(widths[i]) : c))
      .join('  ')
      .trimEnd();
  return [fmt(head), fmt(widths.map((w) => '-'.repeat(w)).concat('-'.repeat(Math.min(msgWidth, 40)))), ...body.map(fmt)].join('\n') + '\n';
}
