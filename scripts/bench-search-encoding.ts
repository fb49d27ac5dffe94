/**
 * What compressing a site-search answer costs (issue 12, docs/decisions/002-buffered-render.md):
 * on the 1,000-item content fixture, for 25 queries (second of two rounds), the answer's JSON size,
 * the time and size of brotli 10 + gzip 9 (what every cached answer used to get) and of brotli
 * BROTLI_QUALITY (5) and gzip 6 alone (what a search answer gets now, on demand).
 *
 *   npx tsx scripts/bench-search-encoding.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { writeFixture } from './content-fixture.ts';
import { loadContent } from '../src/content/load.ts';
import { buildApiData } from '../src/content/api-data.ts';
import { QUERIES } from './lib/search-queries.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'bench-search-encoding-'));
writeFixture({ items: 1000, out: dir, from: path.resolve('content') });
const api = buildApiData(loadContent(dir), {});
const br = (b: Buffer, q: number) => brotliCompressSync(b, { params: { [zlib.BROTLI_PARAM_QUALITY]: q, [zlib.BROTLI_PARAM_SIZE_HINT]: b.length } });
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows: Record<string, number[]> = { raw: [], before_ms: [], br10: [], gz9: [], brQ_ms: [], brQ: [], gz6_ms: [], gz6: [], search_ms: [] };
for (let round = 0; round < 2; round++)
  for (const q of QUERIES) {
    let t = performance.now();
    const a = api.read('/api/search', new URLSearchParams({ q }))!;
    const searchMs = performance.now() - t;
    const json = Buffer.from(JSON.stringify(a.value));
    t = performance.now();
    const b10 = br(json, 10);
    const g9 = gzipSync(json, { level: 9 });
    const before = performance.now() - t;
    t = performance.now();
    const b5 = br(json, Number(process.env.BROTLI_QUALITY ?? 5));
    const br5ms = performance.now() - t;
    t = performance.now();
    const g6 = gzipSync(json, { level: 6 });
    const gz6ms = performance.now() - t;
    if (round === 0) continue; // warm-up
    rows.raw.push(json.length);
    rows.before_ms.push(before);
    rows.br10.push(b10.length);
    rows.gz9.push(g9.length);
    rows.brQ_ms.push(br5ms);
    rows.brQ.push(b5.length);
    rows.gz6_ms.push(gz6ms);
    rows.gz6.push(g6.length);
    rows.search_ms.push(searchMs);
  }
for (const [k, v] of Object.entries(rows)) console.log(k.padEnd(10), 'median', med(v).toFixed(k.endsWith('ms') ? 2 : 0), ' max', Math.max(...v).toFixed(k.endsWith('ms') ? 2 : 0));
const sum = (k: string) => rows[k].reduce((a, b) => a + b, 0);
console.log(
  'total bytes br10',
  sum('br10'),
  'brQ',
  sum('brQ'),
  `(+${((sum('brQ') / sum('br10') - 1) * 100).toFixed(1)} %)`,
  'gz9',
  sum('gz9'),
  'gz6',
  sum('gz6'),
  `(+${((sum('gz6') / sum('gz9') - 1) * 100).toFixed(1)} %)`,
);
rmSync(dir, { recursive: true, force: true });
