/**
 * Subject-led hero scenes (strategy and sector pages, stories/home slides). Each scene is drawn
 * in grey values (0 = darkest, 1 = lightest) and then put through one tritone grade (ink → steel →
 * mist), so the whole set shares a colour treatment; warm light (sun, lit windows, beams, liquids)
 * is drawn after the grade in the brass accent. No text, no external resources, deterministic.
 */
import { C, Rng, Svg, hashString, linear, mix, n, radialE, wave, type ArtSpec } from './art.ts';

const g = (v: number) => {
  const x = Math.max(0, Math.min(255, Math.round(v * 255)))
    .toString(16)
    .padStart(2, '0');
  return `#${x}${x}${x}`;
};

/** The tritone ramp the grey picture is mapped through. */
const RAMP = ['#07121f', '#10233d', '#2b4a6f', '#6f8aa6', '#b9c6d3', '#eef1f4', '#f7f3ea'];
const table = (ch: number) => RAMP.map((h) => (parseInt(h.slice(1 + ch * 2, 3 + ch * 2), 16) / 255).toFixed(3)).join(' ');
const GRADE =
  `<filter id="grade" color-interpolation-filters="sRGB" x="0" y="0" width="100%" height="100%">` +
  `<feColorMatrix type="matrix" values="0.3 0.59 0.11 0 0 0.3 0.59 0.11 0 0 0.3 0.59 0.11 0 0 0 0 0 1 0"/>` +
  `<feComponentTransfer><feFuncR type="table" tableValues="${table(0)}"/><feFuncG type="table" tableValues="${table(1)}"/><feFuncB type="table" tableValues="${table(2)}"/></feComponentTransfer>` +
  `</filter>`;

interface Scene {
  /** grey layers (graded) */
  base: string[];
  /** warm light drawn after the grade */
  warm: string[];
  defs: string[];
}

type Draw = (sc: Scene, rng: Rng, W: number, H: number) => void;

let uid = 0;
const id = (p: string) => `${p}${uid++}`;

function skyGrad(sc: Scene, W: number, H: number, stopsV: [number, number][]) {
  const i = id('sk');
  sc.defs.push(
    linear(
      i,
      0,
      0,
      0,
      H,
      stopsV.map(([o, v]) => [o, g(v)]),
    ),
  );
  sc.base.push(`<rect width="${W}" height="${H}" fill="url(#${i})"/>`);
}
function sunGlow(sc: Scene, x: number, y: number, r: number, alpha = 0.9, core = true) {
  const i = id('sun');
  sc.defs.push(
    radialE(i, x, y, r * 6, r * 4, [
      [0, C.amber, alpha * 0.55],
      [0.3, C.brass, alpha * 0.18],
      [1, C.brass, 0],
    ]),
  );
  sc.warm.push(`<rect x="${n(x - r * 6)}" y="${n(y - r * 4)}" width="${n(r * 12)}" height="${n(r * 8)}" fill="url(#${i})"/>`);
  if (core) sc.warm.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="#f6dfb4" fill-opacity="${alpha}"/>`);
}
/** A ridge silhouette filled down to the bottom. */
function ridge(W: number, H: number, y0: number, amp: number, f: (x: number) => number, step = 12): string {
  let d = `M0 ${H}`;
  for (let x = 0; x <= W + step; x += step) d += `L${n(x)} ${n(y0 + amp * f(x / W))}`;
  return d + `L${W + step} ${H}Z`;
}
/** Ridge with conifer tops along it. */
function treeline(rng: Rng, W: number, H: number, y0: number, amp: number, f: (x: number) => number, size: number): string {
  let d = `M0 ${H}`;
  let x = -size;
  while (x < W + size) {
    const base = y0 + amp * f(x / W);
    const w = size * rng.range(0.35, 0.6);
    const h = size * rng.range(1.2, 2.2);
    d += `L${n(x)} ${n(base)}L${n(x + w * 0.5)} ${n(base - h)}L${n(x + w)} ${n(base)}`;
    x += w * rng.range(0.55, 0.9);
  }
  return d + `L${W + size} ${H}Z`;
}

/* ------------------------------------------------------------ scenes -- */

const forestRidges: Draw = (sc, rng, W, H) => {
  skyGrad(sc, W, H, [
    [0, 0.62],
    [0.45, 0.9],
    [0.7, 0.8],
  ]);
  sunGlow(sc, W * rng.range(0.6, 0.75), H * 0.34, W * 0.03, 0.85);
  for (let i = 0; i < 6; i++) {
    const t = i / 5;
    const f = wave(rng.fork('r' + i), 3, 1.2 + i * 0.4);
    const y0 = H * (0.42 + t * 0.45);
    sc.base.push(`<path d="${treeline(rng.fork('t' + i), W, H, y0, H * (0.08 - t * 0.03), f, H * (0.015 + t * 0.05))}" fill="${g(0.72 - t * 0.68)}"/>`);
  }
};

const forestTrunks: Draw = (sc, rng, W, H) => {
  skyGrad(sc, W, H, [
    [0, 0.55],
    [0.5, 0.8],
    [1, 0.35],
  ]);
  sunGlow(sc, W * 0.62, H * 0.18, W * 0.02, 0.7);
  // light shafts
  for (let i = 0; i < 5; i++) {
    const x = W * (0.45 + i * 0.09);
    sc.warm.push(`<path d="M${n(x)} 0L${n(x + W * 0.04)} 0L${n(x - W * 0.12)} ${H}L${n(x - W * 0.2)} ${H}Z" fill="${C.amber}" fill-opacity="0.07"/>`);
  }
  for (let layer = 0; layer < 4; layer++) {
    const t = layer / 3;
    const count = 14 - layer * 3;
    for (let k = 0; k < count; k++) {
      const x = rng.range(-0.05, 1.05) * W;
      const w = W * (0.006 + t * t * 0.05) * rng.range(0.7, 1.3);
      sc.base.push(`<rect x="${n(x)}" y="0" width="${n(w)}" height="${H}" fill="${g(0.66 - t * 0.6)}"/>`);
    }
    sc.base.push(`<path d="${ridge(W, H, H * (0.8 + t * 0.08), H * 0.04, wave(rng.fork('g' + layer), 3, 2))}" fill="${g(0.5 - t * 0.45)}"/>`);
  }
};

const fields: Draw = (sc, rng, W, H) => {
  const hy = H * 0.42;
  skyGrad(sc, W, H, [
    [0, 0.6],
    [0.4, 0.92],
  ]);
  sunGlow(sc, W * 0.3, hy - H * 0.05, W * 0.028, 0.9);
  const vx = W * 0.55;
  sc.base.push(`<path d="${treeline(rng, W, H, hy, H * 0.004, () => 0, H * 0.012)}" fill="${g(0.45)}"/>`);
  // patchwork bands towards the horizon
  let y = hy + H * 0.006;
  let k = 0;
  while (y < H) {
    const h = (y - hy + H * 0.02) * 0.35;
    sc.base.push(`<rect x="0" y="${n(y)}" width="${W}" height="${n(h + 1)}" fill="${g([0.72, 0.42, 0.8, 0.3, 0.6][k % 5]! - ((y - hy) / H) * 0.25)}"/>`);
    y += h;
    k++;
  }
  // furrows converging on the vanishing point
  const lines: string[] = [];
  for (let i = -40; i <= 40; i++) {
    const bx = vx + i * W * 0.06;
    lines.push(`M${n(vx + i * W * 0.002)} ${n(hy)}L${n(bx)} ${H}`);
  }
  sc.base.push(`<path d="${lines.join('')}" fill="none" stroke="${g(0.15)}" stroke-opacity="0.55" stroke-width="${n(W * 0.0025)}"/>`);
  // hedgerows dividing the fields, converging too
  for (const i of [-9, -4, 3, 8]) sc.base.push(`<path d="M${n(vx + i * W * 0.004)} ${n(hy)}L${n(vx + i * W * 0.09)} ${H}" fill="none" stroke="${g(0.12)}" stroke-width="${n(W * 0.006)}"/>`);
  // a treeline and farm buildings on the horizon
  sc.base.push(`<rect x="0" y="${n(hy + H * 0.004)}" width="${W}" height="${n(H * 0.006)}" fill="${g(0.45)}"/>`);
  const bx = W * 0.72;
  sc.base.push(
    `<path d="M${n(bx)} ${n(hy + 2)}L${n(bx)} ${n(hy - H * 0.03)}L${n(bx + W * 0.02)} ${n(hy - H * 0.045)}L${n(bx + W * 0.04)} ${n(hy - H * 0.03)}L${n(bx + W * 0.04)} ${n(hy + 2)}Z" fill="${g(0.3)}"/>`,
  );
  sc.base.push(`<rect x="${n(bx + W * 0.05)}" y="${n(hy - H * 0.07)}" width="${n(W * 0.012)}" height="${n(H * 0.07 + 2)}" rx="${n(W * 0.006)}" fill="${g(0.32)}"/>`);
  sc.warm.push(`<rect x="0" y="${n(hy)}" width="${W}" height="${n(H * 0.2)}" fill="${C.brass}" fill-opacity="0.12"/>`);
};

const lab: Draw = (sc, rng, W, H) => {
  // bright window, bench, glassware silhouettes
  skyGrad(sc, W, H, [
    [0, 0.82],
    [0.62, 0.95],
    [0.63, 0.3],
    [1, 0.15],
  ]);
  for (let i = 0; i < 4; i++) sc.base.push(`<rect x="${n(W * (0.06 + i * 0.235))}" y="0" width="${n(W * 0.012)}" height="${n(H * 0.62)}" fill="${g(0.6)}"/>`);
  sc.base.push(`<rect x="0" y="${n(H * 0.3)}" width="${W}" height="${n(H * 0.01)}" fill="${g(0.62)}"/>`);
  const bench = H * 0.63;
  let x = W * 0.04;
  let i = 0;
  while (x < W * 0.95) {
    const kind = ['flask', 'tubes', 'beaker', 'round', 'cylinder'][(i + rng.int(0, 1)) % 5]!;
    const s = H * rng.range(0.22, 0.34);
    const glass = g(0.42);
    const edge = g(0.2);
    let w = s * 0.6;
    if (kind === 'flask') {
      w = s * 0.7;
      const neck = w * 0.14;
      const d = `M${n(x + w / 2 - neck)} ${n(bench - s)}L${n(x + w / 2 - neck)} ${n(bench - s * 0.6)}L${n(x)} ${n(bench)}L${n(x + w)} ${n(bench)}L${n(x + w / 2 + neck)} ${n(bench - s * 0.6)}L${n(x + w / 2 + neck)} ${n(bench - s)}Z`;
      sc.base.push(`<path d="${d}" fill="${glass}" fill-opacity="0.55" stroke="${edge}" stroke-width="${n(W * 0.002)}"/>`);
      sc.warm.push(`<path d="M${n(x + w * 0.2)} ${n(bench - s * 0.25)}L${n(x + w * 0.8)} ${n(bench - s * 0.25)}L${n(x + w)} ${n(bench)}L${n(x)} ${n(bench)}Z" fill="${C.brass}" fill-opacity="0.75"/>`);
    } else if (kind === 'tubes') {
      w = s * 0.9;
      sc.base.push(`<rect x="${n(x)}" y="${n(bench - s * 0.35)}" width="${n(w)}" height="${n(s * 0.06)}" fill="${g(0.25)}"/>`);
      for (let k = 0; k < 5; k++) {
        const tx = x + w * (0.08 + k * 0.19);
        const th = s * rng.range(0.55, 0.7);
        sc.base.push(
          `<rect x="${n(tx)}" y="${n(bench - th)}" width="${n(w * 0.1)}" height="${n(th)}" rx="${n(w * 0.05)}" fill="${glass}" fill-opacity="0.6" stroke="${edge}" stroke-width="${n(W * 0.0015)}"/>`,
        );
        if (k % 2 === 0) sc.warm.push(`<rect x="${n(tx)}" y="${n(bench - th * 0.4)}" width="${n(w * 0.1)}" height="${n(th * 0.4)}" rx="${n(w * 0.05)}" fill="${C.amber}" fill-opacity="0.7"/>`);
      }
      sc.base.push(`<rect x="${n(x)}" y="${n(bench - s * 0.08)}" width="${n(w)}" height="${n(s * 0.08)}" fill="${g(0.22)}"/>`);
    } else if (kind === 'round') {
      const r = s * 0.28;
      w = r * 2;
      sc.base.push(
        `<path d="M${n(x + r - r * 0.18)} ${n(bench - s * 0.95)}L${n(x + r - r * 0.18)} ${n(bench - r * 1.9)}A${n(r)} ${n(r)} 0 1 0 ${n(x + r + r * 0.18)} ${n(bench - r * 1.9)}L${n(x + r + r * 0.18)} ${n(bench - s * 0.95)}Z" fill="${glass}" fill-opacity="0.5" stroke="${edge}" stroke-width="${n(W * 0.002)}"/>`,
      );
      sc.warm.push(`<path d="M${n(x + r * 0.1)} ${n(bench - r * 0.8)}A${n(r)} ${n(r)} 0 0 0 ${n(x + r * 1.9)} ${n(bench - r * 0.8)}Z" fill="${C.amber}" fill-opacity="0.55"/>`);
    } else {
      w = s * (kind === 'beaker' ? 0.45 : 0.22);
      const h = kind === 'beaker' ? s * 0.5 : s;
      sc.base.push(`<rect x="${n(x)}" y="${n(bench - h)}" width="${n(w)}" height="${n(h)}" fill="${glass}" fill-opacity="0.5" stroke="${edge}" stroke-width="${n(W * 0.002)}"/>`);
      for (let m = 1; m < 6; m++)
        sc.base.push(`<line x1="${n(x)}" x2="${n(x + w * 0.3)}" y1="${n(bench - (h * m) / 6)}" y2="${n(bench - (h * m) / 6)}" stroke="${edge}" stroke-width="${n(W * 0.0012)}"/>`);
    }
    x += w + W * rng.range(0.03, 0.06);
    i++;
  }
  sc.base.push(`<rect x="0" y="${n(bench)}" width="${W}" height="${n(H * 0.02)}" fill="${g(0.55)}"/>`);
};

const molecules: Draw = (sc, rng, W, H) => {
  skyGrad(sc, W, H, [
    [0, 0.78],
    [1, 0.4],
  ]);
  sunGlow(sc, W * 0.7, H * 0.3, W * 0.01, 0.5, false);
  // a ball-and-stick cluster: random walk in 3D, projected with depth shading
  type P = [number, number, number];
  const atoms: P[] = [[0, 0, 0]];
  const bonds: [number, number][] = [];
  for (let k = 1; k < 26; k++) {
    const from = rng.int(Math.max(0, k - 4), k - 1);
    const a = atoms[from]!;
    const th = rng.range(0, Math.PI * 2);
    const ph = rng.range(-1, 1);
    atoms.push([a[0] + Math.cos(th) * Math.sqrt(1 - ph * ph), a[1] + ph, a[2] + Math.sin(th) * Math.sqrt(1 - ph * ph)]);
    bonds.push([from, k]);
  }
  const cx = atoms.reduce((s, p) => s + p[0], 0) / atoms.length;
  const cy = atoms.reduce((s, p) => s + p[1], 0) / atoms.length;
  const sc2 = H * 0.3;
  const proj = (p: P) => {
    const z = 4 + p[2];
    return [W * 0.6 + ((p[0] - cx) * sc2 * 4) / z, H * 0.5 + ((p[1] - cy) * sc2 * 4) / z, z] as const;
  };
  const order = atoms.map((p, i) => [proj(p), i] as const).sort((a, b) => b[0][2] - a[0][2]);
  for (const [a, b] of bonds) {
    const p = proj(atoms[a]!);
    const q = proj(atoms[b]!);
    sc.base.push(`<line x1="${n(p[0])}" y1="${n(p[1])}" x2="${n(q[0])}" y2="${n(q[1])}" stroke="${g(0.3)}" stroke-width="${n(H * 0.022)}" stroke-linecap="round"/>`);
  }
  const ball = id('ball');
  sc.defs.push(
    `<radialGradient id="${ball}" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="${g(0.95)}"/><stop offset="0.5" stop-color="${g(0.45)}"/><stop offset="1" stop-color="${g(0.08)}"/></radialGradient>`,
  );
  for (const [p, i] of order) {
    const r = ((H * 0.075 * 4) / p[2]) * (i % 5 === 0 ? 1.35 : 1);
    sc.base.push(`<circle cx="${n(p[0])}" cy="${n(p[1])}" r="${n(r)}" fill="url(#${ball})"/>`);
    if (i % 7 === 3) sc.warm.push(`<circle cx="${n(p[0])}" cy="${n(p[1])}" r="${n(r)}" fill="${C.brass}" fill-opacity="0.55"/>`);
  }
};

const circuit: Draw = (sc, rng, W, H) => {
  skyGrad(sc, W, H, [
    [0, 0.38],
    [1, 0.18],
  ]);
  const grid = W / 48;
  const traces: string[] = [];
  const pads: string[] = [];
  const hot: string[] = [];
  for (let k = 0; k < 70; k++) {
    let x = Math.round(rng.range(0, 48)) * grid;
    let y = Math.round(rng.range(0, 27)) * grid;
    let d = `M${n(x)} ${n(y)}`;
    let dir = rng.int(0, 3);
    for (let s = 0; s < rng.int(3, 7); s++) {
      const len = grid * rng.int(2, 8);
      const dx = [1, 0, -1, 0][dir]!;
      const dy = [0, 1, 0, -1][dir]!;
      x += dx * len;
      y += dy * len;
      d += `L${n(x)} ${n(y)}`;
      // a 45° jog
      const j = grid * rng.int(1, 2);
      x += (dx || rng.sign()) * j;
      y += (dy || rng.sign()) * j;
      d += `L${n(x)} ${n(y)}`;
      dir = (dir + (rng.chance(0.5) ? 1 : 3)) % 4;
    }
    (k % 6 === 0 ? hot : traces).push(d);
    pads.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(grid * 0.28)}"/>`);
  }
  sc.base.push(`<path d="${traces.join('')}" fill="none" stroke="${g(0.62)}" stroke-width="${n(grid * 0.14)}" stroke-linejoin="round"/>`);
  sc.base.push(`<g fill="${g(0.85)}">${pads.join('')}</g>`);
  // chips
  for (let c = 0; c < 3; c++) {
    const w = grid * rng.int(6, 9);
    const x = W * (0.15 + c * 0.3) + rng.range(-1, 1) * grid * 2;
    const y = H * rng.range(0.25, 0.55);
    const pins: string[] = [];
    for (let p = grid; p < w; p += grid * 0.8) pins.push(`M${n(x + p)} ${n(y - grid * 0.6)}L${n(x + p)} ${n(y)}M${n(x + p)} ${n(y + w)}L${n(x + p)} ${n(y + w + grid * 0.6)}`);
    sc.base.push(`<path d="${pins.join('')}" stroke="${g(0.8)}" stroke-width="${n(grid * 0.25)}"/>`);
    sc.base.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(w)}" rx="${n(grid * 0.3)}" fill="${g(0.08)}" stroke="${g(0.5)}" stroke-width="${n(grid * 0.1)}"/>`);
    sc.base.push(`<rect x="${n(x + w * 0.3)}" y="${n(y + w * 0.3)}" width="${n(w * 0.4)}" height="${n(w * 0.4)}" fill="${g(0.22)}"/>`);
  }
  sc.warm.push(`<path d="${hot.join('')}" fill="none" stroke="${C.amber}" stroke-width="${n(grid * 0.18)}" stroke-linejoin="round" stroke-opacity="0.9"/>`);
  const gl = id('cg');
  sc.defs.push(
    radialE(gl, W * 0.5, H * 0.45, W * 0.6, H * 0.6, [
      [0, '#ffffff', 0.12],
      [1, '#000000', 0.3],
    ]),
  );
  sc.base.push(`<rect width="${W}" height="${H}" fill="url(#${gl})"/>`);
};

function buildingsLayer(sc: Scene, rng: Rng, W: number, H: number, base: number, hMin: number, hMax: number, v: number, windows: number) {
  let x = -rng.range(0, W * 0.05);
  while (x < W) {
    const w = W * rng.range(0.035, 0.09);
    const h = H * rng.range(hMin, hMax);
    sc.base.push(`<rect x="${n(x)}" y="${n(base - h)}" width="${n(w + 1)}" height="${n(h + H)}" fill="${g(v)}"/>`);
    if (rng.chance(0.3)) sc.base.push(`<rect x="${n(x + w * 0.4)}" y="${n(base - h - H * 0.04)}" width="${n(w * 0.06)}" height="${n(H * 0.04)}" fill="${g(v)}"/>`);
    if (windows > 0) {
      const lit: string[] = [];
      const cw = w / 6;
      for (let yy = base - h + cw; yy < base - cw; yy += cw * 1.6)
        for (let xx = x + cw * 0.7; xx < x + w - cw; xx += cw * 1.25) if (rng.chance(windows)) lit.push(`<rect x="${n(xx)}" y="${n(yy)}" width="${n(cw * 0.6)}" height="${n(cw * 0.8)}"/>`);
      sc.warm.push(`<g fill="${C.amber}" fill-opacity="0.75">${lit.join('')}</g>`);
    }
    x += w + W * rng.range(0, 0.012);
  }
}

const skyline: Draw = (sc, rng, W, H) => {
  skyGrad(sc, W, H, [
    [0, 0.35],
    [0.55, 0.85],
    [0.75, 0.95],
  ]);
  sunGlow(sc, W * 0.4, H * 0.72, W * 0.05, 0.8);
  buildingsLayer(sc, rng.fork('a'), W, H, H * 0.82, 0.2, 0.45, 0.55, 0);
  buildingsLayer(sc, rng.fork('b'), W, H, H * 0.9, 0.15, 0.55, 0.3, 0.12);
  buildingsLayer(sc, rng.fork('c'), W, H, H * 1.0, 0.1, 0.35, 0.1, 0.08);
};

const factory: Draw = (sc, rng, W, H) => {
  skyGrad(sc, W, H, [
    [0, 0.7],
    [0.7, 0.93],
  ]);
  sunGlow(sc, W * 0.78, H * 0.5, W * 0.03, 0.8);
  const base = H * 0.78;
  // steam plumes
  for (let c = 0; c < 3; c++) {
    const x = W * (0.2 + c * 0.18);
    const top = H * rng.range(0.18, 0.3);
    sc.base.push(`<rect x="${n(x)}" y="${n(top)}" width="${n(W * 0.018)}" height="${n(base - top)}" fill="${g(0.25)}"/>`);
    for (let p = 0; p < 6; p++)
      sc.base.push(
        `<ellipse cx="${n(x + W * 0.01 + p * W * 0.035)}" cy="${n(top - H * 0.03 - p * H * 0.025)}" rx="${n(W * (0.02 + p * 0.012))}" ry="${n(H * (0.025 + p * 0.01))}" fill="${g(0.97)}" fill-opacity="${(0.75 - p * 0.1).toFixed(2)}"/>`,
      );
  }
  // sawtooth sheds
  const teeth = 14;
  const tw = W / teeth;
  let d = `M0 ${H}L0 ${n(base - H * 0.12)}`;
  for (let t = 0; t < teeth; t++) d += `L${n(t * tw + tw * 0.75)} ${n(base - H * 0.22)}L${n(t * tw + tw * 0.75)} ${n(base - H * 0.12)}L${n((t + 1) * tw)} ${n(base - H * 0.12)}`;
  sc.base.push(`<path d="${d}L${W} ${H}Z" fill="${g(0.32)}"/>`);
  const glaze: string[] = [];
  for (let t = 0; t < teeth; t++) glaze.push(`M${n(t * tw + tw * 0.75 - 2)} ${n(base - H * 0.2)}L${n(t * tw + tw * 0.75 - 2)} ${n(base - H * 0.125)}`);
  sc.warm.push(`<path d="${glaze.join('')}" stroke="${C.amber}" stroke-width="${n(W * 0.004)}" stroke-opacity="0.7"/>`);
  sc.base.push(`<rect x="0" y="${n(base)}" width="${W}" height="${n(H - base)}" fill="${g(0.12)}"/>`);
  // tanks
  for (let k = 0; k < 3; k++)
    sc.base.push(`<rect x="${n(W * (0.68 + k * 0.08))}" y="${n(base - H * 0.3)}" width="${n(W * 0.06)}" height="${n(H * 0.3)}" rx="${n(W * 0.01)}" fill="${g(0.2 + k * 0.05)}"/>`);
};

const turbines: Draw = (sc, rng, W, H) => {
  skyGrad(sc, W, H, [
    [0, 0.5],
    [0.6, 0.9],
  ]);
  sunGlow(sc, W * 0.22, H * 0.55, W * 0.025, 0.7);
  const layers = 4;
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    const f = wave(rng.fork('h' + i), 2, 0.7 + i * 0.3);
    const y0 = H * (0.6 + t * 0.25);
    const amp = H * 0.06;
    const v = 0.7 - t * 0.6;
    const count = [7, 5, 3, 0][i]!;
    for (let k = 0; k < count; k++) {
      const x = W * ((k + rng.range(0.2, 0.8)) / count);
      const gy = y0 + amp * f(x / W);
      const h = H * (0.16 + t * 0.32);
      const hub = gy - h;
      const bl = h * 0.55;
      const a0 = rng.range(0, 120);
      sc.base.push(`<path d="M${n(x - h * 0.012)} ${n(gy)}L${n(x - h * 0.006)} ${n(hub)}L${n(x + h * 0.006)} ${n(hub)}L${n(x + h * 0.012)} ${n(gy)}Z" fill="${g(v + 0.05)}"/>`);
      for (let b = 0; b < 3; b++)
        sc.base.push(
          `<path d="M0 0L${n(h * 0.02)} ${n(-bl * 0.15)}L${n(h * 0.004)} ${n(-bl)}L${n(-h * 0.008)} ${n(-bl * 0.1)}Z" fill="${g(v + 0.05)}" transform="translate(${n(x)} ${n(hub)}) rotate(${n(a0 + b * 120)})"/>`,
        );
      sc.base.push(`<circle cx="${n(x)}" cy="${n(hub)}" r="${n(h * 0.014)}" fill="${g(v)}"/>`);
    }
    sc.base.push(`<path d="${ridge(W, H, y0, amp, f)}" fill="${g(v)}"/>`);
  }
};

const bridge: Draw = (sc, rng, W, H) => {
  const wl = H * 0.72;
  skyGrad(sc, W, H, [
    [0, 0.45],
    [0.7, 0.9],
    [0.72, 0.55],
    [1, 0.25],
  ]);
  sunGlow(sc, W * 0.6, wl - H * 0.03, W * 0.03, 0.9);
  // reflection streak
  sc.warm.push(`<rect x="${n(W * 0.57)}" y="${n(wl)}" width="${n(W * 0.06)}" height="${n(H - wl)}" fill="${C.amber}" fill-opacity="0.18"/>`);
  const t1 = W * 0.25;
  const t2 = W * 0.78;
  const deck = wl - H * 0.1;
  const top = H * 0.12;
  for (const tx of [t1, t2]) {
    sc.base.push(`<rect x="${n(tx - W * 0.012)}" y="${n(top)}" width="${n(W * 0.024)}" height="${n(wl - top)}" fill="${g(0.12)}"/>`);
    sc.base.push(`<rect x="${n(tx - W * 0.016)}" y="${n(top + H * 0.12)}" width="${n(W * 0.032)}" height="${n(H * 0.015)}" fill="${g(0.12)}"/>`);
  }
  const cable = (x0: number, x1: number, sag: number) => {
    let d = '';
    for (let i = 0; i <= 40; i++) {
      const t = i / 40;
      const x = x0 + (x1 - x0) * t;
      const y = top + H * 0.01 + sag * 4 * t * (1 - t);
      d += `${i ? 'L' : 'M'}${n(x)} ${n(y)}`;
    }
    return d;
  };
  sc.base.push(`<path d="${cable(t1, t2, deck - top - H * 0.03)}" fill="none" stroke="${g(0.1)}" stroke-width="${n(H * 0.006)}"/>`);
  sc.base.push(
    `<path d="M${n(-W * 0.1)} ${n(deck - H * 0.01)}Q${n(t1 * 0.6)} ${n(deck - H * 0.05)} ${n(t1)} ${n(top + H * 0.01)}M${n(t2)} ${n(top + H * 0.01)}Q${n(t2 + (W - t2) * 0.4)} ${n(deck - H * 0.05)} ${n(W * 1.1)} ${n(deck - H * 0.01)}" fill="none" stroke="${g(0.1)}" stroke-width="${n(H * 0.006)}"/>`,
  );
  const hangers: string[] = [];
  for (let x = t1 + W * 0.02; x < t2; x += W * 0.018) {
    const t = (x - t1) / (t2 - t1);
    hangers.push(`M${n(x)} ${n(top + H * 0.01 + (deck - top - H * 0.03) * 4 * t * (1 - t))}L${n(x)} ${n(deck)}`);
  }
  sc.base.push(`<path d="${hangers.join('')}" stroke="${g(0.15)}" stroke-width="${n(W * 0.0012)}"/>`);
  sc.base.push(`<rect x="0" y="${n(deck)}" width="${W}" height="${n(H * 0.018)}" fill="${g(0.1)}"/>`);
  // water ripples
  const rip: string[] = [];
  for (let k = 0; k < 60; k++) {
    const y = wl + (H - wl) * Math.pow(rng.f(), 1.5);
    const x = rng.range(0, W);
    rip.push(`M${n(x)} ${n(y)}L${n(x + W * rng.range(0.02, 0.08))} ${n(y)}`);
  }
  sc.base.push(`<path d="${rip.join('')}" stroke="${g(0.6)}" stroke-opacity="0.5" stroke-width="${n(H * 0.002)}"/>`);
};

const lighthouse: Draw = (sc, rng, W, H) => {
  const wl = H * 0.7;
  skyGrad(sc, W, H, [
    [0, 0.2],
    [0.65, 0.6],
    [0.7, 0.5],
    [1, 0.18],
  ]);
  const lx = W * 0.68;
  const top = H * 0.28;
  // beam
  sc.warm.push(`<path d="M${n(lx)} ${n(top + H * 0.02)}L${n(-W * 0.1)} ${n(top - H * 0.2)}L${n(-W * 0.1)} ${n(top + H * 0.18)}Z" fill="${C.amber}" fill-opacity="0.22"/>`);
  sunGlow(sc, lx, top + H * 0.02, W * 0.012, 1);
  // rocks
  sc.base.push(`<path d="${ridge(W, H, wl - H * 0.02, H * 0.05, (x) => (x > 0.5 ? -Math.sin((x - 0.5) * Math.PI * 2) : 1), 10)}" fill="${g(0.08)}"/>`);
  // tower
  const bw = W * 0.035;
  sc.base.push(
    `<path d="M${n(lx - bw)} ${n(wl - H * 0.05)}L${n(lx - bw * 0.65)} ${n(top + H * 0.06)}L${n(lx + bw * 0.65)} ${n(top + H * 0.06)}L${n(lx + bw)} ${n(wl - H * 0.05)}Z" fill="${g(0.85)}"/>`,
  );
  for (let b = 0; b < 3; b++) {
    const y = top + H * (0.12 + b * 0.1);
    sc.base.push(`<rect x="${n(lx - bw)}" y="${n(y)}" width="${n(bw * 2)}" height="${n(H * 0.04)}" fill="${g(0.18)}"/>`);
  }
  sc.base.push(`<rect x="${n(lx - bw * 0.8)}" y="${n(top + H * 0.045)}" width="${n(bw * 1.6)}" height="${n(H * 0.015)}" fill="${g(0.1)}"/>`);
  sc.base.push(`<path d="M${n(lx - bw * 0.5)} ${n(top - H * 0.01)}L${n(lx)} ${n(top - H * 0.05)}L${n(lx + bw * 0.5)} ${n(top - H * 0.01)}Z" fill="${g(0.1)}"/>`);
  // sea
  const sea = wave(rng, 3, 3);
  for (let k = 0; k < 8; k++) {
    const y = wl + (H - wl) * (k / 8);
    sc.base.push(`<path d="${ridge(W, H, y, H * 0.008 * (1 + k * 0.3), (x) => sea(x, k), 16)}" fill="${g(0.42 - k * 0.04)}"/>`);
  }
  sc.base.push(`<path d="${ridge(W, H, wl + H * 0.05, H * 0.04, (x) => (x > 0.55 && x < 0.85 ? -1 : 0.6), 10)}" fill="${g(0.06)}"/>`);
};

const colonnade: Draw = (sc, rng, W, H) => {
  // A colonnaded gallery in one-point perspective: coffered ceiling, stone floor, two rows of
  // columns under their beams, lit from a doorway at the far end (shadows fall toward the viewer).
  const vx = W * 0.5;
  const vy = H * 0.5;
  const X = W * 0.44; // half the gallery's width at depth 1
  const TOP = H * 0.66; // ceiling above the eye at depth 1
  const BOT = H * 0.58; // floor below the eye at depth 1
  const at = (z: number) => ({ s: 1 / z, l: vx - X / z, r: vx + X / z, t: vy - TOP / z, b: vy + BOT / z });
  const far = at(13);
  // floor and ceiling: lighter toward the door
  const fl = id('fl');
  sc.defs.push(
    linear(fl, 0, far.b, 0, H, [
      [0, g(0.62)],
      [0.35, g(0.36)],
      [1, g(0.16)],
    ]),
  );
  sc.base.push(`<rect x="0" y="${n(vy)}" width="${W}" height="${n(H - vy)}" fill="url(#${fl})"/>`);
  const cl = id('cl');
  sc.defs.push(
    linear(cl, 0, 0, 0, far.t, [
      [0, g(0.07)],
      [1, g(0.3)],
    ]),
  );
  sc.base.push(`<rect width="${W}" height="${n(vy)}" fill="url(#${cl})"/>`);
  // floor joints converging on the door, and courses across
  const joints: string[] = [];
  for (let k = -6; k <= 6; k++) joints.push(`M${n(vx + (k * X) / 6 / 13)} ${n(far.b)}L${n(vx + ((k * X) / 6) * 1.2)} ${n(vy + BOT * 1.2)}`);
  for (let z = 1.1; z < 13; z *= 1.28) joints.push(`M0 ${n(at(z).b)}H${W}`);
  sc.base.push(`<path d="${joints.join('')}" fill="none" stroke="${g(0.1)}" stroke-opacity="0.35" stroke-width="${n(W * 0.0012)}"/>`);
  // ceiling coffers: beams across
  const beams: string[] = [];
  for (let z = 1.2; z < 13; z *= 1.45) {
    const p = at(z);
    beams.push(`<rect x="0" y="${n(p.t - H * 0.035 * p.s)}" width="${W}" height="${n(H * 0.05 * p.s)}" fill="${g(0.2)}"/>`);
  }
  sc.base.push(...beams);
  // side walls beyond the rows (lighter toward the door), with pilaster lines
  const wl = id('wl');
  sc.defs.push(
    linear(wl, 0, 0, far.l, 0, [
      [0, g(0.1)],
      [1, g(0.42)],
    ]),
  );
  const wr = id('wr');
  sc.defs.push(
    linear(wr, W, 0, far.r, 0, [
      [0, g(0.1)],
      [1, g(0.42)],
    ]),
  );
  sc.base.push(`<path d="M0 0L${n(far.l)} ${n(far.t)}L${n(far.l)} ${n(far.b)}L0 ${H}Z" fill="url(#${wl})"/>`);
  sc.base.push(`<path d="M${W} 0L${n(far.r)} ${n(far.t)}L${n(far.r)} ${n(far.b)}L${W} ${H}Z" fill="url(#${wr})"/>`);
  // the far wall and its lit doorway
  sc.base.push(`<rect x="${n(far.l - W * 0.01)}" y="${n(far.t)}" width="${n(far.r - far.l + W * 0.02)}" height="${n(far.b - far.t)}" fill="${g(0.5)}"/>`);
  const dw = (far.r - far.l) * 0.42;
  sc.base.push(`<rect x="${n(vx - dw / 2)}" y="${n(far.t + (far.b - far.t) * 0.28)}" width="${n(dw)}" height="${n((far.b - far.t) * 0.72)}" fill="${g(0.98)}"/>`);
  // columns, far to near, each with its beam, base, capital, fluting and cast shadow
  const depths = [12, 8.5, 6, 4.3, 3.1, 2.25, 1.62, 1.18];
  for (const side of [-1, 1] as const) {
    // the entablature above the row
    const a = at(depths[0]!),
      z1 = at(0.8);
    const ex = (p: ReturnType<typeof at>) => (side < 0 ? p.l : p.r);
    sc.base.push(`<path d="M${n(ex(a))} ${n(a.t)}L${n(ex(z1))} ${n(z1.t)}L${n(ex(z1))} ${n(z1.t + (H * 0.1) / 0.8)}L${n(ex(a))} ${n(a.t + (H * 0.1) / depths[0]!)}Z" fill="${g(0.34)}"/>`);
    for (const z of depths) {
      const p = at(z);
      const x = ex(p);
      const cw = W * 0.055 * p.s;
      const top = p.t + H * 0.1 * p.s;
      const bot = p.b;
      // shadow cast toward the viewer, away from the door
      const dx = (x - vx) * 0.55,
        dy = (bot - vy) * 0.55;
      sc.base.push(
        `<path d="M${n(x - cw / 2)} ${n(bot)}L${n(x + cw / 2)} ${n(bot)}L${n(x + cw / 2 + dx)} ${n(bot + dy)}L${n(x - cw / 2 + dx)} ${n(bot + dy)}Z" fill="${g(0.06)}" fill-opacity="0.5"/>`,
      );
      const lit = 0.5 + 0.32 * Math.min(1, 1.6 / z);
      sc.base.push(`<rect x="${n(x - cw / 2)}" y="${n(top)}" width="${n(cw)}" height="${n(bot - top)}" fill="${g(lit)}"/>`);
      // the face turned away from the door is in shade
      sc.base.push(`<rect x="${n(side < 0 ? x - cw / 2 : x)}" y="${n(top)}" width="${n(cw / 2)}" height="${n(bot - top)}" fill="${g(0.16)}" fill-opacity="0.55"/>`);
      const fl2: string[] = [];
      for (let f = 1; f < 6; f++) fl2.push(`M${n(x - cw / 2 + (cw * f) / 6)} ${n(top + cw * 0.4)}V${n(bot - cw * 0.3)}`);
      sc.base.push(`<path d="${fl2.join('')}" fill="none" stroke="${g(0.2)}" stroke-opacity="0.35" stroke-width="${n(Math.max(0.6, cw * 0.025))}"/>`);
      sc.base.push(`<rect x="${n(x - cw * 0.7)}" y="${n(top)}" width="${n(cw * 1.4)}" height="${n(cw * 0.28)}" fill="${g(lit * 0.92)}"/>`);
      sc.base.push(`<rect x="${n(x - cw * 0.7)}" y="${n(bot - cw * 0.24)}" width="${n(cw * 1.4)}" height="${n(cw * 0.24)}" fill="${g(lit * 0.85)}"/>`);
    }
  }
  // warm light through the door, spilling along the floor
  sunGlow(sc, vx, far.b - (far.b - far.t) * 0.3, W * 0.012, 0.55, false);
  sc.warm.push(`<path d="M${n(vx - dw / 2)} ${n(far.b)}L${n(vx + dw / 2)} ${n(far.b)}L${n(vx + W * 0.2)} ${H}L${n(vx - W * 0.2)} ${H}Z" fill="${C.amber}" fill-opacity="0.1"/>`);
  void rng;
};

const seascape: Draw = (sc, rng, W, H) => {
  const hy = H * 0.55;
  skyGrad(sc, W, H, [
    [0, 0.4],
    [0.53, 0.88],
    [0.55, 0.65],
    [1, 0.3],
  ]);
  sunGlow(sc, W * 0.5, hy - H * 0.08, W * 0.035, 0.9);
  // cloud bands
  for (let k = 0; k < 5; k++)
    sc.base.push(
      `<rect x="${n(rng.range(-0.2, 0.6) * W)}" y="${n(H * (0.12 + k * 0.07))}" width="${n(W * rng.range(0.3, 0.7))}" height="${n(H * 0.012)}" rx="${n(H * 0.006)}" fill="${g(0.95)}" fill-opacity="0.5"/>`,
    );
  const rip: string[] = [];
  for (let k = 0; k < 120; k++) {
    const y = hy + (H - hy) * Math.pow(rng.f(), 1.6);
    const x = rng.range(0, W);
    rip.push(`M${n(x)} ${n(y)}L${n(x + W * rng.range(0.01, 0.06) * (1 + ((y - hy) / H) * 3))} ${n(y)}`);
  }
  sc.base.push(`<path d="${rip.join('')}" stroke="${g(0.2)}" stroke-opacity="0.5" stroke-width="${n(H * 0.003)}"/>`);
  sc.warm.push(`<path d="M${n(W * 0.48)} ${n(hy)}L${n(W * 0.52)} ${n(hy)}L${n(W * 0.6)} ${H}L${n(W * 0.4)} ${H}Z" fill="${C.amber}" fill-opacity="0.25"/>`);
};

const summit: Draw = (sc, rng, W, H) => {
  skyGrad(sc, W, H, [
    [0, 0.55],
    [0.6, 0.92],
  ]);
  sunGlow(sc, W * 0.8, H * 0.22, W * 0.025, 0.8);
  const peak = (x0: number, y: number, w: number, v: number, snow: boolean) => {
    const d = `M${n(x0 - w)} ${H}L${n(x0 - w * 0.35)} ${n(y + H * 0.18)}L${n(x0 - w * 0.12)} ${n(y + H * 0.08)}L${n(x0)} ${n(y)}L${n(x0 + w * 0.2)} ${n(y + H * 0.1)}L${n(x0 + w * 0.45)} ${n(y + H * 0.16)}L${n(x0 + w)} ${H}Z`;
    sc.base.push(`<path d="${d}" fill="${g(v)}"/>`);
    sc.base.push(`<path d="M${n(x0)} ${n(y)}L${n(x0 + w * 0.2)} ${n(y + H * 0.1)}L${n(x0 + w * 0.45)} ${n(y + H * 0.16)}L${n(x0 + w)} ${H}L${n(x0 + w * 0.1)} ${H}Z" fill="${g(v * 0.5)}"/>`);
    if (snow) sc.base.push(`<path d="M${n(x0 - w * 0.12)} ${n(y + H * 0.08)}L${n(x0)} ${n(y)}L${n(x0 + w * 0.2)} ${n(y + H * 0.1)}L${n(x0 + w * 0.05)} ${n(y + H * 0.07)}Z" fill="${g(0.97)}"/>`);
  };
  peak(W * 0.2, H * 0.3, W * 0.35, 0.6, true);
  peak(W * 0.75, H * 0.38, W * 0.4, 0.55, true);
  peak(W * 0.5, H * 0.2, W * 0.38, 0.45, true);
  sc.base.push(`<path d="${ridge(W, H, H * 0.82, H * 0.05, wave(rng, 2, 1))}" fill="${g(0.12)}"/>`);
  // a path switchbacking up
  let d = `M${n(W * 0.45)} ${H}`;
  for (let k = 0; k < 7; k++) d += `L${n(W * (k % 2 ? 0.44 : 0.56) - k * W * 0.004)} ${n(H * (0.9 - k * 0.085))}`;
  sc.warm.push(`<path d="${d}" fill="none" stroke="${C.amber}" stroke-width="${n(H * 0.004)}" stroke-dasharray="${n(H * 0.012)} ${n(H * 0.008)}" stroke-opacity="0.9"/>`);
};

const rails: Draw = (sc, rng, W, H) => {
  const hy = H * 0.45;
  const vx = W * 0.42;
  skyGrad(sc, W, H, [
    [0, 0.55],
    [0.44, 0.93],
    [0.46, 0.45],
    [1, 0.2],
  ]);
  sunGlow(sc, vx, hy - H * 0.02, W * 0.02, 0.9);
  sc.base.push(`<path d="${treeline(rng, W, H, hy, 0, () => 0, H * 0.02)}" fill="${g(0.35)}"/>`);
  sc.base.push(`<rect x="0" y="${n(hy)}" width="${W}" height="${n(H - hy)}" fill="${g(0.3)}"/>`);
  // sleepers
  const sl: string[] = [];
  for (let k = 1; k < 40; k++) {
    const t = Math.pow(k / 40, 2.2);
    const y = hy + (H - hy) * t;
    const half = W * 0.25 * t + W * 0.002;
    sl.push(`M${n(vx - half * 1.3)} ${n(y)}L${n(vx + half * 1.3)} ${n(y)}`);
  }
  sc.base.push(`<path d="${sl.join('')}" stroke="${g(0.12)}" stroke-width="${n(H * 0.01)}"/>`);
  for (const o of [-1, 1]) sc.warm.push(`<path d="M${n(vx + o * 2)} ${n(hy)}L${n(vx + o * W * 0.25)} ${H}" stroke="${C.amber}" stroke-width="${n(W * 0.004)}" stroke-opacity="0.85"/>`);
  // catenary poles
  for (let k = 1; k < 9; k++) {
    const t = Math.pow(k / 9, 2);
    const x = vx - W * 0.45 * t - W * 0.01;
    const y = hy + (H - hy) * t;
    const h = H * 0.55 * t + H * 0.01;
    sc.base.push(`<rect x="${n(x)}" y="${n(y - h)}" width="${n(W * 0.006 * t + 1)}" height="${n(h)}" fill="${g(0.1)}"/>`);
  }
};

const port: Draw = (sc, rng, W, H) => {
  const base = H * 0.85;
  skyGrad(sc, W, H, [
    [0, 0.55],
    [0.7, 0.9],
  ]);
  sunGlow(sc, W * 0.85, H * 0.45, W * 0.025, 0.8);
  // gantry cranes
  for (let c = 0; c < 3; c++) {
    const x = W * (0.12 + c * 0.3);
    const h = H * (0.55 - c * 0.08);
    const v = 0.15 + c * 0.12;
    const leg = W * 0.06;
    sc.base.push(
      `<path d="M${n(x)} ${n(base)}L${n(x + W * 0.006)} ${n(base - h)}L${n(x + W * 0.012)} ${n(base)}ZM${n(x + leg)} ${n(base)}L${n(x + leg + W * 0.006)} ${n(base - h)}L${n(x + leg + W * 0.012)} ${n(base)}Z" fill="${g(v)}"/>`,
    );
    sc.base.push(`<rect x="${n(x - W * 0.08)}" y="${n(base - h)}" width="${n(W * 0.26)}" height="${n(H * 0.018)}" fill="${g(v)}"/>`);
    sc.base.push(
      `<path d="M${n(x + leg / 2)} ${n(base - h - H * 0.1)}L${n(x - W * 0.08)} ${n(base - h)}M${n(x + leg / 2)} ${n(base - h - H * 0.1)}L${n(x + W * 0.18)} ${n(base - h)}" stroke="${g(v)}" stroke-width="${n(W * 0.002)}"/>`,
    );
    sc.base.push(`<rect x="${n(x + leg / 2 - W * 0.003)}" y="${n(base - h - H * 0.1)}" width="${n(W * 0.006)}" height="${n(H * 0.1)}" fill="${g(v)}"/>`);
  }
  // container stacks
  const cw = W * 0.055;
  const ch = H * 0.055;
  for (let row = 0; row < 2; row++) {
    const y0 = base + row * H * 0.04;
    for (let x = -rng.range(0, cw); x < W; x += cw + 2) {
      const stack = rng.int(1, 5 - row * 2);
      for (let k = 0; k < stack; k++) {
        const v = [0.25, 0.5, 0.7, 0.38, 0.6][rng.int(0, 4)]! - row * 0.15;
        const y = y0 - (k + 1) * (ch + 1);
        sc.base.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(cw)}" height="${n(ch)}" fill="${g(v)}"/>`);
        const ribs: string[] = [];
        for (let r = cw / 10; r < cw; r += cw / 10) ribs.push(`M${n(x + r)} ${n(y + 2)}L${n(x + r)} ${n(y + ch - 2)}`);
        sc.base.push(`<path d="${ribs.join('')}" stroke="${g(v - 0.12)}" stroke-width="${n(W * 0.0012)}"/>`);
        if (rng.chance(0.1)) sc.warm.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(cw)}" height="${n(ch)}" fill="${C.brass}" fill-opacity="0.6"/>`);
      }
    }
  }
  sc.base.push(`<rect x="0" y="${n(base + H * 0.04)}" width="${W}" height="${H}" fill="${g(0.1)}"/>`);
};

const grain: Draw = (sc, rng, W, H) => {
  skyGrad(sc, W, H, [
    [0, 0.6],
    [0.75, 0.95],
  ]);
  sunGlow(sc, W * 0.68, H * 0.6, W * 0.04, 0.85);
  for (let layer = 0; layer < 3; layer++) {
    const t = layer / 2;
    const count = 18 + layer * 10;
    for (let k = 0; k < count; k++) {
      const x = rng.range(-0.02, 1.02) * W;
      const top = H * (0.55 - t * 0.35) + rng.range(0, 0.15) * H;
      const lean = rng.range(-0.04, 0.04) * W;
      const v = 0.55 - t * 0.45;
      const sw = W * (0.0015 + t * 0.002);
      sc.base.push(`<path d="M${n(x)} ${H}Q${n(x + lean * 0.3)} ${n((top + H) / 2)} ${n(x + lean)} ${n(top)}" fill="none" stroke="${g(v)}" stroke-width="${n(sw)}"/>`);
      // ear: pairs of kernels up the stalk tip
      const ear: string[] = [];
      const len = H * (0.06 + t * 0.06);
      for (let e = 0; e < 7; e++) {
        const y = top - (e * len) / 7;
        const ex = x + lean + (lean / (H - top)) * (top - y);
        for (const sd of [-1, 1])
          ear.push(`<ellipse cx="${n(ex + sd * sw * 1.6)}" cy="${n(y)}" rx="${n(sw * 1.6)}" ry="${n(len / 8)}" transform="rotate(${n(sd * 18)} ${n(ex + sd * sw * 1.6)} ${n(y)})"/>`);
      }
      sc.base.push(`<g fill="${g(v)}">${ear.join('')}</g>`);
      if (layer === 2 && k % 4 === 0) sc.warm.push(`<g fill="${C.amber}" fill-opacity="0.45">${ear.join('')}</g>`);
    }
  }
};

const blueprint: Draw = (sc, rng, W, H) => {
  skyGrad(sc, W, H, [
    [0, 0.42],
    [1, 0.28],
  ]);
  const grid: string[] = [];
  const step = W / 40;
  for (let x = 0; x <= W; x += step) grid.push(`M${n(x)} 0L${n(x)} ${H}`);
  for (let y = 0; y <= H; y += step) grid.push(`M0 ${n(y)}L${W} ${n(y)}`);
  sc.base.push(`<path d="${grid.join('')}" stroke="${g(0.55)}" stroke-opacity="0.35" stroke-width="1"/>`);
  // isometric building massing
  const iso = (x: number, y: number, z: number): [number, number] => [W * 0.5 + (x - y) * W * 0.045, H * 0.72 + (x + y) * W * 0.026 - z * W * 0.045];
  const P = (p: [number, number]) => `${n(p[0])} ${n(p[1])}`;
  const blocks: [number, number, number, number, number][] = [];
  for (let k = 0; k < 9; k++) blocks.push([rng.int(-5, 3), rng.int(-5, 3), rng.int(2, 3), rng.int(2, 3), rng.range(1, 6)]);
  blocks.sort((a, b) => a[0] + a[1] - (b[0] + b[1]));
  for (const [x, y, w, d, h] of blocks) {
    const top = [iso(x, y, h), iso(x + w, y, h), iso(x + w, y + d, h), iso(x, y + d, h)];
    const right = [iso(x + w, y, 0), iso(x + w, y + d, 0), iso(x + w, y + d, h), iso(x + w, y, h)];
    const left = [iso(x, y + d, 0), iso(x + w, y + d, 0), iso(x + w, y + d, h), iso(x, y + d, h)];
    sc.base.push(`<path d="M${left.map(P).join('L')}Z" fill="${g(0.2)}" stroke="${g(0.85)}" stroke-width="1.5"/>`);
    sc.base.push(`<path d="M${right.map(P).join('L')}Z" fill="${g(0.32)}" stroke="${g(0.85)}" stroke-width="1.5"/>`);
    sc.base.push(`<path d="M${top.map(P).join('L')}Z" fill="${g(0.7)}" stroke="${g(0.95)}" stroke-width="1.5"/>`);
    const fl: string[] = [];
    for (let z = 0.5; z < h; z += 0.5) fl.push(`M${P(iso(x, y + d, z))}L${P(iso(x + w, y + d, z))}L${P(iso(x + w, y, z))}`);
    sc.base.push(`<path d="${fl.join('')}" fill="none" stroke="${g(0.6)}" stroke-width="1"/>`);
  }
  const [mx, my] = iso(-1, -1, 0);
  sc.warm.push(`<path d="M${n(mx - W * 0.35)} ${n(my + H * 0.08)}L${n(mx + W * 0.35)} ${n(my + H * 0.08)}" stroke="${C.amber}" stroke-width="2" stroke-dasharray="8 6"/>`);
  sc.warm.push(`<circle cx="${n(mx)}" cy="${n(my - H * 0.35)}" r="${n(W * 0.006)}" fill="${C.amber}"/>`);
};

/* -------------------------------------------------------- direction -- */

export const SCENES: Record<string, Draw> = {
  forestRidges,
  forestTrunks,
  fields,
  lab,
  molecules,
  circuit,
  skyline,
  factory,
  turbines,
  bridge,
  lighthouse,
  colonnade,
  seascape,
  summit,
  rails,
  port,
  grain,
  blueprint,
};

/** One subject per hero key; pages and stories (home slides) never share a scene. */
export const SCENE_FOR: Record<string, keyof typeof SCENES> = {
  'pages/buyouts': 'factory',
  'pages/company-profile': 'colonnade',
  'pages/food-beverages': 'fields',
  'pages/growth-equity': 'turbines',
  'pages/natural-resources': 'forestRidges',
  'pages/pharmaceuticals': 'lab',
  'pages/philosophy': 'seascape',
  'pages/principles': 'summit',
  'pages/private-credit': 'bridge',
  'pages/process': 'rails',
  'pages/real-estate': 'skyline',
  'pages/special-situations': 'lighthouse',
  'pages/technology': 'circuit',
  'stories/aldermoor-specialty-pharma': 'molecules',
  'stories/brightfield-provisions': 'grain',
  'stories/corvane-logistics-carve-out': 'port',
  'stories/fieldmark-vertical-software': 'blueprint',
  'stories/northwold-forestry': 'forestTrunks',
};

/** What each scene shows, for alt texts and the README. */
export const SCENE_SUBJECT: Record<keyof typeof SCENES, string> = {
  forestRidges: 'forested ridges',
  forestTrunks: 'forest interior',
  fields: 'farmland',
  lab: 'laboratory glassware',
  molecules: 'molecular model',
  circuit: 'circuit board',
  skyline: 'city skyline',
  factory: 'factory',
  turbines: 'wind turbines',
  bridge: 'suspension bridge',
  lighthouse: 'lighthouse',
  colonnade: 'colonnade',
  seascape: 'sea horizon',
  summit: 'mountain summit',
  rails: 'railway',
  port: 'container port',
  grain: 'wheat field',
  blueprint: 'architectural drawing',
};

export function sceneSvg(key: string, W: number, H: number, scene: keyof typeof SCENES): ArtSpec {
  uid = 0;
  const sc: Scene = { base: [], warm: [], defs: [] };
  SCENES[scene]!(sc, new Rng('scene:' + key), W, H);
  const s = new Svg(W, H);
  s.def(GRADE);
  for (const d of sc.defs) s.def(d);
  s.add(`<g filter="url(#grade)">${sc.base.join('')}</g>`);
  s.add(`<g>${sc.warm.join('')}</g>`);
  // a soft vignette keeps overlaid text legible at the edges
  s.def(
    radialE('svig', W * 0.5, H * 0.5, W * 0.8, H * 0.9, [
      [0, '#07121f', 0],
      [0.6, '#07121f', 0],
      [1, '#07121f', 0.45],
    ]),
  );
  s.rect('url(#svig)');
  return { width: W, height: H, svg: s.toString({ seed: hashString(key), amount: 0.06 }), motif: 'scene-' + scene };
}

export { mix };
