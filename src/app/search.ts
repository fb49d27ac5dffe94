/**
 * Site search (/search?q=, GET /api/search?q=&type=&page=): what a search answers and the rules
 * both the page and the API follow. The index is built on the server from the same content at
 * start (src/content/search.ts); a page embeds only the results it shows.
 */
import { SECTION_NAMES } from './constants.ts';

export const SEARCH_MAX_QUERY = 100;
/** Results per group on the overview (all types); a type's own page shows LISTING_PAGE_SIZE. */
export const SEARCH_GROUP_PREVIEW = 4;
/** Typing pauses this long before the results update (after hydration). */
export const SEARCH_DEBOUNCE_MS = 250;

export const SEARCH_TYPES = [
  { value: 'portfolio', label: 'Portfolio Companies' },
  { value: 'pages', label: 'Pages' },
  { value: 'people', label: 'People' },
  { value: 'research', label: SECTION_NAMES.research },
  { value: 'press', label: SECTION_NAMES.pressReleases },
  { value: 'news', label: SECTION_NAMES.news },
  { value: 'careers', label: 'Careers' },
  { value: 'documents', label: 'Documents' },
] as const;
export type SearchType = (typeof SEARCH_TYPES)[number]['value'];

/**
 * A result: the document's fields as a hit shows them (its `excerpt`: the summary, or the
 * sentence of its text where the match is), without what is only searched, plus the words matched.
 */
export type SearchHit = Omit<SearchDoc, 'text' | 'keywords'> & {
  /** The indexed words the query matched (lower case): what the page highlights. */
  terms: string[];
};

export interface SearchGroup {
  type: SearchType;
  label: string;
  /** Every match of this type (the group shows the first few, or one page of them). */
  count: number;
  hits: SearchHit[];
}

export interface SearchResults {
  /** The query as searched (trimmed, spaces collapsed, at most SEARCH_MAX_QUERY characters). */
  q: string;
  /** A type's own results, or 'all' (the overview of every group). */
  type: SearchType | 'all';
  total: number;
  groups: SearchGroup[];
  page: number;
  pageCount: number;
  /** Other searches to try when nothing matched (or nothing was asked). */
  suggestions: string[];
  /** The canonical query of this answer (see routes.ts). */
  query: Record<string, string>;
}

/** The query as searched: trimmed, spaces collapsed, cut to SEARCH_MAX_QUERY characters. */
export function normalizeQuery(q: string | null | undefined): string {
  return (q ?? '').replace(/\s+/g, ' ').trim().slice(0, SEARCH_MAX_QUERY).trim();
}

export const isSearchType = (v: string | null | undefined): v is SearchType => SEARCH_TYPES.some((t) => t.value === v);

/**
 * The text split around the terms a search matched (at the start of a word, any case), for
 * highlighting: [plain, match, plain, match, …].
 */
export function splitMatches(text: string, terms: readonly string[]): string[] {
  const words = [...new Set(terms.filter((t) => t.length > 1))].sort((a, b) => b.length - a.length);
  if (!words.length) return [text];
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return text.split(new RegExp(`(?<![\\p{L}\\p{N}])(${escaped.join('|')})`, 'giu'));
}

/** A searchable document: what a hit shows, plus the full text that is searched. */
export interface SearchDoc {
  type: SearchType;
  title: string;
  href: string;
  /** Category, role, sector… shown above the title. */
  meta: string;
  date?: string;
  /** The summary a hit shows. */
  excerpt: string;
  /** Everything else that is searched (body, bio), as plain text in sentences: snippets come from it. */
  text: string;
  /** Searched, never shown as a snippet: facts and lists (headquarters, expertise, a strategy's name). */
  keywords?: string;
}
