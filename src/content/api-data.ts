/**
 * Turns validated content into the read API's answers. Pages (server render) and the API share
 * them: one source of truth.
 *
 * - Fixed answers, built once at start (`entries`): /api/site, the six list reads of seed §7
 *   (summaries: the seed's fields, no bodies), /api/latest/<collection> (the first few summaries:
 *   the home page's news panel), /api/pages/<slug>.
 * - Per-item reads, built on request from the loaded entry: /api/{research,press-releases,news,
 *   team}/<id> (the summary plus its body) and /api/<collection>/<id>/related (the first two
 *   other summaries: "related" on a detail page).
 * - Listing pages, computed on request: /api/listings/<name>?<filters>&page=N (listings.ts).
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { RawContent } from './load.ts';
import { paragraphsText } from './markdown.ts';
import { createListings, type Listings } from './listings.ts';
import { HOME_INSIGHTS, NEWS_PANEL_MAX_ITEMS } from '../app/constants.ts';
import { relatedItems, toResources } from '../app/filters.ts';
import { LISTINGS, canonicalSearch, type ListingName } from '../app/listing.ts';
import type {
  HomeData, ImageRef, SiteInfo, Story, PracticeArea, TeamMember, ResearchSummary, PressReleaseSummary, NewsSummary,
  EditorialPageData, PolicyPageData, Body,
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

/** An answer of the read API. */
export interface ApiAnswer {
  /** The canonical request path (with the canonical query for a listing): its cache key. */
  key: string;
  value: unknown;
}

export interface ApiData {
  /** Fixed answers, keyed by request path, e.g. "/api/team" or "/api/pages/philosophy". */
  entries: Map<string, ApiEntry>;
  site: SiteInfo;
  /** Any read: a fixed answer, an item, its related items or a listing page; undefined → 404. */
  read(pathname: string, query?: URLSearchParams): ApiAnswer | undefined;
}

/** The collections with per-item reads: API path segment → where the items live. */
const ITEM_COLLECTIONS = ['research', 'press-releases', 'news', 'team'] as const;

export function buildApiData(content: RawContent, manifest: Record<string, ImageManifestEntry>): ApiData {
  const image = (key: string): ImageRef => {
    const m = manifest[key];
    // A missing manifest entry (images not generated) still renders: a plain colour block.
    return m ? { key, ...m } : { key, width: 1600, height: 900, widths: [], color: '#1a3352' };
  };
  const imageUrl = (ref: ImageRef) => {
    if (!ref.widths.length) return '';
    const w = ref.widths.find((x) => x >= 960) ?? ref.widths[ref.widths.length - 1];
    return `/images/${ref.key}-${w}.webp`;
  };
  const art = (key: string) => {
    const ref = image(key);
    return { image: ref, imageUrl: imageUrl(ref) };
  };

  // The copyright year is fixed at start so server and browser render the same text.
  const site: SiteInfo = { ...content.site, copyrightYear: new Date().getFullYear() };
  const stories: Story[] = content.stories.map(({ id, category, title, description, image: key, figures, highlights, strategy, related, body }) => ({
    id, category, title, description, ...art(key), overview: paragraphsText(body.intro), figures, highlights, strategy, related,
  }));
  const practiceAreas: PracticeArea[] = content.practiceAreas;
  const team: TeamMember[] = content.team.map(({ id, name, title, image: key, email, experience, education, expertise, body }) => ({
    id, name, title, bio: paragraphsText(body.intro).join('\n\n'), ...art(key), email, experience, education, expertise,
  }));
  const research: ResearchSummary[] = content.research.map(({ id, category, date, title, excerpt, image: key, author }) => ({
    id, category, date, title, excerpt, ...art(key), link: `/research/${id}`, author,
  }));
  const pressReleases: PressReleaseSummary[] = content.pressReleases.map(({ id, date, title, excerpt, image: key, location }) => ({
    id, date, title, excerpt, ...art(key), link: `/press-release/${id}`, year: Number(date.slice(0, 4)), location,
  }));
  const news: NewsSummary[] = content.news.map(({ id, type, date, title, excerpt, image: key }) => ({
    id, type, date, title, excerpt, ...art(key), link: `/news/${id}`,
  }));

  const entries = new Map<string, ApiEntry>();
  const put = (p: string, value: unknown) => entries.set(p, { value, json: JSON.stringify(value) });
  put('/api/site', site);
  put('/api/stories', stories);
  put('/api/practice-areas', practiceAreas);
  put('/api/news', news);
  put('/api/team', team);
  put('/api/research', research);
  put('/api/press-releases', pressReleases);
  put('/api/latest/news', news.slice(0, NEWS_PANEL_MAX_ITEMS));
  // The home page below the slider: its copy, the firm's figures (from site.json: one source)
  // and the latest research summaries.
  const home: HomeData = {
    ...content.home,
    figures: {
      heading: content.home.figures.heading,
      items: [
        { value: site.aum, label: content.home.figures.aum },
        { value: site.portfolioCompanies, label: content.home.figures.portfolioCompanies },
        { value: site.professionals, label: content.home.figures.professionals },
        { value: String(site.founded), label: content.home.figures.founded },
      ],
    },
    latestResearch: research.slice(0, HOME_INSIGHTS),
  };
  put('/api/home', home);
  for (const page of content.pages) {
    const { id, body: _none, file: _file, image: key, ...rest } = page;
    const data: EditorialPageData = { path: `/${id}`, ...rest, image: image(key) };
    put(`/api/pages/${id}`, data);
  }
  for (const policy of content.policies) {
    const data: PolicyPageData = { path: `/${policy.id}`, title: policy.title, description: policy.description, lastUpdated: policy.lastUpdated, body: policy.body };
    put(`/api/pages/${policy.id}`, data);
  }

  // Per-item reads: the summary (by index) plus the entry's body, built when asked for.
  const summaries: Record<(typeof ITEM_COLLECTIONS)[number], { id: string }[]> = {
    research, 'press-releases': pressReleases, news, team,
  };
  const bodies: Record<(typeof ITEM_COLLECTIONS)[number], { id: string; body: Body }[]> = {
    research: content.research, 'press-releases': content.pressReleases, news: content.news, team: content.team,
  };
  const index = Object.fromEntries(ITEM_COLLECTIONS.map((c) => [c, new Map(summaries[c].map((s, i) => [s.id, i]))])) as
    Record<(typeof ITEM_COLLECTIONS)[number], Map<string, number>>;
  const item = (collection: (typeof ITEM_COLLECTIONS)[number], id: string) => {
    const i = index[collection].get(id);
    return i === undefined ? undefined : { ...summaries[collection][i], body: bodies[collection][i].body };
  };
  const listings: Listings = createListings({ research, pressReleases, news, resources: toResources(research, pressReleases, news) });

  const computed = (pathname: string, query: URLSearchParams): ApiAnswer | undefined => {
    const parts = pathname.split('/').slice(2); // "/api/research/x" → ["research", "x"]
    if (parts[0] === 'listings' && parts.length === 2 && parts[1] in LISTINGS) {
      const name = parts[1] as ListingName;
      const value = listings.get(name, query);
      if (!value) return undefined;
      return { key: `/api/listings/${name}${canonicalSearch(value.query)}`, value };
    }
    const collection = parts[0] as (typeof ITEM_COLLECTIONS)[number];
    if (!ITEM_COLLECTIONS.includes(collection) || !parts[1] || parts.length > 3) return undefined;
    let id: string;
    try {
      id = decodeURIComponent(parts[1]);
    } catch {
      return undefined;
    }
    if (parts.length === 2) {
      const value = item(collection, id);
      return value && { key: pathname, value };
    }
    if (parts[2] !== 'related' || collection === 'team' || !index[collection].has(id)) return undefined;
    // "Related": the first two other items (seed §9); they are among the first three.
    return { key: pathname, value: relatedItems(summaries[collection].slice(0, 3), id) };
  };
  return {
    entries,
    site,
    // A method reading `this.entries`, so a test can swap fixed answers on a copy of this object.
    read(pathname, query = new URLSearchParams()) {
      const fixed = this.entries.get(pathname);
      return fixed ? { key: pathname, value: fixed.value } : computed(pathname, query);
    },
  };
}
