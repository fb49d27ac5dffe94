/**
 * Team portraits (4:5) until the firm's photographs replace them: a typographic plate, not a
 * picture of a person. The initials set very large in Newsreader and cropped by the frame, the
 * name, the role in Inter small caps, and the person's years at the firm as a mark on the line
 * from 1999. The ground follows the person's place in the team's order (neighbours differ), the
 * layout comes from the name (a person keeps theirs).
 */
import { C, hashString, line, mix, rect, svgDoc, type, wrap, label, measure } from './type.ts';
import { joined, type Content } from './facts.ts';

type Member = Content['team'][number];

const GROUNDS = [
  { bg: C.ink, fg: C.mist, big: mix(C.ink, C.steel, 0.7), rule: C.slate },
  { bg: C.fog, fg: C.ink, big: mix(C.fog, C.slate, 0.55), rule: C.steel },
  { bg: C.steel, fg: C.white, big: mix(C.steel, C.slate, 0.45), rule: C.fog },
  { bg: C.mist, fg: C.navy, big: mix(C.mist, C.fog, 0.9), rule: C.slate },
  { bg: C.deep, fg: C.mist, big: mix(C.deep, C.steel, 0.9), rule: C.slate },
] as const;

export function portraitSvg(m: Member, slot: number, W: number, H: number, years: [number, number]): string {
  const g = GROUNDS[slot % GROUNDS.length]!;
  const words = m.name.split(/\s+/);
  const initials = words.map((w) => w[0]).join('');
  const layout = hashString(m.id) % 3;
  let body = rect(0, 0, W, H, g.bg);
  // the initials, cropped with intent: off the right edge, off the top, or as a tall italic pair
  if (layout === 0) body += type(initials, W * 1.08, H * 0.62, H * 0.72, 'serif-300', g.big, { anchor: 'end' });
  else if (layout === 1) body += type(initials, -W * 0.06, H * 0.42, H * 0.66, 'serif-500', g.big);
  else body += type(initials, W * 0.5, H * 0.6, H * 0.8, 'serif-300i', g.big, { anchor: 'middle' });
  // the name, two lines, and the role
  const x = W * 0.07;
  const size = W * 0.1;
  const lines = [words.slice(0, -1).join(' '), words.at(-1)!].filter(Boolean);
  const role = wrap(m.title.toUpperCase(), 'sans-600', W * 0.03, W * 0.84, { tracking: 0.14 });
  const lh = W * 0.045;
  const roleTop = H * 0.85 - (role.length - 1) * lh;
  lines.forEach((l, i) => (body += type(l, x, roleTop - lh * 1.5 - (lines.length - 1 - i) * size * 1.02, size, 'serif-400', g.fg)));
  role.forEach((r, i) => (body += label(r, x, roleTop + i * lh, W * 0.03, g.fg)));
  // years at the firm: a tick on the line since the firm's founding
  const start = joined(m);
  const [first, last] = years;
  const ly = H * 0.93;
  const X = (yr: number) => x + ((yr - first) / (last - first)) * (W * 0.86 - measure('SINCE 0000', 'sans-600', W * 0.024, { tracking: 0.14 }) - W * 0.04);
  body += line(x, ly, X(last), ly, g.rule, 2);
  if (start) body += rect(X(start), ly - 9, X(last) - X(start), 18, C.brass) + label(`since ${start}`, W * 0.93, ly + W * 0.012, W * 0.024, g.fg, { anchor: 'end', tabular: true });
  return svgDoc(W, H, body);
}
