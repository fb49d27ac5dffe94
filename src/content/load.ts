/**
 * Reads and validates every file in `content/`. Called once at build and once at server start;
 * the result is frozen and shared by pages and the API (one source of truth).
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  Site, Story, PracticeArea, TeamMember, ResearchItem, PressRelease, NewsItem, EditorialPage, PolicyPage,
  type SiteT, type StoryT, type PracticeAreaT, type TeamMemberT, type ResearchItemT, type PressReleaseT,
  type NewsItemT, type EditorialPageT, type PolicyPageT,
} from './schema.ts';

export interface RawContent {
  site: SiteT;
  stories: StoryT[];
  practiceAreas: PracticeAreaT[];
  team: TeamMemberT[];
  research: ResearchItemT[];
  pressReleases: PressReleaseT[];
  news: NewsItemT[];
  pages: EditorialPageT[];
  policies: PolicyPageT[];
}

export class ContentError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid content:\n  ${problems.join('\n  ')}`);
    this.name = 'ContentError';
  }
}

function readJson(file: string, problems: string[]): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    problems.push(`${file}: ${(err as Error).message}`);
    return undefined;
  }
}

/** Formats a zod issue as "file › item "id" (#n) › field.path: message". */
function describe(file: string, data: unknown, issue: z.core.$ZodIssue): string {
  const [first, ...rest] = issue.path;
  let where = file;
  if (typeof first === 'number' && Array.isArray(data)) {
    const item = data[first] as { id?: unknown } | undefined;
    where += ` › item ${typeof item?.id === 'string' ? `"${item.id}" ` : ''}(#${first})`;
    if (rest.length) where += ` › ${rest.join('.')}`;
  } else if (issue.path.length) {
    where += ` › ${issue.path.join('.')}`;
  }
  return `${where}: ${issue.message}`;
}

function parse<T>(file: string, schema: z.ZodType<T>, problems: string[]): T | undefined {
  const data = readJson(file, problems);
  if (data === undefined) return undefined;
  const result = schema.safeParse(data);
  if (!result.success) {
    for (const issue of result.error.issues) problems.push(describe(file, data, issue));
    return undefined;
  }
  return result.data;
}

function uniqueIds(file: string, items: { id: string }[] | undefined, problems: string[]) {
  const seen = new Set<string>();
  for (const [i, item] of (items ?? []).entries()) {
    if (seen.has(item.id)) problems.push(`${file} › item "${item.id}" (#${i}) › id: duplicate id`);
    seen.add(item.id);
  }
}

export function loadContent(dir = path.resolve('content')): RawContent {
  const problems: string[] = [];
  const f = (name: string) => path.join(dir, name);
  const rel = (p: string) => path.relative(process.cwd(), p) || p;

  const site = parse(rel(f('site.json')), Site, problems);
  const stories = parse(rel(f('stories.json')), z.array(Story).min(5), problems);
  const practiceAreas = parse(rel(f('practice-areas.json')), z.array(PracticeArea).length(9), problems);
  const team = parse(rel(f('team.json')), z.array(TeamMember).min(12), problems);
  const research = parse(rel(f('research.json')), z.array(ResearchItem).min(6), problems);
  const pressReleases = parse(rel(f('press-releases.json')), z.array(PressRelease).min(6), problems);
  const news = parse(rel(f('news.json')), z.array(NewsItem).min(8), problems);

  const pages: EditorialPageT[] = [];
  const policies: PolicyPageT[] = [];
  const pagesDir = f('pages');
  if (existsSync(pagesDir)) {
    for (const name of readdirSync(pagesDir).filter((n) => n.endsWith('.json')).sort()) {
      const file = rel(path.join(pagesDir, name));
      const raw = readJson(file, problems) as { lastUpdated?: unknown } | undefined;
      if (raw === undefined) continue;
      const parsed = 'lastUpdated' in (raw ?? {}) ? parse(file, PolicyPage, problems) : parse(file, EditorialPage, problems);
      if (!parsed) continue;
      if ('lastUpdated' in parsed) policies.push(parsed);
      else pages.push(parsed);
    }
  }

  for (const [file, items] of [
    ['stories.json', stories], ['practice-areas.json', practiceAreas], ['team.json', team],
    ['research.json', research], ['press-releases.json', pressReleases], ['news.json', news],
  ] as const) uniqueIds(rel(f(file)), items as { id: string }[] | undefined, problems);

  if (team && team.filter((m) => m.title.includes('Managing Partner')).length < 3) {
    problems.push(`${rel(f('team.json'))}: at least 3 members need a title containing "Managing Partner"`);
  }
  if (pressReleases && new Set(pressReleases.map((p) => p.date.slice(0, 4))).size < 2) {
    problems.push(`${rel(f('press-releases.json'))}: press releases must span at least two years`);
  }

  if (problems.length) throw new ContentError(problems);
  return { site: site!, stories: stories!, practiceAreas: practiceAreas!, team: team!, research: research!, pressReleases: pressReleases!, news: news!, pages, policies };
}
