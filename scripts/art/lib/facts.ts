/**
 * The firm's facts the artwork draws, read through the site's own content loader (one source):
 * a strategy's parameters, the portfolio (sector, region, headquarters, years), the team's years
 * at the firm, the offices, each article's category, date and headline figure. Plus the one fact
 * the content does not hold: where each headquarters city is (GAZETTEER, longitude/latitude).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadContent, type RawContent } from '../../../src/content/load.ts';

export type Content = RawContent;
export type Company = RawContent['portfolio'][number];

export const readContent = (dir: string): Content => loadContent(dir, { images: null });
/** Only content/site.json (the share card needs no more). */
export const readSite = (dir: string): Content['site'] => JSON.parse(readFileSync(path.join(dir, 'site.json'), 'utf8')) as Content['site'];

/** [longitude, latitude] of every headquarters and office the content names (rounded to 0.01°). */
export const GAZETTEER: Record<string, [number, number]> = {
  'New York': [-74.0, 40.71],
  London: [-0.13, 51.51],
  'San Francisco': [-122.42, 37.77],
  Singapore: [103.82, 1.35],
  'Cleveland, Ohio': [-81.69, 41.5],
  'Columbus, Ohio': [-83.0, 39.96],
  'Arlington, Virginia': [-77.09, 38.88],
  'Portland, Oregon': [-122.68, 45.52],
  'Reno, Nevada': [-119.81, 39.53],
  'Pittsburgh, Pennsylvania': [-79.99, 40.44],
  'Denver, Colorado': [-104.99, 39.74],
  'Omaha, Nebraska': [-95.93, 41.26],
  'Hartford, Connecticut': [-72.68, 41.76],
  'Boston, Massachusetts': [-71.06, 42.36],
  'Raleigh, North Carolina': [-78.64, 35.78],
  'Bangor, Maine': [-68.77, 44.8],
  'Milwaukee, Wisconsin': [-87.91, 43.04],
  'Atlanta, Georgia': [-84.39, 33.75],
  'Austin, Texas': [-97.74, 30.27],
  'Louisville, Kentucky': [-85.76, 38.25],
  'Albuquerque, New Mexico': [-106.65, 35.08],
  'Kansas City, Missouri': [-94.58, 39.1],
  'Scottsdale, Arizona': [-111.93, 33.49],
  'Phoenix, Arizona': [-112.07, 33.45],
  'Calgary, Canada': [-114.07, 51.05],
  'Manchester, United Kingdom': [-2.24, 53.48],
  'Bristol, United Kingdom': [-2.59, 51.45],
  'Edinburgh, United Kingdom': [-3.19, 55.95],
  'Cambridge, United Kingdom': [0.12, 52.21],
  'Aberdeen, United Kingdom': [-2.09, 57.15],
  'Oxford, United Kingdom': [-1.26, 51.75],
  'Dublin, Ireland': [-6.26, 53.35],
  'Cork, Ireland': [-8.47, 51.9],
  'Rotterdam, Netherlands': [4.48, 51.92],
  'Eindhoven, Netherlands': [5.47, 51.44],
  'Luleå, Sweden': [22.15, 65.58],
  'Bergen, Norway': [5.32, 60.39],
  'Lisbon, Portugal': [-9.14, 38.72],
  'Frankfurt, Germany': [8.68, 50.11],
  'Tokyo, Japan': [139.69, 35.69],
  'Melbourne, Australia': [144.96, -37.81],
  'Sydney, Australia': [151.21, -33.87],
  'Griffith, Australia': [146.05, -34.29],
  'Auckland, New Zealand': [174.76, -36.85],
};

export function where(place: string, file = 'content'): [number, number] {
  const at = GAZETTEER[place];
  if (!at) throw new Error(`${file}: no coordinates for "${place}" (add it to GAZETTEER in scripts/art/lib/facts.ts)`);
  return at;
}

/** The firm's offices, headquarters first: "New York", "London", … */
export const offices = (site: Content['site']) => [site.headquarters.name.replace(/ Headquarters$/, ''), ...site.offices.map((o) => o.city)];

/** The year a person joined the firm: the earliest "Halden Rowe Capital (YYYY–…)" of their experience. */
export function joined(m: Content['team'][number]): number | undefined {
  const years = m.experience.flatMap((e) => [...e.matchAll(/Halden Rowe Capital \((\d{4})/g)].map((x) => Number(x[1])));
  return years.length ? Math.min(...years) : undefined;
}

/** A range or amount as written in the content: "$25M–$150M", "5–7 years", "25%+", "$100M–$1B+". */
export interface Range {
  lo: number;
  hi: number;
  unit: '$' | 'years' | 'weeks' | '%';
  /** "+": no upper bound */
  open: boolean;
}
const money = (s: string) => Number(s.replace(/[$,]/g, '').slice(0, -1)) * (s.endsWith('B') ? 1e9 : 1e6);
export function parseRange(value: string): Range | undefined {
  let m = /^(\$[\d.]+[MB])(?:–(\$[\d.]+[MB]))?(\+)?$/.exec(value);
  if (m) return { lo: money(m[1]!), hi: money(m[2] ?? m[1]!), unit: '$', open: !!m[3] };
  m = /^(\d+)(?:–(\d+))?(\+)? (years|weeks)$/.exec(value);
  if (m) return { lo: Number(m[1]), hi: Number(m[2] ?? m[1]), unit: m[4] as 'years' | 'weeks', open: !!m[3] };
  m = /^(\d+)%(\+)?$/.exec(value);
  if (m) return { lo: Number(m[1]), hi: Number(m[1]), unit: '%', open: !!m[2] };
  return undefined;
}

const WORDS: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 };

/**
 * The headline figure of a piece, from its title, then its excerpt: an amount ("$4.2 Billion" →
 * "$4.2B"), a share ("35%") or a count of something ("nine analysts" → "9", "analysts";
 * "More than 300 representatives" → "300+"). Years are dates, not figures.
 */
export function headlineFigure(...texts: string[]): { value: string; label: string } | undefined {
  for (const t of texts) {
    let m = /\$([\d.]+) ?(billion|million|B|M)\b(?: ([a-z]+(?: [a-z]+)?))?/i.exec(t);
    if (m) return { value: `$${m[1]}${m[2]![0]!.toUpperCase()}`, label: (m[3] ?? '').toLowerCase() };
    m = /\b(\d+(?:\.\d+)?)%/.exec(t);
    if (m) return { value: `${m[1]}%`, label: '' };
    m = /\b(more than |over )?(\d{1,3}(?:,\d{3})*|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) ((?:senior )?[a-z]+s)\b/i.exec(t);
    if (m && !/^(19|20)\d\d$/.test(m[2]!)) {
      const v = WORDS[m[2]!.toLowerCase()] ?? m[2]!;
      return { value: `${v}${m[1] ? '+' : ''}`, label: m[3]!.toLowerCase() };
    }
  }
  return undefined;
}
