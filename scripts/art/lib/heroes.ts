/**
 * Heroes (16:9; pages/*, stories/*, the share card): each draws a fact of its page in the grade —
 * a strategy's ranges to scale, a sector's companies on a map, the firm's years since 1999, a
 * story's figures. The page's title is set over the lower left (behind the site's scrim), so the
 * facts sit to the right and above it. No pictures of industries, no faces.
 */
import { C, line, mix, n, rect, svgDoc, type, fit, label, measure } from './type.ts';
import { joined, offices as officeList, parseRange, where, type Company, type Content } from './facts.ts';
import { PORTFOLIO_FACETS as FACETS } from '../../../src/app/portfolio.ts';
import { map } from './map.ts';
import type { BlockT as Block } from '../../../src/content/schema.ts';

type Page = Content['pages'][number];
// Block named from the schema: an entry's type also carries an article's optional `blocks`.
const blocks = <T extends Block['type']>(p: Page, t: T) => (p.blocks as Block[]).filter((b): b is Extract<Block, { type: T }> => b.type === t);

/**
 * The band a phone sees. Heroes are drawn 16:9 and shown `object-fit: cover` anchored right
 * (components.css): at 390 × 590 the right 36 % shows. The page's fact is set inside it, so no
 * phone shows it cut; what lies left of it (maps, charts) may be cropped.
 */
export const BAND = { x0: 0.63, x1: 0.955 } as const;

/** Ink under the page's title rising to steel on the right, and a ruled grid of `cols` columns fading in from the right. */
function ground(W: number, H: number, cols = 16): string {
  const step = W / cols;
  const v = Array.from({ length: cols - 1 }, (_, i) => `M${n((i + 1) * step)} 0V${H}`).join('');
  const h = Array.from({ length: Math.floor(H / step) }, (_, i) => `M0 ${n((i + 1) * step)}H${W}`).join('');
  return (
    `<defs><linearGradient id="g" x1="0" y1="0.3" x2="1" y2="0"><stop offset="0.2" stop-color="${C.ink}"/><stop offset="1" stop-color="${mix(C.steel, C.slate, 0.25)}"/></linearGradient>` +
    `<linearGradient id="fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${C.fog}" stop-opacity="0"/><stop offset="1" stop-color="${C.fog}" stop-opacity="0.16"/></linearGradient></defs>` +
    rect(0, 0, W, H, 'url(#g)') +
    `<path d="${v}${h}" stroke="url(#fade)" stroke-width="1.5"/>`
  );
}

/** A big figure with its label above, right-aligned at x. */
function headline(value: string, caption: string, x: number, y: number, width: number, size: number, fill: string = C.mist): string {
  const s = fit(value, 'serif-300', width, size, { tabular: true });
  const c = Math.min(Math.max(18, s * 0.11), fit(caption.toUpperCase(), 'sans-600', width, 40, { tracking: 0.14 }));
  return label(caption, x, y - s * 0.86, c, C.amber, { anchor: 'end' }) + type(value, x, y, s, 'serif-300', fill, { anchor: 'end', tabular: true });
}

/* ----------------------------------------------------------- strategies -- */

const LOG = (v: number) => Math.log10(v);

/** A strategy: its first figure set large, its money ranges as bars on one log scale ($5M–$2B), its horizon on a years scale. */
function strategy(W: number, H: number, page: Page, content: Content): string {
  const figs = blocks(page, 'figures')[0]?.items ?? [];
  const lead = figs[0]!;
  let body = ground(W, H);
  // the lead range as a field across the whole picture, on one log scale ($5M–$2B): where the
  // strategy sits among deal sizes is what tells the four apart at a glance
  const span = parseRange(lead.value);
  if (span?.unit === '$') {
    const F = (v: number) => W * 0.02 + ((LOG(v) - LOG(5e6)) / (LOG(2e9) - LOG(5e6))) * W * 0.96;
    const [a, b] = [F(span.lo), span.open ? W : F(span.hi)];
    body += rect(a, 0, b - a, H, C.slate, ' opacity="0.14"') + line(a, 0, a, H, C.brass, 2, ' opacity="0.5"') + (span.open ? '' : line(b, 0, b, H, C.brass, 2, ' opacity="0.5"'));
  }
  body += headline(lead.value, lead.label, W * BAND.x1, H * 0.33, W * (BAND.x1 - BAND.x0), 210);
  // the chart in the band too: a phone shows it whole
  const x0 = W * BAND.x0;
  const x1 = W * BAND.x1;
  const [lo, hi] = [5e6, 2e9];
  const X = (v: number) => x0 + ((LOG(v) - LOG(lo)) / (LOG(hi) - LOG(lo))) * (x1 - x0);
  let y = H * 0.45;
  // every strategy's investment size, faint, so this one is seen among the firm's four
  for (const other of content.pages.filter((p) => p.id !== page.id && content.practiceAreas.some((a) => a.id === p.id && a.kind === 'strategy'))) {
    const r = parseRange(blocks(other, 'figures')[0]?.items.find((f) => parseRange(f.value)?.unit === '$')?.value ?? '');
    if (r) body += rect(X(r.lo), y, (r.open ? x1 : X(r.hi)) - X(r.lo), 6, C.slate, ' opacity="0.35"') + type(other.title.toUpperCase(), x1, y - 10, 15, 'sans-500', C.slate, { tracking: 0.12, anchor: 'end' });
    y += 34;
  }
  y += 22;
  for (const [i, f] of figs.entries()) {
    const r = parseRange(f.value);
    if (!r || r.unit !== '$') continue;
    const end = r.open ? x1 : X(r.hi);
    // the figure after its bar, or inside its end when it would pass the band
    const inside = r.open || end + 12 + measure(f.value, 'sans-600', 22, { tabular: true }) > x1;
    body +=
      label(f.label, x0, y - 14, 17, C.fog) +
      rect(X(r.lo), y, end - X(r.lo), 22, i === 0 ? C.brass : C.fog) +
      type(f.value, end + (inside ? -12 : 12), y + 19, 22, 'sans-600', inside ? C.ink : C.mist, { anchor: inside ? 'end' : 'start', tabular: true });
    y += 70;
  }
  // the scale
  body += line(x0, y, x1, y, C.slate, 1.5);
  for (const t of [1e7, 5e7, 1e8, 5e8, 1e9])
    body += line(X(t), y, X(t), y + 10, C.slate, 1.5) + type(t >= 1e9 ? `$${t / 1e9}B` : `$${t / 1e6}M`, X(t), y + 36, 19, 'sans-500', C.slate, { anchor: 'middle', tabular: true });
  // the horizon: years (or weeks) on a scale of its own
  const horizon = figs.map((f) => ({ f, r: parseRange(f.value) })).find((x) => x.r?.unit === 'years' || x.r?.unit === 'weeks');
  if (horizon) {
    const { f, r } = horizon as { f: (typeof figs)[number]; r: NonNullable<ReturnType<typeof parseRange>> };
    const max = r.unit === 'years' ? 10 : 12;
    const Y = (v: number) => x0 + (v / max) * (x1 - x0);
    const yy = y + 110;
    body += label(f.label, x0, yy - 14, 17, C.fog) + rect(Y(r.lo), yy, Y(r.hi) - Y(r.lo), 22, C.amber) + line(x0, yy + 40, x1, yy + 40, C.slate, 1.5);
    for (let v = 0; v <= max; v += r.unit === 'years' ? 1 : 2)
      body += line(Y(v), yy + 40, Y(v), yy + 50, C.slate, 1.5) + type(String(v), Y(v), yy + 76, 19, 'sans-500', C.slate, { anchor: 'middle', tabular: true });
    body += type(r.unit.toUpperCase(), x1, yy + 108, 16, 'sans-600', C.slate, { anchor: 'end', tracking: 0.14 });
  }
  return svgDoc(W, H, body);
}

/* -------------------------------------------------------------- sectors -- */

/** Each sector's tint for its land (the hues of the site's sector colours, src/app/styles/portfolio-search.css), taken half-way into the grade's steel. */
const SECTOR_TINT: Record<string, string> = { technology: '#2e5b8f', 'real-estate': '#5a4a6e', pharmaceuticals: '#1f6a70', 'natural-resources': '#3d6647', 'food-beverages': '#7a4a38' };

/** A mask (`mask="url(#fm)"`) that fades a map out before the band, so the figures there stand on the ground alone. */
const fadeBeforeBand = (W: number, H: number) =>
  `<defs><linearGradient id="fl" x1="0" y1="0" x2="${W}" y2="0" gradientUnits="userSpaceOnUse"><stop offset="${BAND.x0 - 0.08}" stop-color="#fff"/><stop offset="${BAND.x0 - 0.02}" stop-color="#fff" stop-opacity="0"/></linearGradient><mask id="fm"><rect width="${W}" height="${H}" fill="url(#fl)"/></mask></defs>`;

export type Box = [number, number, number, number];
const overlaps = (a: Box, b: Box) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/**
 * Office labels beside their squares, each on the first side (right, left, above, below) where it
 * covers no company's marker, no other label and stays inside `frame`.
 */
function placeLabels(points: { text: string; at: [number, number] }[], avoid: Box[], frame: Box, size: number): { text: string; box: Box }[] {
  const taken = [...avoid];
  const placed: { text: string; box: Box }[] = [];
  for (const { text, at: [x, y] } of points) {
    const w = measure(text.toUpperCase(), 'sans-600', size, { tracking: 0.14 });
    const gap = size * 0.9;
    // right, left, above and below (centred, from its left, to its right); then a marker's width further out
    const sides: [number, number][] = [1, 2.6].flatMap((k) => [
      [x + gap * k, y + size * 0.35],
      [x - gap * k - w, y + size * 0.35],
      ...[x - w / 2, x - 8, x + 8 - w].flatMap((lx) => [
        [lx, y - gap * k],
        [lx, y + gap * k + size * 0.7],
      ]),
    ] as [number, number][]);
    const box = sides.map(([lx, by]): Box => [lx - 4, by - size * 0.8, lx + w + 4, by + size * 0.25]).find((b) => b[0] >= frame[0] && b[2] <= frame[2] && b[1] >= frame[1] && b[3] <= frame[3] && !taken.some((t) => overlaps(b, t)));
    if (!box) continue; // no free side: the square stays unnamed (the test asks every sector's offices be named)
    taken.push(box);
    placed.push({ text, box });
  }
  return placed;
}

const MARKER = 20;
const LABEL_SIZE = 19;

/** Where a sector's map puts its companies (dots), the firm's offices (squares) and the offices' names. */
export function sectorPlan(W: number, H: number, sectorId: string, content: Content) {
  const companies = content.portfolio.filter((c) => c.sector === sectorId).sort((a, b) => a.invested - b.invested || a.name.localeCompare(b.name));
  const frame: Box = [W * 0.02, H * 0.16, W * (BAND.x0 - 0.07), H * 0.94];
  const m = map(
    W,
    H,
    companies.map((c) => where(c.headquarters, c.file)),
    frame,
    150,
  );
  const dots = companies.map((c) => m.at(where(c.headquarters, c.file)));
  // the offices this stretch of the world shows
  const offices = officeList(content.site)
    .map((c) => ({ text: c, at: m.ashore(where(c), 4) }))
    .filter(({ at: [x, y] }) => x > 0 && x < W * BAND.x0 && y > 0 && y < H);
  const markers = [...dots.map(([x, y]): Box => [x - MARKER, y - MARKER, x + MARKER, y + MARKER]), ...offices.map(({ at: [x, y] }): Box => [x - 6, y - 6, x + 6, y + 6])];
  const labels = placeLabels(offices, markers, [16, frame[1] - 40, W * BAND.x0 - 8, H - 16], LABEL_SIZE);
  return { companies, map: m, dots, offices, markers, labels };
}

/**
 * A sector: its companies' headquarters on the shortest arc of the world that holds them (so
 * each sector is framed by its own spread), the firm's offices as squares; in the band, the count,
 * the split by region as a bar, and the companies with their years.
 */
function sector(W: number, H: number, page: Page, content: Content): string {
  const { companies, map: m, dots, offices, labels } = sectorPlan(W, H, page.id, content);
  const tint = SECTOR_TINT[page.id] ?? C.steel;
  let body = ground(W, H) + fadeBeforeBand(W, H) + `<path d="${m.d}" mask="url(#fm)" fill="${mix(C.steel, tint, 0.55)}" stroke="${mix(tint, C.fog, 0.45)}" stroke-opacity="0.55" stroke-width="1.2"/>`;
  for (const { at: [x, y] } of offices) body += rect(x - 5, y - 5, 10, 10, C.white);
  for (const [x, y] of dots) body += `<circle cx="${n(x)}" cy="${n(y)}" r="${MARKER}" fill="${C.brass}" fill-opacity="0.3"/><circle cx="${n(x)}" cy="${n(y)}" r="8" fill="${C.amber}"/>`;
  for (const { text, box } of labels) body += label(text, box[0] + 4, box[3] - LABEL_SIZE * 0.25, LABEL_SIZE, C.mist);
  // the band: how many, since when, where
  const x = W * BAND.x1;
  const bw = W * (BAND.x1 - BAND.x0);
  body += headline(String(companies.length), `companies since ${companies[0]?.invested ?? ''}`, x, H * 0.4, bw, 250);
  const regions = FACETS.region.map((r) => ({ label: r.label, count: companies.filter((c) => c.region === r.value).length })).filter((r) => r.count);
  let rx = x - bw;
  const y = H * 0.46;
  regions.forEach((r, i) => {
    const w = (bw * r.count) / companies.length;
    body += rect(rx, y, w - 4, 12, [C.amber, C.fog, C.slate][i % 3]!);
    body += type(`${r.label.replace('North America', 'N. America')} ${r.count}`.toUpperCase(), rx, y + 38, 15, 'sans-600', C.fog, { tracking: 0.08 });
    rx += w;
  });
  companies.forEach((c, i) => {
    const yy = H * 0.58 + i * 38;
    body += type(c.name, x - 84, yy, 24, 'sans-500', C.mist, { anchor: 'end' }) + type(String(c.invested), x, yy, 24, 'sans-400', C.amber, { anchor: 'end', tabular: true });
  });
  return svgDoc(W, H, body);
}

/* ---------------------------------------------------- the firm's years -- */

const FIRST = 1999;
const timeScale = (W: number, last: number) => (year: number) => W * 0.08 + ((year - FIRST) / (last - FIRST)) * W * 0.86;

function yearAxis(W: number, y: number, last: number): string {
  const X = timeScale(W, last);
  let s = line(X(FIRST), y, X(last), y, C.slate, 1.5);
  for (let yr = FIRST; yr <= last; yr++) s += line(X(yr), y, X(yr), y + (yr % 5 === 0 ? 14 : 7), C.slate, 1.5);
  for (const yr of [FIRST, 2005, 2010, 2015, 2020, last]) s += type(String(yr), X(yr), y + 42, 20, 'sans-500', C.slate, { anchor: 'middle', tabular: true });
  return s;
}

const lastYear = (c: Content) => Math.max(...c.portfolio.map((p) => p.invested), ...c.pressReleases.map((p) => Number(p.date.slice(0, 4))));

/** Company profile: every investment since 1999 as a square in its year (current brass, realised steel). */
function firmYears(W: number, H: number, content: Content): string {
  const last = lastYear(content);
  const X = timeScale(W, last);
  const axis = H * 0.7;
  const size = ((W * 0.86) / (last - FIRST)) * 0.7;
  let body =
    ground(W, H) +
    headline(String(FIRST), `${content.site.portfolioCompanies} companies since`, W * BAND.x1, H * 0.4, W * (BAND.x1 - BAND.x0), 300);
  const stack = new Map<number, number>();
  for (const c of [...content.portfolio].sort((a, b) => a.status.localeCompare(b.status) || a.name.localeCompare(b.name))) {
    const k = stack.get(c.invested) ?? 0;
    stack.set(c.invested, k + 1);
    body += rect(X(c.invested) - size / 2, axis - 10 - (k + 1) * (size + 6), size, size, c.status === 'current' ? C.brass : C.slate);
  }
  return svgDoc(W, H, body + yearAxis(W, axis, last));
}

/** Philosophy (patient capital): how long each company was held, invested to exit or to today. */
function holds(W: number, H: number, content: Content): string {
  const last = lastYear(content);
  const X = timeScale(W, last);
  const list = [...content.portfolio].sort((a, b) => a.invested - b.invested || a.name.localeCompare(b.name));
  const realized = list.filter((c) => c.exited !== undefined);
  const avg = realized.reduce((s, c) => s + (c.exited! - c.invested), 0) / realized.length;
  const top = H * 0.2;
  const row = (H * 0.62) / list.length;
  let body = ground(W, H);
  list.forEach((c, i) => {
    const y = top + i * row;
    const end = c.exited ?? last;
    body += rect(X(c.invested), y, X(end) - X(c.invested) + 4, row * 0.55, c.exited ? C.slate : C.brass, c.exited ? '' : ' opacity="0.9"');
  });
  body += headline(`${avg.toFixed(1)} years`, 'average hold of realised investments', W * BAND.x1, H * 0.19, W * (BAND.x1 - BAND.x0), 150);
  return svgDoc(W, H, body + yearAxis(W, top + list.length * row + 20, last));
}

/** Team: when each of the people on the site joined the firm (managing partners in brass), on the years since 1999. */
function teamYears(W: number, H: number, content: Content): string {
  const last = lastYear(content);
  const X = timeScale(W, last);
  const axis = H * 0.72;
  let body = ground(W, H) + headline(content.site.professionals, `professionals · ${officeList(content.site).length} offices`, W * BAND.x1, H * 0.36, W * (BAND.x1 - BAND.x0), 260);
  const stack = new Map<number, number>();
  for (const m of content.team) {
    const yr = joined(m);
    if (!yr) continue;
    const k = stack.get(yr) ?? 0;
    stack.set(yr, k + 1);
    const top = axis - 70 - k * 56;
    body += line(X(yr), top, X(yr), axis, C.slate, 1.5) + rect(X(yr) - 20, top - 40, 40, 40, m.title.includes('Managing Partner') ? C.brass : C.fog);
  }
  const cities = officeList(content.site).join('  ·  ').toUpperCase();
  body += type(cities, W * BAND.x1, H * 0.43, fit(cities, 'sans-600', W * (BAND.x1 - BAND.x0), 20, { tracking: 0.14 }), 'sans-600', C.fog, { anchor: 'end', tracking: 0.14 });
  return svgDoc(W, H, body + yearAxis(W, axis, last));
}

/* ---------------------------------------------------------- type-led -- */

/** Principles: the six words the firm stands by, set large and numbered, the list cropped by the frame. */
function principles(W: number, H: number, page: Page): string {
  const items = blocks(page, 'cards')[0]?.items ?? [];
  let body = ground(W, H);
  const size = (H * 0.8) / items.length;
  // right-aligned in the band, alternate lines stepped in, the longest word fitting it
  const step = W * 0.03;
  const fits = Math.min(...items.map((it, i) => fit(it.title, i % 2 ? 'serif-300i' : 'serif-300', W * (BAND.x1 - BAND.x0) - (i % 2) * step - 56, size * 0.92)));
  items.forEach((it, i) => {
    const y = H * 0.1 + (i + 0.8) * size;
    const x = W * BAND.x1 - (i % 2) * step;
    const face = i % 2 ? 'serif-300i' : 'serif-300';
    const w = measure(it.title, face, fits);
    body +=
      type(it.number ?? String(i + 1).padStart(2, '0'), x - w - 20, y - fits * 0.5, 22, 'sans-600', C.amber, { anchor: 'end', tabular: true }) +
      type(it.title, x, y, fits, face, i === 0 ? C.mist : mix(C.fog, C.slate, i / items.length), { anchor: 'end' });
  });
  return svgDoc(W, H, body);
}

/** Process: the stages from first meeting to exit as a rising line of steps, each with its milestones. */
function process(W: number, H: number, page: Page): string {
  const steps = blocks(page, 'steps')[0]?.items ?? [];
  // the last two steps in the band
  const w = (W * 0.3) / 2;
  const x0 = W * BAND.x1 - steps.length * w;
  let body = '';
  let d = `M${n(x0)} ${n(H * 0.82)}`;
  steps.forEach((s, i) => {
    const x = x0 + i * w;
    const y = H * 0.82 - (i + 1) * H * 0.14;
    d += `V${n(y)}H${n(x + w)}`;
    body += type(String(i + 1).padStart(2, '0'), x + 10, y - 24, 150, 'serif-300', i === steps.length - 1 ? C.amber : C.mist, { tabular: true });
    body += label(s.title, x + 14, y + 44, 19, C.fog);
    s.activities.forEach((_, k) => (body += rect(x + 14 + k * 22, y + 66, 12, 12, C.slate)));
  });
  // the ground climbed so far: a lighter field under the steps
  const area = `<path d="${d}V${n(H * 0.82)}Z" fill="${C.slate}" opacity="0.35"/>`;
  return svgDoc(W, H, ground(W, H) + area + body + `<path d="${d}" fill="none" stroke="${C.brass}" stroke-width="5"/>`);
}

/** Any other page: its own figures, set as a column of large numbers. */
function figures(W: number, H: number, page: Page): string {
  const items = blocks(page, 'figures')[0]?.items ?? [];
  let body = ground(W, H);
  items.slice(0, 4).forEach((f, i) => (body += headline(f.value, f.label, W * BAND.x1, H * (0.3 + i * 0.2), W * (BAND.x1 - BAND.x0), i === 0 ? 180 : 110, i === 0 ? C.mist : C.fog)));
  return svgDoc(W, H, body);
}

/* -------------------------------------------------------------- stories -- */

/** The portfolio company a story is about: the first whose name's first word the story's title or description names. */
export const storyCompany = (story: Content['stories'][number], portfolio: Company[]) =>
  portfolio.find((c) => new RegExp(`\\b${c.name.split(' ')[0]}\\b`).test(`${story.title} ${story.description} ${story.highlights.join(' ')}`));

/** A story: its lead figure large, a growth multiple drawn to scale, its other figures, the company's headquarters on its region's map. */
function story(W: number, H: number, s: Content['stories'][number], content: Content): string {
  const company = storyCompany(s, content.portfolio);
  const x1 = W * BAND.x1;
  const bw = W * (BAND.x1 - BAND.x0);
  let body = ground(W, H);
  if (company) {
    const hq = where(company.headquarters, company.file);
    const m = map(W, H, [hq], [W * 0.02, H * 0.02, W * (BAND.x0 - 0.06), H * 0.98], 56);
    const [x, y] = m.at(hq);
    body += fadeBeforeBand(W, H) + `<path d="${m.d}" mask="url(#fm)" fill="${mix(C.deep, C.slate, 0.5)}" stroke="${C.fog}" stroke-opacity="0.5" stroke-width="1.5"/>`;
    body += `<circle cx="${n(x)}" cy="${n(y)}" r="34" fill="none" stroke="${C.amber}" stroke-width="2"/><circle cx="${n(x)}" cy="${n(y)}" r="10" fill="${C.amber}"/>`;
    const where_ = `${company.headquarters} · since ${company.invested}`;
    body += label(where_, x1, H * 0.56, Math.min(19, fit(where_.toUpperCase(), 'sans-600', bw, 19, { tracking: 0.14 })), C.mist, { anchor: 'end' });
  }
  const [lead, ...rest] = s.figures;
  if (lead) {
    body += headline(lead.value, lead.label, x1, H * 0.36, bw, 230);
    const mult = /^([\d.]+)×$/.exec(lead.value);
    const pct = /^([\d.]+)%\+?$/.exec(lead.value);
    const share = mult ? 1 / Number(mult[1]) : pct ? Math.min(1, Number(pct[1]) / 100) : undefined;
    if (share !== undefined) {
      const x = x1 - bw * 0.9;
      body += rect(x, H * 0.41, bw * 0.9, 16, C.brass) + rect(x, H * 0.41 + 26, bw * 0.9 * share, 16, C.slate);
      body += type(mult ? '1×' : '0%', x - 12, H * 0.41 + 41, 18, 'sans-600', C.slate, { anchor: 'end', tabular: true });
    }
  }
  // the other figures, one under the other in the band
  rest.forEach((f, i) => {
    const y = H * (0.7 + i * 0.14);
    body +=
      type(f.value, x1, y, 64, 'serif-400', C.mist, { anchor: 'end', tabular: true }) +
      label(f.label.length > 34 ? f.label.slice(0, f.label.lastIndexOf(' ', 34)) : f.label, x1, y + 36, 15, C.fog, { anchor: 'end' });
  });
  return svgDoc(W, H, body);
}

/* ----------------------------------------------------------- share card -- */

/** The share card (1200×630): the logo's monogram, the firm's name in Newsreader, what it does, since when and where, over its offices on the map. */
export function ogSvg(W: number, H: number, site: Content['site']): string {
  const cities = officeList(site);
  const m = map(
    W,
    H,
    cities.map((c) => where(c)),
    [W * 0.3, H * 0.05, W * 1.1, H * 0.95],
    200,
  );
  let body = ground(W, H, 12) + `<path d="${m.d}" fill="${mix(C.navy, C.steel, 0.5)}"/>`;
  for (const c of cities) {
    const [x, y] = m.at(where(c));
    body += rect(x - 5, y - 5, 10, 10, C.amber);
  }
  body += rect(0, 0, W * 0.62, H, C.ink, ' opacity="0.82"');
  // the monogram, as in src/app/components/Logo.tsx (a 32-unit square), at 88 px
  body += `<g transform="translate(96 96) scale(2.75)" fill="none" stroke="${C.amber}" stroke-width="1.5"><rect x="1" y="1" width="30" height="30"/><path d="M9 8v16M9 16h8M17 8v16M21 24V8h2.5a4 4 0 0 1 0 8H21l5 8"/></g>`;
  body += type('Halden Rowe', 96, 338, 96, 'serif-400', C.white) + type('CAPITAL', 100, 396, 22, 'sans-500', C.amber, { tracking: 0.32 }) + rect(96, 462, 64, 2, C.amber);
  body += type(site.tagline, 96, 516, 26, 'sans-500', C.white) + type([`Since ${site.founded}`, ...cities].join('  ·  ').toUpperCase(), 96, 556, 20, 'sans-500', C.fog, { tracking: 0.02 });
  return svgDoc(W, H, body);
}

/* ----------------------------------------------------------------- keys -- */

/** The hero of `key` ("pages/growth-equity", "stories/…", "pages/team"), or undefined when nothing draws it. */
export function heroSvg(key: string, W: number, H: number, content: Content): { svg: string; motif: string } | undefined {
  const [kind, id] = key.split('/') as [string, string];
  if (kind === 'stories') {
    const s = content.stories.find((x) => x.image === key);
    return s && { svg: story(W, H, s, content), motif: 'story-figures' };
  }
  if (kind !== 'pages') return undefined;
  if (id === 'team') return { svg: teamYears(W, H, content), motif: 'team-years' };
  const page = content.pages.find((p) => p.image === key);
  if (!page) return undefined;
  const area = content.practiceAreas.find((a) => a.id === page.id)?.kind;
  if (area === 'strategy') return { svg: strategy(W, H, page, content), motif: 'strategy-ranges' };
  if (area === 'sector') return { svg: sector(W, H, page, content), motif: 'sector-map' };
  if (page.id === 'company-profile') return { svg: firmYears(W, H, content), motif: 'firm-years' };
  if (page.id === 'philosophy') return { svg: holds(W, H, content), motif: 'hold-periods' };
  if (page.id === 'principles') return { svg: principles(W, H, page), motif: 'principles-type' };
  if (blocks(page, 'steps').length) return { svg: process(W, H, page), motif: 'process-steps' };
  return { svg: figures(W, H, page), motif: 'page-figures' };
}
