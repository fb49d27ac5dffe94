/**
 * The site search index (MiniSearch), built once at start from the same content the pages show:
 * editorial and policy pages, people, research, press releases, news and portfolio companies.
 * Titles weigh most; words match by prefix ("corv" → Corvane) and, when nothing matches as
 * typed, with typos (one edit in five letters: "logistcs" → logistics). Several words must all
 * match; when together they match nothing, any of them may. Answers are small: one group's page of hits, or the first few of
 * each group, with the words matched (the page highlights them) — never the index or the archive.
 */
import MiniSearch, { type SearchResult } from 'minisearch';
import { LISTING_PAGE_SIZE, pageCountOf, requestedPage } from '../app/listing.ts';
import {
  SEARCH_GROUP_PREVIEW,
  SEARCH_MAX_QUERY,
  SEARCH_TYPES,
  isSearchType,
  normalizeQuery,
  type SearchGroup,
  type SearchHit,
  type SearchResults,
  type SearchType,
  type SearchDoc,
} from '../app/search.ts';

/** Words too common to be worth matching on their own. */
const STOP = new Set([
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'has',
  'in',
  'is',
  'it',
  'its',
  'of',
  'on',
  'or',
  'our',
  'that',
  'the',
  'their',
  'this',
  'to',
  'was',
  'we',
  'were',
  'with',
]);
/** Lower case, accents folded (Luleå → lulea), stop words out. */
const processTerm = (term: string) => {
  let t = term.toLowerCase();
  // Most words are plain ASCII: fold accents only when there is something to fold.
  if (/[\u0080-\uffff]/.test(t)) t = t.normalize('NFD').replace(/\p{M}/gu, '');
  return t.length === 0 || STOP.has(t) ? null : t;
};

/**
 * How much of a body is indexed: its opening (real bodies are ~500 characters at the median and
 * 3,500 at most; the subject of an article is named early). Each body word counts once: the title
 * and summary carry the weight. Both keep the index build within budget at 1,000 items per
 * collection (npm run bench).
 */
export const TEXT_INDEX_CHARS = 2000;
const defaultTokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];
const tokenize = (text: string, field?: string) => (field === 'text' ? [...new Set(defaultTokenize(text.slice(0, TEXT_INDEX_CHARS)))] : defaultTokenize(text));

/** Sentences of a text (for the snippet around a match). */
const sentences = (text: string) => text.split(/(?<=[.!?])\s+/);

export interface SearchIndex {
  /** Answers a search; undefined when the page asked for is past the last (404). */
  search(params: URLSearchParams): SearchResults | undefined;
  /** Documents indexed and the milliseconds the index took to build. */
  stats: { documents: number; buildMs: number };
}

export function createSearchIndex(docs: SearchDoc[], suggestions: string[]): SearchIndex {
  const started = performance.now();
  const mini = new MiniSearch<SearchDoc & { id: number }>({
    fields: ['title', 'meta', 'excerpt', 'text', 'keywords'],
    tokenize,
    processTerm,
    searchOptions: {
      boost: { title: 4, meta: 2, keywords: 1.5, excerpt: 1.5 },
      // Prefixes for the word being typed (the last), not for the words before it: "private cred"
      // finds credit, and common earlier words do not fan out into every word they start.
      prefix: (term, i, terms) => i === terms.length - 1 && term.length >= 2,
      // One edit from five letters, two from ten; never on short words (too many false friends).
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      processTerm,
      tokenize: defaultTokenize,
    },
  });
  mini.addAll(docs.map((d, id) => ({ ...d, id })));
  const buildMs = performance.now() - started;

  // Exact and prefix matches first; typo tolerance only when they find nothing (it is the costly
  // part on a large vocabulary, and a word that matches as typed needs no guessing); any word
  // rather than every word last.
  const run = (q: string): SearchResult[] => {
    for (const opts of [{ combineWith: 'AND', fuzzy: false }, { combineWith: 'AND' }, { combineWith: 'OR' }] as const) {
      const found = mini.search(q, opts);
      if (found.length) return found;
    }
    return [];
  };

  const hit = (r: SearchResult): SearchHit => {
    const d = docs[r.id as number];
    const terms = r.terms;
    const shows = (s: string) => terms.some((t) => processTerm(s)?.includes(t) || s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().includes(t));
    // When neither the title nor a short summary holds a matched word, show the sentence that does.
    let excerpt = d.excerpt.length > 280 ? `${d.excerpt.slice(0, 277).replace(/\s+\S*$/, '')}…` : d.excerpt;
    if (!shows(d.title) && !shows(excerpt)) {
      const s = sentences(d.text).find((x) => shows(x));
      if (s) excerpt = s.length > 280 ? `${s.slice(0, 277).replace(/\s+\S*$/, '')}…` : s;
    }
    return { type: d.type, title: d.title, href: d.href, meta: d.meta, ...(d.date ? { date: d.date } : {}), excerpt, terms };
  };

  return {
    stats: { documents: docs.length, buildMs },
    search(params) {
      const q = normalizeQuery(params.get('q'));
      const typeParam = params.get('type');
      const type: SearchType | 'all' = isSearchType(typeParam) ? typeParam : 'all';
      const page = type === 'all' ? 1 : (requestedPage(params.get('page')) ?? 1);
      const results = q ? run(q) : [];
      const byType = new Map<SearchType, SearchResult[]>();
      for (const r of results) {
        const t = docs[r.id as number].type;
        const list = byType.get(t);
        if (list) list.push(r);
        else byType.set(t, [r]);
      }
      const groups: SearchGroup[] = [];
      let pageCount = 1;
      for (const t of SEARCH_TYPES) {
        const matches = byType.get(t.value) ?? [];
        if (!matches.length || (type !== 'all' && t.value !== type)) continue;
        const shown = type === 'all' ? matches.slice(0, SEARCH_GROUP_PREVIEW) : matches.slice((page - 1) * LISTING_PAGE_SIZE, page * LISTING_PAGE_SIZE);
        if (type !== 'all') pageCount = pageCountOf(matches.length);
        groups.push({ type: t.value, label: t.label, count: matches.length, hits: shown.map(hit) });
      }
      if (page > pageCount) return undefined;
      const total = type === 'all' ? results.length : (byType.get(type)?.length ?? 0);
      const query: Record<string, string> = {};
      if (q) query.q = q;
      if (type !== 'all') query.type = type;
      if (page > 1) query.page = String(page);
      return {
        q,
        type,
        total,
        groups,
        page,
        pageCount,
        query,
        suggestions: total
          ? []
          : [
              ...(q
                ? mini
                    .autoSuggest(q, { fuzzy: 0.3, prefix: true })
                    .slice(0, 3)
                    .map((s) => s.suggestion)
                : []),
              ...suggestions,
            ]
              .filter((s, i, all) => all.indexOf(s) === i && s.toLowerCase() !== q.toLowerCase())
              .slice(0, 5),
      };
    },
  };
}

export { SEARCH_MAX_QUERY };
