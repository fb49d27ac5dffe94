/**
 * Article covers (research, news, press releases; 3:2): the category's colour field, the category
 * and the date, and the piece's headline fact set large — its figure when the title or excerpt
 * has one ("$4.2B", "300+ representatives"), else the portfolio company it is about, else its
 * title. Along the foot, the year's twelve months with the month of publication marked. A fund
 * close reads as news, and neighbours differ by colour, fact and month.
 */
import { C, fit, label, line, mix, rect, svgDoc, type, wrap, type Face } from './type.ts';
import { headlineFigure, type Company, type Content } from './facts.ts';

export interface Piece {
  /** its image key ("research/…") */
  image: string;
  /** research category, news type, or "Press Release" */
  category: string;
  date: string;
  title: string;
  excerpt: string;
  /** its place among the pieces of its collection set on the same field, newest first: every other one takes the category's second field */
  slot: number;
}

/**
 * Category → its two fields [field, type colour, accent]: the first, and the second that every
 * other piece of the category takes, so two pieces of one kind side by side (a listing, a filtered
 * listing) never look alike.
 */
const FIELDS: Record<string, [[string, string, string], [string, string, string]]> = {
  'Market Commentary': [
    [C.navy, C.mist, C.amber],
    [C.mist, C.navy, C.brass],
  ],
  'Sector Analysis': [
    [C.steel, C.white, C.amber],
    [mix(C.fog, C.white, 0.5), C.steel, C.brass],
  ],
  'Thematic Research': [
    ['#d8cbb5', C.ink, C.steel],
    [C.ink, '#d8cbb5', C.amber],
  ],
  Award: [
    [C.brass, C.ink, C.navy],
    [C.navy, C.amber, C.brass],
  ],
  'Portfolio News': [
    [C.fog, C.ink, C.brass],
    [C.steel, C.white, C.amber],
  ],
  Team: [
    [C.slate, C.ink, C.mist],
    [C.mist, C.steel, C.brass],
  ],
  Event: [
    [C.deep, C.mist, C.amber],
    [C.mist, C.deep, C.brass],
  ],
  'Market Insight': [
    [mix(C.steel, C.slate, 0.35), C.white, C.amber],
    [C.fog, C.steel, C.brass],
  ],
  'Press Release': [
    [C.mist, C.ink, C.brass],
    [C.slate, C.ink, C.mist],
  ],
};
/** A press release with a sum (a fund close, a sale's price) is set as news: ink field, the figure in brass. */
const PRESS_NEWS: [string, string, string] = [C.navy, C.mist, C.amber];

const isPress = (p: Pick<Piece, 'category'>) => p.category === 'Press Release';
const newsworthy = (p: Omit<Piece, 'slot'>) => isPress(p) && !!headlineFigure(p.title, p.excerpt)?.value.startsWith('$');

/** Every cover of the content, keyed by image, each with its slot among the pieces of its collection on the same field. */
export function coverPieces(content: Content): Map<string, Piece> {
  const out = new Map<string, Piece>();
  const collections: Omit<Piece, 'slot'>[][] = [
    content.research.map((r) => ({ image: r.image, category: r.category, date: r.date, title: r.title, excerpt: r.excerpt })),
    content.news.map((r) => ({ image: r.image, category: r.type, date: r.date, title: r.title, excerpt: r.excerpt })),
    content.pressReleases.map((r) => ({ image: r.image, category: 'Press Release', date: r.date, title: r.title, excerpt: r.excerpt })),
  ];
  for (const pieces of collections) {
    const seen = new Map<string, number>();
    for (const p of [...pieces].sort((a, b) => b.date.localeCompare(a.date) || a.image.localeCompare(b.image))) {
      const kind = newsworthy(p) ? 'press-news' : p.category;
      const slot = seen.get(kind) ?? 0;
      seen.set(kind, slot + 1);
      out.set(p.image, { ...p, slot });
    }
  }
  return out;
}

/** `text` in at most three lines ending at baseline `base`, as large as fits `width` × `height` (at most `max`). */
function block(text: string, face: Face, x: number, base: number, width: number, height: number, max: number, fill: string): string {
  let size = max;
  let lines = wrap(text, face, size, width);
  while ((lines.length > 3 || lines.length * size * 1.05 > height || lines.some((l) => fit(l, face, width, size) < size)) && size > 12) lines = wrap(text, face, (size *= 0.94), width);
  return lines.map((l, i) => type(l, x, base - (lines.length - 1 - i) * size * 1.05, size, face, fill)).join('');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];


export function coverSvg(p: Piece, W: number, H: number, portfolio: Company[]): string {
  const figure = headlineFigure(p.title, p.excerpt);
  const press = newsworthy(p);
  const [field, ink, accent] = press ? PRESS_NEWS : (FIELDS[p.category] ?? FIELDS['Press Release']!)[p.slot % 2]!;
  const [year, month, day] = p.date.split('-').map(Number) as [number, number, number];
  const m = W * 0.06;
  let body = rect(0, 0, W, H, field);
  body += label(p.category, m, m + W * 0.02, W * 0.022, ink) + label(`${day} ${MONTHS[month - 1]} ${year}`, W - m, m + W * 0.02, W * 0.022, ink, { anchor: 'end', tabular: true });
  body += line(m, m + W * 0.045, W - m, m + W * 0.045, ink, 2, ' opacity="0.35"');
  // the headline fact
  const company = portfolio.find((c) => p.title.includes(c.name));
  const base = H * 0.7;
  if (figure) {
    const s = fit(figure.value, 'serif-300', W - 2 * m, H * 0.42, { tabular: true });
    body += type(figure.value, m - s * 0.04, base, s, 'serif-300', press ? accent : ink, { tabular: true }) + label(figure.label, m, base + W * 0.06, W * 0.026, ink);
  } else {
    // the company it is about, or the title without the firm's own name
    const text =
      company?.name ??
      p.title
        .split(':')[0]!
        .replace(/^Halden Rowe (Capital )?/, '')
        .replace(/^./, (c) => c.toUpperCase());
    const face: Face = company ? 'serif-400' : 'serif-400i';
    body += block(text, face, m, base, W - 2 * m, base - m - W * 0.1, H * (company ? 0.2 : 0.15), ink);
    if (company) body += label(`${company.headquarters} · invested ${company.invested}`, m, base + W * 0.06, W * 0.024, ink);
  }
  // the year's months, the month of publication marked
  const y = H - m;
  const step = (W - 2 * m) / 12;
  MONTHS.forEach((_, i) => (body += i + 1 === month ? rect(m + i * step, y - 14, step - 8, 14, accent) : rect(m + i * step, y - 4, step - 8, 4, ink, ' opacity="0.35"')));
  body += type(String(year), W - m, y - 30, W * 0.02, 'sans-600', ink, { anchor: 'end', tabular: true, attrs: 'opacity="0.7"' });
  return svgDoc(W, H, body);
}
