/**
 * `npm run perf -- profile [page|redirect|api] [br|none]` (issue 14): where a request's
 * time goes, ours against the bare node:http baseline that sends the same bytes.
 *
 * Both servers run under `node --cpu-prof` (ours exactly as production starts it, request log on,
 * to /dev/null as in `npm run bench`); wrk (one thread, 32 connections, PROFILE_SECONDS, default 8)
 * drives one target on one server at a time. Each profile's self time is divided by the requests
 * answered, so the two columns are microseconds of CPU per request, frame by frame; the frames
 * are grouped by function and file (Node's internals, our code, dependencies). The last table is
 * ours minus the baseline: what our per-request work costs beyond writing the same answer.
 *
 * LOG_FORMAT=off runs ours without its request log (to see what the log line costs).
 * Needs wrk (Debian: apt-get install -y wrk); perf.ts builds first.
 * Writes reports/bench/profile-<target>-<enc>.md.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../tests/helpers/spawn-server.ts';

export async function main(argv: string[]): Promise<void> {
  const SECONDS = Number(process.env.PROFILE_SECONDS ?? 8);
  const PASSWORD = 'bench-password';
  const PATHS = { page: '/team', redirect: '/team', api: '/api/news' } as const;
  const [target = 'page', enc = 'none'] = argv;
  if (!(target in PATHS) || !['br', 'none'].includes(enc) || argv.length > 2) throw new Error('usage: profile [page|redirect|api] [br|none]');
  const targetPath = PATHS[target as keyof typeof PATHS];
  try {
    execFileSync('sh', ['-c', 'command -v wrk'], { stdio: 'ignore' });
  } catch {
    console.error('profile needs wrk (Debian: apt-get install -y wrk)');
    process.exit(1);
  }

  const work = mkdtempSync(path.join(tmpdir(), 'hrc-profile-'));
  const children: ChildProcess[] = [];
  process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

  async function waitFor(url: string) {
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(url)).ok) return;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timeout waiting for ${url}`);
  }

  function start(name: string, args: string[], env: Record<string, string>) {
    const dir = path.join(work, name);
    mkdirSync(dir);
    const child = spawn(process.execPath, [`--cpu-prof`, `--cpu-prof-dir=${dir}`, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    children.push(child);
    return { child, dir };
  }
  async function stop({ child, dir }: { child: ChildProcess; dir: string }) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error(`no profile written in ${dir}`);
    return JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile;
  }

  /** One GET with the raw header list as sent (names as spelt, in order) and the body. */
  function capture(port: number, headers: Record<string, string>) {
    return new Promise<{ status: number; headers: [string, string][]; body: Buffer }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: targetPath, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = res.rawHeaders;
          const list: [string, string][] = [];
          for (let i = 0; i < raw.length; i += 2) if (!['date', 'connection', 'keep-alive'].includes(raw[i].toLowerCase())) list.push([raw[i], raw[i + 1]]);
          resolve({ status: res.statusCode!, headers: list, body: Buffer.concat(chunks) });
        });
      });
      req.on('error', reject);
      req.end();
    });
  }

  function wrk(port: number, urlPath: string, headers: Record<string, string>): Promise<{ rps: number; requests: number }> {
    return new Promise((resolve, reject) => {
      const args = ['-t1', '-c32', `-d${SECONDS}s`, ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), `http://127.0.0.1:${port}${urlPath}`];
      const p = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      p.stdout.on('data', (d) => (out += d));
      p.on('error', reject);
      p.on('close', () => resolve({ rps: Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]), requests: Number(out.match(/(\d+) requests in/)?.[1]) }));
    });
  }

  interface Node {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
    hitCount?: number;
  }
  interface Profile {
    nodes: Node[];
    samples: number[];
    timeDeltas: number[];
    startTime: number;
    endTime: number;
  }
  /** Self time (µs) by frame "function (file)", from the samples and their time deltas. */
  function selfTimes(p: Profile): Map<string, number> {
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    const out = new Map<string, number>();
    for (let i = 0; i < p.samples.length; i++) {
      const n = byId.get(p.samples[i])!;
      const { functionName, url } = n.callFrame;
      const file = url
        .replace(/^file:\/\//, '')
        .replace(/^.*\/node_modules\//, '')
        .replace(/^.*\/dist\//, 'dist/');
      const key = `${functionName || '(anonymous)'}${file ? ` (${file.split('/').slice(-2).join('/')})` : ''}`;
      out.set(key, (out.get(key) ?? 0) + (p.timeDeltas[i] ?? 0));
    }
    return out;
  }

  // ── Ours, signed in (or not, for the redirect), as production starts it ────────────────────────
  const oursPort = await freePort();
  const ours = start('ours', ['--enable-source-maps', 'dist/server.js'], {
    PORT: String(oursPort),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    SITE_PASSWORD: PASSWORD,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_FORMAT: process.env.LOG_FORMAT ?? 'json',
    DATA_DIR: path.join(work, 'data'),
    WEB_CONCURRENCY: '1',
  });
  await waitFor(`http://127.0.0.1:${oursPort}/healthz`);
  const login = await fetch(`http://127.0.0.1:${oursPort}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password: PASSWORD }) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const headers: Record<string, string> = { ...(target === 'redirect' ? {} : { Cookie: cookie }), ...(enc === 'br' ? { 'Accept-Encoding': 'br' } : {}) };
  await capture(oursPort, headers); // rendered once and kept
  const answer = await capture(oursPort, headers);

  // ── The baseline: the same status, headers and body from a bare node:http server ───────────────
  const capturedFile = path.join(work, 'captured.json');
  writeFileSync(capturedFile, JSON.stringify({ '/x': { status: answer.status, headers: answer.headers, body: answer.body.toString('base64') } }));
  const basePort = await freePort();
  const base = start('baseline', [path.join(import.meta.dirname, 'bench-baseline.mjs'), String(basePort), capturedFile], {});
  await new Promise((r) => base.child.once('message', r));
  const again = await new Promise<{ status: number; headers: [string, string][]; body: Buffer }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: basePort, path: '/x', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: [], body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
  if (again.status !== answer.status || !again.body.equals(answer.body)) throw new Error('the baseline does not replay the same answer');

  // Warm-up (JIT, heap sizing), then the measured runs, one server at a time. The profiles cover
  // both runs, so their time is divided by the requests of both.
  const oursWarm = await wrk(oursPort, targetPath, headers);
  const baseWarm = await wrk(basePort, '/x', headers);
  const oursRun = await wrk(oursPort, targetPath, headers);
  const baseRun = await wrk(basePort, '/x', headers);
  const [oursProfile, baseProfile] = [await stop(ours), await stop(base)];
  const perReq = (p: Profile, requests: number) => {
    const m = selfTimes(p);
    for (const [k, v] of m) m.set(k, v / requests);
    return m;
  };
  const oursMap = perReq(oursProfile, oursWarm.requests + oursRun.requests);
  const baseMap = perReq(baseProfile, baseWarm.requests + baseRun.requests);
  const total = (m: Map<string, number>) => [...m].filter(([k]) => k !== '(idle)').reduce((a, [, v]) => a + v, 0);

  const fmt = (n: number) => n.toFixed(1).padStart(7);
  const top = (m: Map<string, number>, n = 14) =>
    [...m]
      .filter(([k]) => k !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `| ${fmt(v)} | ${k} |`)
      .join('\n');
  const keys = new Set([...oursMap.keys(), ...baseMap.keys()]);
  const diff = [...keys]
    .filter((k) => k !== '(idle)')
    .map((k) => [k, (oursMap.get(k) ?? 0) - (baseMap.get(k) ?? 0)] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 14);

  const report = `# Where a request's time goes: ${target} (${targetPath}), Accept-Encoding: ${enc === 'br' ? 'br' : 'none'}

  wrk -t1 -c32 -d${SECONDS}s, one server at a time, both under node --cpu-prof; answer ${answer.status}, ${answer.headers.length} headers, body ${answer.body.length} B.

  | server | req/s | CPU µs per request (busy) |
  | --- | ---: | ---: |
  | ours (production start, request log ${process.env.LOG_FORMAT === 'off' ? 'off' : 'on'}) | ${oursRun.rps.toFixed(0)} | ${total(oursMap).toFixed(1)} |
  | bare node:http, same bytes | ${baseRun.rps.toFixed(0)} | ${total(baseMap).toFixed(1)} |
  | ratio ours ÷ node:http | ${(oursRun.rps / baseRun.rps).toFixed(2)} | ${(total(oursMap) / total(baseMap)).toFixed(2)} |

  ## Ours: top frames, µs of self time per request
  | µs | frame |
  | ---: | --- |
  ${top(oursMap)}

  ## node:http baseline: top frames, µs per request
  | µs | frame |
  | ---: | --- |
  ${top(baseMap, 8)}

  ## Ours minus the baseline, by frame (µs per request)
  | µs | frame |
  | ---: | --- |
  ${diff.map(([k, v]) => `| ${fmt(v)} | ${k} |`).join('\n')}
  `;
  mkdirSync('reports/bench', { recursive: true });
  const out = `reports/bench/profile-${target}-${enc}.md`;
  writeFileSync(out, report);
  console.log(report);
  console.log(`Wrote ${out}`);
  process.exit(0);
}
