/** Every SVG the generators draw from the site's content, keyed (shared by art.test.ts and the process it forks). */
import { createHash } from 'node:crypto';
import path from 'node:path';
import { readContent, readSite } from '../lib/facts.ts';
import { heroSvg, ogSvg } from '../lib/heroes.ts';
import { portraitSvg } from '../lib/portraits.ts';
import { coverPieces, coverSvg } from '../lib/covers.ts';
import { wordmarkSvg } from '../lib/wordmarks.ts';
import { TEAM_IMAGE, WORDMARK } from '../../../src/app/image-src.ts';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const CONTENT = path.join(ROOT, 'content');
export const content = readContent(CONTENT);
export const heroKeys = [...content.pages.map((p) => p.image), ...content.stories.map((s) => s.image), TEAM_IMAGE.key];
export const years: [number, number] = [1999, 2026];

/** Every SVG the generators draw from the content, keyed. */
export function everything(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of heroKeys) out[k] = heroSvg(k, 1920, 1080, content)!.svg;
  content.team.forEach((m, i) => (out[m.image] = portraitSvg(m, i, 720, 900, years)));
  for (const [key, piece] of coverPieces(content)) out[key] = coverSvg(piece, 1200, 800, content.portfolio);
  for (const c of content.portfolio) out[`portfolio/${c.id}`] = wordmarkSvg(c, WORDMARK.width, WORDMARK.height);
  out.og = ogSvg(1200, 630, readSite(CONTENT));
  return out;
}
export const digest = (o: Record<string, string>) => createHash('sha256').update(JSON.stringify(o)).digest('hex');
