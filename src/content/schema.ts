/**
 * The shape of everything in `content/`. Validated once at build and at start
 * (see load.ts); a broken entry stops the process with the file, item and field named.
 */
import { z } from 'zod';

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lowercase slug like "north-harbour"');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be an ISO date YYYY-MM-DD');
const text = z.string().trim().min(1, 'must not be empty');
const paragraph = z.string().trim().min(20, 'must be a real sentence (20+ characters)');
/** Key of a generated artwork under public/images, e.g. "stories/coastal-logistics". */
const imageKey = z.string().regex(/^[a-z-]+\/[a-z0-9-]+$/, 'must be an image key like "team/jane-doe"');
const internalHref = z.string().regex(/^\/[a-z0-9\-/]*$/, 'must be an internal path like "/buyouts"');

/** A titled block of long-form text, used by detail pages and policy pages. */
export const Section = z.object({
  id: slug,
  heading: text,
  paragraphs: z.array(paragraph).min(1),
  list: z.array(text).optional(),
});

export const Site = z.object({
  name: text,
  legalName: text,
  tagline: text,
  description: paragraph,
  founded: z.literal(1999),
  aum: z.literal('$12B+'),
  aumLong: text,
  portfolioCompanies: z.literal('150+'),
  professionals: z.literal('45+'),
  headquarters: z.object({ name: text, lines: z.array(text).min(2), mapsQuery: text }),
  contacts: z.object({
    general: z.string().email(),
    phone: text,
    phoneHref: z.string().regex(/^tel:\+\d+$/),
    investorRelations: z.string().email(),
    careers: z.string().email(),
    press: z.string().email(),
  }),
  offices: z.array(z.object({ city: text, lines: z.array(text).min(1), phone: text, phoneHref: z.string().regex(/^tel:\+\d+$/) })).min(2),
});

export const Story = z.object({
  id: slug,
  category: text,
  title: text,
  description: paragraph,
  image: imageKey,
  overview: z.array(paragraph).min(1),
  highlights: z.array(text).min(3),
  strategy: z.object({ identify: paragraph, execute: paragraph, deliver: paragraph }),
  related: z.array(z.object({ label: text, href: internalHref })).min(2),
});

export const PracticeArea = z.object({
  id: slug,
  kind: z.enum(['strategy', 'sector']),
  name: text,
  href: internalHref,
  summary: paragraph,
});

export const TeamMember = z.object({
  id: slug,
  name: text,
  title: text,
  bio: z.array(paragraph).min(2),
  image: imageKey,
  email: z.string().email(),
  experience: z.array(text).min(2),
  education: z.array(text).min(1),
  expertise: z.array(text).min(3),
});

export const ResearchItem = z.object({
  id: slug,
  category: z.enum(['Market Commentary', 'Sector Analysis', 'Thematic Research']),
  date: isoDate,
  title: text,
  excerpt: paragraph,
  image: imageKey,
  author: text,
  sections: z.array(Section).min(3),
});

export const PressRelease = z.object({
  id: slug,
  date: isoDate,
  title: text,
  excerpt: paragraph,
  image: imageKey,
  location: text,
  sections: z.array(Section).min(2),
});

export const NewsItem = z.object({
  id: slug,
  type: z.enum(['Award', 'Portfolio News', 'Team', 'Event', 'Market Insight']),
  date: isoDate,
  title: text,
  excerpt: paragraph,
  image: imageKey,
  sections: z.array(Section).min(2),
});

export type SiteT = z.infer<typeof Site>;
export type StoryT = z.infer<typeof Story>;
export type PracticeAreaT = z.infer<typeof PracticeArea>;
export type TeamMemberT = z.infer<typeof TeamMember>;
export type ResearchItemT = z.infer<typeof ResearchItem>;
export type PressReleaseT = z.infer<typeof PressRelease>;
export type NewsItemT = z.infer<typeof NewsItem>;
export type SectionT = z.infer<typeof Section>;

/* ---------- Editorial pages (style, strategy, sector, company profile) ---------- */

const Card = z.object({
  number: z.string().regex(/^\d{2}$/).optional(),
  title: text,
  text: paragraph,
  list: z.array(text).optional(),
});

export const Block = z.discriminatedUnion('type', [
  z.object({ type: z.literal('intro'), heading: text, paragraphs: z.array(paragraph).min(1) }),
  z.object({ type: z.literal('figures'), heading: text, items: z.array(z.object({ value: text, label: text })).min(2) }),
  z.object({ type: z.literal('cards'), heading: text, intro: paragraph.optional(), columns: z.union([z.literal(2), z.literal(3), z.literal(4)]), items: z.array(Card).min(2) }),
  z.object({ type: z.literal('lists'), heading: text, intro: paragraph.optional(), groups: z.array(z.object({ title: text, items: z.array(text).min(3) })).min(2) }),
  z.object({ type: z.literal('steps'), heading: text, intro: paragraph.optional(), items: z.array(z.object({ title: text, text: paragraph, activities: z.array(text).min(3) })).min(3) }),
  z.object({ type: z.literal('quote'), quote: paragraph, name: text, role: text }),
  z.object({ type: z.literal('cta'), heading: text, text: paragraph, label: text, href: internalHref }),
]);

export const EditorialPage = z.object({
  /** Route path, e.g. "/philosophy". */
  path: internalHref,
  /** Menu group the page belongs to. */
  group: z.enum(['Style', 'Strategies', 'Sectors', 'About']),
  title: text,
  eyebrow: text,
  lede: paragraph,
  /** Meta description (search results and link previews). */
  description: z.string().min(50).max(170),
  image: imageKey,
  blocks: z.array(Block).min(3),
});

/* ---------- Policy pages (privacy, disclosures, responsible investment) ---------- */

export const PolicyPage = z.object({
  path: internalHref,
  title: text,
  description: z.string().min(50).max(170),
  lastUpdated: z.literal('October 19, 2025'),
  intro: z.array(paragraph).min(1),
  sections: z.array(Section).min(6),
});

export type BlockT = z.infer<typeof Block>;
export type EditorialPageT = z.infer<typeof EditorialPage>;
export type PolicyPageT = z.infer<typeof PolicyPage>;
