/**
 * From SVG to the files the site serves: rasterised once at the largest size by librsvg (sharp),
 * then resized and encoded per width as AVIF and WebP, stepping quality down until a file fits
 * 150 KB. Same SVG, same settings, same sharp → same bytes.
 */
import sharp, { type OutputInfo } from 'sharp';

export const MAX_BYTES = 150 * 1024;
const AVIF = { quality: 50, effort: 4 };
const WEBP = { quality: 72, effort: 4 };
const JPEG_QUALITY = 82;
/** What the encoded bytes depend on besides the picture (images.ts's cache key). */
export const SETTINGS = JSON.stringify({ AVIF, WEBP, JPEG_QUALITY, MAX_BYTES, sharp: sharp.versions });

sharp.concurrency(1); // images.ts parallelises across keys instead
sharp.cache(false);

export type Format = 'avif' | 'webp' | 'jpg';

async function encode(raw: Buffer, info: OutputInfo, w: number, h: number, format: Format, quality: number): Promise<Buffer> {
  let img = sharp(raw, { raw: { width: info.width, height: info.height, channels: info.channels as 3 } });
  if (w !== info.width || h !== info.height) img = img.resize(w, h, { fit: 'fill', kernel: 'lanczos3' });
  if (format === 'avif') return img.avif({ quality, effort: AVIF.effort, chromaSubsampling: '4:2:0' }).toBuffer();
  if (format === 'webp') return img.webp({ quality, effort: WEBP.effort, smartSubsample: true }).toBuffer();
  return img.jpeg({ quality, mozjpeg: true, progressive: true }).toBuffer();
}

/** Encode, stepping quality down until the file fits the budget. */
export async function encodeWithinBudget(raw: Buffer, info: OutputInfo, w: number, h: number, format: Format, label: string) {
  let quality = format === 'avif' ? AVIF.quality : format === 'webp' ? WEBP.quality : JPEG_QUALITY;
  for (;;) {
    const buf = await encode(raw, info, w, h, format, quality);
    if (buf.length <= MAX_BYTES) return buf;
    if (quality <= 20) throw new Error(`${label}: ${buf.length} bytes even at quality ${quality} (limit ${MAX_BYTES})`);
    console.warn(`note: ${label} was ${(buf.length / 1024).toFixed(0)} KB at q${quality}; retrying lower`);
    quality -= 8;
  }
}

export async function fromSvg(svg: string) {
  return sharp(Buffer.from(svg), { density: 72 }).flatten({ background: '#0b1a2e' }).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
}
