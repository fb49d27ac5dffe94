/**
 * /sitemap.xml and the feeds (/feeds/<collection>.xml RSS 2.0, .atom Atom 1.0), made from the
 * route table and content: the same source as the pages. Each is built once per origin (the
 * public origin, or the request's own when PUBLIC_ORIGIN is unset) and kept compressed in memory.
 * The sitemap lists every page (all items of every collection: built once at start, not per
 * request); a feed carries the latest FEED_ITEMS items, so neither depends on the archive at
 * request time. Under the gate they answer like any page (behind the session check).
 */
import { Feed } from 'feed';
import { routes } from '../app/routes.ts';
import { queryPath } from '../app/query.ts';
import { fillPattern, patternParams } from '../app/paths.ts';
import { FEEDS } from '../app/Document.tsx';
import { SITE_NAME } from '../app/constants.ts';
import type { ApiData } from '../content/api-data.ts';
import { encodeBody, type EncodedBody } from './page-cache.ts';

export const FEED_ITEMS = 20;
/** Origins the sitemap and feeds are built for when PUBLIC_ORIGIN is unset (a few host names of one site). */
export const MAX_ORIGINS = 4;

interface Dated {
  id: string;
  date?: string;
  lastUpdated?: string;
  title?: string;
  excerpt?: string;
  link?: string;
  category?: string;
  type?: string;
  author?: string;
  authors?: { name: string; link: string }[];
}

/** The value of one API read (the content layer's own answer), or undefined. */
const read = (api: ApiData, apiPath: string): unknown => api.read(apiPath)?.value;

/**
 * The lastmod of pages that carry no date of their own (the home page, people, companies, the
 * editorial pages): the newest date anywhere in the content — the same on every host serving the
 * same content, unlike file times (a checkout's or a copy's own moment).
 */
function newestContentDate(api: ApiData): string | undefined {
  let newest: string | undefined;
  for (const [apiPath] of api.entries) {
    const value = read(api, apiPath);
    const items = Array.isArray(value) ? (value as Dated[]) : value && typeof value === 'object' ? [value as Dated] : [];
    for (const item of items) {
      for (const d of [item?.date, item?.lastUpdated]) {
        if (typeof d !== 'string') continue;
        const dayOf = day(d);
        if (!newest || dayOf > newest) newest = dayOf;
      }
    }
  }
  return newest;
}

/** YYYY-MM-DD from an ISO date, a Date, or a written date ("October 19, 2025"), taken as UTC. */
function day(d: string | Date): string {
  if (typeof d === 'string' && /^\d{4}-\d{2}-\d{2}/.test(d)) return d.slice(0, 10);
  const t = typeof d === 'string' ? Date.parse(`${d} UTC`) : d.getTime();
  return new Date(Number.isNaN(t) ? Date.now() : t).toISOString().slice(0, 10);
}
const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Every page of the route table with its lastmod: detail routes once per item. */
export function sitemapEntries(api: ApiData): { path: string; lastmod?: string }[] {
  const fallback = newestContentDate(api);
  const newest = (values: unknown[]): string | undefined => {
    const dates: string[] = [];
    for (const v of values) {
      if (Array.isArray(v))
        for (const item of v as Dated[]) {
          if (item?.date) dates.push(item.date);
        }
      else if (v && typeof v === 'object' && typeof (v as Dated).lastUpdated === 'string') dates.push((v as Dated).lastUpdated!);
    }
    return dates.map(day).sort().at(-1);
  };
  const out: { path: string; lastmod?: string }[] = [];
  for (const route of routes) {
    if (route.noindex) continue;
    if (route.items) {
      // A detail route: one page per item of the list read the route names.
      const [param] = patternParams(route.pattern);
      for (const item of (read(api, queryPath(route.items)) as Dated[] | undefined) ?? []) {
        const date = item.date ?? fallback;
        out.push({ path: fillPattern(route.pattern, { [param]: item.id }), lastmod: date && day(date) });
      }
      continue;
    }
    // A listing's lastmod is its newest item's date (its first page is newest first).
    const values = Object.values(route.data({}, new URLSearchParams())).map((k) => {
      const v = read(api, queryPath(k)) as { items?: unknown } | undefined;
      return v && typeof v === 'object' && 'items' in v ? v.items : v;
    });
    const date = newest(values) ?? fallback;
    out.push({ path: route.pattern, lastmod: date && day(date) });
  }
  return out;
}

export function sitemapXml(origin: string, entries: { path: string; lastmod?: string }[]): string {
  const urls = entries.map((e) => `<url><loc>${xml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

type FeedDef = (typeof FEEDS)[number];

/** One collection's feed: the latest FEED_ITEMS items (the API's lists are newest first). */
export function buildFeed(api: ApiData, origin: string, def: FeedDef): Feed {
  const items = ((read(api, `/api/${def.collection}`) as Dated[] | undefined) ?? []).slice(0, FEED_ITEMS);
  const base = def.path.replace(/\.xml$/, '');
  const feed = new Feed({
    title: def.title,
    description: `${def.title.split(' — ')[1]} from ${SITE_NAME}.`,
    id: `${origin}/`,
    link: `${origin}/`,
    language: 'en',
    copyright: `© ${SITE_NAME}`,
    updated: items[0]?.date ? new Date(items[0].date) : new Date(0),
    feedLinks: { rss: `${origin}${base}.xml`, atom: `${origin}${base}.atom` },
    favicon: `${origin}/favicon.ico`,
  });
  for (const item of items) {
    const url = `${origin}${item.link ?? ''}`;
    feed.addItem({
      title: item.title ?? item.id,
      id: url,
      link: url,
      description: item.excerpt,
      date: new Date(item.date ?? 0),
      category: [{ name: item.category ?? item.type ?? 'Press Release' }],
      ...(item.authors ? { author: item.authors.map((a) => ({ name: a.name, link: `${origin}${a.link}` })) } : item.author ? { author: [{ name: item.author }] } : {}),
    });
  }
  return feed;
}

export const SITEMAP_TYPE = 'application/xml; charset=utf-8';
export const RSS_TYPE = 'application/rss+xml; charset=utf-8';
export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

/** The sitemap and feeds as encoded bodies, built once per origin (a handful at most). */
export function createSeoFiles(api: ApiData) {
  let entries: ReturnType<typeof sitemapEntries> | undefined;
  const build = (origin: string) => {
    entries ??= sitemapEntries(api);
    const files = new Map<string, { body: EncodedBody; type: string }>();
    files.set('/sitemap.xml', { body: encodeBody(200, Buffer.from(sitemapXml(origin, entries))), type: SITEMAP_TYPE });
    for (const def of FEEDS) {
      const feed = buildFeed(api, origin, def);
      files.set(def.path, { body: encodeBody(200, Buffer.from(feed.rss2())), type: RSS_TYPE });
      files.set(def.path.replace(/\.xml$/, '.atom'), { body: encodeBody(200, Buffer.from(feed.atom1())), type: ATOM_TYPE });
    }
    return files;
  };
  // Built once per origin and kept: PUBLIC_ORIGIN's, or the first MAX_ORIGINS the requests name
  // (Host is the client's to vary: a new one past those is not built at all, rather than each new
  // Host costing a build of every file, ~45 ms of CPU against 3.7 for one kept).
  const built = new Map<string, Map<string, { body: EncodedBody; type: string }>>();
  return {
    /**
     * The file for a path ("/sitemap.xml", "/feeds/news.atom") on this origin; undefined when there
     * is no such file, 'unknown origin' past the origins kept.
     */
    get(origin: string, urlPath: string): { body: EncodedBody; type: string } | undefined | 'unknown origin' {
      let files = built.get(origin);
      if (!files) {
        if (built.size >= MAX_ORIGINS) return 'unknown origin';
        built.set(origin, (files = build(origin)));
      }
      return files.get(urlPath);
    },
  };
}
