/**
 * Deterministic generative artwork for Halden Rowe Capital.
 *
 * Every function here is pure: given an image key (and optional hint words) it
 * returns the same SVG string on every run. No text, no external resources,
 * only geometry, gradients and a seeded noise filter, so librsvg renders it the
 * same way everywhere.
 */

/* ------------------------------------------------------------------ PRNG -- */

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

export class Rng {
  private a: number;
  constructor(seed: number | string) {
    this.a = typeof seed === 'string' ? hashString(seed) : seed >>> 0;
  }
  /** mulberry32 */
  f(): number {
    this.a = (this.a + 0x6d2b79f5) | 0;
    let t = Math.imul(this.a ^ (this.a >>> 15), 1 | this.a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(a: number, b: number): number {
    return a + (b - a) * this.f();
  }
  int(a: number, b: number): number {
    return Math.floor(this.range(a, b + 1));
  }
  pick<T>(arr: readonly T[]): T {
    return arr[Math.floor(this.f() * arr.length)]!;
  }
  chance(p: number): boolean {
    return this.f() < p;
  }
  sign(): 1 | -1 {
    return this.f() < 0.5 ? -1 : 1;
  }
  /** A child generator, so adding draws in one part doesn't reshuffle another. */
  fork(label: string): Rng {
    return new Rng(hashString(label + ':' + this.a));
  }
}

/* --------------------------------------------------------------- colour -- */

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
} as const;

type RGB = [number, number, number];
const toRgb = (hex: string): RGB => [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];
const toHex = ([r, g, b]: RGB): string =>
  '#' +
  [r, g, b]
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');
/** Linear blend of two hex colours, t = 0 → a, t = 1 → b. */
export function mix(a: string, b: string, t: number): string {
  const x = toRgb(a);
  const y = toRgb(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

/* ----------------------------------------------------------- svg helpers -- */

/** Compact, deterministic number formatting (one decimal, no "-0"). */
export function n(x: number): string {
  const v = Math.round(x * 10) / 10;
  return Object.is(v, -0) || v === 0 ? '0' : String(v);
}
export const pts = (p: [number, number][]) => p.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');
export const pathFrom = (p: [number, number][], close = true) => 'M' + p.map(([x, y]) => `${n(x)} ${n(y)}`).join('L') + (close ? 'Z' : '');

export type Stop = [offset: number, color: string, opacity?: number];
const stops = (s: Stop[]) => s.map(([o, c, a]) => `<stop offset="${n(o * 100)}%" stop-color="${c}"${a === undefined || a === 1 ? '' : ` stop-opacity="${+a.toFixed(3)}"`}/>`).join('');
export function linear(id: string, x1: number, y1: number, x2: number, y2: number, s: Stop[]): string {
  return `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${stops(s)}</linearGradient>`;
}
export function radial(id: string, cx: number, cy: number, r: number, s: Stop[], fx?: number, fy?: number): string {
  const f = fx === undefined ? '' : ` fx="${n(fx)}" fy="${n(fy!)}"`;
  return `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"${f}>${stops(s)}</radialGradient>`;
}
/** Elliptical radial gradient (scaled in y). */
export function radialE(id: string, cx: number, cy: number, rx: number, ry: number, s: Stop[]): string {
  return `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="1" gradientTransform="translate(${n(cx)} ${n(cy)}) scale(${n(rx)} ${n(ry)})">${stops(s)}</radialGradient>`;
}

/** Canvas being assembled: defs + body layers. */
export class Svg {
  defs: string[] = [];
  body: string[] = [];
  constructor(
    public W: number,
    public H: number,
  ) {}
  def(s: string) {
    this.defs.push(s);
  }
  add(s: string) {
    this.body.push(s);
  }
  rect(fill: string, extra = '') {
    this.add(`<rect width="${this.W}" height="${this.H}" fill="${fill}"${extra}/>`);
  }
  /**
   * Serialise. The whole picture sits inside a group filtered with a zero-mean
   * film grain (additive, seeded) which also dithers the gradients.
   */
  toString(grain: { seed: number; amount: number; freq?: number }): string {
    const { W, H } = this;
    const amt = grain.amount;
    const filter =
      `<filter id="grain" filterUnits="userSpaceOnUse" x="0" y="0" width="${W}" height="${H}" color-interpolation-filters="sRGB">` +
      `<feTurbulence type="fractalNoise" baseFrequency="${grain.freq ?? 0.8}" numOctaves="2" seed="${grain.seed % 9973}" result="t"/>` +
      `<feColorMatrix in="t" type="matrix" values="1 0 0 0 0 1 0 0 0 0 1 0 0 0 0 0 0 0 0 0.5" result="g"/>` +
      `<feComposite in="SourceGraphic" in2="g" operator="arithmetic" k1="0" k2="1" k3="${amt}" k4="${-amt / 2}"/>` +
      `</filter>`;
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
      `<defs>${filter}${this.defs.join('')}</defs>` +
      `<g filter="url(#grain)">${this.body.join('')}</g>` +
      `</svg>`
    );
  }
}

/** Soft darkening of the corners. */
export function vignette(s: Svg, strength: number, color: string = '#050d18', cx = 0.5, cy = 0.5) {
  const { W, H } = s;
  s.def(
    radialE('vig', W * cx, H * cy, W * 0.75, H * 0.85, [
      [0, color, 0],
      [0.55, color, 0],
      [1, color, strength],
    ]),
  );
  s.rect('url(#vig)');
}

/* -------------------------------------------------------------- 3D kit -- */

type V3 = [number, number, number];
const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: V3, b: V3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V3, b: V3): V3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const norm = (a: V3): V3 => {
  const l = Math.hypot(a[0], a[1], a[2]);
  return [a[0] / l, a[1] / l, a[2] / l];
};
export const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
export const clamp = (x: number, a = 0, b = 1) => Math.max(a, Math.min(b, x));
export const smooth = (t: number) => t * t * (3 - 2 * t);

/** Pinhole camera, world is y-up. */
class Camera {
  fwd: V3;
  right: V3;
  up: V3;
  f: number;
  near = 0.5;
  constructor(
    public pos: V3,
    target: V3,
    fovDeg: number,
    public W: number,
    public H: number,
  ) {
    this.fwd = norm(sub(target, pos));
    this.right = norm(cross([0, 1, 0], this.fwd));
    this.up = cross(this.fwd, this.right);
    this.f = W / 2 / Math.tan((fovDeg * Math.PI) / 360);
  }
  depth(p: V3) {
    return dot(sub(p, this.pos), this.fwd);
  }
  project(p: V3): [number, number] {
    const d = sub(p, this.pos);
    const z = Math.max(dot(d, this.fwd), 1e-3);
    return [this.W / 2 + (this.f * dot(d, this.right)) / z, this.H / 2 - (this.f * dot(d, this.up)) / z];
  }
  /** Project a segment clipped to the near plane; null if fully behind. */
  segment(a: V3, b: V3): [[number, number], [number, number]] | null {
    const za = this.depth(a);
    const zb = this.depth(b);
    if (za < this.near && zb < this.near) return null;
    let p = a;
    let q = b;
    if (za < this.near) p = lerp3(a, b, (this.near - za) / (zb - za));
    if (zb < this.near) q = lerp3(b, a, (this.near - zb) / (za - zb));
    return [this.project(p), this.project(q)];
  }
  /** Project a polygon clipped to the near plane; null if nothing is in front. */
  polygon(p: V3[]): [number, number][] | null {
    const out: V3[] = [];
    for (let i = 0; i < p.length; i++) {
      const a = p[i]!;
      const b = p[(i + 1) % p.length]!;
      const za = this.depth(a) - this.near;
      const zb = this.depth(b) - this.near;
      if (za >= 0) out.push(a);
      if (za >= 0 !== zb >= 0) out.push(lerp3(a, b, za / (za - zb)));
    }
    return out.length > 2 ? out.map((q) => this.project(q)) : null;
  }
  /** Screen y of the horizon (for a level or tilted camera). */
  horizonY(): number {
    const far: V3 = [this.pos[0] + this.fwd[0] * 1e6, this.pos[1], this.pos[2] + this.fwd[2] * 1e6];
    return this.project(far)[1];
  }
}
const lerp3 = (a: V3, b: V3, t: number): V3 => [lerp(a[0], b[0], t), lerp(a[1], b[1], t), lerp(a[2], b[2], t)];

/* ------------------------------------------------------ shared elements -- */

/** Sum-of-sines 1D noise, seeded. Returns roughly [-1, 1]. */
export function wave(rng: Rng, octaves = 4, baseFreq = 1) {
  const comps = Array.from({ length: octaves }, (_, i) => ({
    f: baseFreq * Math.pow(2.03, i) * rng.range(0.8, 1.25),
    p: rng.range(0, Math.PI * 2),
    a: Math.pow(0.5, i),
  }));
  const total = comps.reduce((s, c) => s + c.a, 0);
  return (x: number, shift = 0) => comps.reduce((s, c) => s + c.a * Math.sin(x * c.f * Math.PI * 2 + c.p + shift * (1 + c.f * 0.1)), 0) / total;
}

/** A sky: vertical gradient with optional warm haze at the horizon. */
export function sky(s: Svg, horizon: number, top: string, mid: string, low: string, warm = 0.12) {
  const { H } = s;
  s.def(
    linear('sky', 0, 0, 0, H, [
      [0, top],
      [clamp(horizon / H - 0.25, 0.05, 0.9), mid],
      [clamp(horizon / H, 0.1, 0.98), mix(low, C.amber, warm)],
      [1, mix(low, C.ink, 0.5)],
    ]),
  );
  s.rect('url(#sky)');
}

export function glow(s: Svg, id: string, x: number, y: number, r: number, color: string, alpha: number, ry?: number) {
  s.def(
    radialE(id, x, y, r, ry ?? r, [
      [0, color, alpha],
      [0.35, color, alpha * 0.45],
      [1, color, 0],
    ]),
  );
  s.add(`<rect width="${s.W}" height="${s.H}" fill="url(#${id})"/>`);
}

/* ================================================================ MOTIFS == */

export type Motif = 'contours' | 'facade' | 'city' | 'flows' | 'lattice' | 'arcs' | 'bands' | 'light' | 'steps';

interface SceneOpts {
  calm: boolean;
  /** optional composition variant for motifs that have several */
  variant?: number;
}

/* ---- contour horizon: layered ridgelines with topographic lines -------- */
function contours(s: Svg, rng: Rng, o: SceneOpts) {
  const { W, H } = s;
  const hz = H * rng.range(0.46, 0.58);
  const warm = o.calm ? 0.1 : rng.range(0.12, 0.22);
  sky(s, hz, C.ink, C.navy, mix(C.steel, C.slate, 0.35), warm);
  const sunX = W * rng.pick([rng.range(0.18, 0.36), rng.range(0.62, 0.82)]);
  glow(s, 'sun', sunX, hz, W * 0.42, C.amber, o.calm ? 0.16 : 0.3, H * 0.32);
  if (!o.calm && rng.chance(0.6)) {
    const sr = W * 0.016;
    s.def(
      radial('disc', sunX, hz - H * 0.015, sr, [
        [0, C.amber, 0.6],
        [0.8, C.amber, 0.45],
        [1, C.amber, 0],
      ]),
    );
    s.add(`<circle cx="${n(sunX)}" cy="${n(hz - H * 0.015)}" r="${n(sr)}" fill="url(#disc)"/>`);
  }
  // faint high strata in the sky
  for (let i = 0; i < 5; i++) {
    const y = hz - H * (0.06 + i * rng.range(0.04, 0.07));
    const x0 = rng.range(-0.2, 0.4) * W;
    const w = rng.range(0.4, 0.9) * W;
    s.add(`<rect x="${n(x0)}" y="${n(y)}" width="${n(w)}" height="${n(rng.range(1, 3))}" fill="${C.fog}" fill-opacity="${(0.03 + 0.02 * rng.f()).toFixed(3)}"/>`);
  }

  const layers = o.calm ? 4 : 6;
  const farCol = mix(C.steel, C.slate, 0.45);
  const nearCol = C.ink;
  const ridgeFns: ((x: number) => number)[] = [];
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    const base = hz + (H - hz) * (0.02 + Math.pow(t, 1.35) * 0.62);
    const amp = H * lerp(0.035, 0.16, t) * (o.calm ? 0.7 : 1);
    const w = wave(rng.fork('ridge' + i), 5, lerp(2.2, 0.9, t));
    const f = (x: number) => base - amp * (0.55 + 0.45 * w(x / W));
    ridgeFns.push(f);
    const step = W / 96;
    const p: [number, number][] = [];
    for (let x = -step; x <= W + step; x += step) p.push([x, f(x)]);
    p.push([W + step, H + 2], [-step, H + 2]);
    const top = mix(farCol, nearCol, Math.pow(t, 0.8));
    const bot = mix(top, C.ink, 0.45);
    s.def(
      linear('lay' + i, 0, base - amp, 0, H, [
        [0, top],
        [1, bot],
      ]),
    );
    s.add(`<path d="${pathFrom(p)}" fill="url(#lay${i})"/>`);
    // mist between layers
    if (i < layers - 1) {
      s.def(
        linear('mist' + i, 0, base - amp * 0.4, 0, base + H * 0.06, [
          [0, C.fog, 0],
          [1, C.fog, o.calm ? 0.05 : 0.07],
        ]),
      );
      s.add(`<rect y="${n(base - amp * 0.4)}" width="${W}" height="${n(H * 0.06 + amp * 0.4)}" fill="url(#mist${i})"/>`);
    }
    // contour lines on the nearer layers, clipped to the layer
    if (t >= 0.55) {
      s.def(`<clipPath id="cl${i}"><path d="${pathFrom(p)}"/></clipPath>`);
      const lines: string[] = [];
      const cw = wave(rng.fork('contour' + i), 4, 1.1);
      const count = o.calm ? 9 : 16;
      const spacing = (H - base + amp) / count;
      for (let j = 1; j < count + 4; j++) {
        const q: [number, number][] = [];
        const amp2 = amp * (0.6 + 0.5 * Math.sin(j * 0.7));
        for (let x = -step; x <= W + step; x += step) {
          const y = f(x) + j * spacing * (0.9 + 0.25 * cw(x / W, j * 0.35)) + amp2 * 0.25 * cw(x / W + 0.3, j * 0.5);
          q.push([x, y]);
        }
        const accent = !o.calm && j === 3 && i === layers - 1;
        lines.push(
          `<path d="${pathFrom(q, false)}" fill="none" stroke="${accent ? C.brass : C.slate}" stroke-opacity="${accent ? 0.45 : (0.09 + 0.1 * (1 - j / count)).toFixed(3)}" stroke-width="${accent ? 1.6 : 1.2}"/>`,
        );
      }
      s.add(`<g clip-path="url(#cl${i})">${lines.join('')}</g>`);
    }
    // warm rim on a far ridge catching the low sun
    if (i === 1 && !o.calm) {
      s.add(`<path d="${pathFrom(p.slice(0, -2), false)}" fill="none" stroke="${C.amber}" stroke-opacity="0.18" stroke-width="1.5"/>`);
    }
  }
  vignette(s, 0.55);
}

/* ---- facade: worm's-eye view of a tower corner with a light wash ------- */
function facade(s: Svg, rng: Rng, o: SceneOpts) {
  const variant = (['corner', 'canyon'] as const)[(o.variant ?? rng.int(0, 1)) % 2]!;
  const { W, H } = s;
  const side = rng.sign(); // corner: half of the frame the main tower stands in; canyon: the lit side
  const cam =
    variant === 'corner'
      ? new Camera([0, 1.6, 0], [side * rng.range(12, 20), rng.range(o.calm ? 36 : 42, o.calm ? 48 : 58), 60], o.calm ? 66 : 76, W, H)
      : new Camera([0, 1.6, 0], [rng.range(-6, 6), rng.range(55, 75), 45], o.calm ? 72 : 80, W, H);
  // sky, brightest on the open side
  s.def(
    linear('sky', W * (side > 0 ? 0 : 1), 0, W * (side > 0 ? 0.7 : 0.3), H, [
      [0, mix(C.steel, C.slate, 0.25)],
      [0.45, C.deep],
      [1, C.navy],
    ]),
  );
  s.rect('url(#sky)');
  const gx = variant === 'corner' ? (side > 0 ? W * 0.12 : W * 0.88) : W * 0.5;
  glow(s, 'skyglow', gx, H * 0.1, W * 0.55, C.amber, o.calm ? 0.12 : 0.2, H * 0.6);

  interface Tower {
    x0: number;
    x1: number;
    z0: number;
    z1: number;
    h: number;
    bay: number;
    floor: number;
    haze: number;
    main?: boolean;
    lit?: boolean;
  }
  const towers: Tower[] = [];
  const bay = rng.pick([1.6, 2, 2.4]);
  const floor = rng.pick([3.6, 4, 4.4]);
  if (variant === 'corner') {
    const near = side * rng.range(24, 34);
    const mw = rng.range(34, 48);
    const md = rng.range(30, 45);
    const mz = rng.range(48, 60);
    towers.push({ x0: Math.min(near, near + side * mw), x1: Math.max(near, near + side * mw), z0: mz, z1: mz + md, h: 400, bay, floor, haze: 0, main: true, lit: true });
    const nb = o.calm ? 1 : 2;
    for (let i = 0; i < nb; i++) {
      const bx = -side * rng.range(30, 70) * (i + 1);
      const bw = rng.range(26, 40);
      const bz = rng.range(110, 160) * (1 + i * 0.4);
      towers.push({ x0: Math.min(bx, bx - side * bw), x1: Math.max(bx, bx - side * bw), z0: bz, z1: bz + 40, h: rng.range(140, 260), bay: 3, floor: 4.2, haze: 0.62 + i * 0.12, lit: true });
    }
  } else {
    // looking up a street between two towers, a sliver of sky converging above
    for (const sg of [-1, 1] as const) {
      const gap = rng.range(12, 20);
      const w = rng.range(40, 60);
      const z0 = -40;
      towers.push({
        x0: sg < 0 ? -gap - w : gap,
        x1: sg < 0 ? -gap : gap + w,
        z0,
        z1: rng.range(160, 260),
        h: rng.range(300, 420),
        bay: sg === side ? bay : rng.pick([1.6, 2, 2.4, 3]),
        floor,
        haze: 0,
        main: true,
        lit: sg !== side,
      });
    }
  }
  towers.sort((a, b) => b.z0 - a.z0);

  towers.forEach((t, ti) => {
    const faces: { pts: V3[]; lit: boolean; u: [V3, V3]; span: number }[] = [];
    faces.push({
      pts: [
        [t.x0, 0, t.z0],
        [t.x1, 0, t.z0],
        [t.x1, t.h, t.z0],
        [t.x0, t.h, t.z0],
      ],
      lit: false,
      u: [
        [t.x0, 0, t.z0],
        [t.x1, 0, t.z0],
      ],
      span: t.x1 - t.x0,
    });
    const sx = cam.pos[0] < t.x0 ? t.x0 : cam.pos[0] > t.x1 ? t.x1 : null;
    if (sx !== null)
      faces.push({
        pts: [
          [sx, 0, t.z0],
          [sx, 0, t.z1],
          [sx, t.h, t.z1],
          [sx, t.h, t.z0],
        ],
        lit: !!t.lit,
        u: [
          [sx, 0, t.z0],
          [sx, 0, t.z1],
        ],
        span: t.z1 - t.z0,
      });
    faces.forEach((f, fi) => {
      const P = cam.polygon(f.pts);
      if (!P) return;
      const ys = P.map((p) => p[1]);
      const yTop = Math.min(...ys);
      const yBot = Math.max(...ys);
      const hazeTo = mix(C.deep, C.steel, 0.55);
      const lo = f.lit ? mix(C.deep, C.steel, 0.3) : C.ink;
      const hi = f.lit ? mix(mix(C.steel, C.slate, 0.3), C.amber, 0.1) : mix(C.navy, C.deep, 0.6);
      const id = `f${ti}_${fi}`;
      s.def(
        linear(id, 0, Math.min(yBot, H), 0, Math.max(yTop, 0), [
          [0, mix(lo, hazeTo, t.haze)],
          [1, mix(hi, hazeTo, t.haze)],
        ]),
      );
      const d = pathFrom(P);
      s.add(`<path d="${d}" fill="url(#${id})"/>`);
      const grid: string[] = [];
      const [ua, ub] = f.u;
      const bays = Math.round(f.span / t.bay);
      const up = (p: V3, h: number): V3 => [p[0], h, p[2]];
      for (let k = 0; k <= bays; k++) {
        const b = lerp3(ua, ub, k / bays);
        const seg = cam.segment(b, up(b, t.h));
        if (seg) grid.push(`M${n(seg[0][0])} ${n(seg[0][1])}L${n(seg[1][0])} ${n(seg[1][1])}`);
      }
      const floors = Math.floor(t.h / t.floor);
      for (let k = 1; k <= floors; k++) {
        const seg = cam.segment(up(ua, k * t.floor), up(ub, k * t.floor));
        if (seg) grid.push(`M${n(seg[0][0])} ${n(seg[0][1])}L${n(seg[1][0])} ${n(seg[1][1])}`);
      }
      const gOp = (f.lit ? 0.22 : 0.16) * (1 - t.haze * 0.6) * (o.calm ? 0.75 : 1);
      s.def(`<clipPath id="c${id}"><path d="${d}"/></clipPath>`);
      s.add(`<g clip-path="url(#c${id})"><path d="${grid.join('')}" fill="none" stroke="${f.lit ? C.fog : C.slate}" stroke-opacity="${gOp.toFixed(3)}" stroke-width="${t.main ? 1.1 : 0.8}"/>`);
      if (t.main) {
        // light falling diagonally across the facade, and a few reflective panels
        const xs = P.map((p) => p[0]);
        const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
        const bandW = W * rng.range(0.1, 0.18);
        const ang = rng.range(22, 34) * side;
        const a = f.lit ? (o.calm ? 0.14 : 0.22) : o.calm ? 0.05 : 0.08;
        const lc = f.lit ? mix(C.amber, C.mist, 0.35) : C.fog;
        s.def(
          linear('lb' + id, -bandW, 0, bandW, 0, [
            [0, lc, 0],
            [0.5, lc, a],
            [1, lc, 0],
          ]),
        );
        s.add(
          `<rect x="${n(-bandW)}" y="${n(-H)}" width="${n(bandW * 2)}" height="${n(H * 3)}" fill="url(#lb${id})" transform="translate(${n(cx + rng.range(-0.12, 0.12) * W)} ${n(H * 0.4)}) rotate(${n(ang)})"/>`,
        );
        // heavier spandrel line every few floors
        const major: string[] = [];
        const every = rng.int(3, 5);
        for (let k = every; k <= floors; k += every) {
          const seg = cam.segment(up(ua, k * t.floor), up(ub, k * t.floor));
          if (seg) major.push(`M${n(seg[0][0])} ${n(seg[0][1])}L${n(seg[1][0])} ${n(seg[1][1])}`);
        }
        s.add(`<path d="${major.join('')}" fill="none" stroke="${f.lit ? C.mist : C.slate}" stroke-opacity="${(gOp * 0.9).toFixed(3)}" stroke-width="2.4"/>`);
      }
      s.add('</g>');
    });
    if (t.main && faces.length > 1) {
      const e = cam.segment(faces[1]!.pts[0]!, faces[1]!.pts[3]!);
      if (e) {
        s.def(
          linear('edge', 0, e[0][1], 0, e[1][1], [
            [0, C.amber, 0.1],
            [1, C.amber, 0.55],
          ]),
        );
        s.add(`<path d="M${n(e[0][0])} ${n(e[0][1])}L${n(e[1][0])} ${n(e[1][1])}" stroke="url(#edge)" stroke-width="1.6"/>`);
      }
    }
  });
  vignette(s, 0.5);
}

/* ---- city: a dusk skyline over a street grid, fading into haze --------- */
function city(s: Svg, rng: Rng, o: SceneOpts) {
  const { W, H } = s;
  const camH = rng.range(o.calm ? 70 : 45, o.calm ? 110 : 80);
  const yaw = rng.range(-0.3, 0.3);
  const pos: V3 = [rng.range(-10, 10), camH, -40];
  const look = 500;
  const target: V3 = [pos[0] + Math.sin(yaw) * look, camH * rng.range(0.05, 0.3), pos[2] + Math.cos(yaw) * look];
  const cam = new Camera(pos, target, o.calm ? 52 : 58, W, H);
  const hz = cam.horizonY();
  const haze = mix(C.deep, C.steel, 0.6);
  const warmHaze = mix(mix(C.steel, C.slate, 0.4), C.amber, 0.22);
  s.def(
    linear('sky', 0, 0, 0, hz, [
      [0, C.ink],
      [0.55, C.navy],
      [0.85, mix(C.deep, C.steel, 0.5)],
      [1, warmHaze],
    ]),
  );
  s.add(`<rect width="${W}" height="${n(hz + 2)}" fill="url(#sky)"/>`);
  // ground plane
  s.def(
    linear('gnd', 0, hz, 0, H, [
      [0, warmHaze],
      [0.08, mix(haze, C.navy, 0.5)],
      [0.4, C.navy],
      [1, C.ink],
    ]),
  );
  s.add(`<rect y="${n(hz)}" width="${W}" height="${n(H - hz)}" fill="url(#gnd)"/>`);
  const sunX = W * rng.range(0.3, 0.7);
  glow(s, 'sun', sunX, hz, W * 0.55, C.amber, o.calm ? 0.16 : 0.26, H * 0.28);

  const fogD = o.calm ? 650 : 850;
  const fogAt = (d: number) => clamp(1 - Math.exp(-d / fogD));
  const block = rng.range(24, 32);
  const street = rng.range(7, 10);
  const pitch = block + street;
  const nz = 64;
  const zMax = nz * pitch;
  // street lines (fade with distance via a vertical gradient)
  const lines: string[] = [];
  const xr = Math.ceil((zMax * 0.75) / pitch);
  for (let i = -xr; i <= xr; i++) {
    const seg = cam.segment([i * pitch - street / 2, 0, 0], [i * pitch - street / 2, 0, zMax]);
    if (seg) lines.push(`M${n(seg[0][0])} ${n(seg[0][1])}L${n(seg[1][0])} ${n(seg[1][1])}`);
  }
  for (let k = 0; k <= nz; k += 1) {
    const seg = cam.segment([-xr * pitch, 0, k * pitch - street / 2], [xr * pitch, 0, k * pitch - street / 2]);
    if (seg) lines.push(`M${n(seg[0][0])} ${n(seg[0][1])}L${n(seg[1][0])} ${n(seg[1][1])}`);
  }
  s.def(
    linear('st', 0, H, 0, hz, [
      [0, C.slate, 0.16],
      [1, C.slate, 0.02],
    ]),
  );
  s.add(`<path d="${lines.join('')}" fill="none" stroke="url(#st)" stroke-width="1"/>`);

  // building heights: a downtown cluster plus rolling low-rise
  const hw = wave(rng.fork('h'), 3, 0.7);
  const dx = rng.range(-0.12, 0.12);
  const dz = rng.range(o.calm ? 700 : 520, o.calm ? 1000 : 900);
  const dcx = pos[0] + Math.sin(yaw + dx) * dz;
  const dcz = pos[2] + Math.cos(yaw + dx) * dz;
  const spread = rng.range(150, 240);
  interface B {
    x0: number;
    x1: number;
    z0: number;
    z1: number;
    h: number;
    d: number;
  }
  const bs: B[] = [];
  for (let k = 2; k < nz; k++) {
    for (let i = -xr; i < xr; i++) {
      const cxw = i * pitch + block / 2;
      const czw = k * pitch + block / 2;
      const sp = cam.project([cxw, 0, czw]);
      if (cam.depth([cxw, 0, czw]) < 20 || sp[0] < -W * 0.15 || sp[0] > W * 1.15 || sp[1] > H * 1.4) continue;
      const split = rng.chance(0.4);
      for (let q = 0; q < (split ? 2 : 1); q++) {
        const x0 = i * pitch + (split && q === 1 ? block / 2 + 1 : 0);
        const x1 = split && q === 0 ? x0 + block / 2 - 1 : i * pitch + block;
        const r = Math.hypot(cxw - dcx, (czw - dcz) * 0.8) / spread;
        const downtown = Math.exp(-r * r);
        let h = 6 + 14 * rng.f() + 18 * Math.max(0, hw(i / 9 + k / 23) + 0.3) + downtown * Math.pow(rng.f(), 0.7) * (o.calm ? 160 : 240);
        if (rng.chance(0.06)) h = 2; // plazas and parks
        const inset = rng.range(0.5, 2);
        const b: B = { x0: x0 + inset, x1: x1 - inset, z0: k * pitch + inset, z1: k * pitch + block - inset, h, d: 0 };
        b.d = Math.hypot((b.x0 + b.x1) / 2 - pos[0], (b.z0 + b.z1) / 2 - pos[2]);
        bs.push(b);
      }
    }
  }
  bs.sort((a, b) => b.d - a.d);
  const litSide = sunX > W / 2 ? 1 : -1;
  const out: string[] = [];
  for (const b of bs) {
    const fg = fogAt(b.d);
    const tint = (c: string) => mix(c, fg > 0.6 ? mix(haze, warmHaze, (fg - 0.6) * 1.2) : haze, fg);
    const faces: [V3[], string][] = [];
    faces.push([
      [
        [b.x0, 0, b.z0],
        [b.x1, 0, b.z0],
        [b.x1, b.h, b.z0],
        [b.x0, b.h, b.z0],
      ],
      tint(C.ink),
    ]);
    if (pos[0] < b.x0)
      faces.push([
        [
          [b.x0, 0, b.z0],
          [b.x0, 0, b.z1],
          [b.x0, b.h, b.z1],
          [b.x0, b.h, b.z0],
        ],
        tint(litSide < 0 ? mix(C.navy, C.steel, 0.45) : mix(C.ink, '#000000', 0.2)),
      ]);
    if (pos[0] > b.x1)
      faces.push([
        [
          [b.x1, 0, b.z0],
          [b.x1, 0, b.z1],
          [b.x1, b.h, b.z1],
          [b.x1, b.h, b.z0],
        ],
        tint(litSide > 0 ? mix(C.navy, C.steel, 0.45) : mix(C.ink, '#000000', 0.2)),
      ]);
    if (b.h < camH)
      faces.push([
        [
          [b.x0, b.h, b.z0],
          [b.x1, b.h, b.z0],
          [b.x1, b.h, b.z1],
          [b.x0, b.h, b.z1],
        ],
        tint(mix(C.navy, C.deep, 0.6)),
      ]);
    for (const [f, col] of faces) out.push(`<path d="${pathFrom(f.map((p) => cam.project(p)))}" fill="${col}"/>`);
    if (b.h > 40 && fg < 0.7) {
      // floor lines on the face towards the camera
      const fl: string[] = [];
      const step = 4.2;
      for (let y = step * 2; y < b.h - 1; y += step) {
        const a = cam.project([b.x0, y, b.z0]);
        const c = cam.project([b.x1, y, b.z0]);
        fl.push(`M${n(a[0])} ${n(a[1])}L${n(c[0])} ${n(c[1])}`);
      }
      out.push(`<path d="${fl.join('')}" stroke="${C.slate}" stroke-opacity="${(0.14 * (1 - fg)).toFixed(3)}" stroke-width="0.8"/>`);
      // sunlit vertical edge
      const ex = litSide > 0 ? b.x1 : b.x0;
      const e0 = cam.project([ex, 0, b.z0]);
      const e1 = cam.project([ex, b.h, b.z0]);
      out.push(`<path d="M${n(e0[0])} ${n(e0[1])}L${n(e1[0])} ${n(e1[1])}" stroke="${C.amber}" stroke-opacity="${(0.4 * (1 - fg)).toFixed(3)}" stroke-width="1.2"/>`);
    }
  }
  s.add(out.join(''));
  // atmospheric haze band over the horizon
  s.def(
    linear('haze', 0, hz - H * 0.18, 0, hz + H * 0.12, [
      [0, warmHaze, 0],
      [0.6, warmHaze, o.calm ? 0.4 : 0.3],
      [1, warmHaze, 0],
    ]),
  );
  s.add(`<rect y="${n(hz - H * 0.18)}" width="${W}" height="${n(H * 0.3)}" fill="url(#haze)"/>`);
  s.def(
    linear('fore', 0, H * 0.6, 0, H, [
      [0, C.ink, 0],
      [1, C.ink, 0.55],
    ]),
  );
  s.add(`<rect y="${n(H * 0.6)}" width="${W}" height="${n(H * 0.4)}" fill="url(#fore)"/>`);
  vignette(s, 0.6);
}

/* ---- flows: ribbons on a plane converging to a point on the horizon ---- */
function flows(s: Svg, rng: Rng, o: SceneOpts) {
  const { W, H } = s;
  const camH = rng.range(6, 14);
  const cam = new Camera([0, camH, 0], [0, camH * 0.35, 200], 60, W, H);
  const hz = cam.horizonY();
  sky(s, hz, C.ink, C.navy, mix(C.steel, C.slate, 0.3), 0.18);
  const vx = rng.range(-0.35, 0.35); // vanishing offset as a fraction of distance
  const far = 2400;
  const vp = cam.project([vx * far, 0, far]);
  glow(s, 'sun', vp[0], hz, W * 0.45, C.amber, o.calm ? 0.2 : 0.32, H * 0.22);
  // ground / water plane
  s.def(
    linear('gnd', 0, hz, 0, H, [
      [0, mix(C.steel, C.amber, 0.1)],
      [0.25, C.navy],
      [1, C.ink],
    ]),
  );
  s.add(`<rect y="${n(hz)}" width="${W}" height="${n(H - hz)}" fill="url(#gnd)"/>`);
  // horizontal strata on the plane (perspective spacing)
  const strata: string[] = [];
  for (let k = 0; k < 40; k++) {
    const z = 8 * Math.pow(1.13, k);
    const y = cam.project([0, 0, z])[1];
    if (y > H || y < hz) continue;
    const op = 0.05 + 0.05 * Math.min(1, k / 20);
    strata.push(`<rect y="${n(y)}" width="${W}" height="1" fill="${C.fog}" fill-opacity="${op.toFixed(3)}"/>`);
  }
  s.add(strata.join(''));
  // ribbons
  const count = o.calm ? 14 : 26;
  const rib: string[] = [];
  for (let i = 0; i < count; i++) {
    const r = rng.fork('r' + i);
    const x0 = lerp(-60, 60, (i + r.range(0.1, 0.9)) / count) * (1 + r.range(0, 0.6));
    const w = r.range(0.08, o.calm ? 0.35 : 0.6);
    const bend = r.range(-25, 25);
    const wv = wave(r, 2, 1);
    const fx = (z: number) => {
      const t = clamp(Math.log(z / 6) / Math.log(far / 6));
      const conv = smooth(Math.pow(t, 0.6));
      return lerp(x0, vx * z, conv) + bend * Math.sin(t * Math.PI) * (1 - t) + wv(t) * 3 * (1 - t);
    };
    const L: [number, number][] = [];
    const R: [number, number][] = [];
    for (let k = 0; k <= 60; k++) {
      const z = 6 * Math.pow(far / 6, k / 60);
      const x = fx(z);
      const ww = w * (1 - 0.7 * (k / 60));
      L.push(cam.project([x - ww, 0, z]));
      R.push(cam.project([x + ww, 0, z]));
    }
    const accent = !o.calm && (i === Math.floor(count * 0.55) || (r.chance(0.08) && i % 3 === 0));
    const col = accent ? C.amber : mix(C.fog, C.slate, r.f());
    const a = accent ? 0.75 : r.range(0.18, o.calm ? 0.35 : 0.5);
    const id = 'rg' + i;
    s.def(
      linear(id, 0, H, 0, hz, [
        [0, col, a * 0.5],
        [0.4, col, a],
        [1, col, a * 0.15],
      ]),
    );
    rib.push(`<path d="${pathFrom([...L, ...R.reverse()])}" fill="url(#${id})"/>`);
  }
  s.add(rib.join(''));
  // distant low horizon landform
  const lw = wave(rng.fork('land'), 4, 3);
  const land: [number, number][] = [];
  for (let x = 0; x <= W; x += W / 80) land.push([x, hz - H * 0.012 * (1 + lw(x / W))]);
  land.push([W, hz + 1], [0, hz + 1]);
  s.add(`<path d="${pathFrom(land)}" fill="${mix(C.steel, C.ink, 0.3)}" fill-opacity="0.8"/>`);
  s.add(`<rect y="${n(hz)}" width="${W}" height="1.5" fill="${C.amber}" fill-opacity="0.25"/>`);
  vignette(s, 0.55);
}

/** Draws a Fibonacci-sphere "molecular cage" with nearest-neighbour bonds. */
function sphere(s: Svg, rng: Rng, cx: number, cy: number, R: number, N: number, accents: number, alpha: number, id: string) {
  const ga = Math.PI * (3 - Math.sqrt(5));
  const ry = rng.range(0, Math.PI * 2);
  const rx = rng.range(-0.6, 0.6);
  const P: V3[] = [];
  for (let i = 0; i < N; i++) {
    const y = 1 - (2 * (i + 0.5)) / N;
    const r = Math.sqrt(1 - y * y);
    const th = ga * i;
    let p: V3 = [Math.cos(th) * r, y, Math.sin(th) * r];
    p = [p[0] * Math.cos(ry) + p[2] * Math.sin(ry), p[1], -p[0] * Math.sin(ry) + p[2] * Math.cos(ry)];
    p = [p[0], p[1] * Math.cos(rx) - p[2] * Math.sin(rx), p[1] * Math.sin(rx) + p[2] * Math.cos(rx)];
    P.push(p);
  }
  const persp = 3.2;
  const scr = P.map((p) => {
    const k = persp / (persp + p[2]);
    return [cx + p[0] * R * k, cy - p[1] * R * k, p[2]] as const;
  });
  const front = (z: number) => clamp((1 - z) / 2); // z = -1 nearest
  const edges = new Map<number, string[]>();
  const seen = new Set<string>();
  for (let i = 0; i < N; i++) {
    const d = P.map((q, j) => [j, (q[0] - P[i]![0]) ** 2 + (q[1] - P[i]![1]) ** 2 + (q[2] - P[i]![2]) ** 2] as const)
      .filter(([j]) => j !== i)
      .sort((a, b) => a[1] - b[1] || a[0] - b[0])
      .slice(0, 3);
    for (const [j] of d) {
      const key = i < j ? i + ':' + j : j + ':' + i;
      if (seen.has(key)) continue;
      seen.add(key);
      const f = Math.round(front((P[i]![2] + P[j]![2]) / 2) * 8) / 8;
      const arr = edges.get(f) ?? [];
      arr.push(`M${n(scr[i]![0])} ${n(scr[i]![1])}L${n(scr[j]![0])} ${n(scr[j]![1])}`);
      edges.set(f, arr);
    }
  }
  for (const [f, arr] of [...edges].sort((a, b) => a[0] - b[0])) {
    s.add(`<path d="${arr.join('')}" fill="none" stroke="${C.fog}" stroke-opacity="${((0.05 + f * f * 0.36) * alpha).toFixed(3)}" stroke-width="${n(0.8 + f * 0.8)}"/>`);
  }
  const order = scr.map((p, i) => [i, p[2]] as const).sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  const dots: string[] = [];
  const acc: number[] = [];
  const rs = R / 240;
  for (const [i, z] of order) {
    const f = front(z);
    const [x, y] = scr[i]!;
    if (acc.length < accents && f > 0.75 && i % 7 === 3) acc.push(i);
    const r = (1.5 + f * (i % 5 === 0 ? 4.5 : 2.5)) * rs;
    dots.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill-opacity="${((0.1 + f * f * 0.6) * alpha).toFixed(2)}"/>`);
    if (i % 5 === 0 && f > 0.55) dots.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 2.6)}" fill="none" stroke="${C.fog}" stroke-opacity="${(0.2 * f * alpha).toFixed(2)}"/>`);
  }
  s.add(`<g fill="${C.fog}">${dots.join('')}</g>`);
  acc.forEach((i, k) => {
    const [x, y] = scr[i]!;
    s.def(
      radial(`ac${id}${k}`, x, y, R * 0.14, [
        [0, C.amber, 0.4],
        [1, C.amber, 0],
      ]),
    );
    s.add(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(R * 0.14)}" fill="url(#ac${id}${k})"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(5 * rs)}" fill="${C.amber}"/>`);
  });
  return scr;
}

/* ---- lattice: a geodesic molecular sphere with orbit rings -------------- */
function lattice(s: Svg, rng: Rng, o: SceneOpts) {
  const { W, H } = s;
  s.def(
    linear('bg', 0, 0, W, H, [
      [0, C.navy],
      [0.6, C.ink],
      [1, mix(C.ink, C.deep, 0.5)],
    ]),
  );
  s.rect('url(#bg)');
  const left = rng.chance(0.5);
  const cx = W * (left ? rng.range(0.22, 0.34) : rng.range(0.66, 0.78));
  const cy = H * rng.range(0.45, 0.6);
  const R = H * (o.calm ? rng.range(0.34, 0.42) : rng.range(0.38, 0.47));
  glow(s, 'g1', cx, cy, R * 2.6, C.steel, 0.55);
  glow(s, 'g2', cx + R * 0.3, cy - R * 0.3, R * 1.1, C.amber, o.calm ? 0.08 : 0.14);
  // orbit rings (tilted circles drawn as ellipses), behind the sphere
  const tiltA = rng.range(-25, 25);
  const orbits: string[] = [];
  const no = o.calm ? 3 : 5;
  for (let i = 0; i < no; i++) {
    const rr = R * (1.25 + i * rng.range(0.18, 0.28));
    const ry = rr * rng.range(0.22, 0.38);
    const acc = i === 1 && !o.calm;
    orbits.push(
      `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rr)}" ry="${n(ry)}" transform="rotate(${n(tiltA + i * rng.range(-6, 6))} ${n(cx)} ${n(cy)})" fill="none" stroke="${acc ? C.amber : C.slate}" stroke-opacity="${(acc ? 0.4 : 0.16 - i * 0.02).toFixed(3)}" stroke-width="${acc ? 1.4 : 1}"/>`,
    );
  }
  s.add(orbits.join(''));
  sphere(s, rng.fork('big'), cx, cy, R, o.calm ? 120 : 150, o.calm ? 0 : 2, 1, 'a');
  // a second, smaller molecule across the frame, dimmer
  const ex = left ? W * rng.range(0.78, 0.88) : W * rng.range(0.12, 0.22);
  const ey = H * rng.range(0.22, 0.36);
  sphere(s, rng.fork('small'), ex, ey, R * rng.range(0.2, 0.28), 40, 0, 0.6, 'b');
  vignette(s, 0.6);
}

/* ---- bands: calm horizon fields with a single warm line ---------------- */
function bands(s: Svg, rng: Rng, o: SceneOpts) {
  const { W, H } = s;
  const hz = H * rng.range(0.5, 0.66);
  const variant = (o.variant ?? rng.int(0, 2)) % 3;
  const st: Stop[] = [
    [0, C.ink],
    [0.3 * (hz / H), C.navy],
    [0.75 * (hz / H), C.deep],
    [hz / H - 0.004, mix(C.steel, C.slate, rng.range(0.15, 0.4))],
    [hz / H + 0.004, C.deep],
    [hz / H + 0.12, C.navy],
    [1, C.ink],
  ];
  s.def(linear('bg', 0, 0, 0, H, st));
  s.rect('url(#bg)');
  const sx = W * rng.pick([rng.range(0.2, 0.35), rng.range(0.65, 0.8)]);
  glow(s, 'sun', sx, hz, W * 0.55, C.amber, o.calm ? 0.2 : 0.28, H * 0.2);
  for (let i = 0; i < 6; i++) {
    const y = rng.range(0.08, 0.95) * H;
    const h = rng.range(0.01, 0.08) * H;
    const col = rng.chance(0.5) ? C.slate : C.steel;
    s.def(
      linear('fb' + i, 0, y, 0, y + h, [
        [0, col, 0],
        [0.5, col, rng.range(0.04, 0.1)],
        [1, col, 0],
      ]),
    );
    s.add(`<rect y="${n(y)}" width="${W}" height="${n(h)}" fill="url(#fb${i})"/>`);
  }
  if (variant === 0) {
    // a low disc half-risen over the horizon
    const r = H * rng.range(0.16, 0.26);
    s.def(`<clipPath id="above"><rect width="${W}" height="${n(hz)}"/></clipPath>`);
    s.def(
      linear('disc', 0, hz - r, 0, hz, [
        [0, C.amber, 0.02],
        [1, C.amber, 0.14],
      ]),
    );
    s.add(`<circle cx="${n(sx)}" cy="${n(hz + r * 0.3)}" r="${n(r)}" fill="url(#disc)" clip-path="url(#above)"/>`);
    s.add(`<circle cx="${n(sx)}" cy="${n(hz + r * 0.3)}" r="${n(r)}" fill="none" stroke="${C.amber}" stroke-opacity="0.22" stroke-width="1.2" clip-path="url(#above)"/>`);
  } else if (variant === 1) {
    // a measured colonnade of thin verticals, fading away from the light
    const cols: string[] = [];
    const step = W / rng.int(18, 28);
    for (let x = step / 2; x < W; x += step) {
      const k = Math.exp(-Math.pow((x - sx) / (W * 0.35), 2));
      cols.push(`<rect x="${n(x)}" y="${n(hz - H * 0.38 * (0.4 + 0.6 * k))}" width="1" height="${n(H * 0.38 * (0.4 + 0.6 * k))}" fill="${C.fog}" fill-opacity="${(0.04 + 0.12 * k).toFixed(3)}"/>`);
    }
    s.add(cols.join(''));
  } else {
    // a second, higher horizon: stacked planes like distant strata
    const y2 = hz - H * rng.range(0.14, 0.22);
    s.def(
      linear('pl2', 0, y2, 0, hz, [
        [0, mix(C.steel, C.slate, 0.2), 0.35],
        [1, C.steel, 0],
      ]),
    );
    s.add(`<rect y="${n(y2)}" width="${W}" height="${n(hz - y2)}" fill="url(#pl2)"/>`);
    s.add(`<rect y="${n(y2 - 0.5)}" width="${W}" height="1" fill="${C.fog}" fill-opacity="0.18"/>`);
  }
  s.def(
    linear('hl', 0, 0, W, 0, [
      [0, C.amber, 0],
      [sx / W, C.amber, 0.7],
      [1, C.amber, 0],
    ]),
  );
  s.add(`<rect y="${n(hz - 0.75)}" width="${W}" height="1.5" fill="url(#hl)"/>`);
  const lines: string[] = [];
  for (let k = 1; k < 14; k++) {
    const y = hz + (H - hz) * Math.pow(k / 14, 1.6);
    lines.push(`<rect y="${n(y)}" width="${W}" height="1" fill="${C.fog}" fill-opacity="${(0.03 + 0.004 * k).toFixed(3)}"/>`);
  }
  s.add(lines.join(''));
  vignette(s, 0.5);
}

/* ---- arcs: warm concentric arcs rising behind soft dark domes ---------- */
function arcs(s: Svg, rng: Rng, o: SceneOpts) {
  const { W, H } = s;
  const sunX = W * rng.range(0.3, 0.7);
  const hz = H * rng.range(0.66, 0.76);
  s.def(
    linear('bg', 0, 0, 0, hz, [
      [0, C.ink],
      [0.5, C.navy],
      [0.85, mix(C.deep, C.steel, 0.5)],
      [1, mix(mix(C.steel, C.slate, 0.35), C.amber, 0.3)],
    ]),
  );
  s.rect('url(#bg)');
  glow(s, 'sun', sunX, hz, W * 0.45, C.amber, o.calm ? 0.28 : 0.42, H * 0.5);
  // radiating arcs centred on the light
  const rings: string[] = [];
  const nr = o.calm ? 9 : 14;
  const g = rng.range(1.12, 1.18);
  for (let i = 0; i < nr; i++) {
    const r = H * 0.09 * Math.pow(g, i) * (1 + i * 0.35);
    const t = i / (nr - 1);
    const acc = !o.calm && i === 3;
    rings.push(
      `<circle cx="${n(sunX)}" cy="${n(hz)}" r="${n(r)}" stroke="${acc ? C.amber : mix(C.amber, C.fog, t)}" stroke-opacity="${(acc ? 0.55 : 0.2 * (1 - t) + 0.03).toFixed(3)}" stroke-width="${acc ? 1.6 : 1.1}"/>`,
    );
  }
  s.add(`<g fill="none">${rings.join('')}</g>`);
  // soft domes in the foreground, dark with a warm rim facing the light
  const count = o.calm ? 3 : 5;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1);
    const r = W * rng.range(0.35, 0.6) * lerp(1.2, 0.85, t);
    const top = hz + H * lerp(-0.06, 0.12, t) + rng.range(-0.03, 0.03) * H;
    const cx = W * (((i * 0.41 + rng.range(0, 0.25) + (sunX / W > 0.5 ? 0.1 : 0.4)) % 1.3) - 0.15);
    const cy = top + r;
    const body = mix(mix(C.navy, C.deep, 0.6 * (1 - t)), C.ink, t * 0.8);
    s.def(
      linear('d' + i, 0, top, 0, top + H * 0.35, [
        [0, mix(body, C.steel, 0.2 * (1 - t))],
        [1, mix(body, C.ink, 0.6)],
      ]),
    );
    out.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#d${i})"/>`);
    const dir = Math.sign(sunX - cx) || 1;
    s.def(
      linear('rm' + i, cx - dir * r * 0.8, 0, cx + dir * r * 0.5, 0, [
        [0, C.amber, 0],
        [0.6, C.amber, 0.25],
        [1, C.amber, o.calm ? 0.5 : 0.75],
      ]),
    );
    out.push(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="none" stroke="url(#rm${i})" stroke-width="1.6"/>`);
    const inner: string[] = [];
    for (let k = 1; k <= (o.calm ? 5 : 9); k++) inner.push(`<circle cx="${n(cx)}" cy="${n(cy + k * H * 0.012)}" r="${n(r - k * H * 0.026)}"/>`);
    s.def(`<clipPath id="dc${i}"><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"/></clipPath>`);
    out.push(`<g clip-path="url(#dc${i})" fill="none" stroke="${C.fog}" stroke-opacity="${(0.05 * (1 - t * 0.4)).toFixed(3)}" stroke-width="1">${inner.join('')}</g>`);
  }
  s.add(out.join(''));
  vignette(s, 0.55);
}

/* ---- light: sunlight through a glass wall, striping floor and wall ----- */
function light(s: Svg, rng: Rng, o: SceneOpts) {
  const { W, H } = s;
  const side = rng.sign(); // side of the glass wall
  const RW = rng.range(10, 13);
  const D = rng.range(18, 24);
  const RH = rng.range(4.2, 5);
  const cam = new Camera([-side * RW * 0.18, 1.6, 0.3], [side * rng.range(0, 1.2), rng.range(1.3, 1.8), D], 66, W, H);
  const wx = side * (RW / 2);
  const ox = -wx;
  const poly = (p: V3[], fill: string) => {
    const q = cam.polygon(p);
    if (q) s.add(`<path d="${pathFrom(q)}" fill="${fill}"/>`);
  };
  const Y = (y: number) => cam.project([0, y, D])[1];
  s.def(
    linear('back', 0, Y(RH), 0, Y(0), [
      [0, C.ink],
      [1, mix(C.navy, C.deep, 0.6)],
    ]),
  );
  s.def(
    linear('floor', 0, H, 0, Y(0), [
      [0, mix(C.ink, '#000000', 0.25)],
      [1, C.navy],
    ]),
  );
  s.def(
    linear('ceil', 0, 0, 0, Y(RH), [
      [0, mix(C.ink, '#000000', 0.35)],
      [1, C.ink],
    ]),
  );
  s.def(
    linear('opp', cam.project([ox, 1, 3])[0], 0, cam.project([ox, 1, D])[0], 0, [
      [0, C.ink],
      [1, mix(C.navy, C.deep, 0.5)],
    ]),
  );
  s.rect(C.ink);
  poly(
    [
      [-RW / 2, 0, 0],
      [RW / 2, 0, 0],
      [RW / 2, 0, D],
      [-RW / 2, 0, D],
    ],
    'url(#floor)',
  );
  poly(
    [
      [-RW / 2, RH, 0],
      [RW / 2, RH, 0],
      [RW / 2, RH, D],
      [-RW / 2, RH, D],
    ],
    'url(#ceil)',
  );
  poly(
    [
      [-RW / 2, 0, D],
      [RW / 2, 0, D],
      [RW / 2, RH, D],
      [-RW / 2, RH, D],
    ],
    'url(#back)',
  );
  poly(
    [
      [ox, 0, 0],
      [ox, 0, D],
      [ox, RH, D],
      [ox, RH, 0],
    ],
    'url(#opp)',
  );
  // the glass wall: sky seen through it, then mullions
  const gx0 = cam.project([wx, 1, 1])[0];
  const gx1 = cam.project([wx, 1, D])[0];
  s.def(
    linear('glass', 0, Y(RH), 0, Y(0), [
      [0, mix(C.steel, C.slate, 0.35)],
      [0.65, mix(C.slate, C.amber, 0.3)],
      [1, mix(C.steel, C.amber, 0.15)],
    ]),
  );
  s.def(
    linear('gfade', gx0, 0, gx1, 0, [
      [0, '#ffffff', 0.55],
      [1, '#ffffff', 0.95],
    ]),
  );
  s.def(`<mask id="gm"><rect width="${W}" height="${H}" fill="url(#gfade)"/></mask>`);
  const transom = RH - rng.range(0.5, 0.8);
  poly(
    [
      [wx, 0, 0],
      [wx, 0, D],
      [wx, RH, D],
      [wx, RH, 0],
    ],
    mix(C.ink, '#000000', 0.3),
  );
  const glassPts = cam.polygon([
    [wx, 0.05, 0],
    [wx, 0.05, D],
    [wx, transom, D],
    [wx, transom, 0],
  ]);
  if (glassPts) s.add(`<path d="${pathFrom(glassPts)}" fill="url(#glass)" mask="url(#gm)" fill-opacity="${o.calm ? 0.6 : 0.75}"/>`);
  const bay = rng.range(1.1, 1.6);
  const mull: string[] = [];
  const stripes: string[] = [];
  const sun = norm([-side * rng.range(0.8, 1.3), -rng.range(0.5, 0.75), rng.range(0.3, 0.8)] as V3);
  const clipAxis = (p: V3[], axis: 0 | 1 | 2, v: number, keepLess: boolean): V3[] => {
    const inside = (q: V3) => (keepLess ? q[axis] <= v : q[axis] >= v);
    const out: V3[] = [];
    for (let i = 0; i < p.length; i++) {
      const a = p[i]!;
      const b = p[(i + 1) % p.length]!;
      if (inside(a)) out.push(a);
      if (inside(a) !== inside(b)) out.push(lerp3(a, b, (v - a[axis]) / (b[axis] - a[axis])));
    }
    return out;
  };
  const m = 0.07;
  for (let z = 0; z < D + bay; z += bay) {
    const a = cam.segment([wx, 0, z], [wx, RH, z]);
    if (a) mull.push(`M${n(a[0][0])} ${n(a[0][1])}L${n(a[1][0])} ${n(a[1][1])}`);
    // light through this bay, cast onto the floor and the opposite wall
    const za = z + m;
    const zb = Math.min(z + bay - m, D);
    if (zb <= za) continue;
    const pane: V3[] = [
      [wx, 0.05, za],
      [wx, 0.05, zb],
      [wx, transom, zb],
      [wx, transom, za],
    ];
    const toFloor = pane.map((p) => {
      const t = -p[1] / sun[1];
      return [p[0] + t * sun[0], 0, p[2] + t * sun[2]] as V3;
    });
    const fl = clipAxis(clipAxis(toFloor, 0, ox, side < 0), 2, D, true);
    if (fl.length > 2) {
      const r = cam.polygon(fl);
      if (r) stripes.push(`<path d="${pathFrom(r)}"/>`);
    }
    const toWall = pane.map((p) => {
      const t = (ox - p[0]) / sun[0];
      return [ox, p[1] + t * sun[1], p[2] + t * sun[2]] as V3;
    });
    const wl = clipAxis(clipAxis(toWall, 1, 0, false), 2, D, true);
    if (wl.length > 2) {
      const r = cam.polygon(wl);
      if (r) stripes.push(`<path d="${pathFrom(r)}"/>`);
    }
    // and onto the back wall
    const toBack = pane.map((p) => {
      const t = (D - p[2]) / sun[2];
      return [p[0] + t * sun[0], p[1] + t * sun[1], D] as V3;
    });
    const bl = clipAxis(clipAxis(toBack, 1, 0, false), 0, ox, side < 0);
    if (bl.length > 2 && toBack.every((p) => Math.abs(p[0]) < RW)) {
      const r = cam.polygon(bl);
      if (r) stripes.push(`<path d="${pathFrom(r)}"/>`);
    }
  }
  const tr = cam.segment([wx, transom, 0], [wx, transom, D]);
  if (tr) mull.push(`M${n(tr[0][0])} ${n(tr[0][1])}L${n(tr[1][0])} ${n(tr[1][1])}`);
  s.add(`<path d="${mull.join('')}" stroke="${C.ink}" stroke-width="7" fill="none"/>`);
  s.def(`<filter id="pen" x="-5%" y="-5%" width="110%" height="110%"><feGaussianBlur stdDeviation="3"/></filter>`);
  const lc = mix(C.amber, C.mist, 0.1);
  s.def(
    linear('stf', 0, H, 0, Y(0), [
      [0, lc, o.calm ? 0.36 : 0.48],
      [1, lc, 0.16],
    ]),
  );
  s.add(`<g fill="url(#stf)" filter="url(#pen)">${stripes.join('')}</g>`);
  const wc = cam.project([wx, RH * 0.5, D * 0.35]);
  glow(s, 'bloom', wc[0], wc[1], W * 0.4, C.amber, o.calm ? 0.1 : 0.14, H * 0.6);
  vignette(s, 0.6);
}

/* ---- steps: a broad stair rising away, cut by a raking shadow ---------- */
function steps(s: Svg, rng: Rng, o: SceneOpts) {
  const { W, H } = s;
  const rise = 0.2;
  const run = rng.range(0.42, 0.52);
  const N = 34;
  const yawS = rng.sign();
  const cam = new Camera([yawS * rng.range(0.5, 2), rng.range(1.1, 1.5), -2], [-yawS * rng.range(1.5, 3.5), rng.range(2.2, 3), 8], o.calm ? 58 : 62, W, H);
  s.rect(C.ink);
  const side = rng.sign();
  // shadow half-space: side * (x - a - b*z - c*y) < 0 is in shade
  const b = side * rng.range(0.35, 0.8);
  const c = side * rng.range(0.2, 0.6);
  const a = rng.range(-1.5, 1.5) - b * 6 - c * 2.6; // boundary crosses mid-frame
  const inShade = (p: V3) => side * (p[0] - a - b * p[2] - c * p[1]);
  const split = (poly: V3[]): [V3[], V3[]] => {
    const lit: V3[] = [];
    const shade: V3[] = [];
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i]!;
      const q = poly[(i + 1) % poly.length]!;
      const fp = inShade(p);
      const fq = inShade(q);
      (fp >= 0 ? lit : shade).push(p);
      if (fp >= 0 !== fq >= 0) {
        const m = lerp3(p, q, fp / (fp - fq));
        lit.push(m);
        shade.push(m);
      }
    }
    return [lit, shade];
  };
  const X = 40;
  const out: string[] = [];
  const farZ = N * run;
  const fog = (z: number) => clamp(z / farZ) * 0.75;
  const haze = mix(C.steel, C.slate, 0.15);
  const accent = rng.int(4, 9);
  for (let k = N - 1; k >= 0; k--) {
    const y0 = k * rise;
    const y1 = (k + 1) * rise;
    const z0 = k * run;
    const z1 = (k + 1) * run;
    const f = fog(z0);
    const riser: V3[] = [
      [-X, y0, z0],
      [X, y0, z0],
      [X, y1, z0],
      [-X, y1, z0],
    ];
    const tread: V3[] = [
      [-X, y1, z0],
      [X, y1, z0],
      [X, y1, z1],
      [-X, y1, z1],
    ];
    const tones: [V3[], string, string][] = [
      [tread, mix(mix(C.slate, C.amber, 0.18), C.steel, o.calm ? 0.55 : 0.4), mix(C.navy, C.deep, 0.4)],
      [riser, mix(C.steel, C.deep, 0.35), C.ink],
    ];
    for (const [poly, lit, dark] of tones) {
      const [L, S] = split(poly);
      for (const [part, col] of [
        [L, lit],
        [S, dark],
      ] as const) {
        if (part.length < 3) continue;
        const q = cam.polygon(part as V3[]);
        if (q) out.push(`<path d="${pathFrom(q)}" fill="${mix(col, haze, f)}"/>`);
      }
    }
    if (k === accent) {
      const [L] = split([
        [-X, y1, z0],
        [X, y1, z0],
        [X, y1, z0 + 0.02],
        [-X, y1, z0 + 0.02],
      ]);
      const q = L.length > 2 ? cam.polygon(L) : null;
      if (q) {
        const xs = q.map((p) => p[0]);
        const y = q[0]![1];
        out.push(`<rect x="${n(Math.min(...xs))}" y="${n(y - 1)}" width="${n(Math.max(...xs) - Math.min(...xs))}" height="2" fill="${C.amber}" fill-opacity="${o.calm ? 0.45 : 0.7}"/>`);
      }
    }
  }
  s.add(out.join(''));
  // the light itself: a soft warm wash on the lit side, atmospheric fade upward
  const litX = side > 0 ? W * 0.85 : W * 0.15;
  glow(s, 'wash', litX, H * 0.35, W * 0.6, C.amber, o.calm ? 0.1 : 0.16, H * 0.7);
  s.def(
    linear('up', 0, 0, 0, H * 0.55, [
      [0, C.ink, 0.75],
      [1, C.ink, 0],
    ]),
  );
  s.rect('url(#up)');
  vignette(s, 0.55);
}

const SCENES: Record<Motif, (s: Svg, rng: Rng, o: SceneOpts) => void> = { contours, facade, city, flows, lattice, arcs, bands, light, steps };

/* ---------------------------------------------------- motif selection -- */

const RULES: [string[], Motif][] = [
  [['pharma', 'health', 'bio', 'medic', 'clinic', 'life', 'therap', 'drug', 'molec', 'lab', 'science'], 'lattice'],
  [['energy', 'forest', 'resource', 'natural', 'agri', 'farm', 'land', 'water', 'mining', 'mineral', 'power', 'renew', 'climate', 'timber', 'sustain', 'environment'], 'contours'],
  [['logistic', 'port', 'freight', 'ship', 'transport', 'supply', 'rail', 'distribut', 'mobility', 'fleet', 'carve', 'special', 'situation'], 'flows'],
  [['process', 'step', 'stage', 'path', 'principle'], 'steps'],
  [['food', 'brand', 'consumer', 'retail', 'restaurant', 'beverage', 'hospitality', 'leisure', 'provision', 'bake', 'kitchen'], 'arcs'],
  [['tech', 'software', 'data', 'digital', 'cloud', 'cyber', 'network', 'telecom', 'ai', 'growth'], 'city'],
  [['real', 'estate', 'property', 'housing', 'build', 'construct', 'urban', 'industrial', 'manufactur', 'buyout'], 'facade'],
  [['philosophy', 'company', 'profile', 'about', 'culture', 'people', 'careers', 'history', 'approach'], 'light'],
  [['capital', 'credit', 'finance', 'value', 'fund', 'invest', 'responsible', 'governance'], 'bands'],
];

export function chooseMotif(key: string, hints: string[] = []): Motif | null {
  const id = key.split('/').slice(1).join('-');
  const tokens = [...id.split('-'), ...hints.flatMap((h) => h.toLowerCase().split(/[^a-z0-9]+/))].filter(Boolean);
  for (const [words, motif] of RULES) {
    if (tokens.some((tk) => words.some((w) => (w.length <= 3 ? tk === w : tk.startsWith(w))))) return motif;
  }
  return null;
}

/* ========================================================= PUBLIC API == */

export interface ArtSpec {
  /** Design/render size of the largest variant. */
  width: number;
  height: number;
  svg: string;
  motif: string;
}

/** Hero artwork (stories, pages, og): W×H in px. */
/**
 * Art direction for the keys we know about, so that sibling pages never share a
 * composition. Anything not listed falls back to keyword rules, then to the hash.
 */
const DIRECTION: Record<string, { motif: Motif; variant?: number }> = {
  'pages/buyouts': { motif: 'facade', variant: 0 },
  'pages/real-estate': { motif: 'facade', variant: 1 },
  'pages/company-profile': { motif: 'light' },
  'pages/philosophy': { motif: 'bands', variant: 0 },
  'pages/private-credit': { motif: 'bands', variant: 1 },
  'pages/special-situations': { motif: 'bands', variant: 2 },
  'pages/principles': { motif: 'steps' },
  'pages/process': { motif: 'flows' },
  'site/og-default': { motif: 'bands', variant: 0 },
};

export function heroSvg(key: string, W: number, H: number, opts: { calm?: boolean; hints?: string[]; motif?: Motif } = {}): ArtSpec {
  const rng = new Rng(key);
  const fallback: Motif[] = opts.calm ? ['bands', 'contours', 'facade', 'light'] : ['facade', 'city', 'contours', 'flows'];
  const dir = DIRECTION[key];
  const motif = opts.motif ?? dir?.motif ?? chooseMotif(key, opts.hints) ?? fallback[hashString('motif:' + key) % fallback.length]!;
  const s = new Svg(W, H);
  SCENES[motif](s, rng.fork(motif), { calm: !!opts.calm, variant: motif === dir?.motif ? dir.variant : undefined });
  return { width: W, height: H, svg: s.toString({ seed: hashString(key), amount: 0.07 }), motif: dir?.variant === undefined ? motif : `${motif}-${dir.variant}` };
}

/* ---- cards: gradient field + one geometric motif ---------------------- */

type Tone = 'dark' | 'mid' | 'light';
const TONES: Record<Tone, { a: string; b: string; line: string; fill: string; accent: string }> = {
  dark: { a: C.ink, b: C.steel, line: C.fog, fill: C.slate, accent: C.amber },
  mid: { a: C.deep, b: mix(C.steel, C.slate, 0.55), line: C.mist, fill: C.fog, accent: C.amber },
  light: { a: C.mist, b: mix(C.fog, C.slate, 0.35), line: C.deep, fill: C.steel, accent: C.brass },
};
export const CARD_MOTIFS = ['ring', 'contour', 'sheets', 'split', 'dots', 'horizon', 'arches', 'waves', 'perspective'] as const;

/**
 * Card artwork. `slot` (optional) picks the motif so that neighbouring items of
 * one list differ; without it the motif comes from the key's hash.
 */
export function cardSvg(key: string, W: number, H: number, slot?: number): ArtSpec {
  const rng = new Rng(key);
  const prefix = key.split('/')[0];
  const tone: Tone = prefix === 'research' ? 'dark' : prefix === 'press' ? 'light' : prefix === 'news' ? 'mid' : rng.pick(['dark', 'mid', 'light'] as const);
  const T = TONES[tone];
  const motif = CARD_MOTIFS[(slot ?? hashString('card:' + key)) % CARD_MOTIFS.length]!;
  const s = new Svg(W, H);
  const ang = rng.range(0, Math.PI * 2);
  const gx = Math.cos(ang) * W * 0.6;
  const gy = Math.sin(ang) * H * 0.6;
  s.def(
    linear('bg', W / 2 - gx, H / 2 - gy, W / 2 + gx, H / 2 + gy, [
      [0, T.a],
      [1, T.b],
    ]),
  );
  s.rect('url(#bg)');
  const lx = W * rng.range(0.2, 0.8);
  const ly = H * rng.range(0.2, 0.8);
  glow(s, 'lt', lx, ly, W * 0.55, tone === 'light' ? '#ffffff' : C.slate, tone === 'light' ? 0.5 : 0.2);
  const lo = tone === 'light' ? 1.25 : 1; // line opacity multiplier
  const third = (v: number) => (rng.chance(0.5) ? v / 3 : (2 * v) / 3);

  switch (motif) {
    case 'ring': {
      const cx = third(W) + rng.range(-0.05, 0.05) * W;
      const cy = H * rng.range(0.4, 0.6);
      const r = H * rng.range(0.3, 0.42);
      s.def(
        radial('rf', cx - r * 0.3, cy - r * 0.3, r * 1.4, [
          [0, T.fill, 0.22],
          [1, T.fill, 0.02],
        ]),
      );
      s.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#rf)"/>`);
      for (let i = 1; i <= 4; i++) {
        s.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r * (1 + i * 0.16))}" fill="none" stroke="${T.line}" stroke-opacity="${((0.2 - i * 0.035) * lo).toFixed(3)}" stroke-width="1"/>`);
      }
      const a0 = rng.range(0, Math.PI * 2);
      const a1 = a0 + rng.range(0.6, 1.4);
      const rr = r * 1.16;
      s.add(
        `<path d="M${n(cx + rr * Math.cos(a0))} ${n(cy + rr * Math.sin(a0))}A${n(rr)} ${n(rr)} 0 0 1 ${n(cx + rr * Math.cos(a1))} ${n(cy + rr * Math.sin(a1))}" fill="none" stroke="${T.accent}" stroke-width="3" stroke-linecap="round"/>`,
      );
      break;
    }
    case 'contour': {
      const cx = third(W);
      const cy = H * rng.range(0.35, 0.65);
      const w = wave(rng, 4, 1);
      const out: string[] = [];
      const count = 14;
      for (let k = 1; k <= count; k++) {
        const R = H * 0.05 * k * 1.1;
        const p: [number, number][] = [];
        for (let a = 0; a < 96; a++) {
          const th = (a / 96) * Math.PI * 2;
          const rr = R * (1 + 0.22 * w(th / (Math.PI * 2), k * 0.18) * Math.min(1, k / 4));
          p.push([cx + rr * Math.cos(th) * 1.25, cy + rr * Math.sin(th)]);
        }
        const acc = k === 5;
        out.push(`<path d="${pathFrom(p)}" fill="none" stroke="${acc ? T.accent : T.line}" stroke-opacity="${acc ? 0.8 : ((0.26 - k * 0.012) * lo).toFixed(3)}" stroke-width="${acc ? 2 : 1.1}"/>`);
      }
      s.add(out.join(''));
      break;
    }
    case 'sheets': {
      const out: string[] = [];
      const k = rng.int(4, 6);
      const x0 = W * rng.range(0.18, 0.32);
      const y0 = H * rng.range(0.2, 0.3);
      const sw = W * rng.range(0.32, 0.42);
      const sh = H * rng.range(0.38, 0.5);
      const dx = W * 0.055 * rng.sign();
      const dy = H * 0.045;
      const skew = rng.range(-0.25, -0.1) * sw;
      for (let i = 0; i < k; i++) {
        const X = x0 + (dx > 0 ? i * dx : (k - i) * -dx);
        const Y = y0 + i * dy;
        const p: [number, number][] = [
          [X, Y],
          [X + sw, Y],
          [X + sw + skew, Y + sh],
          [X + skew, Y + sh],
        ];
        s.def(
          linear('sh' + i, X, Y, X + sw, Y + sh, [
            [0, T.fill, 0.28 * lo],
            [1, T.fill, 0.06],
          ]),
        );
        out.push(
          `<path d="${pathFrom(p)}" fill="url(#sh${i})" stroke="${i === k - 1 ? T.accent : T.line}" stroke-opacity="${i === k - 1 ? 0.85 : (0.25 * lo).toFixed(3)}" stroke-width="${i === k - 1 ? 1.6 : 1}"/>`,
        );
      }
      s.add(out.join(''));
      break;
    }
    case 'split': {
      const yL = H * rng.range(0.2, 0.8);
      const yR = H * rng.range(0.2, 0.8);
      const p: [number, number][] = [
        [0, yL],
        [W, yR],
        [W, H],
        [0, H],
      ];
      s.def(
        linear('pl', 0, Math.min(yL, yR), 0, H, [
          [0, T.fill, 0.3 * lo],
          [1, T.fill, 0.05],
        ]),
      );
      s.add(`<path d="${pathFrom(p)}" fill="url(#pl)"/>`);
      const grid: string[] = [];
      const step = W / 24;
      for (let x = step; x < W; x += step) grid.push(`M${n(x)} 0L${n(x)} ${H}`);
      for (let y = step; y < H; y += step) grid.push(`M0 ${n(y)}L${W} ${n(y)}`);
      s.def(
        `<clipPath id="ab"><path d="${pathFrom([
          [0, 0],
          [W, 0],
          [W, yR],
          [0, yL],
        ])}"/></clipPath>`,
      );
      s.add(`<path d="${grid.join('')}" stroke="${T.line}" stroke-opacity="${(0.08 * lo).toFixed(3)}" stroke-width="1" clip-path="url(#ab)"/>`);
      s.add(`<path d="M0 ${n(yL)}L${W} ${n(yR)}" stroke="${T.accent}" stroke-width="2.2" stroke-opacity="0.9"/>`);
      break;
    }
    case 'dots': {
      // a halftone field swelling towards a focal point
      const cols = 32;
      const rows = Math.round((cols * H) / W);
      const fx = third(W);
      const fy = H * rng.range(0.3, 0.7);
      const spread = rng.range(0.28, 0.4);
      const w = wave(rng, 2, 1.2);
      const out: string[] = [];
      let best = { d: Infinity, x: 0, y: 0, r: 0 };
      for (let i = 0; i < cols; i++) {
        for (let j = 0; j < rows; j++) {
          const x = ((i + 0.5) / cols) * W;
          const y = ((j + 0.5) / rows) * H;
          const d = Math.hypot((x - fx) / W, (y - fy) / W) / spread;
          const v = Math.exp(-d * d * 1.6) * (0.9 + 0.1 * w(i / cols + j / rows));
          const r = 1.2 + v * 10;
          out.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}"/>`);
          if (d < best.d) best = { d, x, y, r };
        }
      }
      s.add(`<g fill="${T.line}" fill-opacity="${(0.2 * lo).toFixed(3)}">${out.join('')}</g>`);
      s.add(`<circle cx="${n(best.x)}" cy="${n(best.y)}" r="${n(best.r)}" fill="${T.accent}"/>`);
      s.add(`<circle cx="${n(best.x)}" cy="${n(best.y)}" r="${n(best.r * 2.4)}" fill="none" stroke="${T.accent}" stroke-opacity="0.6" stroke-width="1.2"/>`);
      break;
    }
    case 'horizon': {
      const hz = H * rng.range(0.58, 0.72);
      const cx = third(W) + rng.range(-0.06, 0.06) * W;
      glow(s, 'hg', cx, hz, W * 0.35, T.accent, tone === 'light' ? 0.22 : 0.3, H * 0.3);
      const out: string[] = [];
      const nr = rng.int(6, 9);
      const r0 = H * rng.range(0.06, 0.1);
      for (let k = 0; k < nr; k++) {
        const r = r0 * Math.pow(1.32, k);
        const acc = k === 1;
        out.push(
          `<circle cx="${n(cx)}" cy="${n(hz)}" r="${n(r)}" stroke="${acc ? T.accent : T.line}" stroke-opacity="${acc ? 0.85 : ((0.28 - k * 0.025) * lo).toFixed(3)}" stroke-width="${acc ? 2 : 1.1}"/>`,
        );
      }
      s.def(`<clipPath id="up"><rect width="${W}" height="${n(hz)}"/></clipPath>`);
      s.add(`<g fill="none" clip-path="url(#up)">${out.join('')}</g>`);
      s.def(
        linear('gr', 0, hz, 0, H, [
          [0, T.fill, 0.32 * lo],
          [1, T.fill, 0.04],
        ]),
      );
      s.add(`<rect y="${n(hz)}" width="${W}" height="${n(H - hz)}" fill="url(#gr)"/>`);
      const lines: string[] = [];
      for (let k = 1; k < 12; k++) {
        const y = hz + (H - hz) * Math.pow(k / 12, 1.7);
        lines.push(`<rect y="${n(y)}" width="${W}" height="1" fill="${T.line}" fill-opacity="${(0.1 * lo).toFixed(3)}"/>`);
      }
      s.add(lines.join(''));
      s.def(
        linear('hl', 0, 0, W, 0, [
          [0, T.accent, 0.1],
          [cx / W, T.accent, 0.9],
          [1, T.accent, 0.1],
        ]),
      );
      s.add(`<rect y="${n(hz - 0.75)}" width="${W}" height="1.5" fill="url(#hl)"/>`);
      break;
    }
    case 'arches': {
      // nested arches receding in one-point perspective, like a colonnade
      const cx = W * rng.range(0.35, 0.65);
      const base = H * rng.range(0.85, 1.0);
      const out: string[] = [];
      const k = rng.int(6, 9);
      const w0 = W * rng.range(0.36, 0.46);
      const h0 = H * rng.range(0.72, 0.86);
      for (let i = 0; i < k; i++) {
        const f = Math.pow(0.8, i);
        const w = w0 * f;
        const h = h0 * f;
        const y = base - (1 - f) * H * 0.35;
        const x0 = cx - w / 2;
        const d = `M${n(x0)} ${n(y)}L${n(x0)} ${n(y - h + w / 2)}A${n(w / 2)} ${n(w / 2)} 0 0 1 ${n(x0 + w)} ${n(y - h + w / 2)}L${n(x0 + w)} ${n(y)}`;
        const acc = i === k - 2;
        s.def(
          linear('ar' + i, 0, y - h, 0, y, [
            [0, T.fill, 0.1 * lo],
            [1, T.fill, 0.02],
          ]),
        );
        out.push(`<path d="${d}Z" fill="url(#ar${i})"/>`);
        out.push(`<path d="${d}" fill="none" stroke="${acc ? T.accent : T.line}" stroke-opacity="${acc ? 0.85 : ((0.3 - i * 0.025) * lo).toFixed(3)}" stroke-width="${acc ? 2 : 1.1}"/>`);
      }
      s.add(out.join(''));
      break;
    }
    case 'waves': {
      // stacked flowing lines, a calm field of movement
      const w = wave(rng, 3, 0.9);
      const out: string[] = [];
      const count = 26;
      const amp = H * rng.range(0.06, 0.12);
      const accK = rng.int(8, 18);
      for (let k = 0; k < count; k++) {
        const y0 = H * (0.1 + (k / count) * 0.9);
        const p: [number, number][] = [];
        for (let x = -20; x <= W + 20; x += 20) p.push([x, y0 + amp * w(x / W, k * 0.12) * (0.4 + k / count)]);
        const acc = k === accK;
        out.push(
          `<path d="${pathFrom(p, false)}" stroke="${acc ? T.accent : T.line}" stroke-opacity="${acc ? 0.85 : ((0.08 + 0.14 * Math.sin((k / count) * Math.PI)) * lo).toFixed(3)}" stroke-width="${acc ? 2 : 1.1}"/>`,
        );
      }
      s.add(`<g fill="none">${out.join('')}</g>`);
      break;
    }
    case 'perspective': {
      // a floor grid receding to a vanishing point, with a single lit line
      const vx = W * rng.range(0.3, 0.7);
      const vy = H * rng.range(0.3, 0.45);
      const out: string[] = [];
      const n1 = 28;
      for (let i = -n1; i <= n1; i++) {
        const xb = vx + (i / n1) * W * 2.2;
        out.push(`M${n(vx)} ${n(vy)}L${n(xb)} ${H}`);
      }
      for (let k = 1; k < 16; k++) {
        const y = vy + (H - vy) * Math.pow(k / 16, 2.2);
        out.push(`M0 ${n(y)}L${W} ${n(y)}`);
      }
      s.def(
        linear('pg', 0, vy, 0, H, [
          [0, T.line, 0],
          [1, T.line, 0.3 * lo],
        ]),
      );
      s.add(`<path d="${out.join('')}" stroke="url(#pg)" stroke-width="1" fill="none"/>`);
      s.def(
        linear('sky2', 0, 0, 0, vy, [
          [0, T.fill, 0],
          [1, T.fill, 0.18 * lo],
        ]),
      );
      s.add(`<rect width="${W}" height="${n(vy)}" fill="url(#sky2)"/>`);
      const li = rng.int(-8, 8);
      s.add(`<path d="M${n(vx)} ${n(vy)}L${n(vx + (li / n1) * W * 2.2)} ${H}" stroke="${T.accent}" stroke-width="2" stroke-opacity="0.85"/>`);
      s.add(`<rect y="${n(vy - 0.5)}" width="${W}" height="1" fill="${T.line}" fill-opacity="${(0.25 * lo).toFixed(3)}"/>`);
      break;
    }
  }
  if (tone !== 'light') vignette(s, 0.35);
  else vignette(s, 0.12, C.steel);
  return { width: W, height: H, svg: s.toString({ seed: hashString(key), amount: tone === 'light' ? 0.05 : 0.06 }), motif: 'card-' + motif + '-' + tone };
}
