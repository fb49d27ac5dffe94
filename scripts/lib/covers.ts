/**
 * Article covers (research, news, press releases): a modernist tile mosaic on a colour field.
 * The grid, the shapes in its cells and their colours are seeded by the item's key, so every
 * item has its own cover; the palette family follows the kind (research dark, news mid, press
 * light) and `slot` (the item's place in its list) rotates the palette and scale so neighbours
 * differ. No text (the card shows the title next to it), deterministic.
 */
import { C, Rng, Svg, hashString, mix, n, type ArtSpec } from './art.ts';

const SAND = '#d8cbb5';
type Pal = { field: string; a: string; b: string; accent: string };
const PALETTES: Record<string, Pal[]> = {
  research: [
    { field: C.ink, a: C.steel, b: C.fog, accent: C.brass },
    { field: C.deep, a: C.navy, b: C.slate, accent: C.amber },
    { field: C.navy, a: mix(C.steel, C.slate, 0.4), b: C.mist, accent: C.brass },
  ],
  news: [
    { field: C.steel, a: C.navy, b: C.fog, accent: C.amber },
    { field: C.slate, a: C.navy, b: C.mist, accent: C.brass },
    { field: mix(C.steel, C.deep, 0.5), a: C.ink, b: C.slate, accent: C.amber },
  ],
  press: [
    { field: C.mist, a: C.fog, b: C.deep, accent: C.brass },
    { field: SAND, a: C.steel, b: C.navy, accent: C.brass },
    { field: C.fog, a: C.slate, b: C.ink, accent: C.amber },
  ],
};
const GRIDS: [number, number][] = [
  [3, 2],
  [6, 4],
  [4, 3],
  [5, 3],
];
type Shape = 'quarter' | 'half' | 'circle' | 'triangle' | 'stripes' | 'ring' | 'empty';
const SHAPES: Shape[] = ['quarter', 'quarter', 'half', 'circle', 'triangle', 'stripes', 'ring', 'empty', 'empty'];

export function coverSvg(key: string, W: number, H: number, slot = hashString('cover:' + key)): ArtSpec {
  const rng = new Rng('cover:' + key);
  const prefix = key.split('/')[0]!;
  const pals = PALETTES[prefix] ?? PALETTES.research!;
  const pal = pals[slot % pals.length]!;
  const [cols, rows] = GRIDS[(Math.floor(slot / pals.length) + hashString(prefix)) % GRIDS.length]!;
  const s = new Svg(W, H);
  s.rect(pal.field);
  const cw = W / cols;
  const ch = H / rows;
  const cell = Math.min(cw, ch);
  // one accent cell per cover (two on dense grids), the rest in the two tones
  const accents = new Set<number>();
  while (accents.size < (cols * rows > 20 ? 2 : 1)) accents.add(rng.int(0, cols * rows - 1));
  let i = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++, i++) {
      const x = c * cw + (cw - cell) / 2;
      const y = r * ch + (ch - cell) / 2;
      const shape = accents.has(i) ? rng.pick(['quarter', 'half', 'circle'] as const) : rng.pick(SHAPES);
      const col = accents.has(i) ? pal.accent : rng.chance(0.55) ? pal.a : pal.b;
      const rot = rng.int(0, 3) * 90;
      const cx = x + cell / 2;
      const cy = y + cell / 2;
      const t = `transform="rotate(${rot} ${n(cx)} ${n(cy)})"`;
      const sw = n(cell * 0.035);
      switch (shape) {
        case 'quarter':
          s.add(`<path d="M${n(x)} ${n(y)}L${n(x + cell)} ${n(y)}A${n(cell)} ${n(cell)} 0 0 1 ${n(x)} ${n(y + cell)}Z" fill="${col}" ${t}/>`);
          break;
        case 'half':
          s.add(`<path d="M${n(x)} ${n(cy)}A${n(cell / 2)} ${n(cell / 2)} 0 0 1 ${n(x + cell)} ${n(cy)}Z" fill="${col}" ${t}/>`);
          break;
        case 'circle':
          s.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(cell * 0.42)}" fill="${col}"/>`);
          break;
        case 'triangle':
          s.add(`<path d="M${n(x)} ${n(y)}L${n(x + cell)} ${n(y + cell)}L${n(x)} ${n(y + cell)}Z" fill="${col}" ${t}/>`);
          break;
        case 'stripes': {
          const lines: string[] = [];
          for (let k = 1; k < 6; k++) lines.push(`M${n(x + (k * cell) / 6)} ${n(y + cell * 0.08)}L${n(x + (k * cell) / 6)} ${n(y + cell * 0.92)}`);
          s.add(`<path d="${lines.join('')}" stroke="${col}" stroke-width="${sw}" ${t}/>`);
          break;
        }
        case 'ring':
          s.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(cell * 0.36)}" fill="none" stroke="${col}" stroke-width="${n(cell * 0.07)}"/>`);
          break;
        case 'empty':
          break;
      }
    }
  }
  return { width: W, height: H, svg: s.toString({ seed: hashString(key), amount: 0.04 }), motif: `cover-${prefix}-${cols}x${rows}-p${slot % pals.length}` };
}
