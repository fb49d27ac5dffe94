/**
 * `npm run bench`: throughput and latency of the production server against two baselines that
 * serve the very same bytes from memory — a minimal node:http server (the ceiling for Node on
 * this machine) and an Express 5 app that ends every request in its first middleware (the floor
 * cost of Express). Ours runs twice: as production runs it, and with FAST_PATH=off (every request
 * through the Express pipeline), so the fast path's gain is measured too. Each server runs in its
 * own process; runs are interleaved (round-robin over servers, several rounds) so machine drift
 * affects all alike; the table shows medians.
 * Then the content-scale section (scripts/bench-content.ts; BENCH_CONTENT_ITEMS, 0 skips it).
 * Writes reports/bench/latest.md. BENCH_SECONDS (default 5) and BENCH_ROUNDS (default 3).
 */
import autocannon from 'autocannon';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchContent } from './bench-content.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 32;
const PASSWORD = 'bench-password';
const ports = { app: 4101, node: 4102, express: 4103, slow: 4104 };
const children: ChildProcess[] = [];
const cleanup = () => children.forEach((c) => c.kill('SIGKILL'));
process.on('exit', cleanup);

async function waitFor(url: string, ms = 30_000) {
  const start = Date.now();
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() - start > ms) throw new Error(`timeout waiting for ${url}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

function rssMb(pid: number): number {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return m ? Number(m[1]) / 1024 : NaN;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'hrc-bench-'));
/**
 * Our server as production runs it (JSON request log included, written to /dev/null here), and
 * a second one with FAST_PATH=off: every request through the whole Express pipeline.
 * Started with node itself (not npx) so that the pid is the server's own, for RSS.
 */
function startApp(port: number, extraEnv: Record<string, string>) {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', SITE_PASSWORD: PASSWORD,
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123', LOG_FORMAT: 'json', DATA_DIR: dataDir, ...extraEnv },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: false,
  });
  children.push(child);
  return child;
}
const app = startApp(ports.app, { FAST_PATH: 'on' });
const slow = startApp(ports.slow, { FAST_PATH: 'off' });
await waitFor(`http://127.0.0.1:${ports.app}/healthz`);
await waitFor(`http://127.0.0.1:${ports.slow}/healthz`);
const serverPid = app.pid!;

const login = await fetch(`http://127.0.0.1:${ports.app}/api/login`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: PASSWORD }),
});
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
if (!cookie) throw new Error('login failed');

const manifest = JSON.parse(readFileSync('dist/manifest.json', 'utf8'));
const targets: { name: string; path: string; auth: boolean; expect: number }[] = [
  { name: 'page /', path: '/', auth: true, expect: 200 },
  { name: 'page /team', path: '/team', auth: true, expect: 200 },
  { name: 'page /resources', path: '/resources', auth: true, expect: 200 },
  { name: 'api /api/news', path: '/api/news', auth: true, expect: 200 },
  { name: 'asset (hashed JS)', path: manifest.entries.site.js, auth: true, expect: 200 },
  { name: 'redirect (no session)', path: '/team', auth: false, expect: 302 },
];

// Record the exact bytes and headers our server answers with, for the baselines.
const bodies: Record<string, { status: number; headers: Record<string, string>; body: string }> = {};
for (const t of targets) {
  const res = await fetch(`http://127.0.0.1:${ports.app}${t.path}`, { headers: t.auth ? { cookie } : {}, redirect: 'manual' });
  if (res.status !== t.expect) throw new Error(`${t.path}: expected ${t.expect}, got ${res.status}`);
  const headers: Record<string, string> = {};
  res.headers.forEach((v, k) => { if (!['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'content-encoding'].includes(k)) headers[k] = v; });
  const key = t.auth ? t.path : `${t.path}?unauth`;
  bodies[key] = { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()).toString('base64') };
}
const bodiesFile = path.join(dataDir, 'bodies.json');
writeFileSync(bodiesFile, JSON.stringify(bodies));
for (const kind of ['node', 'express'] as const) {
  const child = fork('scripts/bench-baseline.mjs', [kind, String(ports[kind]), bodiesFile], { stdio: 'inherit' });
  children.push(child);
  await new Promise((r) => child.once('message', r));
}

// Both of ours render each page once before the runs (the cache is what is being measured).
for (const t of targets) await fetch(`http://127.0.0.1:${ports.slow}${t.path}`, { headers: t.auth ? { cookie } : {}, redirect: 'manual' });

type Server = 'app' | 'slow' | 'node' | 'express';
type Stat = { rps: number; p50: number; p99: number; errors: number };
const results: Record<string, Record<string, Stat[]>> = {};
const rssBefore = rssMb(serverPid);

for (let round = 0; round < ROUNDS; round++) {
  for (const t of targets) {
    const order: Server[] = ['app', 'slow', 'node', 'express'];
    // Rotate the order each round so no server always runs first.
    for (let i = 0; i < round; i++) order.push(order.shift()!);
    for (const server of order) {
      const ours = server === 'app' || server === 'slow';
      const url = ours ? `http://127.0.0.1:${ports[server]}${t.path}` : `http://127.0.0.1:${ports[server]}${t.auth ? t.path : `${t.path}?unauth`}`;
      const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: t.auth && ours ? { cookie } : {} });
      const expectedCount = t.expect === 200 ? r['2xx'] : r['3xx'];
      const errors = r.errors + r.timeouts + (r.requests.total - expectedCount > 0 ? r.requests.total - expectedCount : 0);
      ((results[t.name] ??= {})[server] ??= []).push({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors });
    }
  }
}
const rssAfter = rssMb(serverPid);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const agg = (s: Stat[]) => ({ rps: median(s.map((x) => x.rps)), p50: median(s.map((x) => x.p50)), p99: median(s.map((x) => x.p99)), errors: s.reduce((a, x) => a + x.errors, 0) });
const lines = [
  `# Benchmark — ${new Date().toISOString()}`,
  '',
  `${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} interleaved rounds, medians. Node ${process.version}, ${(await import('node:os')).cpus().length} cores.`,
  'Ours: NODE_ENV=production with its JSON request log on (to /dev/null); the baselines send the same bytes and headers and log nothing.',
  '',
  '| target | server | req/s | p50 ms | p99 ms | errors | × node:http | × Express |',
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
];
for (const t of targets) {
  const n = agg(results[t.name].node);
  const e = agg(results[t.name].express);
  for (const server of ['app', 'slow', 'express', 'node'] as const) {
    const a = agg(results[t.name][server]);
    const label = { app: 'Halden Rowe (production)', slow: 'Halden Rowe, FAST_PATH=off', node: 'baseline node:http', express: 'baseline Express 5' }[server];
    lines.push(`| ${t.name} | ${label} | ${a.rps.toFixed(0)} | ${a.p50} | ${a.p99} | ${a.errors} | ${(a.rps / n.rps).toFixed(2)} | ${(a.rps / e.rps).toFixed(2)} |`);
  }
}
const pageRatios = targets.filter((t) => t.name.startsWith('page')).map((t) => ({
  name: t.name, express: agg(results[t.name].app).rps / agg(results[t.name].express).rps, node: agg(results[t.name].app).rps / agg(results[t.name].node).rps,
  p99: agg(results[t.name].app).p99, errors: agg(results[t.name].app).errors,
}));
lines.push('', 'Targets (issue 6), authenticated pages:');
for (const r of pageRatios) {
  lines.push(`- ${r.name}: ${r.express.toFixed(2)} × Express (≥ 0.75: ${r.express >= 0.75 ? 'met' : 'MISSED'}), ${r.node.toFixed(2)} × node:http (fast path ≥ 0.6: ${r.node >= 0.6 ? 'met' : 'MISSED'}), p99 ${r.p99} ms (≤ 25: ${r.p99 <= 25 ? 'met' : 'MISSED'}), ${r.errors} errors`);
}
lines.push('', `Server RSS: ${rssBefore.toFixed(1)} MB before, ${rssAfter.toFixed(1)} MB after (${(rssAfter - rssBefore >= 0 ? '+' : '')}${(rssAfter - rssBefore).toFixed(1)} MB).`);
// Content scale (issue 10): its own module, its own servers (see scripts/bench-content.ts).
lines.push('', ...(await benchContent()));
const report = lines.join('\n') + '\n';
mkdirSync('reports/bench', { recursive: true });
writeFileSync('reports/bench/latest.md', report);
console.log('\n' + report);
cleanup();
process.exit(0);
