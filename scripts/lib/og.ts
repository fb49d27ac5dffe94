/**
 * The site's share card (Open Graph / Twitter image, 1200×630): a scene from the hero set under an
 * ink wash, the monogram of the header's logo, the firm's name set in the site's own faces
 * (Newsreader and Inter from @fontsource, turned into outlines by opentype.js so the image never
 * depends on the fonts of the machine that builds it) and one line of what the firm does.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'opentype.js';
import { C, linear, n, type ArtSpec } from './art.ts';
import { sceneSvg } from './scenes.ts';

const require = createRequire(import.meta.url);
// A UMD bundle under Node: required, since an ES import cannot see its named exports.
const { parse } = require('opentype.js') as typeof import('opentype.js');
const font = (pkg: string, file: string) => {
  const buf = readFileSync(require.resolve(`@fontsource/${pkg}/files/${file}`));
  return parse(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
};

/** opentype.js 2 takes options here (its bundled types are 1.x's); without flipY: false it flips the y axis. */
type PathData2 = { toPathData(options: { decimalPlaces: number; flipY: boolean }): string };

/** Outline of `text` starting at (x, baseline y); `tracking` in em adds space after each glyph. */
function outline(f: Font, text: string, x: number, y: number, size: number, tracking = 0): { d: string; width: number } {
  let pen = x;
  const parts: string[] = [];
  // glyph by glyph: no OpenType substitutions (opentype.js does not support all of Inter's)
  const glyphs = Array.from(text, (ch) => f.charToGlyph(ch));
  glyphs.forEach((glyph, i) => {
    parts.push((glyph.getPath(pen, y, size) as unknown as PathData2).toPathData({ decimalPlaces: 2, flipY: false }));
    const kern = i + 1 < glyphs.length ? f.getKerningValue(glyph, glyphs[i + 1]!) : 0;
    pen += ((glyph.advanceWidth ?? 0) + kern) * (size / f.unitsPerEm) + (i + 1 < glyphs.length ? tracking * size : 0);
  });
  return { d: parts.join(''), width: pen - x };
}

/** `lines`: what the firm does and since when, then where (from content/site.json). */
export function ogSvg(key: string, W: number, H: number, lines: [string, string]): ArtSpec {
  const scene = sceneSvg(key, W, H, 'seascape');
  const serif = font('newsreader', 'newsreader-latin-400-normal.woff');
  const sans = font('inter', 'inter-latin-500-normal.woff');
  const x = 96;
  // The monogram, as in src/app/components/Logo.tsx (a 32-unit square), scaled to 88 px.
  const mark = 88 / 32;
  const name = outline(serif, 'Halden Rowe', x, 338, 96);
  const sub = outline(sans, 'CAPITAL', x + 4, 396, 22, 0.32);
  const line1 = outline(sans, lines[0], x, 516, 26, 0.005);
  const line2 = outline(sans, lines[1], x, 556, 20, 0.02);
  const wash = linear('ogwash', 0, 0, W, 0, [
    [0, C.ink, 0.94],
    [0.45, C.ink, 0.82],
    [0.8, C.ink, 0.25],
    [1, C.ink, 0.1],
  ]);
  const inner = scene.svg.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs>${wash}</defs>${inner}` +
    `<rect width="${W}" height="${H}" fill="url(#ogwash)"/>` +
    `<g transform="translate(${x} 96) scale(${n(mark)})" fill="none" stroke="${C.amber}" stroke-width="1.5">` +
    `<rect x="1" y="1" width="30" height="30"/><path d="M9 8v16M9 16h8M17 8v16M21 24V8h2.5a4 4 0 0 1 0 8H21l5 8"/></g>` +
    `<path d="${name.d}" fill="#ffffff"/>` +
    `<path d="${sub.d}" fill="${C.amber}"/>` +
    `<rect x="${x}" y="462" width="64" height="2" fill="${C.amber}"/>` +
    `<path d="${line1.d}" fill="#ffffff"/>` +
    `<path d="${line2.d}" fill="#b9c6d3"/>` +
    `</svg>`;
  return { width: W, height: H, svg, motif: 'og-card' };
}
