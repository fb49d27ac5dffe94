/**
 * `npm run perf -- weight [route module …]` (builds first): the JavaScript a page loads before it
 * is interactive, per route, gzip (level 6, as tests/unit/budgets.test.ts weighs it; the build's
 * .gz twins are level 9) and brotli (the build's .br twins, what nginx and the server send), and
 * what the home page's first load is made of, by input file (esbuild's metafile, minified bytes
 * before compression).
 *
 * A route's first load: the loader, the site entry and the chunks it imports, then the page's own
 * chunk and its imports (src/build/manifest.ts). Default routes: home, a listing (research), an
 * article (a research item). Writes reports/weight.md.
 *
 * Last, the floor the stack sets before any of the site's code: React DOM's client, React and
 * react-helmet-async hydrating a bare document, bundled and minified by esbuild for production in
 * one file (no chunks: the best case for compression). Home's budget minus that floor is what the
 * site's own code may weigh (docs/decisions/014-limits-the-stack-and-coverage-set.md).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import type { BuildManifest } from '../../src/build/manifest.ts';

const dist = path.resolve('dist');
const KB = 1024;
const DEFAULT_ROUTES: [string, string | null][] = [
  ['/ (home)', null],
  ['/research (listing)', 'src/app/pages/ResearchPage.tsx'],
  ['/research/:id (article)', 'src/app/pages/ResearchDetailPage.tsx'],
];

const kb = (n: number) => (n / KB).toFixed(1);

/** React DOM's client, React and react-helmet-async hydrating a document with a title: gzip and brotli of the one minified file. */
async function stackFloor() {
  const { outputFiles } = await build({
    stdin: {
      contents:
        "import { hydrateRoot } from 'react-dom/client'; import { createElement as h } from 'react'; import { Helmet, HelmetProvider } from 'react-helmet-async';" +
        "hydrateRoot(document, h(HelmetProvider, null, h(Helmet, null, h('title', null, 'Halden Rowe Capital'))));",
      resolveDir: process.cwd(),
    },
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const data = outputFiles[0]!.contents;
  return { raw: data.length, gz: gzipSync(data).length, br: brotliCompressSync(data).length };
}

export async function main(args: string[]) {
  const manifest = JSON.parse(readFileSync(path.join(dist, 'manifest.json'), 'utf8')) as BuildManifest;
  const metaFile = path.join(dist, 'metafile.json');
  const meta = existsSync(metaFile) ? (JSON.parse(readFileSync(metaFile, 'utf8')) as Metafile) : null;
  const routes: [string, string | null][] = args.length ? args.map((m) => [m, m]) : DEFAULT_ROUTES;
  const first = [manifest.loader, manifest.entries.site.js, ...manifest.entries.site.preload];
  const lines = ['| route | files | minified KB | gzip KB | brotli KB |', '|---|---:|---:|---:|---:|'];
  for (const [label, module] of routes) {
    const chunk = module ? manifest.modules[module] : undefined;
    if (module && !chunk) throw new Error(`no chunk for ${module} in dist/manifest.json`);
    const files = [...new Set([...first, ...(chunk ? [chunk.js, ...chunk.preload] : [])])];
    let raw = 0;
    let gz = 0;
    let br = 0;
    for (const f of files) {
      const data = readFileSync(path.join(dist, f));
      raw += data.length;
      gz += gzipSync(data).length;
      br += readFileSync(path.join(dist, `${f}.br`)).length;
    }
    lines.push(`| ${label} | ${files.length} | ${kb(raw)} | ${kb(gz)} | ${kb(br)} |`);
  }
  const report = [`# First-load JavaScript (${manifest.builtAt})`, '', ...lines];
  if (meta) {
    // What the home page's first load holds, by input (node_modules grouped by package).
    const byInput = new Map<string, number>();
    for (const f of first.slice(1)) {
      const out = meta.outputs[path.join('dist', f).split(path.sep).join('/')];
      if (!out) continue;
      for (const [input, { bytesInOutput }] of Object.entries(out.inputs)) {
        const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
        const key = pkg ? `${pkg} (package)` : input.replace(/^[^:]+:/, '');
        byInput.set(key, (byInput.get(key) ?? 0) + bytesInOutput);
      }
    }
    const rows = [...byInput].sort((a, b) => b[1] - a[1]);
    report.push('', '## Home first load by input (minified, before compression)', '', '| input | KB |', '|---|---:|');
    for (const [input, bytes] of rows.filter(([, b]) => b >= 512)) report.push(`| ${input} | ${kb(bytes)} |`);
    report.push(`| ${rows.filter(([, b]) => b < 512).length} smaller inputs | ${kb(rows.filter(([, b]) => b < 512).reduce((s, [, b]) => s + b, 0))} |`);
  }
  const floor = await stackFloor();
  report.push(
    '',
    '## The stack alone (react-dom/client + react + react-helmet-async, one minified file)',
    '',
    '| minified KB | gzip KB | brotli KB |',
    '|---:|---:|---:|',
    `| ${kb(floor.raw)} | ${kb(floor.gz)} | ${kb(floor.br)} |`,
  );
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/weight.md', `${report.join('\n')}\n`);
  console.log(report.join('\n'));
}
