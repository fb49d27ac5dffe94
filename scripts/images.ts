/**
 * `npx tsx scripts/images.ts` — makes every image on the site from one of two sources:
 *
 * - a photograph `content/images/<key>.{jpg,jpeg,png,webp}` with an optional sidecar
 *   `<key>.json|yaml` (focal point, crop): cut to the key's aspect around the focal point
 *   (scripts/lib/photos.ts);
 * - otherwise original, deterministic generative artwork (scripts/lib/portraits.ts for team,
 *   scenes.ts for page and story heroes, covers.ts for articles, art.ts for the rest).
 *
 * - Keys come from every "image" field in the content (contentImageKeys in
 *   src/content/load.ts), plus the fixed `site/og-default`. A key with neither a photograph nor
 *   a generator for its kind fails, naming the content file that refers to it.
 * - Each key is rasterised once at its largest size, then resized and encoded to AVIF + WebP
 *   per width; the placeholder colour is the mean of the picture.
 * - CONTENT_DIR and IMAGES_OUT_DIR (default content/ and public/images/) choose the folders.
 * - Writes public/images/<key>-<w>.{avif,webp}, public/images/site/og-default.jpg
 *   and public/images/manifest.json; removes outputs of keys that no longer exist.
 * Same content → byte-identical output.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { cardSvg, hashString, heroSvg, type ArtSpec } from './lib/art.ts';
import { portraitSvg } from './lib/portraits.ts';
import { SCENE_FOR, sceneSvg } from './lib/scenes.ts';
import { ogSvg } from './lib/og.ts';
import { coverSvg } from './lib/covers.ts';
import { ImageSourceError, findPhoto, listPhotos, photoHash, photoRaw, type Photo } from './lib/photos.ts';
import { contentImageFiles, contentImageKeys } from '../src/content/load.ts';
import { OG_IMAGE, imageFile, ogImageFile } from '../src/app/image-src.ts';

const ROOT = process.cwd();
const CONTENT = path.resolve(process.env.CONTENT_DIR || path.join(ROOT, 'content'));
/** Photographs that replace generated artwork: CONTENT/images/<key>.<jpg|jpeg|png|webp>. */
const PHOTOS = path.join(CONTENT, 'images');
const OUT = path.resolve(process.env.IMAGES_OUT_DIR || path.join(ROOT, 'public', 'images'));
const MAX_BYTES = 150 * 1024;
const CONCURRENCY = 2;
const AVIF = { quality: 50, effort: 4 };
const WEBP = { quality: 72, effort: 4 };
const JPEG_QUALITY = 82;
const KEY_RE = /^[a-z-]+\/[a-z0-9-]+$/;
const OG_KEY = OG_IMAGE.key;
/** Encoded outputs are reused when a key's SVG and settings are unchanged (`--force` re-encodes all). */
const CACHE_FILE = process.env.IMAGES_OUT_DIR ? path.join(OUT, '.images-cache.json') : path.join(ROOT, 'node_modules', '.cache', 'halden-images.json');
const FORCE = process.argv.includes('--force');

sharp.concurrency(1); // we parallelise across keys instead
sharp.cache(false);

/* ------------------------------------------------------------ key specs -- */

interface Spec {
  key: string;
  /** width / height of the largest variant */
  ratio: [number, number];
  widths: number[];
  hints: string[];
  /** for cards: position among the keys of the same prefix (spreads motifs across a list) */
  slot?: number;
  /** false: no generator for this kind, a photograph is required */
  generated?: boolean;
}

function specFor(key: string, hints: string[]): Spec {
  const prefix = key.split('/')[0];
  switch (prefix) {
    case 'stories':
    case 'pages':
      return { key, ratio: [16, 9], widths: [640, 960, 1440, 1920], hints };
    case 'research':
    case 'press':
    case 'news':
      return { key, ratio: [3, 2], widths: [480, 800, 1200], hints };
    case 'team':
      return { key, ratio: [4, 5], widths: [320, 480, 720], hints };
    case 'site':
      return { key, ratio: [1200, 630], widths: [640, 1200], hints };
    default:
      // a photograph of another kind of image: card sizes (no artwork can be generated for it)
      return { key, ratio: [3, 2], widths: [480, 800, 1200], hints, generated: false };
  }
}

/** The share card's lines: the firm's tagline, then since when and where (content/site.json). */
function ogTagline(): [string, string] {
  const site = JSON.parse(readFileSync(path.join(CONTENT, 'site.json'), 'utf8')) as {
    tagline: string;
    founded: number;
    headquarters: { name: string };
    offices: { city: string }[];
  };
  const cities = [site.headquarters.name.replace(/ Headquarters$/, ''), ...site.offices.map((o) => o.city)];
  return [site.tagline, [`Since ${site.founded}`, ...cities].map((c) => c.toUpperCase()).join('  ·  ')];
}

const heightOf = (spec: Spec, w: number) => Math.round((w * spec.ratio[1]) / spec.ratio[0]);

function artFor(spec: Spec): ArtSpec {
  const W = spec.widths[spec.widths.length - 1]!;
  const H = heightOf(spec, W);
  const prefix = spec.key.split('/')[0];
  if (prefix === 'team') return portraitSvg(spec.key, W, H);
  if (SCENE_FOR[spec.key]) return sceneSvg(spec.key, W, H, SCENE_FOR[spec.key]!);
  if (prefix === 'stories') return heroSvg(spec.key, W, H, { hints: spec.hints });
  if (prefix === 'pages') return heroSvg(spec.key, W, H, { calm: true, hints: spec.hints });
  if (spec.key === OG_KEY) return ogSvg(spec.key, W, H, ogTagline());
  if (prefix === 'site') return heroSvg(spec.key, W, H, { calm: true, motif: 'bands' });
  if (prefix === 'research' || prefix === 'press' || prefix === 'news') return coverSvg(spec.key, W, H, spec.slot);
  return cardSvg(spec.key, W, H, spec.slot);
}

/* ------------------------------------------------------- content scan -- */

function collectKeys(): Map<string, string[]> {
  const keys = new Map<string, string[]>();
  // Every "image" in the content (front matter and JSON), with words describing its entry.
  for (const [value, hints] of contentImageKeys(CONTENT)) {
    if (!KEY_RE.test(value)) {
      console.warn(`warning: ignoring image "${value}" (not a key like "team/jane-doe")`);
      continue;
    }
    keys.set(value, hints);
  }
  keys.set(OG_KEY, []);
  return new Map([...keys].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/* ------------------------------------------------------------ encoding -- */

type Format = 'avif' | 'webp' | 'jpg';

async function encode(raw: Buffer, info: OutputInfo, w: number, h: number, format: Format, quality: number): Promise<Buffer> {
  let img = sharp(raw, { raw: { width: info.width, height: info.height, channels: info.channels as 3 } });
  if (w !== info.width || h !== info.height) img = img.resize(w, h, { fit: 'fill', kernel: 'lanczos3' });
  if (format === 'avif') return img.avif({ quality, effort: AVIF.effort, chromaSubsampling: '4:2:0' }).toBuffer();
  if (format === 'webp') return img.webp({ quality, effort: WEBP.effort, smartSubsample: true }).toBuffer();
  return img.jpeg({ quality, mozjpeg: true, progressive: true }).toBuffer();
}

/** Encode, stepping quality down until the file fits the budget. */
async function encodeWithinBudget(raw: Buffer, info: OutputInfo, w: number, h: number, format: Format, label: string) {
  let quality = format === 'avif' ? AVIF.quality : format === 'webp' ? WEBP.quality : JPEG_QUALITY;
  for (;;) {
    const buf = await encode(raw, info, w, h, format, quality);
    if (buf.length <= MAX_BYTES) return buf;
    if (quality <= 20) throw new Error(`${label}: ${buf.length} bytes even at quality ${quality} (limit ${MAX_BYTES})`);
    console.warn(`note: ${label} was ${(buf.length / 1024).toFixed(0)} KB at q${quality}; retrying lower`);
    quality -= 8;
  }
}

interface Result {
  key: string;
  entry: { width: number; height: number; widths: number[]; color: string };
  files: { file: string; bytes: number }[];
  motif: string;
}

interface CacheEntry {
  hash: string;
  color: string;
  motif: string;
  files: { file: string; bytes: number }[];
}
type Cache = Record<string, CacheEntry>;

function loadCache(): Cache {
  if (FORCE || !existsSync(CACHE_FILE)) return {};
  try {
    return JSON.parse(readFileSync(CACHE_FILE, 'utf8')) as Cache;
  } catch {
    return {};
  }
}

const SETTINGS = JSON.stringify({ AVIF, WEBP, JPEG_QUALITY, MAX_BYTES, sharp: sharp.versions });

async function build(spec: Spec, cache: Cache): Promise<Result & { cached: boolean; hash: string }> {
  const photo = findPhoto(PHOTOS, spec.key);
  const W = spec.widths[spec.widths.length - 1]!;
  const art: ArtSpec = photo ? { width: W, height: heightOf(spec, W), svg: '', motif: 'photo' } : artFor(spec);
  const entryOf = (color: string) => ({ width: W, height: heightOf(spec, W), widths: [...spec.widths], color });
  const source = photo ? Buffer.concat([readFileSync(photo.file), photo.sidecar ? readFileSync(photo.sidecar) : Buffer.alloc(0)]) : Buffer.from(art.svg);
  const hash = createHash('sha256').update(source).update(SETTINGS).update(JSON.stringify(spec.widths)).digest('hex');
  const hit = cache[spec.key];
  if (
    hit &&
    hit.hash === hash &&
    hit.files.every((f) => {
      const abs = path.join(OUT, f.file);
      return existsSync(abs) && statSync(abs).size === f.bytes;
    })
  ) {
    return { key: spec.key, entry: entryOf(hit.color), files: hit.files, motif: hit.motif, cached: true, hash };
  }
  const { data: raw, info } = photo ? await fromPhoto(photo, art.width, art.height) : await fromSvg(art.svg);
  if (info.width !== art.width || info.height !== art.height) {
    throw new Error(`${spec.key}: rendered ${info.width}×${info.height}, expected ${art.width}×${art.height}`);
  }
  // placeholder colour: mean of the whole picture
  const stats = await sharp(raw, { raw: { width: info.width, height: info.height, channels: info.channels as 3 } }).stats();
  const color =
    '#' +
    stats.channels
      .slice(0, 3)
      .map((c) => Math.round(c.mean).toString(16).padStart(2, '0'))
      .join('');

  const files: Result['files'] = [];
  const write = (rel: string, buf: Buffer) => {
    const file = path.join(OUT, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, buf);
    files.push({ file: rel, bytes: buf.length });
  };
  for (const w of spec.widths) {
    const h = heightOf(spec, w);
    for (const format of ['avif', 'webp'] as const) {
      const rel = imageFile(spec.key, w, format);
      write(rel, await encodeWithinBudget(raw, info, w, h, format, rel));
    }
  }
  if (spec.key === OG_KEY) {
    write(ogImageFile(spec.key), await encodeWithinBudget(raw, info, info.width, info.height, 'jpg', ogImageFile(spec.key)));
  }
  return { key: spec.key, entry: entryOf(color), files, motif: art.motif, cached: false, hash };
}

async function fromSvg(svg: string) {
  return sharp(Buffer.from(svg), { density: 72 }).flatten({ background: '#0b1a2e' }).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
}

async function fromPhoto(photo: Photo, W: number, H: number) {
  const r = await photoRaw(photo, W, H);
  if (r.upscaled) console.warn(`warning: ${path.relative(ROOT, photo.file)} is smaller than ${W}×${H} once cut to shape: it is enlarged (supply a larger original)`);
  return r;
}

/* ------------------------------------------------------------- cleanup -- */

function removeStale(expected: Set<string>): string[] {
  const removed: string[] = [];
  const visit = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      const abs = path.join(dir, name);
      const rel = path.relative(OUT, abs).split(path.sep).join('/');
      if (statSync(abs).isDirectory()) {
        visit(abs);
        if (readdirSync(abs).length === 0) rmdirSync(abs);
      } else if (/(-\d+\.(avif|webp)|\.jpg)$/.test(name) && !expected.has(rel)) {
        unlinkSync(abs);
        removed.push(rel);
      }
    }
  };
  visit(OUT);
  return removed;
}

/* ---------------------------------------------------------------- main -- */

async function pool<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = Array.from({ length: items.length });
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function main() {
  const t0 = performance.now();
  const keys = collectKeys();
  const specs = [...keys].map(([key, hints]) => specFor(key, hints));
  // A key the content names needs a source: a photograph, or a generator for its kind.
  const files = contentImageFiles(CONTENT);
  const missing = specs.filter((s) => s.generated === false && !findPhoto(PHOTOS, s.key));
  if (missing.length) {
    throw new ImageSourceError(
      missing
        .map(
          (s) =>
            `${(files.get(s.key) ?? ['content']).map((f) => path.relative(ROOT, f) || f).join(', ')} › image: no image "${s.key}" (no ${path.relative(ROOT, path.join(PHOTOS, s.key))}.jpg/.png/.webp and no generated artwork for "${s.key.split('/')[0]}")`,
        )
        .join('\n'),
    );
  }
  for (const p of listPhotos(PHOTOS)) {
    if (!keys.has(p.key)) console.warn(`warning: ${path.relative(ROOT, p.file)} is not used by any content (no "image: ${p.key}")`);
  }
  // cards of one kind take motifs in turn (offset per kind), so a list never repeats one
  const byPrefix = new Map<string, Spec[]>();
  for (const s of specs) {
    const p = s.key.split('/')[0]!;
    if (['research', 'press', 'news'].includes(p)) byPrefix.set(p, [...(byPrefix.get(p) ?? []), s]);
  }
  for (const [p, list] of byPrefix) list.forEach((s, i) => (s.slot = i + hashString(p)));
  mkdirSync(OUT, { recursive: true });
  console.log(`images: generating ${specs.length} keys (concurrency ${CONCURRENCY})`);

  const cache = loadCache();
  const results = await pool(specs, CONCURRENCY, async (spec) => {
    const r = await build(spec, cache);
    const kb = r.files.reduce((s, f) => s + f.bytes, 0) / 1024;
    console.log(`  ${spec.key.padEnd(54)} ${r.motif.padEnd(22)} ${r.files.length} files ${kb.toFixed(0).padStart(5)} KB${r.cached ? '  (unchanged)' : ''}`);
    return r;
  });
  const nextCache: Cache = {};
  for (const r of results) nextCache[r.key] = { hash: r.hash, color: r.entry.color, motif: r.motif, files: r.files };
  mkdirSync(path.dirname(CACHE_FILE), { recursive: true });
  writeFileSync(CACHE_FILE, JSON.stringify(nextCache));

  const manifest: Record<string, Result['entry']> = {};
  for (const r of [...results].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) manifest[r.key] = r.entry;
  writeFileSync(path.join(OUT, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  // which keys came from a photograph, and its fingerprint (the build checks it is current)
  const sources: Record<string, string> = {};
  for (const key of Object.keys(manifest)) {
    const photo = findPhoto(PHOTOS, key);
    if (photo) sources[key] = photoHash(photo);
  }
  writeFileSync(path.join(OUT, 'sources.json'), JSON.stringify(sources, null, 2) + '\n');

  const all = results.flatMap((r) => r.files);
  const removed = removeStale(new Set(all.map((f) => f.file)));
  const over = all.filter((f) => f.bytes > MAX_BYTES);
  if (over.length) throw new Error(`files over ${MAX_BYTES} bytes: ${over.map((f) => f.file).join(', ')}`);

  const total = all.reduce((s, f) => s + f.bytes, 0);
  const largest = all.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  const fresh = results.filter((r) => !r.cached).length;
  console.log(
    `images: ${results.length} keys (${fresh} rendered, ${results.length - fresh} unchanged), ${all.length} files, ${(total / 1024 / 1024).toFixed(2)} MB total; ` +
      `largest ${largest.file} (${(largest.bytes / 1024).toFixed(1)} KB); ` +
      (removed.length ? `removed ${removed.length} stale file(s); ` : '') +
      `${secs}s`,
  );
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
