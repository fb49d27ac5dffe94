/**
 * Turns validated content into the read API's answers, once. Pages (server render) and the API
 * share these values, and each answer is serialised to JSON a single time.
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { RawContent } from './load.ts';
import type {
  ImageRef, SiteInfo, Story, PracticeArea, TeamMember, ResearchItem, PressRelease, NewsItem,
  EditorialPageData, PolicyPageData,
} from '../app/types.ts';

export interface ImageManifestEntry { width: number; height: number; widths: number[]; color: string }

export function loadImageManifest(publicDir = path.resolve('public')): Record<string, ImageManifestEntry> {
  const file = path.join(publicDir, 'images', 'manifest.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

export interface ApiEntry {
  value: unknown;
  /** The JSON text, serialised once. */
  json: string;
}

export interface ApiData {
  /** Keyed by request path, e.g. "/api/team" or "/api/pages/philosophy". */
  entries: Map<string, ApiEntry>;
  /** Paths of the six public collection reads of seed §7 (plus site facts and pages). */
  site: SiteInfo;
}

export function buildApiData(content: RawContent, manifest: Record<string, ImageManifestEntry>): ApiData {
  const image = (key: string): ImageRef => {
    const m = manifest[key];
    // A missing manifest entry (images not generated yet) still renders: a plain colour block.
    return m ? { key, ...m } : { key, width: 1600, height: 900, widths: [], color: '#1a3352' };
  };
  const imageUrl = (ref: ImageRef) => {
    if (!ref.widths.length) return '';
    const w = ref.widths.find((x) => x >= 960) ?? ref.widths[ref.widths.length - 1];
    return `/images/${ref.key}-${w}.webp`;
  };
  const withImage = <T extends { image: string }>(item: T) => {
    const ref = image(item.image);
    return { ...item, image: ref, imageUrl: imageUrl(ref) };
  };

  // The copyright year is fixed at start so server and browser render the same text.
  const site: SiteInfo = { ...content.site, copyrightYear: new Date().getFullYear() };
  const stories: Story[] = content.stories.map(withImage);
  const practiceAreas: PracticeArea[] = content.practiceAreas;
  const team: TeamMember[] = content.team.map((m) => ({ ...withImage(m), bio: m.bio.join('\n\n') }));
  const byDateDesc = <T extends { date: string }>(a: T, b: T) => b.date.localeCompare(a.date);
  const research: ResearchItem[] = [...content.research].sort(byDateDesc).map((r) => ({ ...withImage(r), link: `/research/${r.id}` }));
  const pressReleases: PressRelease[] = [...content.pressReleases].sort(byDateDesc)
    .map((p) => ({ ...withImage(p), link: `/press-release/${p.id}`, year: Number(p.date.slice(0, 4)) }));
  const news: NewsItem[] = [...content.news].sort(byDateDesc).map((n) => ({ ...withImage(n), link: `/news/${n.id}` }));

  const entries = new Map<string, ApiEntry>();
  const put = (p: string, value: unknown) => entries.set(p, { value, json: JSON.stringify(value) });
  put('/api/site', site);
  put('/api/stories', stories);
  put('/api/practice-areas', practiceAreas);
  put('/api/news', news);
  put('/api/team', team);
  put('/api/research', research);
  put('/api/press-releases', pressReleases);
  for (const page of content.pages) {
    const data: EditorialPageData = { ...page, image: image(page.image) };
    put(`/api/pages${page.path}`, data);
  }
  for (const policy of content.policies) {
    const data: PolicyPageData = policy;
    put(`/api/pages${policy.path}`, data);
  }
  return { entries, site };
}
