/**
 * `npm --prefix scripts/art run measure [-- --before DIR]`: a table of every hero's tonal range and
 * every key's largest file. The luminance standard deviation (0–255) is taken at thumbnail size
 * (160 px wide, from the smallest WebP), where a flat slab shows as a low number; the art direction
 * asks ≥ 20. `--before DIR` adds the same figure for another images folder (for example the
 * public/images of an earlier commit: `git archive <rev> public/images | tar -x -C /tmp/before`).
 * Exits 1 when a hero is under 20 or a file over 150 KB.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MIN_SD = 20;
const MAX_BYTES = 150 * 1024;

type Manifest = Record<string, { widths: number[] }>;

/** Luminance standard deviation (0–255) of an image, at 160 px wide (stats() would read the input, not the thumbnail). */
export async function lumaSd(input: string | Buffer): Promise<number> {
  const px = await sharp(input).resize(160).toColourspace('b-w').raw().toBuffer();
  const mean = px.reduce((s, v) => s + v, 0) / px.length;
  return Math.sqrt(px.reduce((s, v) => s + (v - mean) ** 2, 0) / px.length);
}

async function main() {
  const at = process.argv.indexOf('--before');
  const before = at > 0 ? path.resolve(process.env.INIT_CWD || process.cwd(), process.argv[at + 1]!) : undefined;
  const dir = path.join(ROOT, 'public', 'images');
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest;
  let failed = 0;
  console.log(`${'hero'.padEnd(44)} ${before ? 'sd before  ' : ''}sd after  largest file`);
  for (const [key, { widths }] of Object.entries(manifest)) {
    const largest = Math.max(...widths.flatMap((w) => ['avif', 'webp'].map((f) => statSync(path.join(dir, `${key}-${w}.${f}`)).size)));
    if (largest > MAX_BYTES) failed++;
    if (!/^(pages|stories)\//.test(key)) {
      if (largest > MAX_BYTES) console.log(`${key.padEnd(44)} largest file ${(largest / 1024).toFixed(1)} KB > 150 KB`);
      continue;
    }
    const sd = await lumaSd(path.join(dir, `${key}-${widths[0]}.webp`));
    const old = before && existsSync(path.join(before, `${key}-${widths[0]}.webp`)) ? (await lumaSd(path.join(before, `${key}-${widths[0]}.webp`))).toFixed(1).padStart(9) : '        —';
    if (sd < MIN_SD) failed++;
    console.log(`${key.padEnd(44)} ${before ? old + '  ' : ''}${sd.toFixed(1).padStart(8)}  ${(largest / 1024).toFixed(1).padStart(7)} KB${sd < MIN_SD ? `  < ${MIN_SD}` : ''}`);
  }
  if (failed) {
    console.error(`${failed} image(s) out of bounds (hero sd < ${MIN_SD}, or a file > 150 KB)`);
    process.exit(1);
  }
}

// run as a script, not when a test imports lumaSd
if (process.argv[1] === import.meta.filename) await main();
