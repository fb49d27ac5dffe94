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
import { bodyText, paragraphsText } from './markdown.ts';
import { createSearchIndex, SEARCH_MAX_QUERY, type SearchIndex } from './search.ts';
import type { SearchDoc } from '../app/search.ts';
import { createListings, type Listings } from './listings.ts';
import { HOME_INSIGHTS, NEWS_PANEL_MAX_ITEMS } from '../app/constants.ts';
import { listText } from '../app/format.ts';
import { listingHref, relatedItems, toResources } from '../app/filters.ts';
import { PATHS, href } from '../app/paths.ts';
import { TEAM_IMAGE, imageDefaultSrc } from '../app/image-src.ts';
import { LISTINGS, canonicalSearch, type ListingName } from '../app/listing.ts';
import { facetLabel, type PortfolioCompany, type PortfolioSummary } from '../app/portfolio.ts';
import type { BlockT } from '../shared/blocks.ts';
import type {
  DisclosureSection,
  HomeData,
  ImageRef,
  SiteInfo,
  Story,
  PracticeArea,
  TeamMember,
  ResearchSummary,
  PressReleaseSummary,
  NewsSummary,
  EditorialPageData,
  PolicyPageData,
  Body,
} from '../app/types.ts';
import {
  CAREER_TEAMS,
  DEADLINE_OFFSET_HOURS,
  EMPLOYMENT_TYPES,
  careerTeamLabel,
  careersDay,
  careersDayStart,
  isOpen,
  nextDay,
  salaryText,
  type CareerRole,
  type CareerSummary,
} from '../app/careers.ts';
import { DOCUMENT_KINDS, documentFileHref, documentKindLabel, type DocumentSummary } from '../app/documents.ts';
import type { FacetedListing } from '../app/listing.ts';
import { officesOf } from '../app/offices.ts';
import { documentFiles, type DocumentFile, type DocumentFiles } from './pdf/files.ts';

export interface ImageManifestEntry {
  width: number;
  height: number;
  widths: number[];
  color: string;
}

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
  /**
   * Set when the request is bad input the API refuses (400 with this message): a search longer
   * than any the page can send. `value` is still the answer for what it was cut to, which a page
   * shows after redirecting to the cut query.
   */
  badInput?: string;
}

export interface ApiData {
  /** Fixed answers, keyed by request path, e.g. "/api/team" or "/api/pages/philosophy". */
  entries: Map<string, ApiEntry>;
  site: SiteInfo;
  /** A library document's PDF (GET /documents/<id>.pdf), or undefined for an unknown id. */
  documentFile(id: string): DocumentFile | undefined;
  /**
   * When these answers stop being true (ms since the epoch): the next time a role opens or
   * closes, or the year turns (the copyright line). The server builds new ones then
   * (src/server/main.ts). Undefined when the day is pinned (CONTENT_DATE).
   */
  validUntil?: number;
  /** The site search (GET /api/search, /search). */
  searchIndex: SearchIndex;
  /** Any read: a fixed answer, an item, its related items or a listing page; undefined → 404, `badInput` → 400. */
  read(pathname: string, query?: URLSearchParams): ApiAnswer | undefined;
}

/** The collections with per-item reads: API path segment → where the items live. */
const ITEM_COLLECTIONS = ['research', 'press-releases', 'news', 'team', 'portfolio', 'careers'] as const;

export interface ApiDataOptions {
  /**
   * The day the answers are for (YYYY-MM-DD), pinned: the roles open on it and its year on the
   * copyright line (CONTENT_DATE: tests, and previews of a date to come). Default: today, on the
   * careers clock (src/app/careers.ts), and the answers say until when they hold (`validUntil`).
   */
  date?: string;
  /** The library's PDFs: dist/documents read by the server (createApp); made on demand when not given. */
  documents?: DocumentFiles;
  /** The instant the answers are built at, when the day is not pinned (tests of `validUntil`). */
  now?: Date;
}

export function buildApiData(content: RawContent, manifest: Record<string, ImageManifestEntry>, opts: ApiDataOptions = {}): ApiData {
  const image = (key: string): ImageRef => {
    const m = manifest[key];
    // A missing manifest entry (images not generated) still renders: a plain colour block.
    return m ? { key, ...m } : { key, width: 1600, height: 900, widths: [], color: '#1a3352' };
  };
  const art = (key: string) => {
    const ref = image(key);
    return { image: ref, imageUrl: imageDefaultSrc(ref) };
  };

  // The copyright year is fixed when the answers are built, so server and browser render the same text.
  const now = opts.now ?? new Date();
  const today = opts.date ?? careersDay(now);
  const site: SiteInfo = { ...content.site, copyrightYear: opts.date ? Number(opts.date.slice(0, 4)) : now.getFullYear(), teamImage: image(TEAM_IMAGE.key) };
  const companyNames = new Map(content.portfolio.map((c) => [c.id, c.name]));
  const stories: Story[] = content.stories.map(({ id, category, title, description, image: key, figures, highlights, strategy, related, company, body }) => ({
    id,
    category,
    title,
    description,
    ...art(key),
    overview: paragraphsText(body.intro),
    figures,
    highlights,
    strategy,
    related,
    // The loader checked that the company exists.
    company: { name: companyNames.get(company) ?? company, link: href('portfolioCompany', { id: company }) },
  }));
  const practiceAreas: PracticeArea[] = content.practiceAreas;
  const team: TeamMember[] = content.team.map(({ id, name, title, image: key, email, office, strategies, sectors, experience, education, expertise, body }) => ({
    id,
    name,
    title,
    bio: paragraphsText(body.intro).join('\n\n'),
    ...art(key),
    email,
    office,
    strategies,
    sectors,
    experience,
    education,
    expertise,
  }));
  const teamNames = new Map(content.team.map((t) => [t.id, t.name]));
  const research: ResearchSummary[] = content.research.map(({ id, category, date, title, excerpt, image: key, authors }) => {
    // The loader checked that each author is a team member.
    const people = authors.map((a) => ({ name: teamNames.get(a) ?? a, link: href('teamMember', { id: a }) }));
    return {
      id,
      category,
      date,
      title,
      excerpt,
      ...art(key),
      link: href('researchDetail', { id }),
      author: listText(people.map((p) => p.name)),
      authors: people,
    };
  });
  const pressReleases: PressReleaseSummary[] = content.pressReleases.map(({ id, date, title, excerpt, image: key, location }) => ({
    id,
    date,
    title,
    excerpt,
    ...art(key),
    link: href('pressRelease', { id }),
    year: Number(date.slice(0, 4)),
    location,
  }));
  const news: NewsSummary[] = content.news.map(({ id, type, date, title, excerpt, image: key }) => ({
    id,
    type,
    date,
    title,
    excerpt,
    ...art(key),
    link: href('newsDetail', { id }),
  }));

  const portfolio: PortfolioSummary[] = content.portfolio.map(({ id, name, strategy, sector, region, status, headquarters, invested, exited, description, website }) => ({
    id,
    name,
    strategy,
    sector,
    region,
    status,
    headquarters,
    invested,
    ...(exited !== undefined ? { exited } : {}),
    description,
    website,
    link: href('portfolioCompany', { id }),
  }));
  // Careers: the roles open today, newest first, and when that next changes.
  const offices = officesOf(site);
  const office = (id: string) => offices.find((o) => o.id === id)!;
  const openRoles = content.careers.filter((r) => isOpen(r, today));
  const careers: CareerSummary[] = openRoles.map(({ id, title, team, office: at, type, posted, closes, summary, salary, apply }) => {
    const city = office(at).city;
    const subject = 'email' in apply ? (apply.subject ?? `Application: ${title} (${city})`) : '';
    return {
      id,
      title,
      team,
      teamLabel: careerTeamLabel(team),
      typeLabel: EMPLOYMENT_TYPES[type].label,
      office: at,
      city,
      type,
      date: posted,
      closes,
      summary,
      ...(salary ? { salary } : {}),
      apply:
        'email' in apply ? { kind: 'email' as const, address: apply.email, subject, href: `mailto:${apply.email}?subject=${encodeURIComponent(subject)}` } : { kind: 'url' as const, href: apply.url },
      link: href('careerRole', { id }),
    };
  });
  const changes = content.careers.map((r) => (r.posted > today ? careersDayStart(r.posted) : r.closes >= today ? careersDayStart(nextDay(r.closes)) : Infinity));
  const validUntil = opts.date ? undefined : Math.min(...changes, new Date(now.getFullYear() + 1, 0, 1).getTime());

  // The document library: each document's PDF is made by the build (or on demand).
  const files = opts.documents ?? documentFiles(content);
  const documents: Omit<DocumentSummary, 'file'>[] = content.documents.map(({ id, title, kind, period, published, summary, language }) => ({
    id,
    title,
    kind,
    period,
    date: published,
    summary,
    language,
  }));
  const withFile = (d: Omit<DocumentSummary, 'file'>): DocumentSummary => {
    const f = files.get(d.id)!;
    return { ...d, file: { href: documentFileHref(d.id), bytes: f.pdf.length, pages: f.pages } };
  };

  // Each article's body as plain text, once: search indexes it and company pages find their mentions in it.
  const texts: ArticleTexts = {
    research: content.research.map((r) => bodyText(r.body)),
    pressReleases: content.pressReleases.map((p) => bodyText(p.body)),
    news: content.news.map((n) => bodyText(n.body)),
  };
  const portfolioExtras = portfolioRelations(portfolio, [
    ...content.news.map((n, i) => ({ entry: n, text: texts.news[i], summary: news[i], label: n.type })),
    ...content.pressReleases.map((p, i) => ({ entry: p, text: texts.pressReleases[i], summary: pressReleases[i], label: 'Press Release' })),
    ...content.research.map((r, i) => ({ entry: r, text: texts.research[i], summary: research[i], label: r.category })),
  ]);

  const entries = new Map<string, ApiEntry>();
  const put = (p: string, value: unknown) => entries.set(p, { value, json: JSON.stringify(value) });
  put('/api/site', site);
  put('/api/stories', stories);
  put('/api/practice-areas', practiceAreas);
  put('/api/news', news);
  put('/api/team', team);
  put('/api/research', research);
  put('/api/press-releases', pressReleases);
  put('/api/portfolio', portfolio);
  put('/api/careers', careers);
  const disclosures: DisclosureSection[] = content.disclosures.map(({ id, title, lastUpdated, summary, body, links }) => ({ id, title, lastUpdated, summary, body, links }));
  put('/api/disclosures', disclosures);
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
    // Strategy and sector pages list their portfolio companies (current ones first).
    const facet = page.group === 'Strategies' ? 'strategy' : page.group === 'Sectors' ? 'sector' : undefined;
    const theirs = facet ? portfolio.filter((c) => c[facet] === id) : [];
    const companies =
      facet && theirs.length
        ? {
            total: theirs.length,
            items: [...theirs.filter((c) => c.status === 'current'), ...theirs.filter((c) => c.status !== 'current')].slice(0, 6),
            href: listingHref(PATHS.portfolio, { [facet]: id }),
          }
        : undefined;
    const data: EditorialPageData = { path: href('page', { slug: id }), ...rest, image: image(key), ...(companies ? { companies } : {}) };
    put(`/api/pages/${id}`, data);
  }
  for (const policy of content.policies) {
    const data: PolicyPageData = { path: href('page', { slug: policy.id }), title: policy.title, description: policy.description, lastUpdated: policy.lastUpdated, body: policy.body };
    put(`/api/pages/${policy.id}`, data);
  }

  // Per-item reads: the summary (by index) plus the entry's body, built when asked for.
  const summaries: Record<(typeof ITEM_COLLECTIONS)[number], { id: string }[]> = {
    research,
    'press-releases': pressReleases,
    news,
    team,
    portfolio,
    careers,
  };
  const bodies: Record<(typeof ITEM_COLLECTIONS)[number], { id: string; body: Body }[]> = {
    research: content.research,
    'press-releases': content.pressReleases,
    news: content.news,
    team: content.team,
    portfolio: content.portfolio,
    careers: openRoles,
  };
  // A company's case study: the story about it (one source, content/stories).
  const storyOf = new Map(content.stories.map((s, i) => [s.company, stories[i]]));
  const index = Object.fromEntries(ITEM_COLLECTIONS.map((c) => [c, new Map(summaries[c].map((s, i) => [s.id, i]))])) as Record<(typeof ITEM_COLLECTIONS)[number], Map<string, number>>;
  const item = (collection: (typeof ITEM_COLLECTIONS)[number], id: string) => {
    const i = index[collection].get(id);
    if (i === undefined) return undefined;
    const value = { ...summaries[collection][i], body: bodies[collection][i].body };
    if (collection === 'portfolio') {
      const story = storyOf.get(id);
      return { ...value, ...portfolioExtras(i), ...(story ? { story } : {}) } as PortfolioCompany;
    }
    if (collection === 'careers') {
      const r = careers[i];
      const o = office(r.office);
      const offset = `${DEADLINE_OFFSET_HOURS < 0 ? '-' : '+'}${String(Math.abs(DEADLINE_OFFSET_HOURS)).padStart(2, '0')}:00`;
      return {
        ...value,
        address: { lines: o.lines, country: o.country },
        employmentType: EMPLOYMENT_TYPES[r.type].schema,
        validThrough: `${r.closes}T23:59:59${offset}`,
        ...(r.salary ? { salaryText: salaryText(r.salary) } : {}),
      } as CareerRole;
    }
    return value;
  };
  const listings: Listings = createListings({
    research,
    pressReleases,
    news,
    resources: toResources(research, pressReleases, news),
    portfolio,
    careers,
    careerFacets: { office: offices.map((o) => ({ value: o.id, label: o.city })), team: CAREER_TEAMS },
    // The listing pages documents without their PDFs; the page's dozen get them below.
    documents: documents as DocumentSummary[],
    documentKinds: DOCUMENT_KINDS,
  });
  const searchIndex = createSearchIndex(searchDocs(content, { team, research, pressReleases, news, portfolio, careers, documents }, texts), SEARCH_SUGGESTIONS);

  const computed = (pathname: string, query: URLSearchParams): ApiAnswer | undefined => {
    const parts = pathname.split('/').slice(2); // "/api/research/x" → ["research", "x"]
    if (parts[0] === 'listings' && parts.length === 2 && parts[1] in LISTINGS) {
      const name = parts[1] as ListingName;
      let value = listings.get(name, query);
      if (!value) return undefined;
      if (name === 'documents') {
        const page = value as FacetedListing<DocumentSummary>;
        value = { ...page, items: page.items.map(withFile) };
      }
      return { key: `/api/listings/${name}${canonicalSearch(value.query)}`, value };
    }
    if (parts[0] === 'search' && parts.length === 1) {
      const value = searchIndex.search(query);
      if (!value) return undefined;
      const tooLong = (query.get('q') ?? '').trim().length > SEARCH_MAX_QUERY;
      return { key: `/api/search${canonicalSearch(value.query)}`, value, ...(tooLong ? { badInput: `A search may be at most ${SEARCH_MAX_QUERY} characters.` } : {}) };
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
    if (parts[2] !== 'related' || collection === 'team' || collection === 'portfolio' || collection === 'careers' || !index[collection].has(id)) return undefined;
    // "Related": the first two other items (seed §9); they are among the first three.
    return { key: pathname, value: relatedItems(summaries[collection].slice(0, 3), id) };
  };
  return {
    entries,
    site,
    searchIndex,
    validUntil,
    documentFile: (id) => files.get(id),
    // A method reading `this.entries`, so a test can swap fixed answers on a copy of this object.
    read(pathname, query = new URLSearchParams()) {
      const fixed = this.entries.get(pathname);
      return fixed ? { key: pathname, value: fixed.value } : computed(pathname, query);
    },
  };
}

/** The plain text of each article's body (by index in its collection). */
interface ArticleTexts {
  research: string[];
  pressReleases: string[];
  news: string[];
}

/** Searches to offer when nothing matched (or nothing was asked). */
const SEARCH_SUGGESTIONS = ['Private credit', 'Logistics', 'Water', 'Software', 'Carve-out'];

/** The text of an editorial page's blocks (what search reads of it). */
function blocksText(blocks: BlockT[]): string {
  const out: string[] = [];
  const walk = (v: unknown) => {
    // Each text ends as a sentence, so a snippet never runs two list items together.
    if (typeof v === 'string') out.push(/[.!?:]$/.test(v.trim()) ? v : `${v.trim()}.`);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) if (k !== 'type' && k !== 'href' && k !== 'columns' && k !== 'number') walk(x);
  };
  walk(blocks);
  return out.join(' ');
}

/** Every searchable document: pages, people, research, press releases, news and companies. */
function searchDocs(
  content: RawContent,
  s: {
    team: TeamMember[];
    research: ResearchSummary[];
    pressReleases: PressReleaseSummary[];
    news: NewsSummary[];
    portfolio: PortfolioSummary[];
    careers: CareerSummary[];
    documents: Omit<DocumentSummary, 'file'>[];
  },
  texts: ArticleTexts,
): SearchDoc[] {
  const docs: SearchDoc[] = [];
  for (const p of content.pages) {
    docs.push({
      type: 'pages',
      title: p.title,
      href: href('page', { slug: p.id }),
      meta: p.group === 'Style' ? 'Investment Style' : p.group === 'About' ? 'About' : p.group.replace(/s$/, '').replace(/ie$/, 'y'),
      excerpt: p.lede,
      text: `${p.description} ${blocksText(p.blocks)}`,
      keywords: p.eyebrow,
    });
  }
  for (const d of content.disclosures)
    docs.push({ type: 'pages', title: d.title, href: `${href('page', { slug: 'disclosures' })}#${d.id}`, meta: 'Disclosures', excerpt: d.summary, text: bodyText(d.body) });
  for (const p of content.policies) docs.push({ type: 'pages', title: p.title, href: href('page', { slug: p.id }), meta: 'Policy', excerpt: p.description, text: bodyText(p.body) });
  const site = content.site;
  docs.push({
    type: 'pages',
    title: 'Contact',
    href: href('contact'),
    meta: 'About',
    excerpt: `Write to ${site.contacts.general} or call ${site.contacts.phone}; offices in ${site.offices.map((o) => o.city).join(', ')}.`,
    text: '',
    keywords: [
      site.headquarters.name,
      ...site.headquarters.lines,
      ...site.offices.flatMap((o) => [o.city, ...o.lines]),
      'investor relations',
      site.contacts.investorRelations,
      'careers jobs',
      site.contacts.careers,
      'press media',
      site.contacts.press,
    ].join(' '),
  });
  docs.push({
    type: 'pages',
    title: 'Portfolio',
    href: href('portfolio'),
    meta: 'About',
    excerpt: 'A selection of the companies we have backed, filtered by strategy, sector, region and status.',
    text: '',
    keywords: 'portfolio companies investments',
  });
  docs.push({
    type: 'pages',
    title: 'Team',
    href: href('team'),
    meta: 'About',
    excerpt: 'The partners and professionals behind every investment.',
    text: '',
    keywords: 'people leadership managing partners professionals',
  });
  docs.push({
    type: 'pages',
    title: 'Careers',
    href: href('careers'),
    meta: 'About',
    excerpt: 'Open roles across our offices in New York, London, San Francisco and Singapore, by office and team.',
    text: '',
    keywords: `careers jobs vacancies roles hiring internships ${content.site.contacts.careers}`,
  });
  docs.push({
    type: 'pages',
    title: 'Documents',
    href: href('documents'),
    meta: 'Resources',
    excerpt: 'ESG reports, stewardship and Modern Slavery statements and our regulatory disclosures, as PDFs.',
    text: '',
    keywords: 'documents reports library downloads pdf sustainability',
  });
  docs.push({
    type: 'pages',
    title: 'Email Alerts',
    href: href('alerts'),
    meta: 'Resources',
    excerpt: 'An email when we publish new research, press releases or news: confirm with one click, unsubscribe with one click.',
    text: '',
    keywords: 'email alerts subscribe newsletter notifications updates mailing list unsubscribe',
  });
  const careerIndex = new Map(content.careers.map((r) => [r.id, r]));
  for (const r of s.careers) {
    docs.push({
      type: 'careers',
      title: r.title,
      href: r.link,
      meta: `${r.teamLabel} · ${r.city}`,
      date: r.date,
      excerpt: r.summary,
      text: bodyText(careerIndex.get(r.id)!.body),
      keywords: [r.typeLabel, r.city, r.teamLabel, 'job role vacancy'].join(' '),
    });
  }
  const documentIndex = new Map(content.documents.map((d) => [d.id, d]));
  for (const d of s.documents) {
    docs.push({
      type: 'documents',
      title: d.title,
      // The PDF itself: what the visitor is looking for.
      href: documentFileHref(d.id),
      meta: `${documentKindLabel(d.kind)} · PDF`,
      date: d.date,
      excerpt: d.summary,
      text: bodyText(documentIndex.get(d.id)!.body),
      keywords: [d.period, documentKindLabel(d.kind), 'report statement pdf'].join(' '),
    });
  }
  s.team.forEach((m, i) =>
    docs.push({
      type: 'people',
      title: m.name,
      href: href('teamMember', { id: m.id }),
      meta: m.title,
      excerpt: paragraphsText(content.team[i].body.intro)[0] ?? '',
      text: m.bio,
      keywords: [...m.expertise, ...m.experience, ...m.education].join(' '),
    }),
  );
  s.research.forEach((r, i) => docs.push({ type: 'research', title: r.title, href: r.link, meta: r.category, date: r.date, excerpt: r.excerpt, text: texts.research[i], keywords: r.author }));
  s.pressReleases.forEach((p, i) => docs.push({ type: 'press', title: p.title, href: p.link, meta: 'Press Release', date: p.date, excerpt: p.excerpt, text: texts.pressReleases[i] }));
  s.news.forEach((n, i) => docs.push({ type: 'news', title: n.title, href: n.link, meta: n.type, date: n.date, excerpt: n.excerpt, text: texts.news[i] }));
  s.portfolio.forEach((c, i) =>
    docs.push({
      type: 'portfolio',
      title: c.name,
      href: c.link,
      meta: `${facetLabel('sector', c.sector)} · ${facetLabel('region', c.region)}`,
      excerpt: c.description,
      text: bodyText(content.portfolio[i].body),
      keywords: [facetLabel('strategy', c.strategy), c.headquarters, c.website, facetLabel('status', c.status)].join(' '),
    }),
  );
  return docs;
}

/**
 * For each company (by index): up to three related companies (same sector, then same strategy)
 * and up to four articles that name it (newest first), found once at start by the company's
 * distinctive first word ("Corvane") in each article's title, summary and body.
 */
function portfolioRelations(
  portfolio: PortfolioSummary[],
  articles: { entry: { title: string; excerpt: string }; text: string; summary: { link: string; date: string; title: string }; label: string }[],
): (i: number) => Pick<PortfolioCompany, 'related' | 'mentions'> {
  const keyOf = (name: string) => {
    const first = name.split(/\s+/)[0].toLowerCase();
    return first.length >= 5 ? first : name.toLowerCase();
  };
  const byKey = new Map<string, number[]>();
  portfolio.forEach((c, i) => byKey.set(keyOf(c.name), [...(byKey.get(keyOf(c.name)) ?? []), i]));
  const mentions: PortfolioCompany['mentions'][] = portfolio.map(() => []);
  const sorted = [...articles].sort((a, b) => b.summary.date.localeCompare(a.summary.date));
  for (const a of sorted) {
    const text = `${a.entry.title} ${a.entry.excerpt} ${a.text}`.toLowerCase();
    const found = new Set<number>();
    for (const word of text.match(/[\p{L}]+/gu) ?? []) for (const i of byKey.get(word) ?? []) found.add(i);
    // Multi-word keys (short first words) are looked up as phrases.
    for (const [key, ids] of byKey) if (key.includes(' ') && text.includes(key)) ids.forEach((i) => found.add(i));
    for (const i of found) if (mentions[i].length < 4) mentions[i].push({ href: a.summary.link, label: a.label, date: a.summary.date, title: a.summary.title });
  }
  return (i) => {
    const c = portfolio[i];
    const others = portfolio.filter((o) => o.id !== c.id);
    const related = [...others.filter((o) => o.sector === c.sector), ...others.filter((o) => o.sector !== c.sector && o.strategy === c.strategy)].slice(0, 3);
    return { related, mentions: mentions[i] };
  };
}
