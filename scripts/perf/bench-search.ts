/**
 * The site-search section of `npm run bench` (issue 13), on the 1,000-item content fixture
 * (scripts/content-fixture.ts: 1,000 research notes, press releases, news items and portfolio
 * companies, plus today's pages and people):
 * - index build: the search index made from the loaded content, in this process, median of 3;
 * - query time in the index: median and worst of 40 searches (names, prefixes, typos, phrases,
 *   misses), each repeated 5 times;
 * - over HTTP against the production server (`node dist/server.js`, CONTENT_DIR = the fixture):
 *   each query's first answer from /api/search (not yet cached) and its /search page's size.
 * Targets: search ≤ 20 ms on the server, index build ≤ 2 s, search page ≤ 120 KB.
 *
 *   npm run perf -- bench search [--items 1000] [--port 4160]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { writeFixture } from '../content-fixture.ts';
import { loadContent } from '../../src/content/load.ts';
import { buildApiData } from '../../src/content/api-data.ts';
import { QUERIES } from './lib/search-queries.ts';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export interface SearchFigures {
  items: number;
  documents: number;
  buildMs: number;
  indexMedianMs: number;
  indexWorst: { q: string; ms: number };
  httpMedianMs: number;
  httpWorst: { q: string; ms: number };
  largestPage: { q: string; bytes: number };
}

async function httpFigures(root: string, contentDir: string, port: number): Promise<Pick<SearchFigures, 'httpMedianMs' | 'httpWorst' | 'largestPage'>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-search-data-'));
  const password = 'bench-search-password';
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      SITE_PASSWORD: password,
      SESSION_SECRET: 'bench-search-secret-0123456789abcdefghijklmnop',
      DATA_DIR: dataDir,
      CONTENT_DIR: contentDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        /* not yet */
      }
      if (i > 600) throw new Error('server did not start');
      await new Promise((r) => setTimeout(r, 50));
    }
    const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ password }) });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    // Warm-up: code loaded and JIT warm, on a query not measured.
    for (const q of ['warmup', 'warm up', 'wrmup']) await (await fetch(`${base}/api/search?q=${encodeURIComponent(q)}`, { headers: { cookie } })).text();
    const times: { q: string; ms: number }[] = [];
    let largestPage = { q: '', bytes: 0 };
    for (const q of QUERIES) {
      const t = performance.now();
      const res = await fetch(`${base}/api/search?q=${encodeURIComponent(q)}`, { headers: { cookie, 'accept-encoding': 'identity' } });
      await res.text();
      times.push({ q, ms: performance.now() - t });
      if (res.status !== 200) throw new Error(`/api/search?q=${q}: ${res.status}`);
      const page = await fetch(`${base}/search?q=${encodeURIComponent(q)}`, { headers: { cookie, 'accept-encoding': 'identity' } });
      const bytes = Buffer.byteLength(await page.text());
      if (bytes > largestPage.bytes) largestPage = { q, bytes };
    }
    const worst = times.reduce((a, b) => (b.ms > a.ms ? b : a));
    return { httpMedianMs: median(times.map((t) => t.ms)), httpWorst: worst, largestPage };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchSearch(opts: { root?: string; items?: number; port?: number } = {}): Promise<{ figures: SearchFigures; lines: string[] }> {
  const root = path.resolve(opts.root ?? '.');
  const items = opts.items ?? 1000;
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-search-content-'));
  try {
    writeFixture({ items, out: dir, from: path.join(root, 'content') });
    const content = loadContent(dir, { images: null });
    const builds: number[] = [];
    let api = buildApiData(content, {});
    for (let i = 0; i < 3; i++) {
      api = buildApiData(content, {});
      builds.push(api.searchIndex.stats.buildMs);
    }
    const perQuery: { q: string; ms: number }[] = [];
    for (const q of QUERIES) {
      const runs: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        api.searchIndex.search(new URLSearchParams({ q }));
        runs.push(performance.now() - t);
      }
      perQuery.push({ q, ms: median(runs) });
    }
    const http = await httpFigures(root, dir, opts.port ?? 4160);
    const figures: SearchFigures = {
      items,
      documents: api.searchIndex.stats.documents,
      buildMs: median(builds),
      indexMedianMs: median(perQuery.map((p) => p.ms)),
      indexWorst: perQuery.reduce((a, b) => (b.ms > a.ms ? b : a)),
      ...http,
    };
    const f = (n: number) => n.toFixed(1);
    const lines = [
      '## Site search',
      '',
      `${items.toLocaleString('en-US')} items per collection (npm run content:fixture), ${figures.documents.toLocaleString('en-US')} documents indexed; ${QUERIES.length} queries (names, prefixes, typos, phrases, misses).`,
      '',
      '| measure | figure | target |',
      '| --- | ---: | ---: |',
      `| index build (median of 3) | ${f(figures.buildMs)} ms | ≤ 2,000 ms |`,
      `| search in the index: median / worst ("${figures.indexWorst.q}") | ${f(figures.indexMedianMs)} / ${f(figures.indexWorst.ms)} ms | ≤ 20 ms |`,
      `| GET /api/search, first answer over loopback: median / worst ("${figures.httpWorst.q}") | ${f(figures.httpMedianMs)} / ${f(figures.httpWorst.ms)} ms | ≤ 20 ms |`,
      `| largest /search page ("${figures.largestPage.q}") | ${(figures.largestPage.bytes / 1024).toFixed(1)} KB | ≤ 120 KB |`,
      '',
    ];
    return { figures, lines };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `perf bench search`: the section alone, printed. */
export async function searchCli(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { items: { type: 'string' }, port: { type: 'string' } } });
  const { lines } = await benchSearch({ items: Number(values.items ?? 1000), port: Number(values.port ?? 4160) });
  console.log(lines.join('\n'));
}
