/**
 * Portfolio company wordmarks (SVG, WORDMARK's box): a logotype per company — its name in one of
 * the brand's faces at a weight, case and spacing of its own, the descriptor ("Therapeutics",
 * "Logistics Parks") set apart, and a simple geometric mark — on a plate of its sector's tint, so
 * it reads on any surface. Outlined type, no style attribute, nothing external: served as an
 * image from /images/portfolio/<id>.svg. The style comes from the company's id (it keeps it).
 */
import { hashString, measure, mix, n, rect, type, type Face, C } from './type.ts';
import type { Company } from './facts.ts';

/** The sectors' ink and accent (the hues of src/app/styles/portfolio-search.css's sector colours). */
const SECTOR: Record<string, [string, string]> = {
  technology: ['#15325a', '#3f73b5'],
  'real-estate': ['#3a2f45', '#8a6aa8'],
  pharmaceuticals: ['#0f4045', '#2f8f88'],
  'natural-resources': ['#23402c', '#5b8f4c'],
  'food-beverages': ['#5a2b1f', '#b8683f'],
  industrials: ['#2c3440', C.brass],
};

interface Style {
  face: Face;
  upper: boolean;
  tracking: number;
  sub: Face;
  subUpper: boolean;
  /** descriptor under the name (else after it) */
  below: boolean;
}
const STYLES: Style[] = [
  { face: 'serif-500', upper: false, tracking: 0, sub: 'sans-500', subUpper: true, below: true },
  { face: 'sans-800', upper: false, tracking: -0.03, sub: 'sans-400', subUpper: false, below: false },
  { face: 'sans-300', upper: true, tracking: 0.2, sub: 'sans-600', subUpper: true, below: true },
  { face: 'serif-400i', upper: false, tracking: 0, sub: 'serif-400', subUpper: true, below: true },
  { face: 'serif-700', upper: true, tracking: 0.06, sub: 'sans-500', subUpper: true, below: true },
  { face: 'sans-600', upper: false, tracking: -0.01, sub: 'sans-300', subUpper: false, below: false },
];

/** Marks on a 1-unit square (scaled to the cap height). */
const MARKS = [
  (s: number, c: string) => `<circle cx="${n(s / 2)}" cy="${n(s / 2)}" r="${n(s / 2)}" fill="${c}"/>`,
  (s: number, c: string) => `<path d="M${n(s / 2)} 0L${n(s)} ${n(s / 2)}L${n(s / 2)} ${n(s)}L0 ${n(s / 2)}Z" fill="${c}"/>`,
  (s: number, c: string) => rect(0, 0, s * 0.36, s, c) + rect(s * 0.56, s * 0.3, s * 0.36, s * 0.7, c),
  (s: number, c: string) => `<path d="M0 ${n(s)}A${n(s / 2)} ${n(s / 2)} 0 0 1 ${n(s)} ${n(s)}Z" fill="${c}"/>` + rect(0, 0, s, s * 0.2, c),
  (s: number, c: string) => `<path d="M0 ${n(s)}L${n(s / 2)} 0L${n(s)} ${n(s)}Z" fill="${c}"/>`,
  (s: number, c: string) => `<path d="M0 0H${n(s)}V${n(s)}A${n(s)} ${n(s)} 0 0 1 0 0Z" fill="${c}"/>`,
  (s: number, c: string) => [0, 1, 2].map((i) => rect(0, i * s * 0.38, s * (1 - i * 0.25), s * 0.24, c)).join(''),
];

/** Second words that belong to the name, not the descriptor. */
const PROPER = new Set(['Bay', 'Ridge', 'Peak', 'Lane']);

export function wordmarkSvg(c: Company, W: number, H: number): string {
  const h = hashString(c.id);
  const st = STYLES[h % STYLES.length]!;
  const mark = MARKS[(h >>> 4) % MARKS.length]!;
  const [ink, accent] = SECTOR[c.sector] ?? SECTOR.industrials!;
  // the name proper, then its descriptor: "Kestrel Bay" · "Logistics Parks", "Sundale" · "Senior Living"
  const words = c.name.split(' ');
  const cut = words.length === 1 ? 0 : PROPER.has(words[1]!) ? 2 : 1;
  const name = words.slice(0, Math.max(cut, 1)).join(' ');
  const desc = cut >= 1 ? words.slice(cut).join(' ') : '';
  const main = st.upper ? name.toUpperCase() : name;
  const sub = st.subUpper ? desc.toUpperCase() : desc;
  // laid out at size 100, then scaled to the box
  const size = 100;
  const subSize = st.below ? 34 : 100;
  const subTrack = st.subUpper ? 0.18 : 0;
  const mw = measure(main, st.face, size, { tracking: st.tracking });
  const sw = measure(sub, st.sub, subSize, { tracking: subTrack });
  const cap = 72;
  const gap = 34;
  const textW = st.below ? Math.max(mw, sw) : mw + (sub ? 28 + sw : 0);
  const totalW = cap + gap + textW;
  const totalH = st.below && sub ? size * 0.74 + 28 + subSize * 0.74 : size * 0.74;
  const pad = H * 0.16;
  const k = Math.min((W - 2 * pad) / totalW, (H - 2 * pad) / totalH);
  const y0 = (H - totalH * k) / 2;
  let inner = `<g transform="translate(0 ${n((totalH - cap) / 2)})">${mark(cap, accent)}</g>`;
  inner += type(main, cap + gap, size * 0.74, size, st.face, ink, { tracking: st.tracking });
  if (sub)
    inner += st.below
      ? type(sub, cap + gap, totalH, subSize, st.sub, mix(ink, accent, 0.35), { tracking: subTrack })
      : type(sub, cap + gap + mw + 28, size * 0.74, subSize, st.sub, mix(ink, accent, 0.5), { tracking: subTrack });
  const plate = mix(C.white, accent, 0.08);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    rect(0, 0, W, H, plate) +
    `<g transform="translate(${n(pad)} ${n(y0)}) scale(${+k.toFixed(4)})">${inner}</g></svg>\n`
  );
}
