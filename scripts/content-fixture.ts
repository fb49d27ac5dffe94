/**
 * `npm run content:fixture -- --items 1000 --out DIR [--from content] [--seed 1]` — writes a valid
 * content folder with N items in each archive collection (research, press releases, news), for
 * testing and measuring the site at a real firm's scale (`CONTENT_DIR=DIR npm start`), and as many
 * portfolio companies (names from two pools of 32 words: unique up to 1,024).
 *
 * The folder starts as a copy of the real content (site facts, practice areas, pages, policies,
 * team, stories and every real article, unchanged); generated articles, companies, open roles
 * (all open from 2026-06 to 2027-06, so at the tests' day) and library documents (short: their
 * PDFs are made on demand) fill each collection up to N: varied titles, excerpts and Markdown bodies composed from pools of sentences (seeded, so the
 * same arguments give the same files), dates spread back over the years (one a week or so),
 * categories and news types in turn so every filter option is present, and artwork reused from
 * the real entries of the same collection (no image is generated).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'yaml';
import { NEWS_TYPES, RESEARCH_CATEGORIES } from '../src/content/schema.ts';
import { COLLECTIONS } from '../src/content/collections.ts';
import { PORTFOLIO_FACETS } from '../src/app/portfolio.ts';
import { CAREER_TEAMS, EMPLOYMENT_TYPES } from '../src/app/careers.ts';
import { DOCUMENT_KINDS, documentKindLabel } from '../src/app/documents.ts';
import { officesOf } from '../src/app/offices.ts';

/** A small deterministic PRNG (mulberry32). */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SECTORS = ['technology', 'real estate', 'pharmaceuticals', 'natural resources', 'food and beverage', 'industrial services', 'healthcare services', 'specialty manufacturing'];
const THEMES = [
  'pricing power',
  'working capital',
  'supply chain resilience',
  'automation',
  'energy costs',
  'labor productivity',
  'add-on acquisitions',
  'carve-outs',
  'refinancing',
  'customer retention',
  'regulatory change',
  'capital intensity',
];
const COMPANIES = [
  'Ashvale Systems',
  'Brightmoor Foods',
  'Caldera Minerals',
  'Dunmore Logistics',
  'Elmstead Health',
  'Fairhaven Software',
  'Greyfield Materials',
  'Harrowgate Labs',
  'Ivybridge Analytics',
  'Kestrel Packaging',
  'Larkspur Clinics',
  'Morrow Industrial',
  'Northcote Water',
  'Oakridge Timber',
  'Pellam Pharma',
  'Quarry Lane Capital Partners',
  'Rowanberry Brands',
  'Stonecroft Engineering',
  'Thornbury Data',
  'Westmere Cold Chain',
];
const CITIES = ['NEW YORK', 'LONDON', 'SAN FRANCISCO', 'SINGAPORE'];
const PEOPLE = ['Eleanor Vance', 'Julian Marchetti', 'Adaeze Okafor', 'Priya Venkataraman', 'Samuel Adeyemi', 'Ingrid Solberg'];

const pick = <T>(r: () => number, xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
const cap = (s: string) => s.replace(/(^|\s)([a-z])/g, (_m, a: string, b: string) => a + b.toUpperCase());

function sentence(r: () => number): string {
  const sector = pick(r, SECTORS);
  const theme = pick(r, THEMES);
  const company = pick(r, COMPANIES);
  const templates = [
    `Across ${sector}, ${theme} has become a deciding factor in how buyers and lenders price risk.`,
    `We saw ${theme} separate the leaders in ${sector} from the rest of the field over the past year.`,
    `${company} illustrates the point: management treated ${theme} as an operating priority, not a financial one.`,
    `For investors, the practical consequence is that underwriting ${sector} now starts with ${theme}.`,
    `Our portfolio companies in ${sector} that invested early in ${theme} have held margins while peers gave ground.`,
    `The data we track on ${theme} suggests the shift in ${sector} is structural rather than cyclical.`,
    `We expect the debate about ${theme} to shape valuations in ${sector} for several years.`,
    `Boards in ${sector} are asking sharper questions about ${theme}, and management teams are answering with data.`,
    `${company} completed two add-on acquisitions this year, each chosen for its contribution to ${theme}.`,
    `Lenders have become more selective, and a credible plan for ${theme} now shortens diligence in ${sector}.`,
  ];
  return pick(r, templates);
}
const paragraph = (r: () => number) => Array.from({ length: 3 + Math.floor(r() * 3) }, () => sentence(r)).join(' ');

const HEADINGS = [
  'What We Are Seeing',
  'Why It Matters',
  'Where Value Accrues',
  'Risks We Are Watching',
  'How We Are Positioned',
  'What Comes Next',
  'The Numbers Behind the Trend',
  'Implications for Investors',
  'About the Transaction',
  'About Halden Rowe Capital',
  'Background',
  'Outlook',
];

function body(r: () => number, sections: number): string {
  const headings = [...HEADINGS].sort(() => r() - 0.5).slice(0, sections);
  return headings
    .map((h, i) => {
      const paras = Array.from({ length: 2 + Math.floor(r() * 2) }, () => paragraph(r)).join('\n\n');
      const list = i === 0 && r() < 0.5 ? `\n\n${Array.from({ length: 3 }, () => `- ${cap(pick(r, THEMES))} in ${pick(r, SECTORS)}`).join('\n')}` : '';
      return `## ${h}\n\n${paras}${list}`;
    })
    .join('\n\n');
}

function titleFor(kind: 'research' | 'press' | 'news', r: () => number, n: number): string {
  const sector = cap(pick(r, SECTORS));
  const theme = pick(r, THEMES);
  const company = pick(r, COMPANIES);
  if (kind === 'research')
    return pick(r, [`${sector} and the Economics of ${cap(theme)}`, `${cap(theme)}: What ${sector} Investors Should Know`, `Rethinking ${cap(theme)} in ${sector}`]) + ` (No. ${n})`;
  if (kind === 'press')
    return (
      pick(r, [
        `Halden Rowe Capital Acquires ${company}`,
        `Halden Rowe Capital Completes Sale of ${company}`,
        `${company} Announces Growth Investment from Halden Rowe Capital`,
        `Halden Rowe Capital Partners with ${company} Management`,
      ]) + ` (${n})`
    );
  return (
    pick(r, [`${company} Expands ${sector} Platform`, `Halden Rowe Team Speaks on ${cap(theme)}`, `${company} Recognized for ${cap(theme)}`, `${pick(r, PEOPLE)} on ${cap(theme)} in ${sector}`]) +
    ` (${n})`
  );
}

/** The ISO date `days` before `from`. */
function daysBefore(from: string, days: number): string {
  const d = new Date(`${from}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

function frontMatterFile(front: Record<string, unknown>, text: string) {
  return `---\n${stringify(front, { lineWidth: 0 })}---\n\n${text}\n`;
}

/** Image keys of a collection's real entries (reused by the generated ones). */
function imagesOf(dir: string): string[] {
  return readdirSync(dir)
    .filter((n) => n.endsWith('.md'))
    .sort()
    .map((n) => /^image: (.+)$/m.exec(readFileSync(path.join(dir, n), 'utf8'))?.[1])
    .filter((x): x is string => !!x);
}

export function writeFixture({ items, out, from = path.resolve('content'), seed = 1 }: { items: number; out: string; from?: string; seed?: number }) {
  const mins = [COLLECTIONS.research.min, COLLECTIONS.pressReleases.min, COLLECTIONS.news.min].map((m) => m ?? 0);
  if (!Number.isInteger(items) || items < Math.max(...mins)) throw new Error(`--items must be a whole number ≥ ${Math.max(...mins)}`);
  if (existsSync(out)) rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  cpSync(from, out, { recursive: true });
  const r = rng(seed);
  // Research is written by members of the team (the byline links to their profiles).
  const team = readdirSync(path.join(out, 'team'))
    .filter((n) => n.endsWith('.md'))
    .sort()
    .map((n) => n.slice(0, -3));
  const gen = [
    { folder: 'research', kind: 'research' as const, sections: 3 },
    { folder: 'press-releases', kind: 'press' as const, sections: 2 },
    { folder: 'news', kind: 'news' as const, sections: 2 },
  ];
  for (const g of gen) {
    const dir = path.join(out, g.folder);
    const real = readdirSync(dir)
      .filter((n) => n.endsWith('.md'))
      .sort();
    // More real entries than asked for: keep the newest-named first N (still a valid set).
    for (const name of real.slice(items)) rmSync(path.join(dir, name));
    const images = imagesOf(dir);
    // Spread over ~12 years whatever N is, the newest a little before the real content's oldest.
    const step = Math.max(1, Math.floor((12 * 365) / Math.max(1, items)));
    for (let i = real.length; i < items; i++) {
      const n = i - real.length + 1;
      const date = daysBefore('2024-06-30', (n - 1) * step + Math.floor(r() * step));
      const title = titleFor(g.kind, r, n);
      const excerpt = `${sentence(r)} ${sentence(r)}`;
      const image = images[i % images.length];
      const id = `${g.folder === 'press-releases' ? 'release' : g.folder === 'news' ? 'news' : 'note'}-${String(n).padStart(5, '0')}`;
      const front: Record<string, unknown> =
        g.kind === 'research'
          ? { category: RESEARCH_CATEGORIES[i % RESEARCH_CATEGORIES.length], date, title, excerpt, image, authors: [team[i % team.length]] }
          : g.kind === 'press'
            ? { date, title, excerpt, image, location: CITIES[i % CITIES.length] }
            : { type: NEWS_TYPES[i % NEWS_TYPES.length], date, title, excerpt, image };
      writeFileSync(path.join(dir, `${id}.md`), frontMatterFile(front, body(r, g.sections + Math.floor(r() * 2))));
    }
  }
  writePortfolio(out, items, r);
  writeCareers(out, items, r);
  writeDocuments(out, items, r);
}

const ROLE_TITLES = ['Associate', 'Senior Associate', 'Vice President', 'Analyst', 'Principal', 'Operating Executive'];

/** Generated roles fill careers up to N: offices and teams in turn, open through the tests' day (tests/helpers/content-date.ts). */
function writeCareers(out: string, items: number, r: () => number) {
  const dir = path.join(out, 'careers');
  const real = readdirSync(dir).filter((n) => n.endsWith('.md')).length;
  const offices = officesOf(JSON.parse(readFileSync(path.join(out, 'site.json'), 'utf8'))).map((o) => o.id);
  const types = Object.keys(EMPLOYMENT_TYPES);
  for (let i = 0; i < items - real; i++) {
    const team = CAREER_TEAMS[i % CAREER_TEAMS.length];
    const sector = cap(pick(r, SECTORS));
    const front: Record<string, unknown> = {
      title: `${ROLE_TITLES[i % ROLE_TITLES.length]}, ${team.label} (${sector}, No. ${i + 1})`,
      team: team.value,
      office: offices[Math.floor(i / CAREER_TEAMS.length) % offices.length],
      type: types[i % types.length],
      posted: daysBefore('2026-11-30', i % 180),
      closes: '2027-06-30',
      summary: sentence(r),
      apply: { email: 'careers@haldenrowe.com' },
    };
    const text = ['The Role', 'What You Will Do', 'What You Bring'].map((h) => `## ${h}\n\n${paragraph(r)}`).join('\n\n');
    writeFileSync(path.join(dir, `role-${String(i + 1).padStart(5, '0')}.md`), frontMatterFile(front, text));
  }
}

/** Generated documents fill the library up to N: kinds in turn, a year apart every few; a short body with a table. */
function writeDocuments(out: string, items: number, r: () => number) {
  const dir = path.join(out, 'documents');
  const real = readdirSync(dir).filter((n) => n.endsWith('.md')).length;
  for (let i = 0; i < items - real; i++) {
    const kind = DOCUMENT_KINDS[i % DOCUMENT_KINDS.length];
    const year = 2025 - Math.floor(i / 40);
    const front: Record<string, unknown> = {
      title: `${documentKindLabel(kind.value)} ${year} (No. ${i + 1})`,
      kind: kind.value,
      period: `Calendar year ${year}`,
      published: `${year + 1}-0${1 + (i % 9)}-15`,
      summary: sentence(r),
      language: 'en-GB',
    };
    const table = `Table: ${cap(pick(r, THEMES))} by year\n\n| Year | Companies |\n| --- | --- |\n| ${year - 1} | ${10 + (i % 7)} |\n| ${year} | ${12 + (i % 5)} |`;
    const text = `## Summary\n\n${paragraph(r)}\n\n## The Year\n\n${paragraph(r)}\n\n${table}`;
    writeFileSync(path.join(dir, `document-${String(i + 1).padStart(5, '0')}.md`), frontMatterFile(front, text));
  }
}

const NAME_A = [
  'Ashby',
  'Belmont',
  'Carrow',
  'Delling',
  'Easton',
  'Farrow',
  'Glenmere',
  'Halloway',
  'Ilford',
  'Jarrow',
  'Kinross',
  'Lindell',
  'Marlow',
  'Netherby',
  'Orwell',
  'Penrose',
  'Quarry',
  'Redmere',
  'Stanway',
  'Thorne',
  'Upton',
  'Varley',
  'Westbury',
  'Yardley',
  'Alcott',
  'Brandon',
  'Colwyn',
  'Drayton',
  'Elsworth',
  'Fenwick',
  'Garnet',
  'Hawksmoor',
];
const NAME_B = [
  'Analytics',
  'Brands',
  'Clinical',
  'Controls',
  'Dairy',
  'Energy',
  'Engineering',
  'Farms',
  'Foods',
  'Freight',
  'Health',
  'Holdings',
  'Homes',
  'Industries',
  'Labs',
  'Logistics',
  'Materials',
  'Medical',
  'Minerals',
  'Networks',
  'Packaging',
  'Partners',
  'Pharma',
  'Power',
  'Properties',
  'Robotics',
  'Software',
  'Storage',
  'Systems',
  'Timber',
  'Water',
  'Works',
];
const CITY_NAMES = ['Chicago, Illinois', 'London, United Kingdom', 'Singapore', 'Denver, Colorado', 'Munich, Germany', 'Sydney, Australia', 'Toronto, Canada', 'Lyon, France'];

/** Generated companies fill the portfolio up to N after the real ones (facets in turn, so every filter has members). */
function writePortfolio(out: string, items: number, r: () => number) {
  const dir = path.join(out, 'portfolio');
  const real = readdirSync(dir).filter((n) => n.endsWith('.md')).length;
  const f = PORTFOLIO_FACETS;
  for (let i = 0; i < items - real; i++) {
    const name = `${NAME_A[i % NAME_A.length]} ${NAME_B[Math.floor(i / NAME_A.length) % NAME_B.length]}${i >= NAME_A.length * NAME_B.length ? ` ${Math.floor(i / (NAME_A.length * NAME_B.length)) + 1}` : ''}`;
    const invested = 2000 + (i % 25);
    const realized = i % 3 === 0;
    const front: Record<string, unknown> = {
      name,
      strategy: f.strategy[i % f.strategy.length].value,
      sector: f.sector[i % f.sector.length].value,
      region: f.region[i % f.region.length].value,
      headquarters: CITY_NAMES[i % CITY_NAMES.length],
      invested,
      status: realized ? 'realized' : 'current',
      ...(realized ? { exited: invested + 1 + (i % 6) } : {}),
      website: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.com`,
      description: sentence(r),
    };
    const text = ['The Business', 'Why We Invested', 'Our Partnership'].map((h) => `## ${h}\n\n${paragraph(r)}`).join('\n\n');
    writeFileSync(path.join(dir, `company-${String(i + 1).padStart(5, '0')}.md`), frontMatterFile(front, text));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i === -1 ? undefined : process.argv[i + 1];
  };
  const out = arg('--out');
  const items = Number(arg('--items') ?? 1000);
  if (!out) {
    console.error('usage: npm run content:fixture -- --items 1000 --out DIR [--from content] [--seed 1]');
    process.exit(2);
  }
  const start = Date.now();
  writeFixture({ items, out: path.resolve(out), from: path.resolve(arg('--from') ?? 'content'), seed: Number(arg('--seed') ?? 1) });
  console.log(`wrote ${items} research notes, press releases, news items, companies, roles and documents to ${out} in ${Date.now() - start} ms (CONTENT_DIR=${out} npm start)`);
}
