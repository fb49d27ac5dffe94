/**
 * Photographs as an image source. A file `content/images/<key>.{jpg,jpeg,png,webp}` (for example
 * `content/images/team/eleanor-vance.jpg`) replaces the generated artwork of that key. An optional
 * sidecar next to it, `<key>.json` or `<key>.yaml`/`.yml`, gives what the picture needs to be cut
 * well, independent of its alt text:
 *
 *   { "focus": { "x": 0.62, "y": 0.35 },                                  // 0–1, default 0.5/0.5
 *     "crop":  { "left": 0.1, "top": 0, "width": 0.8, "height": 1 } }     // optional, 0–1, applied first
 *
 * The aspect ratio is the site's for that kind of key (scripts/images.ts: heroes 16:9, cards 3:2,
 * portraits 4:5, og 1200:630); the picture is cut to it around the focal point, as large as the
 * photo allows, then resized to each width. Unreadable files and bad sidecars throw an
 * ImageSourceError naming the file.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { parse as parseYaml } from 'yaml';

export const PHOTO_EXTS = ['.jpg', '.jpeg', '.png', '.webp'] as const;
const SIDECAR_EXTS = ['.json', '.yaml', '.yml'] as const;

export class ImageSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImageSourceError';
  }
}

export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}
export interface PhotoMeta {
  focus: { x: number; y: number };
  crop?: Box;
}
export interface Photo {
  key: string;
  file: string;
  sidecar?: string;
}

const rel = (p: string) => path.relative(process.cwd(), p) || p;

/** The photograph for a key under `dir`, if there is one (two files for one key is an error). */
export function findPhoto(dir: string, key: string): Photo | undefined {
  const base = path.join(dir, ...key.split('/'));
  const files = PHOTO_EXTS.map((e) => base + e).filter((f) => existsSync(f));
  if (files.length > 1) throw new ImageSourceError(`${files.map(rel).join(' and ')}: two photographs for the image "${key}"; keep one`);
  if (!files.length) return undefined;
  const sidecar = SIDECAR_EXTS.map((e) => base + e).find((f) => existsSync(f));
  return { key, file: files[0]!, sidecar };
}

/** Every photograph under `dir`, as keys ("team/jane-doe"). */
export function listPhotos(dir: string): Photo[] {
  const out: Photo[] = [];
  const visit = (d: string) => {
    if (!existsSync(d)) return;
    for (const name of readdirSync(d).sort()) {
      const abs = path.join(d, name);
      if (statSync(abs).isDirectory()) visit(abs);
      else if ((PHOTO_EXTS as readonly string[]).includes(path.extname(name).toLowerCase())) {
        const key = path
          .relative(dir, abs)
          .split(path.sep)
          .join('/')
          .replace(/\.[^.]+$/, '');
        const found = findPhoto(dir, key);
        if (found && !out.some((p) => p.key === key)) out.push(found);
      }
    }
  };
  visit(dir);
  return out;
}

const unit = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1;

/** Reads and checks a sidecar; no sidecar → focus in the centre. */
export function readSidecar(file: string | undefined): PhotoMeta {
  if (!file) return { focus: { x: 0.5, y: 0.5 } };
  let data: unknown;
  try {
    const text = readFileSync(file, 'utf8');
    data = file.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    throw new ImageSourceError(`${rel(file)}: cannot read (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
  }
  const bad = (what: string) => new ImageSourceError(`${rel(file)}: ${what}`);
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw bad('must be an object like { "focus": { "x": 0.5, "y": 0.4 } }');
  const { focus, crop, ...rest } = data as Record<string, unknown>;
  const unknownKeys = Object.keys(rest);
  if (unknownKeys.length) throw bad(`unknown field(s) ${unknownKeys.join(', ')} (allowed: focus, crop)`);
  const meta: PhotoMeta = { focus: { x: 0.5, y: 0.5 } };
  if (focus !== undefined) {
    const f = focus as Record<string, unknown>;
    if (!f || typeof f !== 'object' || !unit(f.x) || !unit(f.y)) throw bad('focus must be { "x": 0–1, "y": 0–1 }');
    meta.focus = { x: f.x as number, y: f.y as number };
  }
  if (crop !== undefined) {
    const c = crop as Record<string, unknown>;
    if (!c || typeof c !== 'object' || !['left', 'top', 'width', 'height'].every((k) => unit(c[k]))) throw bad('crop must be { "left", "top", "width", "height" } each 0–1');
    const box = c as unknown as Box;
    if (box.width === 0 || box.height === 0 || box.left + box.width > 1.0001 || box.top + box.height > 1.0001) throw bad('crop must lie inside the picture and not be empty');
    meta.crop = box;
  }
  return meta;
}

/**
 * The largest box of aspect `ratio` (width / height) inside w×h, centred on the focal point
 * (fx, fy in 0–1) as far as the edges allow. Integer pixels.
 */
export function focalCrop(w: number, h: number, ratio: number, fx: number, fy: number): Box {
  let width = w;
  let height = Math.round(w / ratio);
  if (height > h) {
    height = h;
    width = Math.round(h * ratio);
  }
  width = Math.min(width, w);
  height = Math.min(height, h);
  const left = Math.round(Math.min(Math.max(fx * w - width / 2, 0), w - width));
  const top = Math.round(Math.min(Math.max(fy * h - height / 2, 0), h - height));
  return { left, top, width, height };
}

/**
 * Decodes a photograph (EXIF orientation applied), applies the sidecar's crop, cuts the site's
 * aspect around the focal point and resizes to W×H: raw sRGB, 3 channels.
 */
export async function photoRaw(photo: Photo, W: number, H: number): Promise<{ data: Buffer; info: OutputInfo; upscaled: boolean }> {
  const meta = readSidecar(photo.sidecar);
  const name = rel(photo.file);
  try {
    // Decode once (rotated) so that crops are in the picture's displayed orientation.
    const decoded = await sharp(photo.file, { failOn: 'error' }).rotate().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    let { width: w, height: h } = decoded.info;
    let img = sharp(decoded.data, { raw: { width: w, height: h, channels: decoded.info.channels } });
    let ox = 0;
    let oy = 0;
    if (meta.crop) {
      ox = Math.round(meta.crop.left * w);
      oy = Math.round(meta.crop.top * h);
      const cw = Math.max(1, Math.min(w - ox, Math.round(meta.crop.width * w)));
      const ch = Math.max(1, Math.min(h - oy, Math.round(meta.crop.height * h)));
      w = cw;
      h = ch;
    }
    // focus is given in the whole picture; express it inside the crop
    const fx = Math.min(Math.max((meta.focus.x * decoded.info.width - ox) / w, 0), 1);
    const fy = Math.min(Math.max((meta.focus.y * decoded.info.height - oy) / h, 0), 1);
    const box = focalCrop(w, h, W / H, fx, fy);
    img = img.extract({ left: ox + box.left, top: oy + box.top, width: box.width, height: box.height });
    const out = await sharp(await img.png({ compressionLevel: 0 }).toBuffer())
      .resize(W, H, { fit: 'fill', kernel: 'lanczos3' })
      .flatten({ background: '#0b1a2e' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data: out.data, info: out.info, upscaled: box.width < W || box.height < H };
  } catch (err) {
    if (err instanceof ImageSourceError) throw err;
    throw new ImageSourceError(`${name}: cannot read the image (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`);
  }
}

/** Fingerprint of a photograph and its sidecar (recorded in public/images/sources.json). */
export function photoHash(photo: Photo): string {
  const h = createHash('sha256').update(readFileSync(photo.file));
  if (photo.sidecar) h.update(readFileSync(photo.sidecar));
  return h.digest('hex').slice(0, 16);
}

/**
 * For the build: every photograph under `dir` must have been made into images with its current
 * bytes (public/images/sources.json, written by npm run images). Returns the problems, one per file.
 */
export function stalePhotos(dir: string, sourcesFile: string): string[] {
  const photos = listPhotos(dir);
  if (!photos.length) return [];
  const sources: Record<string, string> = existsSync(sourcesFile) ? JSON.parse(readFileSync(sourcesFile, 'utf8')) : {};
  return photos.filter((p) => sources[p.key] !== photoHash(p)).map((p) => `${rel(p.file)}: ${sources[p.key] ? 'changed' : 'not made into images yet'} (run npm run images, then commit public/images)`);
}
