/**
 * The faces our PDFs are set in: the site's own (Newsreader for display, Inter for text), read
 * from the @fontsource packages, so a document does not depend on the building machine's fonts.
 *
 * They ship as WOFF, which PDFKit's font library can read but inflates in pure JavaScript each
 * time (≈ 250 ms of a 300 ms document); here each file is unwrapped once into the plain OpenType
 * file it wraps (WOFF 1.0: a header, a table directory, each table zlib-compressed when that made
 * it smaller), with Node's native zlib, and PDFKit embeds the subset it uses.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';

const require = createRequire(import.meta.url);

export const FACES = {
  serif: '@fontsource/newsreader/files/newsreader-latin-400-normal.woff',
  serifItalic: '@fontsource/newsreader/files/newsreader-latin-400-italic.woff',
  sans: '@fontsource/inter/files/inter-latin-400-normal.woff',
  sansItalic: '@fontsource/inter/files/inter-latin-400-italic.woff',
  sansBold: '@fontsource/inter/files/inter-latin-600-normal.woff',
} as const;
export type Face = keyof typeof FACES;

/**
 * Tables left out: glyph substitution (GSUB). Without it, text is set letter for letter — no
 * ligatures or contextual alternates — which costs the typography little, makes the text that
 * screen readers and copy-and-paste extract plain letters ("fi", not "ﬁ"), and makes setting a
 * document several times faster (Inter's contextual alternates were most of the time spent).
 */
const DROP = new Set(['GSUB']);

/** A WOFF 1.0 file → the SFNT (TrueType/OpenType) file it wraps (less the DROP tables). */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 file');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables: { tag: Buffer; checksum: number; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    const at = 44 + i * 20;
    const offset = woff.readUInt32BE(at + 4);
    const compLength = woff.readUInt32BE(at + 8);
    const origLength = woff.readUInt32BE(at + 12);
    const tag = woff.toString('latin1', at, at + 4);
    if (DROP.has(tag)) continue;
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(raw) : raw;
    if (data.length !== origLength) throw new Error('corrupt WOFF table');
    tables.push({ tag: woff.subarray(at, at + 4), checksum: woff.readUInt32BE(at + 16), data });
  }
  const numTables = tables.length;
  const pad4 = (n: number) => (n + 3) & ~3;
  const headerSize = 12 + numTables * 16;
  const out = Buffer.alloc(headerSize + tables.reduce((n, t) => n + pad4(t.data.length), 0));
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerSize;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    t.tag.copy(out, at);
    out.writeUInt32BE(t.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(t.data.length, at + 12);
    t.data.copy(out, offset);
    offset += pad4(t.data.length);
  });
  return out;
}

let loaded: Record<Face, Buffer> | undefined;
/** Every face as an OpenType file, unwrapped once per process. */
export function fontFiles(): Record<Face, Buffer> {
  loaded ??= Object.fromEntries(Object.entries(FACES).map(([face, file]) => [face, woffToSfnt(readFileSync(require.resolve(file)))])) as Record<Face, Buffer>;
  return loaded;
}
