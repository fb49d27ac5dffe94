/**
 * Team portraits: a set of flat, editorial illustrated portraits (head and shoulders), one art
 * direction per person (skin, hair, dress, glasses, beard) and one composition per person behind
 * them (a colour field from the palette with one warm geometric accent). No text, no photo.
 * Deterministic: the same key always gives the same SVG.
 */
import { C, Rng, Svg, hashString, linear, mix, n, radialE, type ArtSpec } from './art.ts';

const SKIN = {
  porcelain: '#efd2bf',
  fair: '#e6bb9c',
  light: '#dcae8a',
  olive: '#c99670',
  tan: '#b27c55',
  brown: '#8c5a3b',
  deep: '#62402b',
} as const;
const HAIR = {
  black: '#17130f',
  espresso: '#2f2119',
  brown: '#5a3b27',
  auburn: '#8a4427',
  blonde: '#cfa767',
  ash: '#b9a68a',
  grey: '#8f8d89',
  silver: '#d3d0cb',
} as const;

type HairStyle = 'crop' | 'side' | 'wavy' | 'bob' | 'fringe-bob' | 'long' | 'bun' | 'puff' | 'receding' | 'shoulder';
type Dress = 'suit-tie' | 'suit-open' | 'blouse' | 'turtleneck' | 'crew' | 'cardigan';
type Backdrop = 'disc' | 'arch' | 'split' | 'rings' | 'bands' | 'quarter' | 'grid';

interface Person {
  skin: keyof typeof SKIN;
  hair: keyof typeof HAIR;
  style: HairStyle;
  dress: Dress;
  jacket: string;
  shirt: string;
  backdrop: Backdrop;
  field: string;
  accent: string;
  glasses?: boolean;
  beard?: boolean;
}

const JACKET = { navy: '#1c2f4d', charcoal: '#2e3136', camel: '#a87b4f', stone: '#8d8477', ink: '#121c2b', slate: '#4a5e77', sage: '#5f6d5c', burgundy: '#5a2a30' };
const FIELD = { navy: C.navy, ink: C.ink, steel: C.steel, deep: C.deep, fog: '#c7d0da', sand: '#d8cbb5', mist: '#e4e7ea' };

/** The people on the team page; anyone else gets a seeded combination. */
const PEOPLE: Record<string, Person> = {
  'team/eleanor-vance': { skin: 'porcelain', hair: 'silver', style: 'bob', dress: 'blouse', jacket: JACKET.navy, shirt: '#f2efe9', backdrop: 'disc', field: FIELD.navy, accent: C.brass },
  'team/adaeze-okafor': { skin: 'deep', hair: 'black', style: 'puff', dress: 'suit-open', jacket: JACKET.camel, shirt: '#f3ede4', backdrop: 'arch', field: FIELD.fog, accent: C.steel },
  'team/julian-marchetti': { skin: 'olive', hair: 'espresso', style: 'side', dress: 'suit-tie', jacket: JACKET.charcoal, shirt: '#e9eef4', backdrop: 'split', field: FIELD.steel, accent: C.amber },
  'team/priya-venkataraman': { skin: 'tan', hair: 'black', style: 'long', dress: 'suit-open', jacket: JACKET.ink, shirt: '#d9c9a8', backdrop: 'rings', field: FIELD.sand, accent: C.navy },
  'team/sofia-lindqvist': { skin: 'fair', hair: 'blonde', style: 'long', dress: 'turtleneck', jacket: JACKET.navy, shirt: JACKET.navy, backdrop: 'quarter', field: FIELD.deep, accent: C.amber },
  'team/kenji-morimoto': {
    skin: 'light',
    hair: 'black',
    style: 'crop',
    dress: 'suit-open',
    jacket: JACKET.ink,
    shirt: '#f4f4f2',
    backdrop: 'bands',
    field: FIELD.mist,
    accent: C.brass,
    glasses: true,
  },
  'team/samuel-adeyemi': { skin: 'brown', hair: 'black', style: 'crop', dress: 'suit-open', jacket: JACKET.navy, shirt: '#cfe0f0', backdrop: 'grid', field: FIELD.ink, accent: C.amber, beard: true },
  'team/ingrid-solberg': { skin: 'porcelain', hair: 'ash', style: 'bun', dress: 'crew', jacket: JACKET.sage, shirt: JACKET.sage, backdrop: 'disc', field: FIELD.fog, accent: C.brass },
  'team/graham-pellew': {
    skin: 'fair',
    hair: 'grey',
    style: 'receding',
    dress: 'cardigan',
    jacket: JACKET.camel,
    shirt: '#e6e9ee',
    backdrop: 'arch',
    field: FIELD.navy,
    accent: C.fog,
    beard: true,
    glasses: true,
  },
  'team/mei-lin-tan': { skin: 'light', hair: 'black', style: 'fringe-bob', dress: 'turtleneck', jacket: JACKET.ink, shirt: JACKET.ink, backdrop: 'split', field: FIELD.sand, accent: C.brass },
  'team/mateo-alvarez': { skin: 'tan', hair: 'espresso', style: 'wavy', dress: 'crew', jacket: JACKET.slate, shirt: JACKET.slate, backdrop: 'quarter', field: FIELD.mist, accent: C.navy },
  'team/catherine-dunmore': {
    skin: 'light',
    hair: 'brown',
    style: 'shoulder',
    dress: 'suit-open',
    jacket: JACKET.navy,
    shirt: '#f1ece4',
    backdrop: 'rings',
    field: FIELD.steel,
    accent: C.amber,
    glasses: true,
  },
  'team/hannah-kowalczyk': { skin: 'fair', hair: 'auburn', style: 'long', dress: 'blouse', jacket: JACKET.stone, shirt: '#ece5da', backdrop: 'bands', field: FIELD.navy, accent: C.brass },
  'team/nadia-haddad': { skin: 'olive', hair: 'espresso', style: 'shoulder', dress: 'suit-open', jacket: JACKET.charcoal, shirt: '#e7e2da', backdrop: 'grid', field: FIELD.mist, accent: C.brass },
};

function seeded(key: string): Person {
  const r = new Rng('person:' + key);
  const field = r.pick(Object.values(FIELD));
  return {
    skin: r.pick(Object.keys(SKIN) as (keyof typeof SKIN)[]),
    hair: r.pick(Object.keys(HAIR) as (keyof typeof HAIR)[]),
    style: r.pick(['crop', 'side', 'wavy', 'bob', 'long', 'bun', 'shoulder'] as const),
    dress: r.pick(['suit-tie', 'suit-open', 'blouse', 'turtleneck', 'crew'] as const),
    jacket: r.pick(Object.values(JACKET)),
    shirt: '#eeeae4',
    backdrop: r.pick(['disc', 'arch', 'split', 'rings', 'bands', 'quarter', 'grid'] as const),
    field,
    accent: C.brass,
    glasses: r.chance(0.25),
  };
}

const lum = (hex: string) => {
  const v = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return 0.2126 * v[0]! + 0.7152 * v[1]! + 0.0722 * v[2]!;
};

function backdrop(s: Svg, p: Person, rng: Rng, cx: number, headCy: number) {
  const { W, H } = s;
  const dark = lum(p.field) < 110;
  const shade = dark ? mix(p.field, '#000000', 0.35) : mix(p.field, C.steel, 0.25);
  s.def(
    linear('pbg', 0, 0, W * 0.3, H, [
      [0, mix(p.field, '#ffffff', dark ? 0.06 : 0.25)],
      [1, shade],
    ]),
  );
  s.rect('url(#pbg)');
  const a = p.accent;
  const line = dark ? mix(p.field, '#ffffff', 0.22) : mix(p.field, C.navy, 0.25);
  const side = rng.sign();
  switch (p.backdrop) {
    case 'disc': {
      const r = W * rng.range(0.36, 0.42);
      s.add(`<circle cx="${n(cx + side * W * 0.12)}" cy="${n(headCy - H * 0.04)}" r="${n(r)}" fill="${a}" fill-opacity="0.92"/>`);
      s.add(`<circle cx="${n(cx + side * W * 0.12)}" cy="${n(headCy - H * 0.04)}" r="${n(r * 1.18)}" fill="none" stroke="${line}" stroke-width="${n(W * 0.004)}"/>`);
      break;
    }
    case 'arch': {
      const aw = W * 0.62;
      const x0 = cx - aw / 2;
      const top = H * 0.1;
      s.add(`<path d="M${n(x0)} ${H}L${n(x0)} ${n(top + aw / 2)}A${n(aw / 2)} ${n(aw / 2)} 0 0 1 ${n(x0 + aw)} ${n(top + aw / 2)}L${n(x0 + aw)} ${H}Z" fill="${a}" fill-opacity="0.9"/>`);
      for (let i = 1; i <= 3; i++) {
        const g = W * 0.035 * i;
        s.add(
          `<path d="M${n(x0 - g)} ${H}L${n(x0 - g)} ${n(top + aw / 2)}A${n(aw / 2 + g)} ${n(aw / 2 + g)} 0 0 1 ${n(x0 + aw + g)} ${n(top + aw / 2)}L${n(x0 + aw + g)} ${H}" fill="none" stroke="${line}" stroke-width="${n(W * 0.003)}"/>`,
        );
      }
      break;
    }
    case 'split': {
      const x = side > 0 ? W * 0.58 : 0;
      s.add(`<rect x="${n(x)}" y="0" width="${n(W * 0.42)}" height="${H}" fill="${a}" fill-opacity="0.9"/>`);
      for (let y = H * 0.08; y < H; y += H * 0.035)
        s.add(`<line x1="${n(side > 0 ? 0 : W * 0.42)}" y1="${n(y)}" x2="${n(side > 0 ? W * 0.58 : W)}" y2="${n(y)}" stroke="${line}" stroke-width="${n(W * 0.002)}" stroke-opacity="0.7"/>`);
      break;
    }
    case 'rings': {
      const ox = cx + side * W * 0.2;
      for (let i = 9; i >= 1; i--) {
        s.add(`<circle cx="${n(ox)}" cy="${n(headCy)}" r="${n(W * 0.075 * i)}" fill="${i % 2 ? a : p.field}" fill-opacity="${i % 2 ? 0.55 : 1}"/>`);
      }
      break;
    }
    case 'bands': {
      const k = 6;
      for (let i = 0; i < k; i++) {
        const y = H * (0.06 + i * 0.11);
        s.add(`<rect x="${n(side > 0 ? W * 0.3 : 0)}" y="${n(y)}" width="${n(W * 0.7)}" height="${n(H * 0.05)}" fill="${i === 2 ? a : line}" fill-opacity="${i === 2 ? 0.95 : 0.55}"/>`);
      }
      break;
    }
    case 'quarter': {
      const ox = side > 0 ? W : 0;
      s.add(`<circle cx="${ox}" cy="0" r="${n(W * 0.95)}" fill="${a}" fill-opacity="0.88"/>`);
      s.add(`<circle cx="${ox}" cy="0" r="${n(W * 0.62)}" fill="${p.field}" fill-opacity="0.35"/>`);
      break;
    }
    case 'grid': {
      const step = W * 0.06;
      const dots: string[] = [];
      for (let y = step / 2; y < H; y += step) for (let x = step / 2; x < W; x += step) dots.push(`<circle cx="${n(x)}" cy="${n(y)}" r="${n(W * 0.006)}"/>`);
      s.add(`<g fill="${line}">${dots.join('')}</g>`);
      s.add(`<rect x="${n(cx - side * W * 0.5 - W * 0.18)}" y="${n(H * 0.12)}" width="${n(W * 0.36)}" height="${n(H * 0.5)}" fill="${a}" fill-opacity="0.92"/>`);
      break;
    }
  }
}

export function portraitSvg(key: string, W: number, H: number): ArtSpec {
  const p = PEOPLE[key] ?? seeded(key);
  const rng = new Rng('portrait:' + key);
  const s = new Svg(W, H);
  const light = rng.sign(); // key light from the right (+1) or left
  const cx = W * 0.5 + rng.range(-0.03, 0.03) * W;
  const rx = W * rng.range(0.15, 0.162);
  const ry = rx * rng.range(1.3, 1.38);
  const headCy = H * rng.range(0.36, 0.39);
  const skin = SKIN[p.skin];
  const skinShade = mix(skin, '#3a2015', 0.28);
  const hair = HAIR[p.hair];
  const hairHi = mix(hair, '#ffffff', 0.18);
  backdrop(s, p, rng.fork('bg'), cx, headCy);

  // ---- hair behind the head (long styles)
  const chinY = headCy + ry;
  if (p.style === 'long' || p.style === 'shoulder') {
    const len = p.style === 'long' ? H * 0.34 : H * 0.2;
    const hw = rx * (p.style === 'long' ? 1.3 : 1.24);
    const side = (sg: number) =>
      // from the crown down past the cheek (a little fuller), then tapering to a rounded end
      `C${n(cx + sg * hw * 1.12)} ${n(headCy + ry * 0.3)} ${n(cx + sg * hw * 1.16)} ${n(chinY + len * 0.55)} ${n(cx + sg * hw * 1.02)} ${n(chinY + len * 0.92)}` +
      `Q${n(cx + sg * hw * 0.92)} ${n(chinY + len * 1.06)} ${n(cx + sg * hw * 0.62)} ${n(chinY + len * 0.9)}`;
    s.add(
      `<path d="M${n(cx - hw * 0.96)} ${n(headCy - ry * 0.35)}${side(-1)}L${n(cx + hw * 0.62)} ${n(chinY + len * 0.9)}` +
        `Q${n(cx + hw * 0.92)} ${n(chinY + len * 1.06)} ${n(cx + hw * 1.02)} ${n(chinY + len * 0.92)}` +
        `C${n(cx + hw * 1.16)} ${n(chinY + len * 0.55)} ${n(cx + hw * 1.12)} ${n(headCy + ry * 0.3)} ${n(cx + hw * 0.96)} ${n(headCy - ry * 0.35)}Z" fill="${hair}"/>`,
    );
    // a strand line on the lit side gives the mass some direction
    s.add(
      `<path d="M${n(cx + light * hw * 0.98)} ${n(headCy + ry * 0.1)}C${n(cx + light * hw * 1.08)} ${n(chinY)} ${n(cx + light * hw * 1.06)} ${n(chinY + len * 0.5)} ${n(cx + light * hw * 0.92)} ${n(chinY + len * 0.8)}" fill="none" stroke="${hairHi}" stroke-opacity="0.45" stroke-width="${n(rx * 0.05)}" stroke-linecap="round"/>`,
    );
  }
  if (p.style === 'bob' || p.style === 'fringe-bob') {
    const hw = rx * 1.28;
    const by = chinY - ry * 0.08;
    s.add(
      `<path d="M${n(cx - hw * 0.98)} ${n(headCy - ry * 0.35)}C${n(cx - hw * 1.1)} ${n(headCy + ry * 0.2)} ${n(cx - hw * 1.08)} ${n(by - ry * 0.2)} ${n(cx - hw * 0.98)} ${n(by)}` +
        `Q${n(cx - hw * 0.9)} ${n(by + ry * 0.14)} ${n(cx - hw * 0.62)} ${n(by + ry * 0.06)}L${n(cx + hw * 0.62)} ${n(by + ry * 0.06)}Q${n(cx + hw * 0.9)} ${n(by + ry * 0.14)} ${n(cx + hw * 0.98)} ${n(by)}` +
        `C${n(cx + hw * 1.08)} ${n(by - ry * 0.2)} ${n(cx + hw * 1.1)} ${n(headCy + ry * 0.2)} ${n(cx + hw * 0.98)} ${n(headCy - ry * 0.35)}Z" fill="${hair}"/>`,
    );
  }
  if (p.style === 'bun') s.add(`<circle cx="${n(cx + light * rx * 0.2)}" cy="${n(headCy - ry * 1.12)}" r="${n(rx * 0.45)}" fill="${hair}"/>`);
  if (p.style === 'puff')
    s.add(
      `<ellipse cx="${n(cx)}" cy="${n(headCy - ry * 0.5)}" rx="${n(rx * 1.42)}" ry="${n(ry * 0.98)}" fill="${hair}"/><ellipse cx="${n(cx + light * rx * 0.5)}" cy="${n(headCy - ry * 1.05)}" rx="${n(rx * 0.5)}" ry="${n(ry * 0.2)}" fill="${hairHi}" fill-opacity="0.35"/>`,
    );

  // ---- shoulders and dress
  const neckW = rx * 0.52;
  const neckTop = headCy + ry * 0.55;
  const collarY = chinY + H * 0.05;
  const shoulderY = collarY + H * 0.06;
  const span = W * rng.range(0.35, 0.39);
  const torso =
    `M${n(cx - neckW * 1.6)} ${n(collarY)}C${n(cx - span * 0.7)} ${n(collarY + H * 0.005)} ${n(cx - span)} ${n(shoulderY - H * 0.01)} ${n(cx - span - W * 0.03)} ${n(shoulderY + H * 0.1)}` +
    `L${n(cx - span - W * 0.06)} ${H + 4}L${n(cx + span + W * 0.06)} ${H + 4}L${n(cx + span + W * 0.03)} ${n(shoulderY + H * 0.1)}` +
    `C${n(cx + span)} ${n(shoulderY - H * 0.01)} ${n(cx + span * 0.7)} ${n(collarY + H * 0.005)} ${n(cx + neckW * 1.6)} ${n(collarY)}Z`;
  // neck
  s.add(`<path d="M${n(cx - neckW)} ${n(neckTop)}L${n(cx - neckW)} ${n(collarY + H * 0.03)}L${n(cx + neckW)} ${n(collarY + H * 0.03)}L${n(cx + neckW)} ${n(neckTop)}Z" fill="${skin}"/>`);
  s.add(
    `<path d="M${n(cx - neckW)} ${n(neckTop)}L${n(cx + neckW)} ${n(neckTop)}L${n(cx + neckW)} ${n(chinY + H * 0.02)}Q${n(cx)} ${n(chinY + H * 0.045)} ${n(cx - neckW)} ${n(chinY + H * 0.02)}Z" fill="${skinShade}" fill-opacity="0.7"/>`,
  );
  const jacket = p.jacket;
  const jShade = mix(jacket, '#000000', 0.3);
  s.def(`<clipPath id="torso"><path d="${torso}"/></clipPath>`);
  if (p.dress === 'turtleneck') {
    s.add(`<rect x="${n(cx - neckW * 1.12)}" y="${n(chinY + H * 0.015)}" width="${n(neckW * 2.24)}" height="${n(H * 0.09)}" rx="${n(neckW * 0.3)}" fill="${mix(jacket, '#000000', 0.12)}"/>`);
  }
  s.add(`<path d="${torso}" fill="${jacket}"/>`);
  // light/shadow side of the torso
  s.def(
    linear('tsh', cx + light * span, 0, cx - light * span, 0, [
      [0, jShade, 0],
      [0.45, jShade, 0.1],
      [1, jShade, 0.6],
    ]),
  );
  s.add(`<g clip-path="url(#torso)"><rect width="${W}" height="${H}" fill="url(#tsh)"/></g>`);
  const vY = collarY + H * (p.dress === 'blouse' ? 0.11 : 0.17);
  if (p.dress === 'suit-tie' || p.dress === 'suit-open' || p.dress === 'blouse' || p.dress === 'cardigan') {
    // shirt showing in the V of the jacket
    const vw = neckW * (p.dress === 'cardigan' ? 1.5 : 1.7);
    s.add(`<path d="M${n(cx - vw)} ${n(collarY - H * 0.004)}L${n(cx)} ${n(vY + H * 0.04)}L${n(cx + vw)} ${n(collarY - H * 0.004)}Z" fill="${p.shirt}"/>`);
    if (p.dress !== 'blouse') {
      // shirt collar points
      s.add(
        `<path d="M${n(cx - neckW * 1.05)} ${n(collarY - H * 0.02)}L${n(cx - neckW * 0.1)} ${n(collarY + H * 0.045)}L${n(cx - neckW * 1.25)} ${n(collarY + H * 0.03)}Z" fill="${mix(p.shirt, '#8090a0', 0.18)}"/>`,
      );
      s.add(
        `<path d="M${n(cx + neckW * 1.05)} ${n(collarY - H * 0.02)}L${n(cx + neckW * 0.1)} ${n(collarY + H * 0.045)}L${n(cx + neckW * 1.25)} ${n(collarY + H * 0.03)}Z" fill="${mix(p.shirt, '#8090a0', 0.18)}"/>`,
      );
    } else {
      s.add(
        `<path d="M${n(cx - neckW * 0.9)} ${n(collarY - H * 0.01)}Q${n(cx)} ${n(collarY + H * 0.06)} ${n(cx + neckW * 0.9)} ${n(collarY - H * 0.01)}" fill="none" stroke="${mix(p.shirt, '#8090a0', 0.3)}" stroke-width="${n(W * 0.006)}"/>`,
      );
    }
    if (p.dress === 'suit-tie') {
      const tie = mix(C.brass, C.navy, 0.35);
      s.add(
        `<path d="M${n(cx - neckW * 0.22)} ${n(collarY + H * 0.028)}L${n(cx + neckW * 0.22)} ${n(collarY + H * 0.028)}L${n(cx + neckW * 0.32)} ${n(vY + H * 0.02)}L${n(cx)} ${n(vY + H * 0.06)}L${n(cx - neckW * 0.32)} ${n(vY + H * 0.02)}Z" fill="${tie}"/>`,
      );
    }
    // lapels
    if (p.dress !== 'cardigan') {
      for (const sg of [-1, 1]) {
        s.add(
          `<path d="M${n(cx + sg * vw)} ${n(collarY - H * 0.006)}L${n(cx + sg * neckW * 0.1)} ${n(vY + H * 0.04)}L${n(cx + sg * neckW * 0.7)} ${n(vY + H * 0.02)}L${n(cx + sg * vw * 1.25)} ${n(collarY + H * 0.07)}L${n(cx + sg * vw * 1.05)} ${n(collarY + H * 0.02)}Z" fill="${mix(jacket, '#000000', sg === light ? 0.05 : 0.3)}"/>`,
        );
      }
    } else {
      for (const sg of [-1, 1])
        s.add(`<line x1="${n(cx + sg * vw)}" y1="${n(collarY)}" x2="${n(cx + sg * neckW * 0.05)}" y2="${n(H)}" stroke="${mix(jacket, '#000000', 0.3)}" stroke-width="${n(W * 0.012)}"/>`);
      for (let i = 0; i < 3; i++) s.add(`<circle cx="${n(cx + neckW * 0.18)}" cy="${n(vY + H * (0.09 + i * 0.06))}" r="${n(W * 0.008)}" fill="${mix(jacket, '#000000', 0.45)}"/>`);
    }
  } else if (p.dress === 'crew') {
    s.add(
      `<path d="M${n(cx - neckW * 1.45)} ${n(collarY - H * 0.005)}Q${n(cx)} ${n(collarY + H * 0.07)} ${n(cx + neckW * 1.45)} ${n(collarY - H * 0.005)}" fill="none" stroke="${mix(jacket, '#000000', 0.25)}" stroke-width="${n(W * 0.014)}"/>`,
    );
  }

  // ---- head
  const earY = headCy + ry * 0.08;
  for (const sg of [-1, 1]) s.add(`<ellipse cx="${n(cx + sg * rx * 0.98)}" cy="${n(earY)}" rx="${n(rx * 0.16)}" ry="${n(ry * 0.2)}" fill="${sg === light ? skin : mix(skin, skinShade, 0.6)}"/>`);
  const face = `<ellipse cx="${n(cx)}" cy="${n(headCy)}" rx="${n(rx)}" ry="${n(ry)}"/>`;
  s.def(`<clipPath id="face">${face}</clipPath>`);
  s.add(`<ellipse cx="${n(cx)}" cy="${n(headCy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${skin}"/>`);
  // shadow side of the face: a flat tone across the far third, soft at its edge (flat-illustration shading)
  s.def(
    linear('fsh', cx - light * rx, 0, cx + light * rx * 0.2, 0, [
      [0, skinShade, 0.75],
      [0.38, skinShade, 0.55],
      [0.46, skinShade, 0],
      [1, skinShade, 0],
    ]),
  );
  s.add(`<g clip-path="url(#face)"><rect x="${n(cx - rx * 1.2)}" y="${n(headCy - ry * 1.2)}" width="${n(rx * 2.4)}" height="${n(ry * 2.4)}" fill="url(#fsh)"/></g>`);

  // features
  const eyeY = headCy + ry * 0.02;
  const eyeDx = rx * 0.4;
  const browC = mix(p.hair === 'silver' || p.hair === 'grey' ? '#6f6a64' : hair, '#000000', 0.1);
  const dark = mix(skin, '#1a0d08', 0.75);
  for (const sg of [-1, 1]) {
    const ex = cx + sg * eyeDx;
    s.add(`<ellipse cx="${n(ex)}" cy="${n(eyeY)}" rx="${n(rx * 0.085)}" ry="${n(rx * 0.06)}" fill="${dark}"/>`);
    s.add(
      `<path d="M${n(ex - rx * 0.17)} ${n(eyeY - ry * 0.16)}Q${n(ex)} ${n(eyeY - ry * 0.22)} ${n(ex + rx * 0.17)} ${n(eyeY - ry * 0.15)}" fill="none" stroke="${browC}" stroke-width="${n(rx * 0.07)}" stroke-linecap="round"/>`,
    );
  }
  // nose: a shadow on the side away from the light, and the tip
  s.add(
    `<path d="M${n(cx - light * rx * 0.02)} ${n(eyeY + ry * 0.05)}Q${n(cx - light * rx * 0.14)} ${n(headCy + ry * 0.36)} ${n(cx + light * rx * 0.04)} ${n(headCy + ry * 0.4)}" fill="none" stroke="${skinShade}" stroke-width="${n(rx * 0.06)}" stroke-linecap="round"/>`,
  );
  // mouth
  const my = headCy + ry * 0.6;
  s.add(
    `<path d="M${n(cx - rx * 0.24)} ${n(my)}Q${n(cx)} ${n(my + ry * 0.07)} ${n(cx + rx * 0.24)} ${n(my)}" fill="none" stroke="${mix(skin, '#5a1f1a', 0.55)}" stroke-width="${n(rx * 0.06)}" stroke-linecap="round"/>`,
  );
  // beard
  if (p.beard) {
    s.add(
      `<g clip-path="url(#face)"><path d="M${n(cx - rx * 1.1)} ${n(headCy + ry * 0.15)}C${n(cx - rx * 0.9)} ${n(headCy + ry * 0.75)} ${n(cx - rx * 0.4)} ${n(headCy + ry * 0.52)} ${n(cx)} ${n(headCy + ry * 0.5)}C${n(cx + rx * 0.4)} ${n(headCy + ry * 0.52)} ${n(cx + rx * 0.9)} ${n(headCy + ry * 0.75)} ${n(cx + rx * 1.1)} ${n(headCy + ry * 0.15)}L${n(cx + rx * 1.1)} ${n(headCy + ry * 1.2)}L${n(cx - rx * 1.1)} ${n(headCy + ry * 1.2)}Z" fill="${hair}" fill-opacity="0.85"/></g>`,
    );
    s.add(
      `<path d="M${n(cx - rx * 0.2)} ${n(my + ry * 0.01)}Q${n(cx)} ${n(my + ry * 0.06)} ${n(cx + rx * 0.2)} ${n(my + ry * 0.01)}" fill="none" stroke="${mix(skin, '#5a1f1a', 0.4)}" stroke-width="${n(rx * 0.06)}" stroke-linecap="round"/>`,
    );
  }

  // ---- hair on top of the head (clipped to an area just above the hairline)
  const hl = headCy - ry * (p.style === 'receding' ? 0.62 : 0.42); // hairline
  const capRx = rx * (p.style === 'crop' || p.style === 'receding' ? 1.02 : 1.08);
  const capRy = ry * (p.style === 'crop' || p.style === 'receding' ? 1.01 : 1.06);
  const capCy = headCy - ry * 0.04;
  const part = rng.sign() * rx * rng.range(0.25, 0.45);
  let hairline: string;
  switch (p.style) {
    case 'side':
      hairline = `M${n(cx - rx * 1.2)} ${n(headCy)}L${n(cx - rx * 0.88)} ${n(headCy - ry * 0.02)}L${n(cx - rx * 0.8)} ${n(hl + ry * 0.1)}C${n(cx - rx * 0.5)} ${n(hl - ry * 0.02)} ${n(cx + part)} ${n(hl - ry * 0.16)} ${n(cx + rx * 0.8)} ${n(hl + ry * 0.05)}L${n(cx + rx * 0.88)} ${n(headCy - ry * 0.02)}L${n(cx + rx * 1.2)} ${n(headCy)}`;
      break;
    case 'fringe-bob':
      hairline = `M${n(cx - rx * 1.2)} ${n(headCy + ry * 0.3)}L${n(cx - rx * 0.9)} ${n(headCy - ry * 0.22)}L${n(cx + rx * 0.9)} ${n(headCy - ry * 0.22)}L${n(cx + rx * 1.2)} ${n(headCy + ry * 0.3)}`;
      break;
    case 'long':
    case 'shoulder':
    case 'bob':
      hairline = `M${n(cx - rx * 1.2)} ${n(headCy + ry * 0.5)}L${n(cx - rx * 0.86)} ${n(headCy + ry * 0.1)}C${n(cx - rx * 0.7)} ${n(hl)} ${n(cx + part * 0.4)} ${n(hl - ry * 0.08)} ${n(cx + part)} ${n(hl - ry * 0.16)}C${n(cx + part + rx * 0.3)} ${n(hl - ry * 0.02)} ${n(cx + rx * 0.75)} ${n(hl + ry * 0.1)} ${n(cx + rx * 0.86)} ${n(headCy + ry * 0.1)}L${n(cx + rx * 1.2)} ${n(headCy + ry * 0.5)}`;
      break;
    case 'wavy':
      hairline = `M${n(cx - rx * 1.2)} ${n(headCy)}L${n(cx - rx * 0.95)} ${n(hl + ry * 0.1)}Q${n(cx - rx * 0.5)} ${n(hl + ry * 0.12)} ${n(cx - rx * 0.3)} ${n(hl - ry * 0.02)}Q${n(cx)} ${n(hl + ry * 0.12)} ${n(cx + rx * 0.3)} ${n(hl - ry * 0.02)}Q${n(cx + rx * 0.6)} ${n(hl + ry * 0.1)} ${n(cx + rx * 0.95)} ${n(hl + ry * 0.1)}L${n(cx + rx * 1.2)} ${n(headCy)}`;
      break;
    case 'crop':
    case 'puff':
      hairline = `M${n(cx - rx * 1.2)} ${n(headCy)}L${n(cx - rx * 0.9)} ${n(headCy - ry * 0.04)}L${n(cx - rx * 0.78)} ${n(hl + ry * 0.14)}Q${n(cx - rx * 0.68)} ${n(hl + ry * 0.02)} ${n(cx - rx * 0.5)} ${n(hl - ry * 0.02)}Q${n(cx)} ${n(hl + ry * 0.06)} ${n(cx + rx * 0.5)} ${n(hl - ry * 0.02)}Q${n(cx + rx * 0.68)} ${n(hl + ry * 0.02)} ${n(cx + rx * 0.78)} ${n(hl + ry * 0.14)}L${n(cx + rx * 0.9)} ${n(headCy - ry * 0.04)}L${n(cx + rx * 1.2)} ${n(headCy)}`;
      break;
    default: // receding, bun
      hairline = `M${n(cx - rx * 1.2)} ${n(headCy - ry * 0.05)}L${n(cx - rx * 0.97)} ${n(hl + ry * 0.08)}Q${n(cx)} ${n(hl - ry * (p.style === 'receding' ? -0.08 : 0.1))} ${n(cx + rx * 0.97)} ${n(hl + ry * 0.08)}L${n(cx + rx * 1.2)} ${n(headCy - ry * 0.05)}`;
  }
  s.def(`<clipPath id="cap"><path d="${hairline}L${n(cx + rx * 2)} ${n(headCy - ry * 3)}L${n(cx - rx * 2)} ${n(headCy - ry * 3)}Z"/></clipPath>`);
  const capExtra = p.style === 'wavy' ? 1.08 : p.style === 'puff' ? 1.06 : 1;
  s.add(
    `<g clip-path="url(#cap)"><ellipse cx="${n(cx)}" cy="${n(capCy - (capExtra - 1) * ry)}" rx="${n(capRx * capExtra)}" ry="${n(capRy * capExtra)}" fill="${hair}"/>` +
      // sheen on the lit side
      `<path d="M${n(cx + light * rx * 0.15)} ${n(headCy - ry * 0.98)}Q${n(cx + light * rx * 0.65)} ${n(headCy - ry * 0.92)} ${n(cx + light * rx * 0.85)} ${n(headCy - ry * 0.6)}" fill="none" stroke="${hairHi}" stroke-opacity="0.6" stroke-width="${n(rx * 0.07)}" stroke-linecap="round"/></g>`,
  );
  if (p.style === 'receding') {
    // grey at the sides only, the crown stays bare
    for (const sg of [-1, 1])
      s.add(`<g clip-path="url(#face)"><rect x="${n(sg > 0 ? cx + rx * 0.82 : cx - rx * 1.1)}" y="${n(headCy - ry * 0.55)}" width="${n(rx * 0.28)}" height="${n(ry * 0.55)}" fill="${hair}"/></g>`);
  }

  // glasses
  if (p.glasses) {
    const gc = p.hair === 'silver' || p.hair === 'grey' ? '#2a2622' : '#1a1a1c';
    const gr = rx * 0.25;
    for (const sg of [-1, 1])
      s.add(
        `<rect x="${n(cx + sg * eyeDx - gr)}" y="${n(eyeY - gr * 0.75)}" width="${n(gr * 2)}" height="${n(gr * 1.5)}" rx="${n(gr * 0.5)}" fill="#ffffff" fill-opacity="0.08" stroke="${gc}" stroke-width="${n(rx * 0.045)}"/>`,
      );
    s.add(
      `<path d="M${n(cx - eyeDx + gr)} ${n(eyeY - gr * 0.2)}Q${n(cx)} ${n(eyeY - gr * 0.5)} ${n(cx + eyeDx - gr)} ${n(eyeY - gr * 0.2)}" fill="none" stroke="${gc}" stroke-width="${n(rx * 0.04)}"/>`,
    );
  }

  // gentle light falloff across the whole picture
  s.def(
    radialE('pl', cx + light * W * 0.25, H * 0.25, W * 0.9, H * 0.9, [
      [0, '#ffffff', 0.06],
      [0.6, '#000000', 0],
      [1, '#000000', 0.22],
    ]),
  );
  s.rect('url(#pl)');
  return { width: W, height: H, svg: s.toString({ seed: hashString(key), amount: 0.05 }), motif: `portrait-${p.backdrop}` };
}
