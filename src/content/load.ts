/**
 * Reads and validates every file in the content folder (`CONTENT_DIR`, default `content/`):
 * the collections of collections.ts (one Markdown file per entry: YAML front matter + body) and
 * the two JSON files (site facts, practice areas). Called once at build and once at server
 * start; a broken entry stops the process with every problem listed, one per line, as
 * `file › field: message` (`file › body (line N): message` for the Markdown body).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parse as parseYaml, parseDocument, YAMLError } from 'yaml';
import { COLLECTIONS, type CollectionDef, type CollectionEntries, type Entry } from './collections.ts';
import { parseBody } from './markdown.ts';
import { documentBodyOf, parseDocumentBody } from './document-body.ts';
import { EDITORIAL_SLUGS, PRACTICE_AREAS, editorialGroupOf, type EditorialGroup } from '../app/site-pages.ts';
import { href } from '../app/paths.ts';
import { officesOf } from '../app/offices.ts';
import type { PracticeArea as PracticeAreaData } from '../app/types.ts';
import { Home, PracticeArea, Site, type HomeT, type SiteT } from './schema.ts';

export interface RawContent extends Omit<CollectionEntries, 'pages'> {
  site: SiteT;
  /** The practice areas (site-pages.ts), in menu order, each with its summary from content. */
  practiceAreas: PracticeAreaData[];
  home: HomeT;
  /** Editorial pages, each with the menu group that lists it. */
  pages: (CollectionEntries['pages'][number] & { group: EditorialGroup })[];
}

export class ContentError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid content:\n  ${problems.join('\n  ')}`);
    this.name = 'ContentError';
  }
}

/** The content folder: CONTENT_DIR when set, else ./content. */
export const defaultContentDir = () => path.resolve(process.env.CONTENT_DIR || 'content');

/** The image keys that exist: public/images/manifest.json (written by npm run images). */
export function imageKeysOf(publicDir = path.resolve('public')): Set<string> | undefined {
  const file = path.join(publicDir, 'images', 'manifest.json');
  return existsSync(file) ? new Set(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object)) : undefined;
}

const rel = (p: string) => path.relative(process.cwd(), p) || p;
const SLUG_FILE = /^[a-z0-9]+(?:-[a-z0-9]+)*\.md$/;

/** "a.b.0.c" for a zod issue path. */
const where = (p: readonly PropertyKey[]) => p.map(String).join('.');

/** `---\n<yaml>\n---\n<body>`: the front matter text, the body, and the file line the body starts after. */
function splitFrontMatter(text: string): { yaml: string; body: string; bodyLine: number } | null {
  const m = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(text.startsWith('\uFEFF') ? text.slice(1) : text);
  if (!m) return null;
  return { yaml: m[1], body: text.slice(m[0].length + (text.startsWith('\uFEFF') ? 1 : 0)), bodyLine: m[0].split('\n').length - 1 };
}

/** Every `image` value in a front matter, with its path (for the error message). */
function imageRefs(node: unknown, at: string[] = []): { key: string; at: string }[] {
  if (Array.isArray(node)) return node.flatMap((x, i) => imageRefs(x, [...at, String(i)]));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([k, v]) => (k === 'image' && typeof v === 'string' ? [{ key: v, at: [...at, k].join('.') }] : imageRefs(v, [...at, k])));
}

/** Reads one entry file; problems go to `problems`, the entry is returned only when valid. */
function readEntry<S extends z.ZodType<object>>(file: string, id: string, def: CollectionDef<S>, images: Set<string> | undefined, problems: string[]): Entry<S> | undefined {
  const name = rel(file);
  const split = splitFrontMatter(readFileSync(file, 'utf8'));
  if (!split) {
    problems.push(`${name}: must start with front matter between two "---" lines`);
    return undefined;
  }
  let data: unknown;
  try {
    data = parseYaml(split.yaml, { uniqueKeys: true, prettyErrors: true });
  } catch (err) {
    if (!(err instanceof YAMLError)) throw err;
    // Front matter starts on the file's second line.
    const message = err.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
    problems.push(`${name} › front matter (line ${(err.linePos?.[0].line ?? 0) + 1}): ${message}`);
    return undefined;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    problems.push(`${name} › front matter: must be a set of "key: value" lines`);
    return undefined;
  }
  const fields = { ...(data as Record<string, unknown>) };
  // The id is the file name; a front matter `id` may repeat it, never contradict it.
  if ('id' in fields) {
    if (fields.id !== id) problems.push(`${name} › id: must equal the file name "${id}" (or be left out)`);
    delete fields.id;
  }
  const before = problems.length;
  const parsed = def.schema.safeParse(fields);
  if (!parsed.success) for (const issue of parsed.error.issues) problems.push(`${name} › ${where(issue.path) || 'front matter'}: ${issue.message}`);
  if (images) {
    for (const ref of imageRefs(fields)) {
      if (!images.has(ref.key)) problems.push(`${name} › ${ref.at}: no image "${ref.key}" in public/images/manifest.json (a typo? new artwork: npm run images)`);
    }
  }
  // A library document keeps its blocks (the PDF is set from them); its body is what search reads.
  const doc = def.body.kind === 'document' ? parseDocumentBody(split.body, split.bodyLine) : undefined;
  const { body, problems: bodyProblems } = doc
    ? { body: documentBodyOf(doc.blocks), problems: doc.problems }
    : parseBody(split.body, def.body as Exclude<typeof def.body, { kind: 'document' }>, split.bodyLine);
  for (const p of bodyProblems) problems.push(`${name} › body${p.line ? ` (line ${p.line})` : ''}: ${p.message}`);
  if (problems.length > before || !parsed.success) return undefined;
  return { ...(parsed.data as z.infer<S>), id, file: name, body, ...(doc ? { blocks: doc.blocks } : {}) };
}

function readCollection<S extends z.ZodType<object>>(dir: string, def: CollectionDef<S>, images: Set<string> | undefined, problems: string[]): Entry<S>[] {
  const folder = path.join(dir, def.folder);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    problems.push(`${rel(folder)}: folder missing (one <id>.md file per entry)`);
    return [];
  }
  const entries: Entry<S>[] = [];
  const before = problems.length;
  for (const name of readdirSync(folder).sort()) {
    if (name.startsWith('.')) continue;
    if (!SLUG_FILE.test(name)) {
      problems.push(`${rel(path.join(folder, name))}: file names are the entry's id: a lowercase slug ending in .md, like "north-harbour.md"`);
      continue;
    }
    const entry = readEntry(path.join(folder, name), name.slice(0, -3), def, images, problems);
    if (entry) entries.push(entry);
  }
  if (problems.length === before) {
    if (def.min && entries.length < def.min) problems.push(`${rel(folder)}: needs at least ${def.min} entries (found ${entries.length})`);
    for (const message of def.check?.(entries) ?? []) problems.push(`${rel(folder)}: ${message}`);
  }
  return entries.sort(def.sort);
}

/** Formats a zod issue of a JSON file as "file › item "id" (#n) › field.path: message". */
function describe(file: string, data: unknown, issue: z.core.$ZodIssue): string {
  const [first, ...rest] = issue.path;
  let at = file;
  if (typeof first === 'number' && Array.isArray(data)) {
    const item = data[first] as { id?: unknown } | undefined;
    at += ` › item ${typeof item?.id === 'string' ? `"${item.id}" ` : ''}(#${first})`;
    if (rest.length) at += ` › ${where(rest)}`;
  } else if (issue.path.length) {
    at += ` › ${where(issue.path)}`;
  }
  return `${at}: ${issue.message}`;
}

function readJsonFile<T>(file: string, schema: z.ZodType<T>, problems: string[]): T | undefined {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    problems.push(`${rel(file)}: ${(err as Error).message}`);
    return undefined;
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    for (const issue of result.error.issues) problems.push(describe(rel(file), data, issue));
    return undefined;
  }
  return result.data;
}

export interface LoadOptions {
  /** Image keys that exist (default: public/images/manifest.json); null skips the check. */
  images?: Set<string> | null;
}

export function loadContent(dir = defaultContentDir(), opts: LoadOptions = {}): RawContent {
  const problems: string[] = [];
  const images = opts.images === null ? undefined : (opts.images ?? imageKeysOf());
  if (opts.images === undefined && !images) problems.push('public/images/manifest.json: missing, so image references cannot be checked (npm run images)');
  const site = readJsonFile(path.join(dir, 'site.json'), Site, problems);
  const areasFile = path.join(dir, 'practice-areas.json');
  const summaries = readJsonFile(areasFile, z.array(PracticeArea), problems);
  const home = readJsonFile(path.join(dir, 'home.json'), Home, problems);
  const seen = new Set<string>();
  for (const [i, area] of (summaries ?? []).entries()) {
    if (seen.has(area.id)) problems.push(`${rel(areasFile)} › item "${area.id}" (#${i}) › id: duplicate id`);
    else if (!PRACTICE_AREAS.some((a) => a.id === area.id))
      problems.push(`${rel(areasFile)} › item "${area.id}" (#${i}) › id: not a practice area (the strategies and sectors of src/app/site-pages.ts)`);
    seen.add(area.id);
  }
  const practiceAreas: PracticeAreaData[] = [];
  for (const { id, kind, name } of PRACTICE_AREAS) {
    const summary = summaries?.find((a) => a.id === id)?.summary;
    if (summaries && summary === undefined) problems.push(`${rel(areasFile)}: no summary for the practice area "${id}"`);
    practiceAreas.push({ id, kind, name, href: href('page', { slug: id }), summary: summary ?? '' });
  }
  const collections = Object.fromEntries(Object.entries(COLLECTIONS).map(([key, def]) => [key, readCollection(dir, def as CollectionDef, images, problems)])) as unknown as CollectionEntries;
  // Each editorial page is listed in site-pages.ts, and each page listed exists.
  const pages = (collections.pages ?? []).map((p) => {
    const group = editorialGroupOf(p.id);
    if (!group) problems.push(`${p.file}: src/app/site-pages.ts does not list the page "${p.id}"`);
    return { group: group!, ...p };
  });
  // Team members and roles name an office of site.json.
  if (site) {
    const offices = officesOf(site).map((o) => o.id);
    for (const entry of [...(collections.team ?? []), ...(collections.careers ?? [])] as { office: string; file: string }[]) {
      if (!offices.includes(entry.office)) problems.push(`${entry.file} › office: "${entry.office}" is not an office of content/site.json (${offices.join(', ')})`);
    }
  }
  // A story is about a portfolio company (its page tells the story too), one story each.
  const storyCompanies = new Set<string>();
  for (const st of (collections.stories ?? []) as { company: string; file: string }[]) {
    if (!existsSync(path.join(dir, 'portfolio', `${st.company}.md`))) problems.push(`${st.file} › company: "${st.company}" is not a company of content/portfolio`);
    else if (storyCompanies.has(st.company)) problems.push(`${st.file} › company: "${st.company}" already has a story`);
    storyCompanies.add(st.company);
  }
  // A research note's authors are members of the team (a file of content/team, valid or not: a
  // broken profile is reported once, as itself).
  for (const r of (collections.research ?? []) as { authors: string[]; file: string }[]) {
    for (const [i, a] of r.authors.entries()) if (!existsSync(path.join(dir, 'team', `${a}.md`))) problems.push(`${r.file} › authors.${i}: "${a}" is not a member of content/team`);
  }
  // A disclosure's links to the library name one of its documents.
  const documentIds = new Set((collections.documents ?? []).map((d) => d.id));
  for (const d of collections.disclosures ?? []) {
    for (const [i, link] of d.links.entries()) {
      const pdf = /^\/documents\/(.+)\.pdf$/.exec(link.href);
      if (pdf && !documentIds.has(pdf[1])) problems.push(`${d.file} › links.${i}.href: no document "${pdf[1]}" in content/documents`);
    }
  }
  for (const slug of EDITORIAL_SLUGS) {
    const file = path.join(dir, 'pages', `${slug}.md`);
    if (!existsSync(file)) problems.push(`${rel(file)}: missing (src/app/site-pages.ts lists the page "${slug}")`);
  }
  if (problems.length) throw new ContentError(problems);
  return { site: site!, practiceAreas, home: home!, ...collections, pages };
}

/**
 * Every image key the content refers to, with words describing its entry (category, type,
 * group, kind) — for scripts/art/images.ts, which draws them. Reads front matter and JSON without
 * validating (new artwork is drawn before its entry can pass the image check).
 */
export function contentImageKeys(dir = defaultContentDir()): Map<string, string[]> {
  return new Map([...scanImages(dir)].map(([key, v]) => [key, v.hints]));
}

/** Every image key the content refers to, with the files that refer to it (for error messages). */
export function contentImageFiles(dir = defaultContentDir()): Map<string, string[]> {
  return new Map([...scanImages(dir)].map(([key, v]) => [key, v.files]));
}

function scanImages(dir: string): Map<string, { hints: string[]; files: string[] }> {
  const keys = new Map<string, { hints: string[]; files: string[] }>();
  let file = '';
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const obj = node as Record<string, unknown>;
      if (typeof obj.image === 'string') {
        const seen = keys.get(obj.image);
        if (!seen) keys.set(obj.image, { hints: ['category', 'type', 'group', 'kind'].map((f) => obj[f]).filter((v): v is string => typeof v === 'string'), files: [file] });
        else if (!seen.files.includes(file)) seen.files.push(file);
      }
      for (const [k, v] of Object.entries(obj)) if (k !== 'image') walk(v);
    }
  };
  for (const name of ['site.json', 'practice-areas.json', 'home.json']) {
    file = path.join(dir, name);
    try {
      walk(JSON.parse(readFileSync(file, 'utf8')));
    } catch {
      /* loadContent reports it */
    }
  }
  for (const def of Object.values(COLLECTIONS)) {
    const folder = path.join(dir, def.folder);
    if (!existsSync(folder)) continue;
    for (const name of readdirSync(folder)
      .filter((n) => n.endsWith('.md'))
      .sort()) {
      file = path.join(folder, name);
      const split = splitFrontMatter(readFileSync(file, 'utf8'));
      const doc = split && parseDocument(split.yaml);
      // An editorial page's menu group (from the menu, not its file) describes its artwork too.
      const group = def.folder === 'pages' ? editorialGroupOf(name.replace(/\.md$/, '')) : undefined;
      if (doc && !doc.errors.length) walk(group ? { ...(doc.toJS() as object), group } : doc.toJS());
    }
  }
  return keys;
}
