/**
 * `npm --prefix scripts/art run icons`: the icons browsers and phones ask for, made from public/favicon.svg
 * (one source): favicon.ico (32 × 32 and 16 × 16 PNGs in an ICO container, which every browser
 * reads), apple-touch-icon.png (180 × 180, opaque) and icon-512.png for the web app manifest.
 * Deterministic; the outputs are committed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

process.chdir(path.resolve(import.meta.dirname, '../..'));

const svg = readFileSync('public/favicon.svg');
const png = (size: number) =>
  sharp(svg, { density: (72 * size) / 32 })
    .resize(size, size)
    .flatten({ background: '#0b1a2e' })
    .png({ compressionLevel: 9 })
    .toBuffer();

/** An ICO file whose images are PNGs (supported by every browser since Windows Vista's format). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const e = Buffer.alloc(16);
    e.writeUInt8(size >= 256 ? 0 : size, 0);
    e.writeUInt8(size >= 256 ? 0 : size, 1);
    e.writeUInt8(0, 2); // no palette
    e.writeUInt8(0, 3);
    e.writeUInt16LE(1, 4); // colour planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(data.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += data.length;
    return e;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

writeFileSync(
  'public/favicon.ico',
  ico([
    { size: 32, data: await png(32) },
    { size: 16, data: await png(16) },
  ]),
);
writeFileSync('public/apple-touch-icon.png', await png(180));
writeFileSync('public/icon-512.png', await png(512));
console.log('[icons] public/favicon.ico, public/apple-touch-icon.png, public/icon-512.png');
