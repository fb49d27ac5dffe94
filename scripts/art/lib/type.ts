/**
 * What every generator draws with: the brand's grade, a seeded random source, and the brand's
 * faces — Newsreader and Inter from @fontsource, outlined by opentype.js so an image never depends
 * on the fonts of the machine that builds it. Everything is pure: same input, same string.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font, Glyph } from 'opentype.js';

const require = createRequire(import.meta.url);
// A UMD bundle under Node: required, since an ES import cannot see its named exports.
const { parse } = require('opentype.js') as typeof import('opentype.js');

/** The grade: ink and navy grounds, steel and fog mid-tones, one warm brass accent. */
export const C = {
  ink: '#0b1a2e',
  navy: '#10233d',
  deep: '#1a3352',
  steel: '#2b4a6f',
  slate: '#8aa0b8',
  fog: '#c9d3de',
  mist: '#eef1f4',
  brass: '#c8934a',
  amber: '#e0b77a',
  white: '#ffffff',
} as const;

/** 32-bit string hash (cyrb53-style mixing, truncated). */
export function hashString(s: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

/** mulberry32, seeded by a string. */
export function rng(seed: string) {
  let a = hashString(seed);
  const f = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { f, int: (lo: number, hi: number) => lo + Math.floor(f() * (hi - lo + 1)), pick: <T>(xs: readonly T[]): T => xs[Math.floor(f() * xs.length)]! };
}

/** Linear blend of two hex colours, t = 0 → a, t = 1 → b. */
export function mix(a: string, b: string, t: number): string {
  const ch = (hex: string, i: number) => parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
  return (
    '#' +
    [0, 1, 2]
      .map((i) =>
        Math.round(ch(a, i) + (ch(b, i) - ch(a, i)) * t)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')
  );
}

/** Compact, deterministic number formatting (one decimal, no "-0"). */
export function n(x: number): string {
  const v = Math.round(x * 10) / 10;
  return v === 0 ? '0' : String(v);
}

export const svgDoc = (W: number, H: number, body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') => `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${fill}"${extra}/>`;
export const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, width = 1, extra = '') =>
  `<path d="M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}" stroke="${stroke}" stroke-width="${n(width)}"${extra}/>`;

/* ------------------------------------------------------------------ type -- */

/** A face: family, weight and style, e.g. `serif-400`, `serif-300i`, `sans-600`. */
export type Face = `${'serif' | 'sans'}-${100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900}${'' | 'i'}`;

const fonts = new Map<Face, Font>();
export function font(face: Face): Font {
  let f = fonts.get(face);
  if (!f) {
    const [family, w] = face.split('-') as [string, string];
    const italic = w.endsWith('i');
    const file =
      family === 'serif' ? `@fontsource/newsreader/files/newsreader-latin-${parseInt(w)}-${italic ? 'italic' : 'normal'}.woff` : `@fontsource/inter/files/inter-latin-${parseInt(w)}-normal.woff`;
    const buf = readFileSync(require.resolve(file));
    f = parse(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
    fonts.set(face, f);
  }
  return f;
}

export interface TypeOpts {
  /** em added after each glyph */
  tracking?: number;
  /** figures in cells of one width (the effect of `tnum`, which opentype.js does not apply) */
  tabular?: boolean;
  anchor?: 'start' | 'middle' | 'end';
  /** extra SVG attributes on the <path> */
  attrs?: string;
}

/** SVG path data of a glyph's commands (opentype.js 2's own toPathData writes NaN for some lines). */
function pathData(glyph: Glyph, x: number, y: number, size: number): string {
  return glyph
    .getPath(x, y, size)
    .commands.map((c) =>
      c.type === 'Z'
        ? 'Z'
        : c.type === 'Q'
          ? `Q${n(c.x1)} ${n(c.y1)} ${n(c.x)} ${n(c.y)}`
          : c.type === 'C'
            ? `C${n(c.x1)} ${n(c.y1)} ${n(c.x2)} ${n(c.y2)} ${n(c.x)} ${n(c.y)}`
            : `${c.type}${n(c.x)} ${n(c.y)}`,
    )
    .join('');
}

/** Glyph by glyph (no OpenType substitutions: opentype.js does not support all of Inter's), with kerning. */
function layout(text: string, face: Face, size: number, o: TypeOpts): { glyph: Glyph; x: number }[] {
  const f = font(face);
  const scale = size / f.unitsPerEm;
  const cell = (f.charToGlyph('0').advanceWidth ?? 0) * scale;
  const chars = Array.from(text);
  const glyphs = chars.map((ch) => f.charToGlyph(ch));
  const out: { glyph: Glyph; x: number }[] = [];
  let pen = 0;
  glyphs.forEach((glyph, i) => {
    const adv = (glyph.advanceWidth ?? 0) * scale;
    const fig = o.tabular && /\d/.test(chars[i]!);
    out.push({ glyph, x: fig ? pen + (cell - adv) / 2 : pen });
    const kern = !fig && i + 1 < glyphs.length ? f.getKerningValue(glyph, glyphs[i + 1]!) * scale : 0;
    pen += (fig ? cell : adv) + kern + (i + 1 < glyphs.length ? (o.tracking ?? 0) * size : 0);
  });
  out.push({ glyph: glyphs[0]!, x: pen }); // the end of the line
  return out;
}

export function measure(text: string, face: Face, size: number, o: TypeOpts = {}): number {
  return text ? layout(text, face, size, o).at(-1)!.x : 0;
}

/** `text` as one outlined <path>, its baseline at y. */
export function type(text: string, x: number, y: number, size: number, face: Face, fill: string, o: TypeOpts = {}): string {
  if (!text) return '';
  const placed = layout(text, face, size, o);
  const width = placed.pop()!.x;
  const x0 = o.anchor === 'middle' ? x - width / 2 : o.anchor === 'end' ? x - width : x;
  const d = placed.map(({ glyph, x: gx }) => pathData(glyph, x0 + gx, y, size)).join('');
  return d ? `<path d="${d}" fill="${fill}"${o.attrs ? ' ' + o.attrs : ''}/>` : '';
}

/** The largest size ≤ max at which `text` fits `width`. */
export function fit(text: string, face: Face, width: number, max: number, o: TypeOpts = {}): number {
  const w = measure(text, face, max, o);
  return w <= width ? max : Math.floor((max * width) / w);
}

/** Greedy line breaking of `text` into lines no wider than `width`. */
export function wrap(text: string, face: Face, size: number, width: number, o: TypeOpts = {}): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines.at(-1);
    if (last !== undefined && measure(`${last} ${word}`, face, size, o) <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** Uppercase label in tracked Inter: the small caps of every image. */
export const label = (text: string, x: number, y: number, size: number, fill: string, o: TypeOpts = {}) => type(text.toUpperCase(), x, y, size, 'sans-600', fill, { tracking: 0.14, ...o });
