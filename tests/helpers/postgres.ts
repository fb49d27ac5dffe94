/**
 * A throwaway PostgreSQL for tests (stack-notes.md): initdb in a temporary directory, pg_ctl
 * start on a free 127.0.0.1 port, no system service. PostgreSQL refuses to run as root, so as
 * root it runs as the `postgres` user (runuser). `createDatabase()` gives each test an empty
 * database of its own. With CI=true missing binaries fail the test; elsewhere it is skipped.
 * TEST_DATABASE_URL (a server of your own, a role allowed to CREATE DATABASE) skips the cluster.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './spawn-server.ts';

const BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const asRoot = process.getuid?.() === 0;

export interface TestPostgres {
  /** The server: postgres://site@127.0.0.1:<port>/site. */
  url: string;
  /** A new empty database on it; its URL. */
  createDatabase(): Promise<string>;
  /** pg_ctl stop -m fast, then start again on the same port and data (an outage and its end). */
  stop(): void;
  start(): void;
  /** Stops the server and removes its directory. */
  destroy(): Promise<void>;
}

/** The command line as the user PostgreSQL runs as. */
function run(command: string, args: string[], opts: { dir: string }) {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return execFileSync(file, argv, { stdio: 'pipe', cwd: opts.dir, timeout: 60_000 });
}

/**
 * A PostgreSQL for this test file, or null (the test is skipped: not installed, not CI).
 * `durable`: PostgreSQL's own defaults (every commit flushed to disk), for measurements; tests run
 * without fsync.
 */
export async function startTestPostgres(t: { skip(message: string): void }, opts: { durable?: boolean } = {}): Promise<TestPostgres | null> {
  if (process.env.TEST_DATABASE_URL) return fromUrl(process.env.TEST_DATABASE_URL, async () => {});
  if (!existsSync(path.join(BIN, 'initdb')) || (asRoot && spawnSync('id', ['postgres']).status !== 0)) {
    const message = `PostgreSQL is not installed (${BIN}/initdb; Debian: apt-get install -y postgresql)`;
    if (process.env.CI === 'true') throw new Error(`${message}: CI must run this test`);
    t.skip(message);
    return null;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'hrc-pg-'));
  const data = path.join(dir, 'data');
  chmodSync(dir, 0o755);
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  run(path.join(BIN, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'site', '--no-sync', '-E', 'UTF8'], { dir });
  const port = await freePort();
  // fsync off: a test database need not survive a power cut, and it starts and writes faster.
  const fast = opts.durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200${fast}`;
  const start = () => void run(path.join(BIN, 'pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start'], { dir });
  const stop = () => void run(path.join(BIN, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'], { dir });
  try {
    start();
  } catch (err) {
    const log = existsSync(path.join(dir, 'log')) ? readFileSync(path.join(dir, 'log'), 'utf8') : '';
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${(err as Error).message}\n${log}`);
  }
  const url = `postgres://site@127.0.0.1:${port}/postgres`;
  const server = await fromUrl(url, async () => {
    try {
      stop();
    } catch {
      /* already stopped */
    }
    rmSync(dir, { recursive: true, force: true });
  });
  return { ...server, stop, start };
}

async function fromUrl(url: string, teardown: () => Promise<void>): Promise<TestPostgres> {
  const admin = new pg.Pool({ connectionString: url, max: 2 });
  admin.on('error', () => {});
  const created: string[] = [];
  let n = 0;
  return {
    url,
    async createDatabase() {
      const name = `hrc_test_${process.pid}_${Date.now().toString(36)}_${n++}`;
      await admin.query(`CREATE DATABASE ${name}`);
      created.push(name);
      const u = new URL(url);
      u.pathname = `/${name}`;
      return u.toString();
    },
    stop() {
      throw new Error('TEST_DATABASE_URL: the test cannot stop a server it did not start');
    },
    start() {},
    async destroy() {
      for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end();
      await teardown();
    },
  };
}
