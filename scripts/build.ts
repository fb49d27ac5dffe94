/**
 * Production build: validates content, bundles the two client entries (site, login) as minified
 * ESM with code splitting and content-hashed names, bundles the CSS (fonts copied and hashed),
 * bundles the server into dist/server.js (run with plain `node`), and writes dist/manifest.json.
 * `--watch` rebuilds the client on change (npm run dev; the server runs under `tsx watch` there).
 */
import * as esbuild from 'esbuild';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
import { loadContent, ContentError, type RawContent } from '../src/content/load.ts';
import { writeDocumentFiles } from '../src/content/pdf/files.ts';
import { sourceFingerprint } from './lib/build-inputs.mjs';
import { stalePhotos } from './lib/photo-sources.ts';
import type { BuildManifest } from '../src/build/manifest.ts';

const outdir = path.resolve('dist/assets');
const watch = process.argv.includes('--watch');
// Taken before anything is built: a source edited during the build makes the next start rebuild.
const sources = sourceFingerprint();

function checkContent(): RawContent {
  // Photographs in content/images must have been made into public/images (npm run images).
  const stale = stalePhotos(path.resolve(process.env.CONTENT_DIR || 'content', 'images'), path.resolve('public/images/sources.json'));
  if (stale.length) {
    console.error(`Images out of date:\n  ${stale.join('\n  ')}`);
    process.exit(1);
  }
  try {
    return loadContent();
  } catch (err) {
    if (err instanceof ContentError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

function writeManifest(meta: esbuild.Metafile) {
  const rel = (p: string) => '/' + path.relative(path.resolve('dist'), path.resolve(p)).split(path.sep).join('/');
  const find = (entry: string) => {
    const [out, info] = Object.entries(meta.outputs).find(([, o]) => o.entryPoint === entry) ?? [];
    if (!out || !info) throw new Error(`no output for ${entry}`);
    return { out, info };
  };
  const js = (entry: string) => {
    const { out, info } = find(entry);
    return { js: rel(out), preload: info.imports.filter((i) => i.kind === 'import-statement').map((i) => rel(i.path)) };
  };
  const css = find('src/app/styles/index.css').out;
  const fontOuts = Object.keys(meta.outputs).filter((o) => o.endsWith('.woff2'));
  const pick = (name: string) => fontOuts.find((o) => path.basename(o).startsWith(name));
  const fonts = [pick('inter-latin-400-normal'), pick('newsreader-latin-400-normal')].filter(Boolean).map((f) => rel(f!));
  const siteFonts = [pick('inter-latin-600-normal')].filter(Boolean).map((f) => rel(f!));
  const modules: BuildManifest['modules'] = {};
  for (const [, info] of Object.entries(meta.outputs)) {
    if (info.entryPoint?.startsWith('src/app/pages/')) modules[info.entryPoint] = js(info.entryPoint);
  }
  const manifest: BuildManifest = {
    entries: { site: js('src/client/entry.tsx'), login: js('src/client/login.tsx') },
    modules,
    loader: loaderPath,
    css: rel(css),
    fonts,
    siteFonts,
    builtAt: new Date().toISOString(),
    sources,
  };
  writeFileSync(path.resolve('dist/manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

/** Writes .br and .gz twins of every text asset, at maximum compression (done once, at build). */
function precompress() {
  for (const name of readdirSync(outdir)) {
    if (!/\.(js|css|svg|json)$/.test(name)) continue;
    const file = path.join(outdir, name);
    const data = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }));
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  }
}

/** Resolves packages (React's files) from this script, as the bundle will. */
const requireFromHere = createRequire(import.meta.url);

/**
 * React as an ES module. React ships CommonJS only, so esbuild gives every file that imports it
 * (every component, through the automatic JSX runtime too) its own `__toESM` copy of React's
 * exports: a new object with a getter per export (about 45), made at evaluation, and a getter
 * call at every hook and element after it. 79 such copies in the build; the CPU profile of a
 * page's module evaluation put a quarter of it there. This plugin answers `import … from 'react'`
 * and `'react/jsx-runtime'` with a module that reads React's exports once and re-exports them as
 * plain ES bindings. CommonJS `require('react')` (inside react-dom) is left alone; it is the same
 * module instance either way.
 */
const reactEsmPlugin: esbuild.Plugin = {
  name: 'react-esm',
  setup(build) {
    const reactDir = path.dirname(requireFromHere.resolve('react/package.json'));
    // The export names of the production and development builds (development adds a few).
    const names = (files: string[]) => [...new Set(files.flatMap((f) => Object.keys(requireFromHere(path.join(reactDir, 'cjs', f)) as object)))];
    const exportsOf: Record<string, string[]> = {
      react: names(['react.production.js', 'react.development.js']),
      'react/jsx-runtime': names(['react-jsx-runtime.production.js', 'react-jsx-runtime.development.js']),
    };
    build.onResolve({ filter: /^react(\/jsx-runtime)?$/ }, (args) => (args.kind === 'import-statement' && args.namespace !== 'react-esm' ? { path: args.path, namespace: 'react-esm' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'react-esm' }, (args) => ({
      contents: `import m from ${JSON.stringify(args.path)};\nexport const { ${exportsOf[args.path].join(', ')} } = m;\nexport default m;\n`,
      resolveDir: reactDir,
      loader: 'js',
    }));
  },
};

/**
 * react-dom/client as module code (production build only; `npm run dev` keeps React's development
 * file as it is). React ships it as one CommonJS file, 200 KB minified. esbuild wraps such a file
 * in a function that runs at its first `require`, and V8 parsed that function on the main thread
 * when the wrapper was called, at module evaluation after the first paint, compile hint or not: a
 * trace with V8's compile category showed `V8.ParseFunction` at 19–20 ms of CPU inside that task.
 * As module code the same statements are compiled with the module, off the main thread while it
 * streams in. The file's three `require`s become imports and its three `exports.x =` a local object
 * whose properties the module exports (react-dom/client.js's DevTools check, `checkDCE`, is not
 * run). The build fails if React changes that shape. Decision 007, "react-dom/client as module code".
 */
const reactDomClientEsmPlugin: esbuild.Plugin = {
  name: 'react-dom-client-esm',
  setup(build) {
    const file = path.join(path.dirname(requireFromHere.resolve('react-dom/package.json')), 'cjs', 'react-dom-client.production.js');
    build.onResolve({ filter: /^react-dom\/client$/ }, (args) => (args.kind === 'import-statement' ? { path: file, namespace: 'react-dom-client-esm' } : undefined));
    build.onLoad({ filter: /.*/, namespace: 'react-dom-client-esm' }, () => {
      const source = readFileSync(file, 'utf8');
      const requires = { scheduler: '__scheduler', react: '__react', 'react-dom': '__reactDom' } as const;
      let body = source;
      for (const [name, local] of Object.entries(requires)) {
        const call = `require(${JSON.stringify(name)})`;
        if (body.split(call).length !== 2) throw new Error(`react-dom-client-esm: expected one ${call} in ${file}`);
        body = body.replace(call, local);
      }
      const exported: string[] = [];
      body = body.replace(/^exports\.(\w+) =/gm, (_, name: string) => (exported.push(name), `__exports.${name} =`));
      if (!exported.includes('hydrateRoot') || /\b(require|module)\s*[(.]/.test(body)) throw new Error(`react-dom-client-esm: ${file} is not the CommonJS shape this plugin converts`);
      const contents = [
        ...Object.entries(requires).map(([name, local]) => `import ${local} from ${JSON.stringify(name)};`),
        'const __exports = {};',
        body,
        `export const { ${exported.join(', ')} } = __exports;`,
      ].join('\n');
      return { contents, resolveDir: path.dirname(file), loader: 'js' };
    });
  },
};

/**
 * One chunk for what every page loads. esbuild splits code by the set of entry points that use it,
 * and every lazily loaded page counts as one: a module that the entry and three pages use went to
 * one chunk, a module that the entry and five other pages use to another, and a site page loaded
 * 15 such chunks with the entry, though it always loads all of them. This plugin makes each page
 * re-export the entry's graph (src/client/site-core.ts), so that all of it is used by the entry
 * and every page alike and lands in one chunk (React DOM, and what the login page also uses, stay
 * chunks of their own). A page gains no code: the entry has loaded that chunk before any page is
 * imported. 16 → 4 script files for the entry and its imports, 19–24 → 7–12 for a page with the
 * loader (decision 007).
 */
const siteCorePlugin: esbuild.Plugin = {
  name: 'site-core',
  setup(build) {
    const core = path.resolve('src/client/site-core.ts');
    // The pages that routes.ts imports with import(), and the parts of pages loaded on demand
    // (src/app/deferred.ts); not the login page, which must not load the site's code, nor the
    // pages in the entry's graph (home, not found).
    const lazyPages = new Set<string>();
    build.onResolve({ filter: /\.tsx$/ }, (args) => {
      if (args.kind === 'dynamic-import') lazyPages.add(path.resolve(args.resolveDir, args.path));
      return undefined;
    });
    build.onLoad({ filter: /\.tsx$/ }, (args) =>
      lazyPages.has(args.path) ? { contents: `${readFileSync(args.path, 'utf8')}\nexport * as __siteCore from ${JSON.stringify(core)};\n`, loader: 'tsx' } : undefined,
    );
  },
};

const reloadPlugin: esbuild.Plugin = {
  name: 'manifest-and-reload',
  setup(build) {
    build.onEnd((result) => {
      if (result.errors.length || !result.metafile) return;
      writeManifest(result.metafile);
      if (watch) {
        // The dev server watches dist/manifest.json and tells browsers to reload.
        console.log(`[build] rebuilt ${new Date().toLocaleTimeString()}`);
      }
    });
  },
};

const content = checkContent();
rmSync(path.resolve('dist'), { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });

// The document library's PDFs (src/content/pdf), from the content the build checked. `npm run dev`
// leaves them out: its server makes each on demand, from the content as it is edited.
if (!watch) {
  const started = performance.now();
  const made = writeDocumentFiles(content, path.resolve('dist/documents'));
  const kb = made.reduce((n, d) => n + d.bytes, 0) / 1024;
  console.log(`[build] ${made.length} PDFs (${made.reduce((n, d) => n + d.pages, 0)} pages, ${kb.toFixed(0)} KB) → dist/documents in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

// The loader is a classic script (document.currentScript, defer), so it is bundled on its own.
const loaderBuild = await esbuild.build({
  entryPoints: ['src/client/boot.ts'],
  outdir,
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: ['es2022', 'chrome111', 'firefox115', 'safari16.4'],
  minify: true,
  metafile: true,
  entryNames: '[name]-[hash]',
  legalComments: 'none',
  logLevel: 'warning',
});
const loaderPath =
  '/' +
  path
    .relative(path.resolve('dist'), path.resolve(Object.keys(loaderBuild.metafile.outputs)[0]))
    .split(path.sep)
    .join('/');

const options: esbuild.BuildOptions = {
  entryPoints: ['src/client/entry.tsx', 'src/client/login.tsx', 'src/app/styles/index.css'],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: ['es2022', 'chrome111', 'firefox115', 'safari16.4'],
  minify: !watch,
  sourcemap: watch ? 'linked' : false,
  metafile: true,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  assetNames: '[name]-[hash]',
  loader: { '.woff2': 'file' },
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': JSON.stringify(watch ? 'development' : 'production') },
  legalComments: 'none',
  // V8's explicit compile hint (Chrome 136+; other engines read a comment): every function of
  // these files is compiled eagerly, on a background thread while the file streams in, instead of
  // pre-parsed and then parsed again on the main thread at its first call. Everything a page loads
  // runs at hydration, so little is compiled for nothing. `npm run perf -- browser` (main-thread) against the build
  // before it: blocking after the first paint of / 207 → 62 ms, main-thread CPU 710 → 484 ms
  // (docs/decisions/007). It did not spare react-dom/client's CommonJS wrapper a parse on the main
  // thread at its first call: hence the react-dom-client-esm plugin above.
  banner: watch ? undefined : { js: '//# allFunctionsCalledOnLoad' },
  logLevel: 'warning',
  plugins: watch ? [reactEsmPlugin, siteCorePlugin, reloadPlugin] : [reactEsmPlugin, reactDomClientEsmPlugin, siteCorePlugin, reloadPlugin],
};

/**
 * The server as one ESM file for plain `node` (no TypeScript loader in production): our code is
 * bundled, every package stays an import of node_modules (`packages: 'external'`), so
 * `npm ci --omit=dev` is enough to run it. The source map makes stack traces point at src/.
 */
async function buildServer() {
  await esbuild.build({
    entryPoints: { server: 'src/server/main.ts' },
    outdir: path.resolve('dist'),
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node24',
    jsx: 'automatic',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
  });
}

if (watch) {
  const ctx = await esbuild.context(options);
  await ctx.watch();
  console.log('[build] watching src/ for changes');
} else {
  const [result] = await Promise.all([esbuild.build(options), buildServer()]);
  const m = writeManifest(result.metafile!);
  // What each output holds, by input file (`npm run perf -- weight` reads it; esbuild's analyser takes it too).
  writeFileSync(path.resolve('dist/metafile.json'), JSON.stringify(result.metafile));
  precompress();
  const sizes = Object.entries(result.metafile!.outputs).map(([f, o]) => `${path.basename(f)} ${(o.bytes / 1024).toFixed(1)} KB`);
  console.log(`[build] ${sizes.length} files → dist/assets (site entry ${m.entries.site.js}); server → dist/server.js`);
}
