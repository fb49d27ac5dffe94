/**
 * `npm run images` (scripts/art/images.ts) — makes every image on the site from one of two sources:
 *
 * - a photograph `content/images/<key>.{jpg,jpeg,png,webp}` with an optional sidecar
 *   `<key>.json|yaml` (focal point, crop): cut to the key's aspect around the focal point
 *   (lib/photos.ts);
 * - otherwise original, deterministic artwork drawn from the content's facts (lib/portraits.ts
 *   for team, heroes.ts for page and story heroes and the share card, covers.ts for articles).
 * Plus a wordmark per portfolio company (lib/wordmarks.ts): public/images/portfolio/<id>.svg.
 *
 * - Keys come from every "image" field in the content (contentImageKeys in
 *   src/content/load.ts), plus the fixed `site/og-default` and `pages/team` (the /team hero). A
 *   key with neither a photograph nor a generator for its kind fails, naming the content file
 *   that refers to it. The content's facts are read (and validated) when a drawing needs them.
 * - Each key is rasterised once at its largest size, then resized and encoded to AVIF + WebP
 *   per width; the placeholder colour is the mean of the picture.
 * - CONTENT_DIR and IMAGES_OUT_DIR (default content/ and public/images/) choose the folders.
 * - Writes public/images/<key>-<w>.{avif,webp}, public/images/site/og-default.jpg,
 *   public/images/portfolio/<id>.svg and public/images/manifest.json; removes outputs of keys
 *   that no longer exist.
 * Same content → byte-identical output.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_BYTES, SETTINGS, encodeWithinBudget, fromSvg } from './lib/raster.ts';
import { portraitSvg } from './lib/portraits.ts';
import { heroSvg, ogSvg } from './lib/heroes.ts';
import { coverPieces, coverSvg, type Piece } from './lib/covers.ts';
import { wordmarkSvg } from './lib/wordmarks.ts';
import { readContent, readSite, type Content } from './lib/facts.ts';
import { ImageSourceError, findPhoto, listPhotos, photoHash, photoRaw, type Photo } from './lib/photos.ts';
import { contentImageFiles, contentImageKeys } from '../../src/content/load.ts';
import { OG_IMAGE, TEAM_IMAGE, WORDMARK, imageFile, ogImageFile, wordmarkFile } from '../../src/app/image-src.ts';

/** The site's root; relative CONTENT_DIR / IMAGES_OUT_DIR are read from where npm was started. */
const ROOT = path.resolve(import.meta.dirname, '../..');
const fromCaller = (p: string) => path.resolve(process.env.INIT_CWD || process.cwd(), p);
process.chdir(ROOT);
const CONTENT = process.env.CONTENT_DIR ? fromCaller(process.env.CONTENT_DIR) : path.join(ROOT, 'content');
/** Photographs that replace generated artwork: CONTENT/images/<key>.<jpg|jpeg|png|webp>. */
const PHOTOS = path.join(CONTENT, 'images');
const OUT = process.env.IMAGES_OUT_DIR ? fromCaller(process.env.IMAGES_OUT_DIR) : path.join(ROOT, 'public', 'images');
const CONCURRENCY = 2;
const KEY_RE = /^[a-z-]+\/[a-z0-9-]+$/;
const OG_KEY = OG_IMAGE.key;
/** Encoded outputs are reused when a key's SVG and settings are unchanged (`--force` re-encodes all). */
const CACHE_FILE = process.env.IMAGES_OUT_DIR ? path.join(OUT, '.images-cache.json') : path.join(import.meta.dirname, 'node_modules', '.cache', 'halden-images.json');
const FORCE = process.argv.includes('--force');

/** The content's facts, read (and validated) once, when a generator first needs them. */
let content: Content | undefined;
let covers: Map<string, Piece> | undefined;
const facts = () => (content ??= readContent(CONTENT));

/* ------------------------------------------------------------ key specs -- */

interface Spec {
  key: string;
  /** width / height of the largest variant */
  ratio: [number, number];
  widths: number[];
  /** false: no generator for this kind, a photograph is required */
  generated?: boolean;
}

function specFor(key: string): Spec {
  const prefix = key.split('/')[0];
  switch (prefix) {
    case 'stories':
    case 'pages':
      return { key, ratio: [16, 9], widths: [640, 960, 1440, 1920] };
    case 'research':
    case 'press':
    case 'news':
      return { key, ratio: [3, 2], widths: [480, 800, 1200] };
    case 'team':
      return { key, ratio: [4, 5], widths: [320, 480, 720] };
    case 'site':
      return { key, ratio: [1200, 630], widths: [640, 1200] };
    default:
      // a photograph of another kind of image: card sizes (no artwork can be generated for it)
      return { key, ratio: [3, 2], widths: [480, 800, 1200], generated: false };
  }
}

const heightOf = (spec: Spec, w: number) => Math.round((w * spec.ratio[1]) / spec.ratio[0]);

interface ArtSpec {
  width: number;
  height: number;
  svg: string;
  motif: string;
}

/** The artwork of a key, drawn from the content's facts; undefined when no generator draws it. */
function artFor(spec: Spec): ArtSpec | undefined {
  const W = spec.widths[spec.widths.length - 1]!;
  const H = heightOf(spec, W);
  const [prefix] = spec.key.split('/');
  const art = (svg: string, motif: string) => ({ width: W, height: H, svg, motif });
  if (spec.key === OG_KEY) return art(ogSvg(W, H, readSite(CONTENT)), 'og-card');
  const content = facts();
  if (prefix === 'team') {
    const i = content.team.findIndex((m) => m.image === spec.key);
    const years: [number, number] = [content.site.founded, Math.max(...content.portfolio.map((c) => c.invested))];
    return i < 0 ? undefined : art(portraitSvg(content.team[i]!, i, W, H, years), 'type-plate');
  }
  if (prefix === 'pages' || prefix === 'stories') {
    const h = heroSvg(spec.key, W, H, content);
    return h && art(h.svg, h.motif);
  }
  const piece = (covers ??= coverPieces(content)).get(spec.key);
  return piece && art(coverSvg(piece, W, H, content.portfolio), `cover-${piece.category.toLowerCase().replace(/ /g, '-')}`);
}

/* ------------------------------------------------------- content scan -- */

function collectKeys(): Set<string> {
  const keys = new Set<string>();
  // Every "image" in the content (front matter and JSON).
  for (const value of contentImageKeys(CONTENT).keys()) {
    if (!KEY_RE.test(value)) {
      console.warn(`warning: ignoring image "${value}" (not a key like "team/jane-doe")`);
      continue;
    }
    keys.add(value);
  }
  keys.add(OG_KEY);
  // the /team page's hero, when there is a team
  if ([...keys].some((k) => k.startsWith('team/'))) keys.add(TEAM_IMAGE.key);
  return new Set([...keys].sort());
}

/* ------------------------------------------------------------ encoding -- */

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

async function build(spec: Spec, cache: Cache): Promise<Result & { cached: boolean; hash: string }> {
  const photo = findPhoto(PHOTOS, spec.key);
  const W = spec.widths[spec.widths.length - 1]!;
  const art = photo ? { width: W, height: heightOf(spec, W), svg: '', motif: 'photo' } : artFor(spec);
  if (!art) throw new ImageSourceError(`${spec.key}: no entry of the content draws this key (and no photograph)`);
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
      } else if (/(-\d+\.(avif|webp)|\.jpg|\.svg)$/.test(name) && !expected.has(rel)) {
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
  const specs = [...keys].map((key) => specFor(key));
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
  mkdirSync(OUT, { recursive: true });
  console.log(`images: generating ${specs.length} keys (concurrency ${CONCURRENCY})`);

  const cache = loadCache();
  const results = await pool(specs, CONCURRENCY, async (spec) => {
    const r = await build(spec, cache);
    const kb = r.files.reduce((s, f) => s + f.bytes, 0) / 1024;
    console.log(`  ${spec.key.padEnd(54)} ${r.motif.padEnd(24)} ${r.files.length} files ${kb.toFixed(0).padStart(5)} KB${r.cached ? '  (unchanged)' : ''}`);
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

  // A wordmark per portfolio company: outlined SVG, small enough not to need variants.
  const companies = existsSync(path.join(CONTENT, 'portfolio')) ? facts().portfolio : [];
  const marks = companies.map((c) => {
    const file = wordmarkFile(c.id);
    const svg = wordmarkSvg(c, WORDMARK.width, WORDMARK.height);
    mkdirSync(path.dirname(path.join(OUT, file)), { recursive: true });
    writeFileSync(path.join(OUT, file), svg);
    return { file, bytes: Buffer.byteLength(svg) };
  });
  const all = [...results.flatMap((r) => r.files), ...marks];
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
