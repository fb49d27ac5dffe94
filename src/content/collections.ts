/**
 * The content registry: every folder of `content/` that holds one Markdown file per entry, with
 * the schema of its front matter, what its body may hold, how its entries are ordered and the
 * rules that span entries. load.ts reads them all the same way, with one error format; adding a
 * collection is one entry here (plus, for the site to show it, its API answers in api-data.ts).
 *
 * Why Markdown files for everything, structured pages included: one loader, one error format,
 * one way to edit (YAML front matter reads better than JSON for copy: no quotes or escapes).
 * Editorial pages (content/pages) are front matter only — figures, cards and steps are data;
 * policies (content/policies) are front matter + a Markdown body, because they are prose.
 */
import type { z } from 'zod';
import { CareerRole, Disclosure, EditorialPage, LibraryDocument, NewsItem, PolicyPage, PortfolioCompany, PressRelease, ResearchItem, Story, TeamMember } from './schema.ts';
import type { BodyRule } from './markdown.ts';
import type { DocBlock } from './document-body.ts';
import type { Body } from '../app/types.ts';

export interface CollectionDef<S extends z.ZodType<object> = z.ZodType<object>> {
  /** content/<folder>/<id>.md */
  folder: string;
  /** The front matter (the id is the file name and is not repeated there). */
  schema: S;
  body: BodyRule;
  /** At least this many entries (the product's minimums). */
  min?: number;
  /** Order of the loaded list (what "first" means for lists, related items and the home panel). */
  sort: (a: Entry<S>, b: Entry<S>) => number;
  /** Rules across entries; each message is reported against the folder. */
  check?: (entries: Entry<S>[]) => string[];
}

/** A loaded entry: its front matter, its id (the file name), its file and its parsed body. */
export type Entry<S extends z.ZodType<object> = z.ZodType<object>> = z.infer<S> & { id: string; file: string; body: Body; blocks?: DocBlock[] };

const define = <S extends z.ZodType<object>>(def: CollectionDef<S>) => def;

/** Newest first; the same date keeps a stable order by id. */
const byDateDesc = (a: { date: string; id: string }, b: { date: string; id: string }) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id);
/** Hand-ordered (team, stories): `order`, then id. */
const byOrder = (a: { order: number; id: string }, b: { order: number; id: string }) => a.order - b.order || a.id.localeCompare(b.id);
const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);

export const COLLECTIONS = {
  stories: define({ folder: 'stories', schema: Story, body: { kind: 'paragraphs', min: 1, plain: true }, min: 5, sort: byOrder }),
  team: define({
    folder: 'team',
    schema: TeamMember,
    body: { kind: 'paragraphs', min: 2 },
    min: 12,
    sort: byOrder,
    check: (team) => (team.filter((m) => m.title.includes('Managing Partner')).length < 3 ? ['at least 3 members need a title containing "Managing Partner"'] : []),
  }),
  research: define({ folder: 'research', schema: ResearchItem, body: { kind: 'sections', min: 3, intro: 'forbidden' }, min: 6, sort: byDateDesc }),
  pressReleases: define({
    folder: 'press-releases',
    schema: PressRelease,
    body: { kind: 'sections', min: 2, intro: 'forbidden' },
    min: 6,
    sort: byDateDesc,
    check: (items) => (new Set(items.map((p) => p.date.slice(0, 4))).size < 2 ? ['press releases must span at least two years'] : []),
  }),
  news: define({ folder: 'news', schema: NewsItem, body: { kind: 'sections', min: 2, intro: 'forbidden' }, min: 8, sort: byDateDesc }),
  portfolio: define({
    folder: 'portfolio',
    schema: PortfolioCompany,
    body: { kind: 'sections', min: 3, intro: 'forbidden' },
    min: 40,
    sort: (a, b) => a.name.localeCompare(b.name, 'en') || a.id.localeCompare(b.id),
    check: (items) => {
      const names = new Map<string, string>();
      const out: string[] = [];
      for (const c of items) {
        const other = names.get(c.name.toLowerCase());
        if (other) out.push(`${c.id} and ${other} have the same name "${c.name}"`);
        names.set(c.name.toLowerCase(), c.id);
      }
      return out;
    },
  }),
  careers: define({
    folder: 'careers',
    schema: CareerRole,
    body: { kind: 'sections', min: 3, intro: 'forbidden' },
    // Newest first (the listing's order); a role is shown from `posted` through `closes`.
    sort: (a, b) => b.posted.localeCompare(a.posted) || a.id.localeCompare(b.id),
  }),
  documents: define({
    folder: 'documents',
    schema: LibraryDocument,
    body: { kind: 'document' },
    min: 3,
    sort: (a, b) => b.published.localeCompare(a.published) || a.id.localeCompare(b.id),
  }),
  disclosures: define({ folder: 'disclosures', schema: Disclosure, body: { kind: 'sections', min: 0, intro: 'required' }, min: 6, sort: byOrder }),
  pages: define({ folder: 'pages', schema: EditorialPage, body: { kind: 'none' }, sort: byId }),
  policies: define({ folder: 'policies', schema: PolicyPage, body: { kind: 'sections', min: 6, intro: 'required' }, sort: byId }),
};

export type CollectionName = keyof typeof COLLECTIONS;
export type CollectionEntries = { [K in CollectionName]: Entry<(typeof COLLECTIONS)[K]['schema']>[] };
