/**
 * Forks the real production server (`node --enable-source-maps dist/server.js`, as production runs
 * it) on a free loopback port, for tests that need a process of their own: signals, kill -9, load.
 * Needs the build (dist/manifest.json, dist/server.js): `npm test` builds first.
 *
 * The server runs in a scratch directory holding a copy of dist/ (and links to everything else),
 * so a rebuild elsewhere — which deletes dist/ — cannot pull files from under a running test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SESSION_COOKIE } from '../../src/app/constants.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const hasBuild = () => existsSync(path.join(ROOT, 'dist', 'manifest.json')) && existsSync(path.join(ROOT, 'dist', 'server.js'));

/** Skips the test (and says so: true) when there is no build to fork. */
export function skipWithoutBuild(t: { skip(message: string): void }): boolean {
  if (hasBuild()) return false;
  t.skip('no build: run "npx tsx scripts/build.ts" (npm test builds first)');
  return true;
}

export const TEST_PASSWORD = 'Forked-Server-Password-4417';
export const TEST_SECRET = 'forked-server-session-secret-'.padEnd(48, 'x');

/** The process ids of `pid`'s children, grandchildren…, read from /proc (Linux). */
export function descendants(pid: number): number[] {
  const parents = new Map<number, number>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      parents.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const found: number[] = [];
  const visit = (p: number) => {
    for (const [child, parent] of parents)
      if (parent === p) {
        found.push(child);
        visit(child);
      }
  };
  visit(pid);
  return found;
}

/** The command line of a process (arguments joined by spaces), or '' once it is gone. */
export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** A port that was free a moment ago (the OS picks it; closed again before the child binds it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A scratch working directory: a consistent copy of dist/ and links to what the built server reads
 * at run time (content, public files, packages). No sources: the built server must not need them.
 */
export function snapshotCwd(distDir = path.join(ROOT, 'dist')): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'hrc-fork-'));
  for (const name of ['content', 'public', 'node_modules', 'package.json']) {
    symlinkSync(path.join(ROOT, name), path.join(dir, name));
  }
  // A build in progress may have written some files and not others: copy until consistent.
  for (let attempt = 0; ; attempt++) {
    rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
    try {
      cpSync(distDir, path.join(dir, 'dist'), { recursive: true });
      const m = JSON.parse(readFileSync(path.join(dir, 'dist', 'manifest.json'), 'utf8')) as { entries: Record<string, { js: string; preload: string[] }>; css: string; fonts: string[] };
      const files = ['/server.js', m.css, ...m.fonts, ...Object.values(m.entries).flatMap((e) => [e.js, ...e.preload])];
      if (files.every((f) => existsSync(path.join(dir, 'dist', f)))) return dir;
    } catch {
      /* mid-build: try again */
    }
    if (attempt >= 30) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error('dist/ did not settle into a complete build (is a build running?)');
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 500);
  }
}

export interface Forked {
  child: ChildProcess;
  port: number;
  url: string;
  /** Everything the process wrote so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Logs in (from `ip` via X-Forwarded-For when the server trusts a proxy); returns the Cookie value. */
  login(ip?: string): Promise<string>;
  kill(signal?: NodeJS.Signals): void;
}

/** How production runs the server; `npm run serve` execs exactly this. */
export const SERVER_COMMAND = [process.execPath, '--enable-source-maps', 'dist/server.js'];

export interface ForkOptions {
  dataDir: string;
  env?: Record<string, string>;
  port?: number;
  startTimeoutMs?: number;
  /** Another way to start it (e.g. ['npm', 'run', 'serve']); SERVER_COMMAND by default. */
  command?: string[];
  /** Another build to run (a copy of some other checkout's dist/); this checkout's dist/ by default. */
  distDir?: string;
}

export async function forkServer(opts: ForkOptions): Promise<Forked> {
  const port = opts.port ?? (await freePort());
  const cwd = snapshotCwd(opts.distDir);
  const [file, ...args] = opts.command ?? SERVER_COMMAND;
  const child = spawn(file, args, {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE_PASSWORD: TEST_PASSWORD,
      SESSION_SECRET: TEST_SECRET,
      DATA_DIR: opts.dataDir,
      LOG_FORMAT: 'json',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (d: string) => {
    out += d;
  });
  child.stderr!.setEncoding('utf8').on('data', (d: string) => {
    err += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let gone = false;
  void exited.then(() => {
    gone = true;
    rmSync(cwd, { recursive: true, force: true });
  });

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.startTimeoutMs ?? 30_000);
  for (;;) {
    if (gone) throw new Error(`the server exited before answering:\n${err || out}`);
    try {
      if ((await fetch(`${url}/healthz`)).status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /healthz within the time limit:\n${err || out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    child,
    port,
    url,
    exited,
    stdout: () => out,
    stderr: () => err,
    kill: (signal = 'SIGTERM') => {
      if (!gone) child.kill(signal);
    },
    async login(ip?: string) {
      const res = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(ip ? { 'x-forwarded-for': ip } : {}) },
        body: JSON.stringify({ password: opts.env?.SITE_PASSWORD ?? TEST_PASSWORD }),
      });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
      for (const line of res.headers.getSetCookie()) {
        if (line.startsWith(`${SESSION_COOKIE}=`)) return line.split(';')[0];
      }
      throw new Error('login set no session cookie');
    },
  };
}

/**
 * forkServer for one test, in a fresh data directory named after `prefix`. After the test the
 * process and every process it started (cluster workers) are killed, and the directory removed.
 */
export async function forkForTest(t: { after(fn: () => Promise<void>): void }, opts: Omit<ForkOptions, 'dataDir'> & { prefix: string }): Promise<Forked & { dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), opts.prefix));
  let server: Forked;
  try {
    server = await forkServer({ ...opts, dataDir });
  } catch (err) {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  t.after(async () => {
    for (const pid of descendants(server.child.pid!)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    server.kill('SIGKILL');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
  return Object.assign(server, { dataDir });
}
