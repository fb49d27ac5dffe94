/**
 * Photographs as an image source: the cutting half (sharp). Which file is a key's photograph, and
 * whether it is current, is scripts/lib/photo-sources.ts at the root (the build reads it too).
 * An optional sidecar next to a photo, `<key>.json` or `<key>.yaml`/`.yml`, gives what the
 * picture needs to be cut well, independent of its alt text:
 *
 *   { "focus": { "x": 0.62, "y": 0.35 },                                  // 0–1, default 0.5/0.5
 *     "crop":  { "left": 0.1, "top": 0, "width": 0.8, "height": 1 } }     // optional, 0–1, applied first
 *
 * The aspect ratio is the site's for that kind of key (images.ts: heroes 16:9, cards 3:2,
 * portraits 4:5, og 1200:630); the picture is cut to it around the focal point, as large as the
 * photo allows, then resized to each width. Unreadable files and bad sidecars throw an
 * ImageSourceError naming the file.
 */
import { readFileSync } from 'node:fs';
import sharp, { type OutputInfo } from 'sharp';
import { parse as parseYaml } from 'yaml';
import { ImageSourceError, rel, type Photo } from '../../lib/photo-sources.ts';

export { ImageSourceError, findPhoto, listPhotos, photoHash, stalePhotos, type Photo } from '../../lib/photo-sources.ts';

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
