/**
 * npm run test:load — mixed traffic against the production server, as a test (not a benchmark).
 *
 * Forks `node dist/server.js` (NODE_ENV=production, TRUST_PROXY=1, the default
 * login limits) on a free loopback port, signs in, then drives LOAD_SECONDS (default 10: some 60,000 requests on this machine) of
 * traffic over 64 connections in all: signed-in pages (a 404 among them), API reads, hashed
 * bundles, images — and failed logins from another client address (X-Forwarded-For:
 * 203.0.113.9), which must be refused 401 and then throttled 429.
 *
 * Passes when: no 5xx, no socket error or timeout, signed-in traffic never got 401 or 429,
 * each group got only the statuses it should, and the server is healthy afterwards and stops
 * cleanly on SIGTERM. Prints a table per group; exits 1 on any failure. Needs the build.
 */
import autocannon from 'autocannon';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { forkServer, hasBuild, ROOT, type Forked } from '../helpers/spawn-server.ts';
import type { BuildManifest } from '../../src/build/manifest.ts';
import { buildApiData } from '../../src/content/api-data.ts';
import { loadContent } from '../../src/content/load.ts';
import { loadConfig } from '../../src/server/config.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const TOTAL_CONNECTIONS = 64;
const OTHER_CLIENT = '203.0.113.9';
/** Generous on purpose: shared CI machines are slow; a request this late is a failure all the same. */
const TIMEOUT_SECONDS = 30;
/** The default login limits, which the forked server runs with. */
const LOGIN_LIMIT = loadConfig({ NODE_ENV: 'test' }).loginLimit;

if (!Number.isFinite(SECONDS) || SECONDS < 1 || SECONDS > 600) {
  console.error(`LOAD_SECONDS must be between 1 and 600 (got ${process.env.LOAD_SECONDS})`);
  process.exit(2);
}
if (!hasBuild()) {
  console.error('dist/manifest.json is missing: run "npm run build" first (npm test builds).');
  process.exit(1);
}

// Nothing here may outlive its time: the whole run is bounded.
const watchdog = setTimeout(
  () => {
    console.error(`load test: still running ${SECONDS + 90} s after start; giving up`);
    server?.kill('SIGKILL');
    process.exit(1);
  },
  (SECONDS + 90) * 1000,
);
watchdog.unref();

interface Group {
  name: string;
  connections: number;
  requests: autocannon.Request[];
  headers?: Record<string, string>;
  /** Every status this group may get; anything else fails the run. */
  allowed: number[];
  /** Statuses that must each be seen at least once. */
  required?: number[];
  /** Statuses that may be seen at most so many times. */
  atMost?: Record<number, number>;
}

let server: Forked | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), 'hrc-load-'));
const failures: string[] = [];

try {
  server = await forkServer({ dataDir, env: { TRUST_PROXY: '1', LOG_FORMAT: 'off' } });
  const cookie = await server.login();

  const manifest = JSON.parse(readFileSync(path.join(ROOT, 'dist', 'manifest.json'), 'utf8')) as BuildManifest;
  const images = JSON.parse(readFileSync(path.join(ROOT, 'public', 'images', 'manifest.json'), 'utf8')) as Record<string, { widths: number[] }>;
  const api = buildApiData(loadContent(), {});
  const firstId = (p: string) => (api.entries.get(p)!.value as { id: string }[])[0].id;

  const assetPaths = [...new Set([manifest.entries.site.js, ...manifest.entries.site.preload, manifest.entries.login.js, manifest.css, ...manifest.fonts])];
  const imagePaths = Object.entries(images)
    .slice(0, 12)
    .flatMap(([key, m]) => m.widths.slice(0, 2).map((w) => `/images/${key}-${w}.webp`));
  const browser = { cookie, 'accept-encoding': 'br, gzip', accept: 'text/html,application/json,*/*' };

  const groups: Group[] = [
    {
      name: 'pages',
      connections: 22,
      headers: browser,
      allowed: [200],
      requests: [
        '/',
        '/team',
        '/resources',
        '/research',
        `/team/${encodeURIComponent(firstId('/api/team'))}`,
        `/research/${encodeURIComponent(firstId('/api/research'))}`,
        '/contact',
        '/philosophy',
      ].map((p) => ({ method: 'GET', path: p })),
    },
    {
      name: '404 page',
      connections: 4,
      headers: browser,
      allowed: [404],
      requests: [
        { method: 'GET', path: '/no-such-page' },
        { method: 'GET', path: '/team/no-such-person' },
      ],
    },
    {
      name: 'api',
      connections: 14,
      headers: browser,
      allowed: [200],
      requests: ['/api/team', '/api/research', '/api/news', '/api/stories', '/api/press-releases', '/api/practice-areas'].map((p) => ({ method: 'GET', path: p })),
    },
    {
      name: 'assets',
      connections: 12,
      headers: browser,
      allowed: [200],
      requests: assetPaths.map((p) => ({ method: 'GET', path: p })),
    },
    {
      name: 'images',
      connections: 8,
      headers: browser,
      allowed: [200],
      requests: imagePaths.map((p) => ({ method: 'GET', path: p })),
    },
    {
      // Another client guessing passwords: refused, then throttled — never anyone else.
      name: `bad logins (${OTHER_CLIENT})`,
      connections: 4,
      allowed: [401, 429],
      required: [401, 429],
      atMost: { 401: LOGIN_LIMIT.perClient },
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': OTHER_CLIENT },
      requests: [{ method: 'POST', path: '/api/login', body: JSON.stringify({ password: 'not-the-password' }) }],
    },
  ];
  const total = groups.reduce((n, g) => n + g.connections, 0);
  if (total !== TOTAL_CONNECTIONS) throw new Error(`groups add up to ${total} connections, not ${TOTAL_CONNECTIONS}`);
  if (!imagePaths.length) throw new Error('public/images/manifest.json lists no images: run "npm run images"');

  // Warm-up, one request at a time: each page is rendered once and then served from the page
  // cache, so the timed run measures the steady state (the cold renders are timed here).
  const warmStart = Date.now();
  for (const g of groups.filter((x) => x.name === 'pages' || x.name === '404 page')) {
    for (const r of g.requests) {
      const res = await fetch(server.url + r.path, { headers: browser });
      await res.arrayBuffer();
      if (!g.allowed.includes(res.status)) failures.push(`warm-up ${r.path}: ${res.status}`);
    }
  }
  console.log(`warm-up: ${Date.now() - warmStart} ms for the first render of each page`);

  console.log(
    `load: ${SECONDS} s, ${TOTAL_CONNECTIONS} connections, ${server.url} (production, TRUST_PROXY=1, login limit ${LOGIN_LIMIT.perClient} failures per client, request timeout ${TIMEOUT_SECONDS} s)`,
  );
  const results = await Promise.all(
    groups.map((g) =>
      autocannon({
        url: server!.url,
        connections: g.connections,
        duration: SECONDS,
        timeout: TIMEOUT_SECONDS,
        headers: g.headers,
        requests: g.requests,
      }),
    ),
  );

  const rows: string[][] = [['group', 'conns', 'requests', 'req/s', 'statuses', 'p50 ms', 'p99 ms', 'errors', 'timeouts']];
  groups.forEach((g, i) => {
    const r = results[i];
    const statuses = Object.entries(r.statusCodeStats ?? {})
      .map(([code, s]) => [Number(code), s.count ?? 0] as const)
      .sort((a, b) => a[0] - b[0]);
    rows.push([
      g.name,
      String(g.connections),
      String(r.requests.total),
      (r.requests.total / r.duration).toFixed(0),
      statuses.map(([c, n]) => `${c}×${n}`).join(' '),
      String(r.latency.p50),
      String(r.latency.p99),
      String(r.errors),
      String(r.timeouts),
    ]);
    if (r.requests.total === 0) failures.push(`${g.name}: no request completed`);
    if (r.errors || r.timeouts) failures.push(`${g.name}: ${r.errors} socket errors, ${r.timeouts} timeouts`);
    if (r['5xx']) failures.push(`${g.name}: ${r['5xx']} answers 5xx`);
    for (const [code, n] of statuses) {
      if (!g.allowed.includes(code)) failures.push(`${g.name}: ${n} answers ${code} (allowed: ${g.allowed.join(', ')})`);
    }
    for (const [code, max] of Object.entries(g.atMost ?? {})) {
      const n = statuses.find(([c]) => c === Number(code))?.[1] ?? 0;
      if (n > max) failures.push(`${g.name}: ${n} answers ${code}, more than the limit of ${max}`);
    }
    for (const code of g.required ?? []) {
      if (!statuses.some(([c, n]) => c === code && n > 0)) failures.push(`${g.name}: never answered ${code}`);
    }
  });
  printTable(rows);
  const all = results.reduce((n, r) => n + r.requests.total, 0);
  console.log(`total: ${all} requests in ${SECONDS} s (${(all / SECONDS).toFixed(0)}/s)`);

  // Afterwards: still healthy, the session still good, the other client still throttled.
  const health = await fetch(`${server.url}/healthz`);
  if (health.status !== 200) failures.push(`/healthz after the load: ${health.status}`);
  const home = await fetch(`${server.url}/`, { headers: { cookie } });
  if (home.status !== 200) failures.push(`/ with the session after the load: ${home.status}`);
  const again = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': OTHER_CLIENT },
    body: JSON.stringify({ password: 'not-the-password' }),
  });
  if (again.status !== 429 || !again.headers.get('retry-after')) failures.push(`the throttled client after the load: ${again.status}, Retry-After ${again.headers.get('retry-after')}`);
  // A third client who knows the password is not caught by the other one's throttling.
  try {
    await server.login('198.51.100.7');
  } catch (err) {
    failures.push(`a different client could not sign in after the load: ${(err as Error).message}`);
  }

  // And it stops cleanly.
  server.kill('SIGTERM');
  const exit = await Promise.race([server.exited, new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
  if (!exit || exit.code !== 0) failures.push(`SIGTERM after the load: ${exit ? `exit ${exit.code ?? exit.signal}` : 'still running after 10 s'}`);
  if (server.stderr().trim()) failures.push(`the server wrote to stderr:\n${server.stderr().slice(0, 2000)}`);
} catch (err) {
  failures.push(`load test could not run: ${(err as Error).stack ?? String(err)}`);
} finally {
  server?.kill('SIGKILL');
  await server?.exited;
  rmSync(dataDir, { recursive: true, force: true });
}

if (failures.length) {
  console.error(`\nload test FAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
console.log('\nload test passed: no 5xx, no socket errors or timeouts, signed-in browsing never throttled');
process.exit(0);

function printTable(rows: string[][]) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]) => r.map((cell, c) => (c === 0 || c === 4 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  console.log('\n' + line(rows[0]));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows.slice(1)) console.log(line(r));
}
