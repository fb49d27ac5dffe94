/**
 * The content-scale section of `npm run bench` (issue 10): what a page costs as the archive grows.
 * For each content set (today's content/, and a fixture with N items per collection written by
 * scripts/content-fixture.ts) it starts the production server on that content (CONTENT_DIR) and
 * measures:
 * - server start: spawn (`node dist/server.js`, as npm run serve) → first 200 from /healthz
 *   (content loaded and validated);
 * - for /, /resources, /research and a detail page: raw and brotli size, and the time of the
 *   first (uncached) request, client side over loopback (render + compression), after one
 *   warm-up render of each kind of page under another URL (code loaded, JIT warm);
 * - every page of every listing loaded once (plain and with each filter's first page): the
 *   slowest first render and the largest page seen, then the server's RSS.
 *
 * Also runnable on its own against any checkout (used once to measure main before the change):
 *   npm run perf -- bench content [--root DIR] [--items 1000] [--port 4150] [--sets label=dir,…]
 */
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

export interface ContentSet {
  label: string;
  dir: string;
}

interface Fetched {
  status: number;
  bytes: number;
  ms: number;
  body: string;
}

export interface PageFigures {
  path: string;
  raw: number;
  br: number;
  firstMs: number;
}

export interface ContentScaleRow {
  label: string;
  startMs: number;
  /** CPU time the server process used to start (user + system): what a busy machine does not inflate much. */
  startCpuMs: number;
  /** Server CPU time per listing page loaded (first renders, compression included). */
  cpuPerListingMs: number;
  pages: PageFigures[];
  /** Listing pages loaded (every page of every listing, plus each filter's first page). */
  listingPages: number;
  slowestListing: { path: string; ms: number };
  /** Median first render of the listing pages. */
  medianListingMs: number;
  largestListing: { path: string; raw: number };
  rssMb: number;
}

const PASSWORD = 'bench-content-password';
const LISTINGS = ['/research', '/press-releases', '/news-updates', '/resources'];

function get(port: number, p: string, headers: Record<string, string>): Promise<Fetched> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: p, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const buf = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, bytes: buf.length, ms: performance.now() - start, body: headers['accept-encoding'] === 'identity' ? buf.toString('utf8') : '' });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** CPU time (user + system) a process has used so far, in ms (Linux: /proc/<pid>/stat, 100 ticks/s). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssMb(pid: number): number {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return m ? Number(m[1]) / 1024 : NaN;
}

/** The largest `page=N` any link of a listing page points to (1 when it has none). */
function pageCountOf(html: string): number {
  let max = 1;
  for (const m of html.matchAll(/[?&;]page=(\d+)/g)) max = Math.max(max, Number(m[1]));
  return max;
}

/** The hrefs of a listing's filter options (GET forms: name/value pairs) on its first page. */
function filterUrls(pathname: string, html: string): string[] {
  const urls = new Set<string>();
  for (const [tag] of html.matchAll(/<button [^>]*class="filter-button"[^>]*>/g)) {
    const name = / name="([^"]*)"/.exec(tag)?.[1];
    const value = / value="([^"]*)"/
      .exec(tag)?.[1]
      ?.replace(/&amp;/g, '&')
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"');
    if (name && value && value !== 'All') urls.add(`${pathname}?${name}=${encodeURIComponent(value)}`);
  }
  return [...urls];
}

export async function measureContentSet(root: string, set: ContentSet, port: number): Promise<ContentScaleRow> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hrc-bench-content-'));
  const start = performance.now();
  // As production runs it: the compiled server when the build has one (npm run serve), else tsx.
  const compiled = existsSync(path.join(root, 'dist', 'server.js'));
  const child = spawn(process.execPath, compiled ? ['--enable-source-maps', 'dist/server.js'] : ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      SITE_PASSWORD: PASSWORD,
      SESSION_SECRET: 'bench-content-secret-bench-content-secret-0123',
      LOG_FORMAT: 'off',
      DATA_DIR: dataDir,
      CONTENT_DIR: set.dir,
      TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.json'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    let startMs = 0;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${set.label}: the server exited (${child.exitCode})`);
      try {
        if ((await get(port, '/healthz', {})).status === 200) {
          startMs = performance.now() - start;
          break;
        }
      } catch {
        /* not listening yet */
      }
      if (performance.now() - start > 60_000) throw new Error(`${set.label}: the server did not start`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const startCpuMs = cpuMs(child.pid!);
    const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    if (!cookie) throw new Error(`${set.label}: login failed`);
    const br = { cookie, 'accept-encoding': 'br' };
    const raw = { cookie, 'accept-encoding': 'identity' };

    const press = (await (await fetch(`http://127.0.0.1:${port}/api/press-releases`, { headers: { cookie } })).json()) as { id: string }[];
    const targets = ['/', '/resources', '/research', `/press-release/${press[0].id}`];
    // Warm-up: one render of each kind of page under another cache key (the process has loaded
    // each page's code and warmed up), so "first render" is the cost of rendering, not of booting.
    for (const p of ['/?more=about', '/resources?type=news', '/research?category=Sector%20Analysis', `/press-release/${press[1].id}`]) {
      const w = await get(port, p, br);
      if (w.status !== 200) throw new Error(`${set.label} ${p}: ${w.status}`);
    }
    const pages: PageFigures[] = [];
    for (const p of targets) {
      // The first request renders (nothing is cached yet) and is answered in brotli, as to a browser.
      const first = await get(port, p, br);
      if (first.status !== 200) throw new Error(`${set.label} ${p}: ${first.status}`);
      const plain = await get(port, p, raw);
      pages.push({ path: p.startsWith('/press-release/') ? '/press-release/{id}' : p, raw: plain.bytes, br: first.bytes, firstMs: first.ms });
    }

    let listingPages = 0;
    const times: number[] = [];
    let slowest = { path: '', ms: 0 };
    let largest = { path: '', raw: 0 };
    const load = async (p: string) => {
      const r = await get(port, p, raw);
      if (r.status !== 200) throw new Error(`${set.label} ${p}: ${r.status}`);
      listingPages++;
      times.push(r.ms);
      if (r.ms > slowest.ms) slowest = { path: p, ms: r.ms };
      if (r.bytes > largest.raw) largest = { path: p, raw: r.bytes };
      return r.body;
    };
    const walkCpu = cpuMs(child.pid!);
    for (const listing of LISTINGS) {
      const first = await load(listing);
      const sep = listing.includes('?') ? '&' : '?';
      for (let n = 2; n <= pageCountOf(first); n++) await load(`${listing}${sep}page=${n}`);
      for (const url of filterUrls(listing, first)) await load(url);
    }
    const cpuPerListingMs = (cpuMs(child.pid!) - walkCpu) / listingPages;
    const sorted = times.sort((a, b) => a - b);
    const medianListingMs = sorted[Math.floor(sorted.length / 2)];
    return { label: set.label, startMs, startCpuMs, cpuPerListingMs, pages, listingPages, slowestListing: slowest, medianListingMs, largestListing: largest, rssMb: rssMb(child.pid!) };
  } finally {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** The section's Markdown: one table of the four pages, one of the server, then the targets. */
export function contentScaleMarkdown(rows: ContentScaleRow[], title = '## Content scale'): string[] {
  const lines = [title, '', '| content | page | HTML raw | HTML brotli | first render ms |', '| --- | --- | ---: | ---: | ---: |'];
  for (const r of rows) for (const p of r.pages) lines.push(`| ${r.label} | \`${p.path}\` | ${kb(p.raw)} | ${kb(p.br)} | ${p.firstMs.toFixed(0)} |`);
  lines.push(
    '',
    '| content | server start ms (CPU ms) | listing pages loaded | first render: median (server CPU per page) | slowest listing page | largest listing page | RSS after |',
    '| --- | ---: | ---: | ---: | --- | --- | ---: |',
  );
  for (const r of rows) {
    lines.push(
      `| ${r.label} | ${r.startMs.toFixed(0)} (${r.startCpuMs.toFixed(0)}) | ${r.listingPages} | ${r.medianListingMs.toFixed(0)} ms (${r.cpuPerListingMs.toFixed(1)} ms) | \`${r.slowestListing.path}\` ${r.slowestListing.ms.toFixed(0)} ms | \`${r.largestListing.path}\` ${kb(r.largestListing.raw)} | ${r.rssMb.toFixed(0)} MB |`,
    );
  }
  lines.push(
    '',
    `Load average while measuring: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(', ')} on ${cpus().length} cores (timings are wall-clock, client side; a busy machine inflates them).`,
  );
  const big = rows[rows.length - 1];
  if (big) {
    const maxRaw = Math.max(...big.pages.map((p) => p.raw), big.largestListing.raw);
    const maxBr = Math.max(...big.pages.map((p) => p.br));
    const maxMs = Math.max(...big.pages.map((p) => p.firstMs), big.slowestListing.ms);
    const ok = (b: boolean) => (b ? 'met' : 'MISSED');
    lines.push(
      '',
      `Targets (issue 10) at "${big.label}": HTML ≤ 120 KB raw: ${kb(maxRaw)} (${ok(maxRaw <= 120 * 1024)}); ≤ 30 KB brotli: ${kb(maxBr)} (${ok(maxBr <= 30 * 1024)}); ` +
        `first render ≤ 100 ms: ${maxMs.toFixed(0)} ms (${ok(maxMs <= 100)}); start ≤ 3 s: ${(big.startMs / 1000).toFixed(2)} s (${ok(big.startMs <= 3000)}); ` +
        `RSS ≤ 250 MB: ${big.rssMb.toFixed(0)} MB (${ok(big.rssMb <= 250)}).`,
    );
  }
  return lines;
}

/**
 * The hook bench.ts calls: today's content and a fixture of `items` per collection, written to a
 * temporary folder by scripts/content-fixture.ts. BENCH_CONTENT_ITEMS (default 1000); 0 skips.
 */
export async function benchContent(opts: { root?: string; port?: number; items?: number } = {}): Promise<string[]> {
  const root = opts.root ?? process.cwd();
  const items = opts.items ?? Number(process.env.BENCH_CONTENT_ITEMS ?? 1000);
  if (!items) return [];
  const sets: ContentSet[] = [{ label: 'content/ (today)', dir: path.join(root, 'content') }];
  const fixtureDir = mkdtempSync(path.join(tmpdir(), 'hrc-fixture-'));
  try {
    const { writeFixture } = await import('../content-fixture.ts');
    writeFixture({ items, out: fixtureDir, from: path.join(root, 'content') });
    sets.push({ label: `fixture, ${items} per collection`, dir: fixtureDir });
    const rows: ContentScaleRow[] = [];
    for (const set of sets) rows.push(await measureContentSet(root, set, opts.port ?? 4150));
    return contentScaleMarkdown(rows);
  } finally {
    rmSync(fixtureDir, { recursive: true, force: true });
  }
}

/** `perf bench content`: the section alone, printed (used once to measure main before the change). */
export async function contentCli(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { root: { type: 'string' }, items: { type: 'string' }, port: { type: 'string' }, sets: { type: 'string' } } });
  const root = path.resolve(values.root ?? '.');
  const port = Number(values.port ?? 4150);
  // --sets "label=dir,label=dir": measure given content folders (no fixture written).
  if (values.sets) {
    const rows: ContentScaleRow[] = [];
    for (const s of values.sets.split(',')) {
      const [label, dir] = s.split('=');
      rows.push(await measureContentSet(root, { label, dir: path.resolve(dir) }, port));
    }
    console.log(contentScaleMarkdown(rows).join('\n'));
  } else {
    console.log((await benchContent({ root, port, items: Number(values.items ?? 1000) })).join('\n'));
  }
}
