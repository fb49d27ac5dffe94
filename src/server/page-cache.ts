/**
 * Rendered pages, kept in memory. A page's HTML is a pure function of its path, its (allowed)
 * query parameters and the content loaded at start — nothing per visitor is in it (the CSP needs
 * no nonce) — so repeat requests are answered from here without rendering, already compressed,
 * with an ETag for revalidation (304).
 *
 * It cannot be abused: pages are stored only under their canonical URL (render.tsx redirects any
 * other query string there before rendering) and every 404 shares one entry, so random query
 * strings or paths add nothing; and the cache is bounded in bytes, least recently used first out.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, gunzipSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Request, Response } from 'express';
import { memoize } from './memo.ts';

/** A response body kept in memory with its compressed forms and an ETag. */
export interface EncodedBody {
  status: number;
  etag: string;
  raw: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
}

/**
 * The cache key of a page request: the path and the query in a normal spelling (parameters
 * sorted by name, values re-encoded), so "?b=2&a=1" and "?a=1&b=2" find the same page. Only
 * canonical URLs are ever stored (see render.tsx): any other query misses.
 */
export function pageCacheKey(pathname: string, search: string): string {
  if (!search || search === '?') return pathname;
  const params = new URLSearchParams(search);
  params.sort();
  const s = params.toString();
  return s ? `${pathname}?${s}` : pathname;
}

/** The one key every 404 page is kept under (it shows the same thing for any unknown path). */
export const NOT_FOUND_KEY = '404';

const etagOf = (raw: Buffer) => `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`;

/** Compresses once (brotli and gzip) and hashes for the ETag. */
export function encodeBody(status: number, raw: Buffer, compress = true): EncodedBody {
  return {
    status,
    etag: etagOf(raw),
    raw,
    gzip: compress ? gzipSync(raw, { level: 9 }) : null,
    br: compress ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 10, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }) : null,
  };
}
/**
 * The raw HTML of pages asked for without compression (curl, monitoring, load generators, some
 * proxies), rebuilt from gzip once and kept here, least recently used out, within RAW_MEMO_BYTES.
 * Rebuilding it on every request cost more than everything else a cached page does (issue 14:
 * `gunzipSync` was 22 % of the CPU profile of `/team` without Accept-Encoding).
 */
const RAW_MEMO_BYTES = 8 * 1024 * 1024;
const rawMemo = new Map<CompressedPage, Buffer>();
let rawMemoBytes = 0;
function memoRaw(page: CompressedPage): Buffer {
  let raw = rawMemo.get(page);
  if (raw) {
    rawMemo.delete(page);
    rawMemo.set(page, raw);
    return raw;
  }
  raw = gunzipSync(page.gzip);
  if (raw.length > RAW_MEMO_BYTES / 4) return raw;
  rawMemo.set(page, raw);
  rawMemoBytes += raw.length;
  for (const [old, buf] of rawMemo) {
    if (rawMemoBytes <= RAW_MEMO_BYTES) break;
    rawMemo.delete(old);
    rawMemoBytes -= buf.length;
  }
  return raw;
}
/**
 * A page kept compressed only (brotli and gzip, about a sixth of the HTML): browsers take one of
 * them; the raw HTML is rebuilt from gzip for a client that accepts neither (and memoised, above).
 */
class CompressedPage implements EncodedBody {
  constructor(
    readonly status: number,
    readonly etag: string,
    readonly gzip: Buffer,
    readonly br: Buffer,
  ) {}
  get raw(): Buffer {
    return memoRaw(this);
  }
}
export const makeCachedPage = (status: number, html: Buffer): EncodedBody => {
  const { etag, gzip, br } = encodeBody(status, html);
  return new CompressedPage(status, etag, gzip!, br!);
};

/**
 * A one-off answer (a site search: most queries are asked once): compressed only in the encoding a
 * client asks for, when it first asks, at a quicker setting, then kept with the body. On the
 * 1,000-item fixture's search answers (median 6.5 KB of JSON) brotli 5 takes 0.5 ms where brotli
 * 10 + gzip 9 took 5.9 ms, for answers 18 % (≈ 240 bytes) larger; gzip 6 is as small as gzip 9.
 */
class OnDemandBody implements EncodedBody {
  private gz: Buffer | null = null;
  private brotli: Buffer | null = null;
  readonly etag: string;
  constructor(
    readonly status: number,
    readonly raw: Buffer,
  ) {
    this.etag = etagOf(raw);
  }
  get gzip(): Buffer {
    return (this.gz ??= gzipSync(this.raw, { level: 6 }));
  }
  get br(): Buffer {
    return (this.brotli ??= brotliCompressSync(this.raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: this.raw.length } }));
  }
}
export const makeOnDemandBody = (status: number, raw: Buffer): EncodedBody => new OnDemandBody(status, raw);

/** Whether a body has compressed forms (asked without making an on-demand body compress). */
export const hasEncodings = (b: EncodedBody) => b instanceof OnDemandBody || !!(b.gzip || b.br);

/**
 * The bytes an entry holds (the encodings it keeps). An on-demand body is counted at twice its raw
 * size, what it can grow to once compressed (compressed forms are smaller than the raw body).
 */
export const bodyBytes = (b: EncodedBody) => (b instanceof OnDemandBody ? 2 * b.raw.length : (b instanceof CompressedPage ? 0 : b.raw.length) + (b.gzip?.length ?? 0) + (b.br?.length ?? 0));

/**
 * A small LRU bounded in bytes (the encodings it holds) and in entries. Map keeps insertion
 * order; a hit moves the entry to the end; the oldest go first. A body larger than a quarter of
 * the budget is not kept (it would push out too much).
 */
export class PageCache<T extends EncodedBody = EncodedBody> {
  private map = new Map<string, T>();
  private bytes = 0;
  constructor(
    private readonly maxBytes = 32 * 1024 * 1024,
    private readonly maxEntries = 5000,
  ) {}
  get(key: string): T | undefined {
    const page = this.map.get(key);
    if (page) {
      this.map.delete(key);
      this.map.set(key, page);
    }
    return page;
  }
  set(key: string, page: T) {
    this.delete(key);
    const size = bodyBytes(page);
    if (size > this.maxBytes / 4) return;
    this.map.set(key, page);
    this.bytes += size;
    while (this.bytes > this.maxBytes || this.map.size > this.maxEntries) this.delete(this.map.keys().next().value!);
  }
  private delete(key: string) {
    const old = this.map.get(key);
    if (!old) return;
    this.map.delete(key);
    this.bytes -= bodyBytes(old);
  }
  clear() {
    this.map.clear();
    this.bytes = 0;
  }
  get size() {
    return this.map.size;
  }
  /** Bytes held (raw, gzip and brotli of every entry). */
  get byteSize() {
    return this.bytes;
  }
}

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once. */
const parseAcceptEncodingOnce = memoize((acceptEncoding) => parseAcceptEncoding(acceptEncoding), 100);

/** Picks br, gzip or identity from Accept-Encoding (q=0 respected). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  return acceptEncoding ? parseAcceptEncodingOnce(acceptEncoding) : null;
}

function parseAcceptEncoding(acceptEncoding: string): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (n: string) => (accepted.get(n) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

const FROM_MEMORY = Symbol('hrc.fromMemory');
/** Marks an answer whose body is final as it is (kept compressed, or too small to compress): compression leaves it alone. */
export const markFromMemory = (res: object) => ((res as Record<symbol, boolean>)[FROM_MEMORY] = true);
/**
 * True once sendEncoded answers: the body is already compressed as well as it will be (br or gzip),
 * so the compression middleware leaves it alone (it would otherwise deflate it for a client that
 * accepts only deflate) — and the answer is the same with or without the fast path.
 */
export const isFromMemory = (res: object) => (res as Record<symbol, boolean>)[FROM_MEMORY] === true;

/** Whether an If-None-Match header names this ETag (strong or weak): the one test for a 304. */
export const matchesEtag = (ifNoneMatch: string, etag: string) => ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}`);

/**
 * Sends a body kept in memory: 304 when the ETag matches, else the best pre-compressed form.
 * Used for pages, API answers and hashed assets alike. `varyCookie`: the body depends on a cookie.
 */
export function sendEncoded(req: Request, res: Response, body: EncodedBody, type: string, cacheControl: string, varyCookie = false) {
  markFromMemory(res);
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', body.etag);
  const encoded = hasEncodings(body);
  if (encoded || varyCookie) res.setHeader('Vary', encoded && varyCookie ? 'Accept-Encoding, Cookie' : encoded ? 'Accept-Encoding' : 'Cookie');
  const inm = req.get('if-none-match');
  if (body.status === 200 && inm && matchesEtag(inm, body.etag)) {
    res.status(304).end();
    return;
  }
  const enc = encoded ? pickEncoding(req.get('accept-encoding')) : null;
  const compressed = (enc === 'br' && body.br) || (enc === 'gzip' && body.gzip) || null;
  // (body.raw is read only when needed: a cached page rebuilds it from gzip.)
  const bytes = compressed ?? body.raw;
  if (compressed) res.setHeader('Content-Encoding', enc!);
  res.setHeader('Content-Length', String(bytes.length));
  res.status(body.status);
  if (req.method === 'HEAD') res.end();
  else res.end(bytes);
}

export const PAGE_TYPE = 'text/html; charset=utf-8';

/** An HTML page from the cache, with the Cache-Control its route and the access mode give it (render.tsx). */
export const sendPage = (req: Request, res: Response, page: EncodedBody, cacheControl: string, varyCookie = false) => sendEncoded(req, res, page, PAGE_TYPE, cacheControl, varyCookie);
