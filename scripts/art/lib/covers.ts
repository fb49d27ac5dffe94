/**
 * Article covers (research, news, press releases; 3:2): the category's colour field, the category
 * and the date, and the piece's headline fact set large — its figure when the title or excerpt
 * has one ("$4.2B", "300+ representatives"), else the portfolio company it is about, else its
 * title. Along the foot, the year's twelve months with the month of publication marked. A fund
 * close reads as news, and neighbours differ by colour, fact and month.
 */
import { C, fit, label, line, mix, rect, svgDoc, type, wrap, type Face } from './type.ts';
import { headlineFigure, type Company } from './facts.ts';

export interface Piece {
  /** research category, news type, or "Press Release" */
  category: string;
  date: string;
  title: string;
  excerpt: string;
  /** its place in its collection, newest first (press releases share one category: they alternate) */
  slot: number;
}

/** Category → field, type colour, accent. */
const FIELDS: Record<string, [string, string, string]> = {
  'Market Commentary': [C.navy, C.mist, C.amber],
  'Sector Analysis': [C.steel, C.white, C.amber],
  'Thematic Research': ['#d8cbb5', C.ink, C.steel],
  Award: [C.brass, C.ink, C.navy],
  'Portfolio News': [C.fog, C.ink, C.brass],
  Team: [C.slate, C.ink, C.mist],
  Event: [C.deep, C.mist, C.amber],
  'Market Insight': [mix(C.steel, C.slate, 0.35), C.white, C.amber],
  'Press Release': [C.mist, C.ink, C.brass],
};
/** `text` in at most three lines ending at baseline `base`, as large as fits `width` × `height` (at most `max`). */
function block(text: string, face: Face, x: number, base: number, width: number, height: number, max: number, fill: string): string {
  let size = max;
  let lines = wrap(text, face, size, width);
  while ((lines.length > 3 || lines.length * size * 1.05 > height || lines.some((l) => fit(l, face, width, size) < size)) && size > 12) lines = wrap(text, face, (size *= 0.94), width);
  return lines.map((l, i) => type(l, x, base - (lines.length - 1 - i) * size * 1.05, size, face, fill)).join('');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A press release with a figure (a fund close, a deal size) is set as news: ink field, brass figure. */
const PRESS_NEWS: [string, string, string] = [C.navy, C.mist, C.amber];
const PRESS_PLAIN: [string, string, string] = [mix(C.fog, C.mist, 0.5), C.ink, C.brass];

export function coverSvg(p: Piece, W: number, H: number, portfolio: Company[]): string {
  const figure = headlineFigure(p.title, p.excerpt);
  const press = p.category === 'Press Release';
  const [field, ink, accent] = press && figure ? PRESS_NEWS : press && p.slot % 2 ? PRESS_PLAIN : (FIELDS[p.category] ?? FIELDS['Press Release']!);
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
