/**
 * Performance budgets of the production build (issue 6). `npm test` builds before this runs;
 * exceeding a budget fails the suite.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BuildManifest } from '../../src/build/manifest.ts';

const KB = 1024;
const dist = path.resolve('dist');
const manifestFile = path.join(dist, 'manifest.json');

function load(): BuildManifest {
  assert.ok(existsSync(manifestFile), 'dist/manifest.json is missing: run "npm run build" before the budget tests');
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest;
}
const gz = (url: string) => gzipSync(readFileSync(path.join(dist, url))).length;

/**
 * 95 KB: React DOM alone is 66 KB of it (its client, minified, 204 KB); react-helmet-async, part of
 * the stack we are asked to keep, about 5.6 KB. 95 KB until issue 33 (94.9 KB measured); the home
 * page's news panel and story detail now load after hydration (−1 KB), which the new pages and
 * the case studies used again: 94.6 KB (`npm run perf -- weight`).
 * The goal is 80 KB: out of reach with the stack, which alone weighs 73.1 KB gzip before
 * any of the site's code (`npm run perf -- weight`, decision 014). The scripts start after the
 * first paint (src/client/boot.ts), so this weighs on interactivity, not on LCP.
 */
const FIRST_LOAD_JS_BUDGET = 95 * KB;

test('home page first-load JavaScript ≤ 95 KB gzip (loader + entry + everything it imports)', () => {
  const m = load();
  const files = [m.loader, m.entries.site.js, ...m.entries.site.preload];
  const total = files.reduce((sum, f) => sum + gz(f), 0);
  assert.ok(total <= FIRST_LOAD_JS_BUDGET, `first-load JS is ${(total / KB).toFixed(1)} KB gzip`);
});

/**
 * What the home page shows only when asked — a story's detail, the news panel — is not in its first
 * load (src/app/deferred.ts): their code is fetched after hydration. Their text would be in it
 * before (issue 33).
 */
test("the home page's story detail and news panel are not in its first load", () => {
  const m = load();
  const code = [m.entries.site.js, ...m.entries.site.preload].map((f) => readFileSync(path.join(dist, f), 'utf8')).join('\n');
  const dir = path.join(dist, 'assets');
  const all = readdirSync(dir)
    .filter((n) => n.endsWith('.js'))
    .map((n) => readFileSync(path.join(dir, n), 'utf8'))
    .join('\n');
  for (const phrase of ['Key Highlights', 'Related Services', 'Choose a section']) {
    assert.ok(all.includes(phrase), `"${phrase}" is shipped`);
    assert.ok(!code.includes(phrase), `first load holds "${phrase}"`);
  }
});

test('each page loaded on demand adds ≤ 15 KB gzip beyond the first load', () => {
  const m = load();
  const first = new Set([m.entries.site.js, ...m.entries.site.preload]);
  assert.ok(Object.keys(m.modules).length >= 10, 'pages are split into their own chunks');
  for (const [module, chunk] of Object.entries(m.modules)) {
    const extra = [chunk.js, ...chunk.preload].filter((f) => !first.has(f));
    const total = extra.reduce((sum, f) => sum + gz(f), 0);
    assert.ok(total <= 15 * KB, `${module} adds ${(total / KB).toFixed(1)} KB gzip`);
  }
});

test('the loader that starts the site after the first paint is a small classic script (≤ 1 KB gzip)', () => {
  const m = load();
  assert.match(m.loader, /^\/assets\/boot-[A-Z0-9]+\.js$/);
  assert.ok(gz(m.loader) <= KB, `loader is ${gz(m.loader)} B gzip`);
  const code = readFileSync(path.join(dist, m.loader), 'utf8');
  assert.ok(!/^\s*(import|export)\b/m.test(code), 'no module syntax (it runs as a classic, deferred script)');
  assert.match(code, /first-contentful-paint/);
});

test('every module the site ships asks V8 to compile it eagerly (explicit compile hint, first line)', () => {
  const m = load();
  const files = new Set([...Object.values(m.entries).flatMap((e) => [e.js, ...e.preload]), ...Object.values(m.modules).flatMap((c) => [c.js, ...c.preload])]);
  assert.ok(files.size >= 10);
  for (const f of files) assert.ok(readFileSync(path.join(dist, f), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n'), `${f} has no compile hint on its first line`);
});

/**
 * React is CommonJS; bundled naively, every file that imports it (every component, through the
 * JSX runtime) gets its own copy of React's exports, a getter per export, and calls each hook and
 * `jsx` through it: `(0,r.useState)(…)`. The build's react-esm plugin (scripts/build.ts) makes
 * React one ES module instead. Before it: 79 copies and 930 such calls in the client build.
 */
test('React is imported as one ES module: no per-file copy of its CommonJS exports', () => {
  const dir = path.join(dist, 'assets');
  const code = readdirSync(dir)
    .filter((n) => n.endsWith('.js'))
    .map((n) => readFileSync(path.join(dir, n), 'utf8'))
    .join('\n');
  const throughCopy = code.match(/\(0,[\w$]+\.(use[A-Z]\w*|jsxs?|createElement|createContext|memo|forwardRef|startTransition)\)/g) ?? [];
  assert.equal(throughCopy.length, 0, `React called through a CommonJS copy: ${[...new Set(throughCopy)].slice(0, 5).join(' ')}`);
});

/**
 * react-dom/client is module code, not a CommonJS wrapper that V8 parses on the main thread at its
 * first call (the build's react-dom-client-esm plugin, decision 007). Each entry imported it through
 * esbuild's `__toESM(require_client(), 1)`, minified `a(b(),1)`: one copy per entry before the
 * plugin, none after.
 */
test('react-dom/client ships as module code: no entry imports it through a CommonJS wrapper', () => {
  const m = load();
  for (const entry of [m.entries.site.js, m.entries.login.js]) {
    const code = readFileSync(path.join(dist, entry), 'utf8');
    const copies = code.match(/[\w$]+\([\w$]+\(\),1\)/g) ?? [];
    assert.equal(copies.length, 0, `${entry}: ${copies.join(' ')}`);
  }
  const dir = path.join(dist, 'assets');
  const withClient = readdirSync(dir).filter((n) => n.endsWith('.js') && /\.hydrateRoot=function/.test(readFileSync(path.join(dir, n), 'utf8')));
  assert.equal(withClient.length, 1, `react-dom/client's hydrateRoot defined in ${withClient.length} files`);
});

/**
 * esbuild puts code in one chunk per set of entry points that use it, and each page loaded on
 * demand counts as one: the site entry imported 15 chunks (what it shares with three pages, with
 * five others, …) and a page loaded 19–24 script files with the loader. The build's site-core
 * plugin has every such page re-export the entry's graph, so what every page loads is one chunk
 * (decision 007, "One chunk for what every page loads"): the entry imports React DOM, what it
 * shares with the login page, and that chunk.
 */
test('a site page loads at most 12 script files: the entry imports 3 chunks, a page at most 7 more', () => {
  const m = load();
  const first = [m.loader, m.entries.site.js, ...m.entries.site.preload];
  assert.ok(m.entries.site.preload.length <= 3, `the site entry imports ${m.entries.site.preload.length} chunks`);
  for (const [module, chunk] of Object.entries(m.modules)) {
    const files = new Set([...first, chunk.js, ...chunk.preload]);
    assert.ok(files.size <= 12, `${module} loads ${files.size} script files`);
  }
});

test('the CSS bundle is ≤ 20 KB gzip', () => {
  const m = load();
  const size = gz(m.css);
  assert.ok(size <= 20 * KB, `CSS is ${(size / KB).toFixed(1)} KB gzip`);
});

test('the login page loads no site code: its scripts are the login entry and React only', () => {
  const m = load();
  const site = new Set([m.entries.site.js, ...Object.values(m.modules).map((c) => c.js)]);
  for (const f of [m.entries.login.js, ...m.entries.login.preload]) assert.ok(!site.has(f), f);
  const loginJs = [m.entries.login.js, ...m.entries.login.preload].map((f) => readFileSync(path.join(dist, f), 'utf8')).join('\n');
  for (const phrase of ['Our Philosophy', 'Managing Partner', 'News & Insights', 'Leadership']) {
    assert.ok(!loginJs.includes(phrase), `login bundle contains "${phrase}"`);
  }
});

/**
 * Two fonts on every document; a third, Inter 600 (the header's labels), on the site's pages,
 * which all use it at once. Lighthouse mobile, alternated builds, /, /team, /research, /privacy ×2:
 * FCP 0.92–1.12 s with it against 1.07–1.43 s without, LCP 1.52–1.87 s against 1.53–1.78 s
 * (decision 007). The login page uses Inter 400 and Newsreader 400 only.
 */
test('at most two fonts preloaded on every page and one more on the site pages, all woff2', () => {
  const m = load();
  assert.ok(m.fonts.length >= 1 && m.fonts.length <= 2, `${m.fonts.length} fonts preloaded`);
  assert.ok(m.siteFonts.length <= 1, `${m.siteFonts.length} more fonts preloaded on the site's pages`);
  for (const f of [...m.fonts, ...m.siteFonts]) assert.match(f, /\.woff2$/);
});

/**
 * Four faces in all: Inter 400 and 600, Newsreader 400 and its italic. A page fetches every face
 * its text uses while its first screen is still loading, so each extra weight is 23 KB more before
 * LCP on a phone (Inter 500 and Newsreader 500 were folded into these; decision 007).
 */
test('the build ships four font faces: Inter 400 and 600, Newsreader 400 and 400 italic', () => {
  const faces = readdirSync(path.join(dist, 'assets'))
    .filter((n) => n.endsWith('.woff2'))
    .map((n) => n.replace(/-[A-Z0-9]+\.woff2$/, ''))
    .sort();
  assert.deepEqual(faces, ['inter-latin-400-normal', 'inter-latin-600-normal', 'newsreader-latin-400-italic', 'newsreader-latin-400-normal']);
});

test('every text asset has brotli and gzip twins', () => {
  const dir = path.join(dist, 'assets');
  for (const name of readdirSync(dir).filter((n) => /\.(js|css)$/.test(n))) {
    assert.ok(existsSync(path.join(dir, `${name}.br`)), `${name}.br`);
    assert.ok(existsSync(path.join(dir, `${name}.gz`)), `${name}.gz`);
  }
});

test('no generated image is over 150 KB, and every variant in the manifest exists', () => {
  const root = path.resolve('public/images');
  const manifest = JSON.parse(readFileSync(path.join(root, 'manifest.json'), 'utf8')) as Record<string, { widths: number[] }>;
  assert.ok(Object.keys(manifest).length >= 50, 'artwork generated');
  for (const [key, entry] of Object.entries(manifest)) {
    for (const w of entry.widths) {
      for (const ext of ['avif', 'webp']) {
        const file = path.join(root, `${key}-${w}.${ext}`);
        assert.ok(existsSync(file), file);
        assert.ok(statSync(file).size <= 150 * KB, `${file} is ${(statSync(file).size / KB).toFixed(0)} KB`);
      }
    }
  }
});
