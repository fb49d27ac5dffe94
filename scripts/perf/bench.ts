/**
 * `npm run bench`, or `npm run perf -- bench` (issue 14): our server exactly as production starts it (`node --enable-source-maps
 * dist/server.js`, NODE_ENV=production, its JSON request log on) against servers that send the
 * very same bytes:
 *  - bare node:http (`res.end(buffer)`, bench-baseline.mjs): the answer ours gave is read
 *    once off the socket — status line, every header in order, body — and replayed; a check
 *    compares the baseline's answer with ours (status line, header names, head and body size) and
 *    stops the bench if they differ;
 *  - nginx, one worker, the same bodies from disk with the same headers (when `nginx` is on PATH;
 *    skipped with a note otherwise): the ceiling of this machine; it adds Server and Last-Modified;
 *  - ours with two workers (WEB_CONCURRENCY=2), and with FAST_PATH=off (every request through the
 *    Express pipeline), for the signed-in page.
 * Targets: a cached signed-in page (/team), an API answer, a hashed asset, the redirect without a
 * session; each with `Accept-Encoding: br` and with none. Load: wrk (when on PATH) and autocannon,
 * 32 connections, BENCH_SECONDS (3) per run, BENCH_ROUNDS (3) rounds, the order of servers rotated
 * every round; medians. Then the content-scale section (bench-content.ts; BENCH_CONTENT_ITEMS=0
 * skips it) and site search on the same fixture (bench-search.ts). Writes reports/bench/latest.md.
 *
 * `bench content [--items N] [--root DIR] [--port P] [--sets label=dir,…]` and
 * `bench search [--items N] [--port P]` run one of those two sections alone and print it;
 * `bench store` compares the two stores, SQLite and PostgreSQL (bench-store.ts).
 */
import autocannon from 'autocannon';
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../tests/helpers/spawn-server.ts';
import { benchContent, contentCli } from './bench-content.ts';
import { benchSearch, searchCli } from './bench-search.ts';
import { storeCli } from './bench-store.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 32;
const PASSWORD = 'bench-password';
const children: ChildProcess[] = [];
/** nginx's master stops its worker on SIGTERM; a SIGKILL would leave the worker behind. */
const cleanup = () =>
  children.forEach((c) => {
    try {
      c.kill(c.spawnfile === 'nginx' ? 'SIGTERM' : 'SIGKILL');
    } catch {
      /* gone */
    }
  });

const onPath = (cmd: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

async function waitFor(url: string, ms = 60_000) {
  const start = Date.now();
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    if (Date.now() - start > ms) throw new Error(`timeout waiting for ${url}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const rssMb = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? NaN) / 1024;

/** One answer as sent on the wire: status line, headers in order (as spelt), body. Content-Length only. */
interface Wire {
  statusLine: string;
  status: number;
  headers: [string, string][];
  body: Buffer;
  headBytes: number;
}
function wireGet(port: number, target: string, headers: Record<string, string>): Promise<Wire> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let buf = Buffer.alloc(0);
    socket.on('connect', () =>
      socket.write(
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${Object.entries(headers)
          .map(([k, v]) => `${k}: ${v}\r\n`)
          .join('')}\r\n`,
      ),
    );
    socket.on('error', reject);
    socket.on('data', (d) => {
      buf = Buffer.concat([buf, d]);
      const end = buf.indexOf('\r\n\r\n');
      if (end === -1) return;
      const [statusLine, ...lines] = buf.subarray(0, end).toString('latin1').split('\r\n');
      const hs = lines.map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()] as [string, string]);
      const len = hs.find(([k]) => k.toLowerCase() === 'content-length');
      if (!len) {
        socket.destroy();
        reject(new Error(`${target}: no Content-Length (chunked?)`));
        return;
      }
      if (buf.length < end + 4 + Number(len[1])) return;
      socket.destroy();
      resolve({ statusLine, status: Number(statusLine.split(' ')[1]), headers: hs, body: buf.subarray(end + 4, end + 4 + Number(len[1])), headBytes: end + 4 });
    });
  });
}

export async function main(args: string[]): Promise<void> {
  if (args[0] === 'content') return contentCli(args.slice(1));
  if (args[0] === 'search') return searchCli(args.slice(1));
  if (args[0] === 'store') return storeCli(args.slice(1));
  if (args.length) throw new Error(`bench: unknown argument "${args[0]}" (bench [content|search|store] [options])`);
  process.on('exit', cleanup);
  process.on('SIGINT', () => process.exit(130));
  const HAVE_WRK = onPath('wrk') && process.env.BENCH_WRK !== '0';
  const HAVE_NGINX = onPath('nginx') && process.env.BENCH_NGINX !== '0';

  // ── Servers ────────────────────────────────────────────────────────────────────────────────────
  const dataRoot = mkdtempSync(path.join(tmpdir(), 'hrc-bench-'));
  chmodSync(dataRoot, 0o755);
  async function startOurs(name: string, env: Record<string, string>) {
    const port = await freePort();
    const dataDir = path.join(dataRoot, name);
    mkdirSync(dataDir);
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
        SITE_PASSWORD: PASSWORD,
        SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
        LOG_FORMAT: 'json',
        DATA_DIR: dataDir,
        WEB_CONCURRENCY: '1',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    return { port, child };
  }
  const ours = await startOurs('ours', {});
  const ours2 = await startOurs('ours2', { WEB_CONCURRENCY: '2' });
  const slow = await startOurs('slow', { FAST_PATH: 'off' });
  for (const s of [ours, ours2, slow]) await waitFor(`http://127.0.0.1:${s.port}/healthz`);

  const login = await fetch(`http://127.0.0.1:${ours.port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  if (!cookie) throw new Error('login failed');

  const manifest = JSON.parse(readFileSync('dist/manifest.json', 'utf8')) as { entries: { site: { js: string } } };
  type Enc = 'br' | 'none';
  interface Target {
    id: string;
    name: string;
    path: string;
    auth: boolean;
    expect: number;
    enc: Enc;
  }
  const targets: Target[] = [];
  for (const [id, name, p, auth, expect] of [
    ['page', 'page /team (cached, signed in)', '/team', true, 200],
    ['api', 'API /api/news', '/api/news', true, 200],
    ['asset', 'hashed asset (site JS)', manifest.entries.site.js, true, 200],
    ['redirect', 'redirect (no session)', '/team', false, 302],
  ] as const) {
    for (const enc of ['br', 'none'] as const) targets.push({ id: `${id}-${enc}`, name, path: p, auth, expect, enc });
  }
  const requestHeaders = (t: Target): Record<string, string> => ({ ...(t.auth ? { Cookie: cookie } : {}), ...(t.enc === 'br' ? { 'Accept-Encoding': 'br' } : {}) });

  // Every one of ours answers each target once (pages render once and are kept), then ours is captured.
  for (const s of [ours, ours2, ours2, slow]) for (const t of targets) await wireGet(s.port, t.path, requestHeaders(t));
  const captured: Record<string, { status: number; headers: [string, string][]; body: string }> = {};
  const wire: Record<string, Wire> = {};
  const NODE_ADDS = new Set(['date', 'connection', 'keep-alive']);
  for (const t of targets) {
    const w = await wireGet(ours.port, t.path, requestHeaders(t));
    if (w.status !== t.expect) throw new Error(`${t.id}: expected ${t.expect}, got ${w.status}`);
    wire[t.id] = w;
    captured[`/x/${t.id}`] = { status: w.status, headers: w.headers.filter(([k]) => !NODE_ADDS.has(k.toLowerCase())), body: w.body.toString('base64') };
  }
  const capturedFile = path.join(dataRoot, 'captured.json');
  writeFileSync(capturedFile, JSON.stringify(captured));
  const nodePort = await freePort();
  const baseline = fork(path.join(import.meta.dirname, 'bench-baseline.mjs'), [String(nodePort), capturedFile], { stdio: 'inherit' });
  children.push(baseline);
  await new Promise((r) => baseline.once('message', r));

  // The replay check: the baseline sends what ours sent (the Date value aside).
  const checks: string[] = [];
  for (const t of targets) {
    const a = wire[t.id];
    const b = await wireGet(nodePort, `/x/${t.id}`, requestHeaders(t));
    const names = (w: Wire) => w.headers.map(([k]) => k).join(',');
    if (a.statusLine !== b.statusLine || names(a) !== names(b) || a.headBytes !== b.headBytes || !a.body.equals(b.body)) {
      throw new Error(`the node:http baseline does not replay ${t.id} byte for byte:\n${a.statusLine} ${names(a)} ${a.headBytes}\n${b.statusLine} ${names(b)} ${b.headBytes}`);
    }
    checks.push(`${t.id}: ${a.statusLine}, ${a.headers.length} headers, head ${a.headBytes} B, body ${a.body.length} B`);
  }

  // nginx: one worker, the same bodies from files, the same headers (plus its Server and Last-Modified).
  let nginxPort = 0;
  const nginxNote = HAVE_NGINX ? '' : 'nginx is not on PATH: its row is skipped (Debian: apt-get install -y nginx).';
  const nginxTargets = new Set<string>();
  if (HAVE_NGINX) {
    nginxPort = await freePort();
    const dir = path.join(dataRoot, 'nginx');
    mkdirSync(path.join(dir, 'www', 'x'), { recursive: true });
    mkdirSync(path.join(dir, 'tmp'));
    const q = (v: string) => `"${v.replace(/["\\]/g, '\\$&')}"`;
    const locations: string[] = [];
    for (const t of targets) {
      const w = wire[t.id];
      if (w.status !== 200) continue; // a static file answers 200 only (the redirect row shows "—")
      writeFileSync(path.join(dir, 'www', 'x', t.id), w.body);
      nginxTargets.add(t.id);
      const type = w.headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? 'application/octet-stream';
      const add = w.headers
        .filter(([k]) => !['content-type', 'content-length', 'date', 'connection', 'keep-alive'].includes(k.toLowerCase()))
        .map(([k, v]) => `add_header ${k} ${q(v)} always;`)
        .join(' ');
      locations.push(`location = /x/${t.id} { types { } default_type ${q(type)}; ${add} }`);
    }
    for (const d of [dir, path.join(dir, 'www'), path.join(dir, 'www', 'x'), path.join(dir, 'tmp')]) chmodSync(d, 0o755);
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;
  events { worker_connections 4096; }
  http { access_log off; server_tokens off; etag off; sendfile on; keepalive_timeout 5s; keepalive_requests 10000000; max_ranges 0;
    client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp; uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
    server { listen 127.0.0.1:${nginxPort}; root ${dir}/www; ${locations.join('\n    ')} } }
  `,
    );
    const nginx = spawn('nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(nginx);
    await waitFor(`http://127.0.0.1:${nginxPort}/x/page-none`);
    for (const id of nginxTargets) {
      const t = targets.find((x) => x.id === id)!;
      const n = await wireGet(nginxPort, `/x/${id}`, requestHeaders(t));
      if (!n.body.equals(wire[id].body)) throw new Error(`nginx does not serve the same body for ${id}`);
      checks.push(
        `nginx ${id}: ${n.headers.length} headers, head ${n.headBytes} B (${n.headBytes - wire[id].headBytes >= 0 ? '+' : ''}${n.headBytes - wire[id].headBytes} B: ${
          n.headers
            .map(([k]) => k)
            .filter((k) => !wire[id].headers.some(([o]) => o.toLowerCase() === k.toLowerCase()))
            .join(', ') || 'no extra headers'
        }), same body`,
      );
    }
  }

  // ── Load ───────────────────────────────────────────────────────────────────────────────────────
  type ServerId = 'ours' | 'ours2' | 'slow' | 'node' | 'nginx';
  type Tool = 'wrk' | 'autocannon';
  interface Stat {
    rps: number;
    p50: number;
    p99: number;
    errors: number;
  }
  const tools: Tool[] = HAVE_WRK ? ['wrk', 'autocannon'] : ['autocannon'];
  const urlOf = (s: ServerId, t: Target) =>
    ({
      ours: `http://127.0.0.1:${ours.port}${t.path}`,
      ours2: `http://127.0.0.1:${ours2.port}${t.path}`,
      slow: `http://127.0.0.1:${slow.port}${t.path}`,
      node: `http://127.0.0.1:${nodePort}/x/${t.id}`,
      nginx: `http://127.0.0.1:${nginxPort}/x/${t.id}`,
    })[s];

  const toMs = (v: string, unit: string) => Number(v) * ({ us: 0.001, ms: 1, s: 1000 } as Record<string, number>)[unit];
  function runWrk(url: string, headers: Record<string, string>, seconds: number): Promise<Stat> {
    return new Promise((resolve, reject) => {
      const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
      const p = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      p.stdout.on('data', (d) => {
        out += d;
      });
      p.on('error', reject);
      p.on('close', () => {
        const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1] ?? NaN);
        const pct = (n: number) => {
          const m = out.match(new RegExp(`\\s${n}%\\s+([\\d.]+)(us|ms|s)`));
          return m ? toMs(m[1], m[2]) : NaN;
        };
        const sock = out.match(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
        const errors = Number(out.match(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0) + (sock ? sock.slice(1).reduce((a, x) => a + Number(x), 0) : 0);
        resolve({ rps, p50: pct(50), p99: pct(99), errors });
      });
    });
  }
  async function runAutocannon(url: string, headers: Record<string, string>, seconds: number, expect: number): Promise<Stat> {
    const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
    const ok = expect === 200 ? r['2xx'] : r['3xx'];
    return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + Math.max(0, r.requests.total - ok) };
  }
  const run = (tool: Tool, s: ServerId, t: Target, seconds = SECONDS) => {
    // Every server gets the same request headers (the cookie included): the same request bytes.
    const headers = requestHeaders(t);
    return tool === 'wrk' ? runWrk(urlOf(s, t), headers, seconds) : runAutocannon(urlOf(s, t), headers, seconds, t.expect);
  };

  // Warm-up (JIT, heap sizing), not counted: every target once on every server, 1 s each.
  const rssBoot = rssMb(ours.child.pid!);
  for (const t of targets) for (const s of ['ours', 'node'] as ServerId[]) await run('autocannon', s, t, 1);
  for (const s of ['ours2', 'slow'] as ServerId[]) await run('autocannon', s, targets[0], 1);

  const results: Record<string, Partial<Record<ServerId, Partial<Record<Tool, Stat[]>>>>> = {};
  const rssBefore = rssMb(ours.child.pid!);
  const started = Date.now();
  for (let round = 0; round < ROUNDS; round++) {
    for (const t of targets) {
      const servers: ServerId[] = ['ours', 'node'];
      if (nginxTargets.has(t.id)) servers.push('nginx');
      if (t.id.startsWith('page-')) servers.push('ours2', 'slow');
      for (let i = 0; i < round; i++) servers.push(servers.shift()!);
      for (const tool of tools) {
        for (const s of servers) (((results[t.id] ??= {})[s] ??= {})[tool] ??= []).push(await run(tool, s, t));
      }
    }
    process.stderr.write(`[bench] round ${round + 1}/${ROUNDS} done (${Math.round((Date.now() - started) / 1000)} s)\n`);
  }
  const rssAfter = rssMb(ours.child.pid!);

  // ── Report ─────────────────────────────────────────────────────────────────────────────────────
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const agg = (s: Stat[] | undefined) => s && { rps: median(s.map((x) => x.rps)), p50: median(s.map((x) => x.p50)), p99: median(s.map((x) => x.p99)), errors: s.reduce((a, x) => a + x.errors, 0) };
  const get = (t: string, s: ServerId, tool: Tool) => agg(results[t]?.[s]?.[tool]);
  const f0 = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '—' : x.toFixed(0));
  const f2 = (x: number | undefined) => (x === undefined || Number.isNaN(x) ? '—' : x.toFixed(2));
  const lines = [
    `# Benchmark — ${new Date().toISOString()}`,
    '',
    `${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} interleaved rounds (server order rotated), medians. Node ${process.version}, ${cpus().length} cores; load generators ${tools.join(' and ')} on the same machine.`,
    'Ours: `node --enable-source-maps dist/server.js`, NODE_ENV=production, JSON request log on (stdout to /dev/null). Baselines send the same bytes (checked below).',
    ...(nginxNote ? ['', nginxNote] : []),
    ...(HAVE_WRK ? [] : ['', 'wrk is not on PATH: autocannon only (Debian: apt-get install -y wrk).']),
    '',
    '| target | Accept-Encoding | tool | nginx req/s | node:http req/s | ours req/s | ours × node:http | ours × nginx | ours p50 / p99 ms | errors: ours / the others |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const targetRatios: { t: Target; tool: Tool; xNode: number; xNginx?: number; p99: number; errors: number }[] = [];
  for (const t of targets) {
    for (const tool of tools) {
      const o = get(t.id, 'ours', tool)!;
      const n = get(t.id, 'node', tool)!;
      const x = get(t.id, 'nginx', tool);
      const others = (['node', 'nginx', 'ours2', 'slow'] as ServerId[]).reduce((a, s) => a + (get(t.id, s, tool)?.errors ?? 0), 0);
      targetRatios.push({ t, tool, xNode: o.rps / n.rps, xNginx: x && o.rps / x.rps, p99: o.p99, errors: o.errors });
      lines.push(
        `| ${t.name} | ${t.enc === 'br' ? 'br' : '(none)'} | ${tool} | ${f0(x?.rps)} | ${f0(n.rps)} | ${f0(o.rps)} | ${f2(o.rps / n.rps)} | ${f2(x && o.rps / x.rps)} | ${o.p50.toFixed(1)} / ${o.p99.toFixed(1)} | ${o.errors} / ${others} |`,
      );
    }
  }
  lines.push(
    '',
    '| signed-in page /team | Accept-Encoding | tool | 1 worker req/s | 2 workers req/s | 2 ÷ 1 | FAST_PATH=off req/s | fast path on ÷ off |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |',
  );
  const workerRatios: number[] = [];
  for (const t of targets.filter((x) => x.id.startsWith('page-'))) {
    for (const tool of tools) {
      const o = get(t.id, 'ours', tool)!;
      const o2 = get(t.id, 'ours2', tool)!;
      const sl = get(t.id, 'slow', tool)!;
      workerRatios.push(o2.rps / o.rps);
      lines.push(`| /team | ${t.enc === 'br' ? 'br' : '(none)'} | ${tool} | ${f0(o.rps)} | ${f0(o2.rps)} | ${f2(o2.rps / o.rps)} | ${f0(sl.rps)} | ${f2(o.rps / sl.rps)} |`);
    }
  }
  const want: Record<string, number> = { page: 0.8, api: 0.7, asset: 0.7, redirect: 0.6 };
  lines.push('', 'Targets (issue 14), one worker:');
  for (const r of targetRatios) {
    const kind = r.t.id.split('-')[0];
    const parts = [`${f2(r.xNode)} × node:http (≥ ${want[kind]}: ${r.xNode >= want[kind] ? 'met' : 'MISSED'})`];
    if (kind === 'page' && r.xNginx !== undefined) parts.push(`${f2(r.xNginx)} × nginx (≥ 0.2: ${r.xNginx >= 0.2 ? 'met' : 'MISSED'})`);
    parts.push(`p99 ${r.p99.toFixed(1)} ms (≤ 10: ${r.p99 <= 10 ? 'met' : 'MISSED'})`, `${r.errors} errors`);
    lines.push(`- ${r.t.id} (${r.tool}): ${parts.join(', ')}`);
  }
  lines.push(`- two workers ÷ one, pages: ${workerRatios.map(f2).join(', ')} (≥ 1.6: ${workerRatios.every((x) => x >= 1.6) ? 'met' : 'MISSED'})`);
  const growth = rssAfter - rssBefore;
  lines.push(
    `- RSS of ours (1 worker): ${rssBoot.toFixed(1)} MB after start, ${rssBefore.toFixed(1)} MB after the warm-up, ${rssAfter.toFixed(1)} MB after the runs (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB; < 20: ${growth < 20 ? 'met' : 'MISSED'})`,
  );
  lines.push('', 'Same bytes (answers read off the socket; Date differs only in value):', ...checks.map((c) => `- ${c}`));
  lines.push(
    '',
    "wrk vs autocannon: wrk is C (epoll, one thread here) and parses only what it must; autocannon is JavaScript on one core of its own and parses every response, so at these rates it is often the bottleneck itself: its req/s are lower and its ratios closer to 1 (it hides part of the servers' differences). Trust wrk's ratios; autocannon checks every status code.",
  );
  lines.push('', ...(await benchContent()));
  // Site search on the same fixture size (skipped with the content section).
  const searchItems = Number(process.env.BENCH_CONTENT_ITEMS ?? 1000);
  if (searchItems > 0) lines.push('', ...(await benchSearch({ items: searchItems })).lines);
  const report = lines.join('\n') + '\n';
  mkdirSync('reports/bench', { recursive: true });
  writeFileSync('reports/bench/latest.md', report);
  console.log('\n' + report);
  cleanup();
  process.exit(0);
}
