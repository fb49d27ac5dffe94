/**
 * The shapes the read API answers with and pages consume (seed §3 fields, plus what our pages show).
 * Produced on the server by src/content/api-data.ts from the validated content.
 */
import type { BlockT } from '../shared/blocks.ts';
import { queryKey } from './query.ts';
import { canonicalSearch, type ListingName, type ListingOf } from './listing.ts';
import type { PortfolioCompany, PortfolioSummary } from './portfolio.ts';
import type { SearchResults } from './search.ts';
import type { CareerRole, CareerSummary } from './careers.ts';

export type { BlockT };

/* ---------- Markdown bodies (parsed once on the server: src/content/markdown.ts) ---------- */

/**
 * A paragraph (a string) or a list of a body. Both hold *inline* HTML rendered by markdown-it
 * with raw HTML disabled (escaped text, emphasis, links, code): safe to inject. (A paragraph is
 * a bare string: bodies are embedded in pages, where every byte of structure counts.)
 */
export type ProseBlock = string | { ul: string[] } | { ol: string[] };

/** A "## " section: its id (anchor), its heading (plain text) and its text. */
export interface BodySection {
  id: string;
  heading: string;
  blocks: ProseBlock[];
}

/** A Markdown body: what comes before the first heading, then its sections. */
export interface Body {
  intro: ProseBlock[];
  sections: BodySection[];
}

/** A generated artwork with its responsive variants (see scripts/art/images.ts). */
export interface ImageRef {
  key: string;
  /** Largest variant, as intrinsic size for width/height attributes. */
  width: number;
  height: number;
  widths: number[];
  /** Dominant colour, painted while the image loads. */
  color: string;
}

export interface SiteInfo {
  name: string;
  legalName: string;
  website: string;
  tagline: string;
  description: string;
  founded: number;
  aum: string;
  aumLong: string;
  portfolioCompanies: string;
  professionals: string;
  headquarters: { name: string; city: string; country: string; lines: string[]; mapsQuery: string };
  contacts: { general: string; phone: string; phoneHref: string; investorRelations: string; careers: string; press: string };
  offices: { city: string; country: string; lines: string[]; phone: string; phoneHref: string }[];
  copyrightYear: number;
  /** The /team page's hero (image-src.ts TEAM_IMAGE): the team's years at the firm. */
  teamImage: ImageRef;
}

/** A story of the home slider, with everything its expanded view shows (5 or so: sent whole). */
export interface Story {
  id: string;
  category: string;
  title: string;
  description: string;
  imageUrl: string;
  image: ImageRef;
  /** Paragraphs of plain text (the entry's Markdown body). */
  overview: string[];
  /** Headline numbers, shown large in the expanded story. */
  figures: { value: string; label: string }[];
  highlights: string[];
  strategy: { identify: string; execute: string; deliver: string };
  related: { label: string; href: string }[];
  /** The portfolio company it is about, whose page (/portfolio/{id}) tells the same story. */
  company: { name: string; link: string };
}

export interface PracticeArea {
  id: string;
  kind: 'strategy' | 'sector';
  name: string;
  href: string;
  summary: string;
}

/** A team member as the list read answers (seed §3 fields, plus email and artwork). */
export interface TeamMember {
  id: string;
  name: string;
  title: string;
  /** Plain-text paragraphs separated by a blank line. */
  bio: string;
  imageUrl: string;
  image: ImageRef;
  email: string;
  /** Office id (src/app/offices.ts), e.g. "london". */
  office: string;
  /** Strategy and sector values (src/app/portfolio.ts); none for the firm's functions. */
  strategies: string[];
  sectors: string[];
  experience: string[];
  education: string[];
  expertise: string[];
}
/** GET /api/team/{id}: the member with the bio as rendered Markdown (`body.intro`). */
export interface TeamMemberDetail extends TeamMember {
  body: Body;
}

/** What a list (and a card) shows of an article: the seed's fields, no body. */
interface ArticleSummary {
  id: string;
  date: string;
  title: string;
  excerpt: string;
  imageUrl: string;
  image: ImageRef;
  /** The item's page, e.g. "/research/water-as-a-strategic-input". */
  link: string;
}

export interface ResearchSummary extends ArticleSummary {
  category: 'Market Commentary' | 'Sector Analysis' | 'Thematic Research';
  /** The authors' names as one line ("Mei-Lin Tan and Adaeze Okafor"): structured data, search. */
  author: string;
  /** The authors, team members, each with their profile's path. */
  authors: { name: string; link: string }[];
}
export interface PressReleaseSummary extends ArticleSummary {
  year: number;
  /** Dateline city, as printed ("NEW YORK"). */
  location: string;
}
export interface NewsSummary extends ArticleSummary {
  type: 'Award' | 'Portfolio News' | 'Team' | 'Event' | 'Market Insight';
}

/** GET /api/research/{id} etc.: the summary plus the article's body ("## " sections). */
export interface ResearchItem extends ResearchSummary {
  body: Body;
}
export interface PressRelease extends PressReleaseSummary {
  body: Body;
}
export interface NewsItem extends NewsSummary {
  body: Body;
}

export interface EditorialPageData {
  path: string;
  group: 'Style' | 'Strategies' | 'Sectors' | 'About';
  title: string;
  eyebrow: string;
  lede: string;
  description: string;
  image: ImageRef;
  blocks: BlockT[];
  /** Strategy and sector pages: their portfolio companies (the first few, and all of them at `href`). */
  companies?: { total: number; items: PortfolioSummary[]; href: string };
}

export interface PolicyPageData {
  path: string;
  title: string;
  description: string;
  /** ISO date (YYYY-MM-DD), shown as "October 19, 2025". */
  lastUpdated: string;
  /** The introduction (`body.intro`) and the numbered sections. */
  body: Body;
}

/** GET /api/disclosures: the sections of the disclosures hub, in order (the legal terms are the policy /api/pages/disclosures). */
export interface DisclosureSection {
  /** The section's anchor on /disclosures. */
  id: string;
  title: string;
  /** YYYY-MM-DD. */
  lastUpdated: string;
  summary: string;
  body: Body;
  links: { label: string; href: string }[];
}

/** GET /api/home: the home page below the slider (content/home.json, site facts, latest research). */
export interface HomeData {
  statement: { eyebrow: string; lead: string; text: string; link: NavAction };
  figures: { heading: string; items: { value: string; label: string }[] };
  strategies: { heading: string; text: string };
  insights: { heading: string; link: NavAction };
  cta: { heading: string; text: string; actions: NavAction[] };
  latestResearch: ResearchSummary[];
}
export interface NavAction {
  label: string;
  href: string;
}

/**
 * Query keys: the path of each read as segments (seed §7: the path is the key joined by "/"),
 * each typed with its answer.
 */
const id = (value: string) => encodeURIComponent(value);
export const Q = {
  site: queryKey<SiteInfo>('/api/site'),
  stories: queryKey<Story[]>('/api/stories'),
  practiceAreas: queryKey<PracticeArea[]>('/api/practice-areas'),
  /** The six list reads (seed §7): every item's summary, newest first (team: in order). */
  news: queryKey<NewsSummary[]>('/api/news'),
  team: queryKey<TeamMember[]>('/api/team'),
  research: queryKey<ResearchSummary[]>('/api/research'),
  pressReleases: queryKey<PressReleaseSummary[]>('/api/press-releases'),
  /** The home page's news panel: the first NEWS_PANEL_MAX_ITEMS news summaries. */
  latestNews: queryKey<NewsSummary[]>('/api/latest/news'),
  home: queryKey<HomeData>('/api/home'),
  /** An editorial page (content/pages) and a policy (content/policies): both read /api/pages/<slug>. */
  page: (slug: string) => queryKey<EditorialPageData>('/api/pages', slug),
  policy: (slug: string) => queryKey<PolicyPageData>('/api/pages', slug),
  /** One item with its body; 404 for an unknown id. */
  researchItem: (itemId: string) => queryKey<ResearchItem>('/api/research', id(itemId)),
  pressRelease: (itemId: string) => queryKey<PressRelease>('/api/press-releases', id(itemId)),
  newsItem: (itemId: string) => queryKey<NewsItem>('/api/news', id(itemId)),
  teamMember: (itemId: string) => queryKey<TeamMemberDetail>('/api/team', id(itemId)),
  /** "Related" on a detail page: the first two other summaries of the collection. */
  relatedResearch: (itemId: string) => queryKey<ResearchSummary[]>('/api/research', id(itemId), 'related'),
  relatedPressReleases: (itemId: string) => queryKey<PressReleaseSummary[]>('/api/press-releases', id(itemId), 'related'),
  relatedNews: (itemId: string) => queryKey<NewsSummary[]>('/api/news', id(itemId), 'related'),
  /** Every portfolio company's summary, by name. */
  portfolio: queryKey<PortfolioSummary[]>('/api/portfolio'),
  portfolioCompany: (itemId: string) => queryKey<PortfolioCompany>('/api/portfolio', id(itemId)),
  disclosures: queryKey<DisclosureSection[]>('/api/disclosures'),
  /** The roles open today, newest first; one role with its description (404 once it has closed). */
  careers: queryKey<CareerSummary[]>('/api/careers'),
  careerRole: (itemId: string) => queryKey<CareerRole>('/api/careers', id(itemId)),
  /** A search: the query, an optional type and page, as given (the answer says what it searched). */
  search: (params: Record<string, string | undefined>) => queryKey<SearchResults>(`/api/search${canonicalSearch(params)}`),
  /** One page of a listing, for the filters and page as given (the answer says what it chose). */
  listing: <N extends ListingName>(name: N, params: Record<string, string | undefined>) => queryKey<ListingOf[N]>(`/api/listings/${name}${canonicalSearch(params)}`),
};
