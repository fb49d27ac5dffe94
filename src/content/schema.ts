/**
 * The shape of everything in `content/`: the front matter of each collection's entries (their
 * Markdown bodies are checked by markdown.ts) and the two JSON files. Validated once at build
 * and at start (see load.ts); a broken entry stops the process with the file and field named.
 * Front matter objects are strict: a misspelt key is an error, not silently ignored.
 */
import { z } from 'zod';
import { Block, internalHref, paragraph, text } from '../shared/blocks.ts';
import { facetValues } from '../app/portfolio.ts';
import { CAREER_TEAMS, EMPLOYMENT_TYPES } from '../app/careers.ts';
import { DOCUMENT_KINDS } from '../app/documents.ts';
import { FOUNDED_YEAR } from '../app/constants.ts';

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug like "north-harbour"');
/** A real calendar date, written YYYY-MM-DD (2025-02-30 and 2025-13-45 are errors). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine((s) => {
    const [y, m, d] = s.split('-').map(Number);
    const date = new Date(Date.UTC(y, m - 1, d));
    return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
  }, 'is not a real calendar date');
/** Position in a hand-ordered collection (team, stories): lower first. */
const order = z.number().int().min(0);
/** A card's summary: shown whole on listing cards (never cut mid-word), so it must stay short. */
const excerpt = paragraph.max(280, 'must be at most 280 characters: cards show the excerpt whole');
/** Key of a generated artwork under public/images, e.g. "stories/coastal-logistics". */
const imageKey = z.string().regex(/^[a-z-]+\/[a-z0-9-]+$/, 'must be an image key like "team/jane-doe"');
/** An ISO 3166-1 alpha-2 country code ("GB"): structured data (JSON-LD addresses) and regulators by office. */
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code like "GB"');

export const Site = z.object({
  name: text,
  legalName: text,
  /** The firm's public address (printed in its PDFs, which link back to the site). */
  website: z
    .string()
    .url()
    .regex(/^https:\/\/[^/]+$/, 'must be an https:// origin without a path'),
  tagline: text,
  description: paragraph,
  founded: z.literal(FOUNDED_YEAR),
  aum: z.literal('$12B+'),
  aumLong: text,
  portfolioCompanies: z.literal('150+'),
  professionals: z.literal('45+'),
  headquarters: z.object({ name: text, city: text, country: countryCode, lines: z.array(text).min(2), mapsQuery: text }),
  contacts: z.object({
    general: z.string().email(),
    phone: text,
    phoneHref: z.string().regex(/^tel:\+\d+$/),
    investorRelations: z.string().email(),
    careers: z.string().email(),
    press: z.string().email(),
  }),
  offices: z.array(z.object({ city: text, country: countryCode, lines: z.array(text).min(1), phone: text, phoneHref: z.string().regex(/^tel:\+\d+$/) })).min(2),
});

/* ---------- Collections: the front matter of content/<folder>/<id>.md (the id is the file name) ---------- */

/** content/stories/<id>.md — the body is the overview (plain paragraphs). */
export const Story = z.strictObject({
  order,
  category: text,
  title: text,
  description: paragraph,
  image: imageKey,
  /** Headline numbers, shown large in the expanded story ("$640M", "enterprise value at carve-out"). */
  figures: z
    .array(z.strictObject({ value: text.max(12, 'a headline figure must stay short (12 characters)'), label: text }))
    .min(2)
    .max(4),
  highlights: z.array(text).min(3),
  strategy: z.strictObject({ identify: paragraph, execute: paragraph, deliver: paragraph }),
  related: z.array(z.strictObject({ label: text, href: internalHref })).min(2),
  /** The portfolio company the story is about (content/portfolio/<id>.md): its page tells the story too. */
  company: slug,
});

/**
 * content/practice-areas.json: each practice area's summary. Which areas there are, their kind,
 * name, order and page come from src/app/site-pages.ts (from the portfolio's facets).
 */
export const PracticeArea = z.strictObject({
  id: slug,
  summary: paragraph,
});

/** content/team/<id>.md — the body is the bio (paragraphs). */
export const TeamMember = z.strictObject({
  order,
  name: text,
  title: text,
  image: imageKey,
  email: z.string().email(),
  /** The office they work from: an office of content/site.json, by its city as a slug ("san-francisco"). */
  office: slug,
  /** The strategies and sectors they invest in (the portfolio's facets); none for the firm's functions (finance, legal, investor relations). */
  strategies: z.array(z.enum(facetValues('strategy'))),
  sectors: z.array(z.enum(facetValues('sector'))),
  experience: z.array(text).min(2),
  education: z.array(text).min(1),
  expertise: z.array(text).min(3),
});

export const RESEARCH_CATEGORIES = ['Market Commentary', 'Sector Analysis', 'Thematic Research'] as const;
export const NEWS_TYPES = ['Award', 'Portfolio News', 'Team', 'Event', 'Market Insight'] as const;

/** content/research/<id>.md — the body is the article in "## " sections. */
export const ResearchItem = z.strictObject({
  category: z.enum(RESEARCH_CATEGORIES),
  date: isoDate,
  title: text,
  excerpt,
  image: imageKey,
  /** Who wrote it: team members, by id (content/team/<id>.md); the byline names them and links to their profiles. */
  authors: z.array(slug).min(1),
});

/** content/press-releases/<id>.md */
export const PressRelease = z.strictObject({
  date: isoDate,
  title: text,
  excerpt,
  image: imageKey,
  /** The dateline city, as printed: "NEW YORK". */
  location: text,
});

/** content/news/<id>.md */
export const NewsItem = z.strictObject({
  type: z.enum(NEWS_TYPES),
  date: isoDate,
  title: text,
  excerpt,
  image: imageKey,
});

/**
 * content/portfolio/<id>.md — a portfolio company; the body is its story in "## " sections.
 * A realized company names its exit year; a current one has none.
 */
const year = z.number().int().min(FOUNDED_YEAR, `the firm was founded in ${FOUNDED_YEAR}`).max(2100);
export const PortfolioCompany = z
  .strictObject({
    name: text,
    strategy: z.enum(facetValues('strategy')),
    sector: z.enum(facetValues('sector')),
    region: z.enum(facetValues('region')),
    headquarters: text,
    invested: year,
    status: z.enum(facetValues('status')),
    exited: year.optional(),
    /** Shown as text, never as a live link. */
    website: z.string().regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a bare domain like "corvane.com"'),
    description: excerpt,
  })
  .superRefine((c, ctx) => {
    if (c.status === 'realized' && c.exited === undefined) ctx.addIssue({ code: 'custom', path: ['exited'], message: 'a realized company needs its exit year' });
    if (c.status === 'current' && c.exited !== undefined) ctx.addIssue({ code: 'custom', path: ['exited'], message: 'only a realized company has an exit year' });
    if (c.exited !== undefined && c.exited < c.invested) ctx.addIssue({ code: 'custom', path: ['exited'], message: 'cannot be before the year of investment' });
  });

/**
 * content/careers/<id>.md — an open role; the body is its description in "## " sections. It is
 * shown from `posted` through `closes` (src/app/careers.ts), and applied for by e-mail (the subject
 * filled in with the role) or on an applicant-tracking site.
 */
const values = <T extends readonly { value: string }[]>(facets: T) => facets.map((f) => f.value) as [T[number]['value'], ...T[number]['value'][]];
export const CareerRole = z
  .strictObject({
    title: text,
    team: z.enum(values(CAREER_TEAMS)),
    /** An office of content/site.json, by its city as a slug ("london"). */
    office: slug,
    type: z.enum(Object.keys(EMPLOYMENT_TYPES) as [keyof typeof EMPLOYMENT_TYPES, ...(keyof typeof EMPLOYMENT_TYPES)[]]),
    posted: isoDate,
    closes: isoDate,
    summary: excerpt,
    /** The pay range (required in job advertisements in New York City, California and elsewhere), whole units a year. */
    salary: z.strictObject({ currency: z.enum(['USD', 'GBP', 'SGD']), min: z.number().int().positive(), max: z.number().int().positive() }).optional(),
    apply: z.union([
      z.strictObject({ email: z.string().email(), subject: text.optional() }),
      z.strictObject({
        url: z
          .string()
          .url()
          .regex(/^https:\/\//, 'must be an https:// address'),
      }),
    ]),
  })
  .superRefine((r, ctx) => {
    if (r.closes < r.posted) ctx.addIssue({ code: 'custom', path: ['closes'], message: 'cannot be before the date it is posted' });
    if (r.salary && r.salary.min > r.salary.max) ctx.addIssue({ code: 'custom', path: ['salary', 'min'], message: 'cannot be more than the maximum' });
  });

/**
 * content/documents/<id>.md — a document of the library (/documents), published as a PDF that the
 * build makes from its Markdown body (src/content/pdf): "## " chapters, "### " sections, tables,
 * charts and tables drawn from data (fenced `chart` / `table` blocks), paragraphs and lists.
 */
export const LibraryDocument = z.strictObject({
  title: text,
  kind: z.enum(values(DOCUMENT_KINDS)),
  /** What it covers, as printed on its cover: "Calendar year 2025". */
  period: text,
  published: isoDate,
  summary: excerpt,
  /** The document's language (BCP 47, "en-GB"): the PDF's language for screen readers. */
  language: z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'must be a language tag like "en-GB"'),
});

/** content/home.json — the home page below the slider (its figures come from site.json's facts). */
const Action = z.strictObject({ label: text, href: internalHref });
export const Home = z.strictObject({
  statement: z.strictObject({ eyebrow: text, lead: paragraph, text: paragraph, link: Action }),
  figures: z.strictObject({ heading: text, aum: text, portfolioCompanies: text, professionals: text, founded: text }),
  strategies: z.strictObject({ heading: text, text: paragraph }),
  insights: z.strictObject({ heading: text, link: Action }),
  cta: z.strictObject({ heading: text, text: paragraph, actions: z.array(Action).min(1).max(2) }),
});

export type SiteT = z.infer<typeof Site>;
export type HomeT = z.infer<typeof Home>;
export type PracticeAreaT = z.infer<typeof PracticeArea>;

/* ---------- Editorial pages (style, strategy, sector, company profile) ---------- */

/**
 * content/pages/<slug>.md — structured blocks, so front matter only (no body): figures, cards,
 * steps and quotes are data, not prose, and YAML keeps them readable without JSON's quoting.
 */
export const EditorialPage = z.strictObject({
  // Its menu group is not written here: src/app/site-pages.ts lists the page.
  title: text,
  eyebrow: text,
  lede: paragraph,
  /** Meta description (search results and link previews). */
  description: z.string().min(50).max(170),
  image: imageKey,
  blocks: z.array(Block).min(3),
});

/* ---------- The disclosures hub (/disclosures) ---------- */

/** A link of a disclosure: a page or file of the site ("/documents/x.pdf", "/fraud-notice") or an https:// address. */
const hubHref = z.string().regex(/^(https:\/\/\S+|\/[a-z0-9\-/]*(\.pdf)?(#[a-z0-9-]+)?)$/, 'must be a path of the site ("/documents/x.pdf") or an https:// address');

/**
 * content/disclosures/<id>.md — one regulatory disclosure of /disclosures (its anchor is the id):
 * its own last-updated date, a summary (search), the documents and registers it points to, and
 * an introduction with optional "## " parts.
 */
export const Disclosure = z.strictObject({
  title: text,
  order,
  lastUpdated: isoDate,
  summary: excerpt,
  links: z.array(z.strictObject({ label: text, href: hubHref })).default([]),
});

/* ---------- Policy pages (privacy, disclosures, responsible investment) ---------- */

/**
 * content/policies/<slug>.md — long legal prose, so front matter + Markdown body: the
 * introduction, then "## " sections (their ids are the page's anchors).
 */
export const PolicyPage = z.strictObject({
  title: text,
  description: z.string().min(50).max(170),
  /** Shown as "Last updated October 19, 2025". */
  lastUpdated: isoDate,
});
