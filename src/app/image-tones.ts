/**
 * The colour an image's box shows while the image loads: the nearest of a fixed set of tones to
 * the picture's mean colour (`ImageRef.color`, computed by scripts/art/images.ts).
 *
 * Why a set of tones and not the colour itself: the site's Content-Security-Policy allows no
 * `style` attribute (decision 005), so a colour can only come from the stylesheet. Eighteen tones,
 * one class each (`img--tone-N` in styles/image-tones.css), cover what the artwork and
 * photographs are made of — cool blue-greys and warm greys from near black to near white — and the
 * stylesheet stays the same size however many images the archive holds.
 * tests/unit/image-tones.test.ts checks that the stylesheet and this list agree.
 */
export const IMAGE_TONES = [
  // cool: ink and navy to pale blue-grey, and near white
  '#141e2c',
  '#2f435c',
  '#3d5470',
  '#4e6682',
  '#627589',
  '#76879a',
  '#8a99a9',
  '#a3afbb',
  '#c9d0d7',
  '#e3e6e8',
  '#f4f4f2',
  // warm and neutral greys
  '#34363b',
  '#4f4d4e',
  '#666058',
  '#7c6e5b',
  '#8a8580',
  '#9c937e',
  '#b0aa9e',
] as const;

function rgb(hex: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(String(hex ?? '').trim());
  return m ? [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)] : null;
}

const TONES_RGB = IMAGE_TONES.map((t) => rgb(t)!);

/**
 * The index of the tone nearest to a `#rrggbb` colour ("redmean" distance, a cheap approximation
 * of how far apart two colours look); null when the colour is not `#rrggbb`.
 */
export function toneOf(hex: string): number | null {
  const c = rgb(hex);
  if (!c) return null;
  let best = 0;
  let bestD = Infinity;
  TONES_RGB.forEach((t, i) => {
    const r = (c[0] + t[0]) / 2;
    const [dr, dg, db] = [c[0] - t[0], c[1] - t[1], c[2] - t[2]];
    const d = (2 + r / 256) * dr * dr + 4 * dg * dg + (2 + (255 - r) / 256) * db * db;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  });
  return best;
}

/** The class that paints an image's tone, or undefined for a colour that is not `#rrggbb`. */
export function toneClass(hex: string): string | undefined {
  const i = toneOf(hex);
  return i === null ? undefined : `img--tone-${i}`;
}
