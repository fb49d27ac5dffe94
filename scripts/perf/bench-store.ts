/**
 * `npm run perf -- bench store` (issue 34): the same production server on its two stores, in one
 * run — SQLite in DATA_DIR (one host, the default) and PostgreSQL (DATABASE_URL, several hosts; a
 * throwaway cluster started here with PostgreSQL's own durable defaults: every commit flushed,
 * as SQLite's synchronous=FULL is).
 *
 * - Contact posts per second: POST /api/contact (JSON, a valid message), each from a client
 *   address of its own (X-Forwarded-For through TRUST_PROXY=1: the per-client limit is not what is
 *   measured; CONTACT_SITE_LIMIT raised likewise), 16 connections. A 201 is a committed message:
 *   the site-wide count, the insert (with its outbox entry when staff are e-mailed: off here) and
 *   the rate-limit counter (in memory on SQLite, a row in PostgreSQL).
 * - Sign-in p99: POST /api/login with the right password, a client address each, 8 connections:
 *   the per-client and site-wide counters (counted, then taken back on success), the session token.
 *
 * Each store is measured BENCH_ROUNDS (3) times for BENCH_SECONDS (3) s, the order alternated each
 * round; medians. After the runs, every acknowledged message is checked to be in its store.
 * Writes reports/bench/store.md.
 *
 *   npm run perf -- bench store [--no-build]
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../tests/helpers/spawn-server.ts';
import { startTestPostgres } from '../../tests/helpers/postgres.ts';
import { openSqliteStore } from '../../src/server/store/sqlite.ts';
import { openPostgresStore } from '../../src/server/store/postgres.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PASSWORD = 'bench-store-password';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Stat {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  other: number;
}

/** A new client address per request: 10.0.0.1, 10.0.0.2, … (16 million before they repeat). */
let client = 0;
const nextClient = () => {
  client = (client + 1) % 0xfffffe;
  const n = client + 1;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

interface Target {
  path: string;
  body: string;
  connections: number;
  expect: number;
  cookie?: string;
}

async function load(port: number, target: Target): Promise<Stat> {
  const r = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: target.connections,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        path: target.path,
        headers: { 'content-type': 'application/json', accept: 'application/json', 'sec-fetch-site': 'same-origin', ...(target.cookie ? { cookie: target.cookie } : {}) },
        body: target.body,
        setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': nextClient() } }),
      },
    ],
  });
  const ok = r.statusCodeStats?.[String(target.expect) as keyof typeof r.statusCodeStats]?.count ?? 0;
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, ok: Number(ok), other: r.requests.total - Number(ok) + r.errors + r.timeouts };
}

export async function storeCli(args: string[]): Promise<void> {
  if (args.length) throw new Error('bench store takes no arguments (BENCH_SECONDS, BENCH_ROUNDS)');
  const children: ChildProcess[] = [];
  const root = mkdtempSync(path.join(tmpdir(), 'hrc-bench-store-'));
  const pg = await startTestPostgres(
    {
      skip: (m) => {
        throw new Error(m);
      },
    },
    { durable: true },
  );
  if (!pg) throw new Error('PostgreSQL is not available');
  const databaseUrl = await pg.createDatabase();
  const start = async (env: Record<string, string>) => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        SITE_PASSWORD: PASSWORD,
        SESSION_SECRET: 'bench-store-secret-bench-store-secret-0123',
        LOG_FORMAT: 'json',
        TRUST_PROXY: '1',
        CONTACT_SITE_LIMIT: '100000',
        WEB_CONCURRENCY: '1',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
      } catch {
        /* not yet */
      }
      if (i > 300) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    return port;
  };
  try {
    const sqliteDir = path.join(root, 'sqlite');
    const servers = {
      SQLite: await start({ DATA_DIR: sqliteDir }),
      PostgreSQL: await start({ DATA_DIR: path.join(root, 'pg'), DATABASE_URL: databaseUrl }),
    };
    type Name = keyof typeof servers;
    // Contact posts come from signed-in visitors (the form is behind the gate).
    const cookies = {} as Record<Name, string>;
    for (const name of Object.keys(servers) as Name[]) {
      const res = await fetch(`http://127.0.0.1:${servers[name]}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ password: PASSWORD }) });
      cookies[name] = (res.headers.get('set-cookie') ?? '').split(';')[0];
      if (res.status !== 200 || !cookies[name]) throw new Error(`${name}: sign-in failed (${res.status})`);
    }
    const contact = {
      path: '/api/contact',
      connections: 16,
      expect: 201,
      body: JSON.stringify({ name: 'Bench Visitor', email: 'bench@example.com', company: 'Northwind', message: 'A message of ordinary length, as the contact form sends it, to measure the store.' }),
    };
    const signIn = { path: '/api/login', connections: 8, expect: 200, body: JSON.stringify({ password: PASSWORD }) };
    const results: Record<Name, { contact: Stat[]; signIn: Stat[] }> = { SQLite: { contact: [], signIn: [] }, PostgreSQL: { contact: [], signIn: [] } };
    // Warm-up, not counted: 1 s of each.
    for (const port of Object.values(servers)) {
      await autocannon({ url: `http://127.0.0.1:${port}/healthz`, connections: 4, duration: 1 });
    }
    const order: Name[] = ['SQLite', 'PostgreSQL'];
    for (let round = 0; round < ROUNDS; round++) {
      for (const name of round % 2 ? [...order].reverse() : order) {
        results[name].contact.push(await load(servers[name], { ...contact, cookie: cookies[name] }));
        results[name].signIn.push(await load(servers[name], signIn));
      }
      process.stderr.write(`[bench store] round ${round + 1}/${ROUNDS}\n`);
    }

    // Every acknowledged message is in its store.
    const sqlite = openSqliteStore(sqliteDir, { readonly: true });
    const postgres = openPostgresStore(databaseUrl, { poolSize: 1 });
    const stored = { SQLite: await sqlite.messages.count(), PostgreSQL: await postgres.messages.count() };
    await sqlite.close();
    await postgres.close();

    const agg = (xs: Stat[]) => ({ rps: median(xs.map((x) => x.rps)), p50: median(xs.map((x) => x.p50)), p99: median(xs.map((x) => x.p99)), ok: xs.reduce((a, x) => a + x.ok, 0), other: xs.reduce((a, x) => a + x.other, 0) });
    const lines = [
      `# Store benchmark — ${new Date().toISOString()}`,
      '',
      `The production server (one process) on SQLite and on PostgreSQL 15 (local, durable defaults), ${ROUNDS} rounds of ${SECONDS} s per measure, order alternated, medians. Node ${process.version}, ${cpus().length} cores, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} at the end; autocannon on the same machine.`,
      '',
      '| store | contact posts/s | contact p50 / p99 ms | sign-ins/s | sign-in p50 / p99 ms | messages acknowledged / stored | sign-ins 200 | other answers |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ];
    for (const name of order) {
      const c = agg(results[name].contact);
      const s = agg(results[name].signIn);
      lines.push(`| ${name} | ${c.rps.toFixed(0)} | ${c.p50.toFixed(1)} / ${c.p99.toFixed(1)} | ${s.rps.toFixed(0)} | ${s.p50.toFixed(1)} / ${s.p99.toFixed(1)} | ${c.ok} / ${stored[name]} | ${s.ok} | ${c.other + s.other} |`);
      if (stored[name] < c.ok) throw new Error(`${name}: ${c.ok} messages acknowledged, ${stored[name]} stored`);
    }
    const report = `${lines.join('\n')}\n`;
    mkdirSync('reports/bench', { recursive: true });
    writeFileSync('reports/bench/store.md', report);
    console.log(`\n${report}`);
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    await pg.destroy();
    rmSync(root, { recursive: true, force: true });
  }
}
