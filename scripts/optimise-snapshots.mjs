/**
 * Recompresses visual baselines losslessly (oxipng, compiled to WebAssembly by jSquash), so the
 * committed snapshots weigh about a third less (the 151 baselines: 26.9 MB at level 2, 23.5 MB at level 4). Playwright compares decoded pixels, never bytes, and
 * each file is checked to decode to exactly the same pixels before it replaces the original.
 *
 *   node scripts/optimise-snapshots.mjs           the baselines git sees as new or changed
 *   node scripts/optimise-snapshots.mjs --all     every baseline
 *
 * Called by scripts/update-snapshots.sh after Playwright has written new baselines. oxipng is
 * deterministic: an unchanged image recompresses to the same bytes, so git sees no change.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SNAPSHOTS = 'tests/e2e/__snapshots__';
/** oxipng level 4 (measured on the committed baselines, already at level 2: technology.png 737 → 697 KB, team.png 321 → 289 KB, about 4× the time of level 2; level 6 gives the same bytes for twice as long). */
const LEVEL = 4;

async function optimiseFile(file) {
  const { default: sharp } = await import('sharp');
  const { default: optimise, init } = await import('@jsquash/oxipng/optimise.js');
  if (!optimiseFile.ready) {
    const wasm = readFileSync(path.join(ROOT, 'node_modules/@jsquash/oxipng/codec/pkg/squoosh_oxipng_bg.wasm'));
    await init(await WebAssembly.compile(wasm));
    optimiseFile.ready = true;
  }
  const source = readFileSync(file);
  const out = Buffer.from(await optimise(source, { level: LEVEL, interlace: false, optimiseAlpha: false }));
  if (out.length >= source.length) return { file, before: source.length, after: source.length };
  const pixels = (buf) => sharp(buf).ensureAlpha().raw().toBuffer();
  const [a, b] = await Promise.all([pixels(source), pixels(out)]);
  if (!a.equals(b)) throw new Error(`${file}: recompressed pixels differ; left as it was`);
  writeFileSync(file, out);
  return { file, before: source.length, after: out.length };
}

function listAll(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? listAll(path.join(dir, d.name)) : d.name.endsWith('.png') ? [path.join(dir, d.name)] : []));
}

function listChanged() {
  const out = execFileSync('git', ['status', '--porcelain', '--untracked-files=all', '--', SNAPSHOTS], { cwd: ROOT, encoding: 'utf8' });
  return (
    out
      .split('\n')
      // Deleted images are gone, and an image only moved (status "R ") is already recompressed;
      // a moved and then rewritten one ("RM old -> new") is recompressed under its new name.
      .filter((l) => l && !l.startsWith(' D') && !l.startsWith('D ') && !l.startsWith('R '))
      .map((l) => l.slice(3).split(' -> ').pop().trim())
      .filter((f) => f.endsWith('.png'))
      .map((f) => path.join(ROOT, f))
  );
}

if (isMainThread) {
  const files = process.argv.includes('--all') ? listAll(path.join(ROOT, SNAPSHOTS)) : listChanged();
  if (!files.length) {
    console.log('optimise-snapshots: nothing to recompress');
  } else {
    const started = Date.now();
    const queue = [...files];
    const results = [];
    let failed = 0;
    const workers = Math.max(1, Math.min(availableParallelism(), queue.length));
    await Promise.all(
      Array.from(
        { length: workers },
        () =>
          new Promise((resolve, reject) => {
            const worker = new Worker(fileURLToPath(import.meta.url));
            const next = () => {
              if (queue.length) worker.postMessage(queue.shift());
              else worker.terminate().then(resolve, reject);
            };
            worker.on('message', (m) => {
              if (m.error) {
                failed++;
                console.error(m.error);
              } else results.push(m);
              next();
            });
            worker.on('error', reject);
            next();
          }),
      ),
    );
    const before = results.reduce((s, r) => s + r.before, 0);
    const after = results.reduce((s, r) => s + r.after, 0);
    const total = listAll(path.join(ROOT, SNAPSHOTS)).reduce((s, f) => s + statSync(f).size, 0);
    console.log(
      `optimise-snapshots: ${results.length} files, ${(before / 1e6).toFixed(1)} → ${(after / 1e6).toFixed(1)} MB ` +
        `in ${((Date.now() - started) / 1000).toFixed(0)} s; the snapshot folder holds ${(total / 1e6).toFixed(1)} MB`,
    );
    if (failed) process.exit(1);
  }
} else {
  parentPort.on('message', async (file) => {
    try {
      parentPort.postMessage(await optimiseFile(file));
    } catch (e) {
      parentPort.postMessage({ error: e instanceof Error ? e.message : String(e) });
    }
  });
}
