/**
 * Rendered pages, kept in memory. A page's HTML is a pure function of its path, its (allowed)
 * query parameters and the content loaded at start — nothing per visitor is in it (the CSP needs
 * no nonce) — so repeat requests are answered from here without rendering, already compressed,
 * with an ETag for revalidation (304).
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Request, Response } from 'express';

/** A response body kept in memory with its compressed forms and an ETag. */
export interface EncodedBody {
  status: number;
  etag: string;
  raw: Buffer;
  gzip: Buffer | null;
  br: Buffer | null;
}
export type CachedPage = EncodedBody;

/** Query parameters that select page content; any other query makes the request uncacheable. */
const CACHEABLE_PARAMS = new Set(['category', 'year', 'type', 'more', 'sent', 'error']);

/** The cache key for a page request, or null when it should not be cached (unbounded input). */
export function pageCacheKey(pathname: string, search: string): string | null {
  if (pathname.length > 200) return null;
  if (!search || search === '?') return pathname;
  const params = new URLSearchParams(search);
  const entries = [...params];
  if (entries.length > 3) return null;
  for (const [k, v] of entries) if (!CACHEABLE_PARAMS.has(k) || v.length > 64) return null;
  entries.sort(([a], [b]) => a.localeCompare(b));
  return `${pathname}?${new URLSearchParams(entries).toString()}`;
}

/** Compresses once (brotli and gzip) and hashes for the ETag. */
export function encodeBody(status: number, raw: Buffer, compress = true): EncodedBody {
  return {
    status,
    etag: `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`,
    raw,
    gzip: compress ? gzipSync(raw, { level: 9 }) : null,
    br: compress ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 10, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }) : null,
  };
}
export const makeCachedPage = (status: number, html: Buffer): CachedPage => encodeBody(status, html);

/** A small LRU: Map keeps insertion order; a hit moves the entry to the end. */
export class PageCache {
  private map = new Map<string, CachedPage>();
  constructor(private readonly max = 500) {}
  get(key: string): CachedPage | undefined {
    const page = this.map.get(key);
    if (page) {
      this.map.delete(key);
      this.map.set(key, page);
    }
    return page;
  }
  set(key: string, page: CachedPage) {
    this.map.delete(key);
    this.map.set(key, page);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
  clear() {
    this.map.clear();
  }
  get size() {
    return this.map.size;
  }
}

/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once. */
const encodingMemo = new Map<string, 'br' | 'gzip' | null>();

/** Picks br, gzip or identity from Accept-Encoding (q=0 respected). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  let picked = encodingMemo.get(acceptEncoding);
  if (picked === undefined) {
    picked = parseAcceptEncoding(acceptEncoding);
    if (encodingMemo.size >= 100) encodingMemo.clear();
    encodingMemo.set(acceptEncoding, picked);
  }
  return picked;
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
const markFromMemory = (res: Response) => ((res as unknown as Record<symbol, boolean>)[FROM_MEMORY] = true);
/**
 * True once sendEncoded answers: the body is already compressed as well as it will be (br or gzip),
 * so the compression middleware leaves it alone (it would otherwise deflate it for a client that
 * accepts only deflate) — and the answer is the same with or without the fast path.
 */
export const isFromMemory = (res: object) => (res as Record<symbol, boolean>)[FROM_MEMORY] === true;

/**
 * Sends a body kept in memory: 304 when the ETag matches, else the best pre-compressed form.
 * Used for pages, API answers and hashed assets alike.
 */
export function sendEncoded(req: Request, res: Response, body: EncodedBody, type: string, cacheControl: string) {
  markFromMemory(res);
  res.setHeader('Content-Type', type);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', body.etag);
  if (body.gzip || body.br) res.setHeader('Vary', 'Accept-Encoding');
  const inm = req.get('if-none-match');
  if (body.status === 200 && inm && inm.split(',').some((t) => t.trim() === body.etag || t.trim() === `W/${body.etag}`)) {
    res.status(304).end();
    return;
  }
  const enc = body.gzip || body.br ? pickEncoding(req.get('accept-encoding')) : null;
  const bytes = (enc === 'br' && body.br) || (enc === 'gzip' && body.gzip) || body.raw;
  if (bytes !== body.raw) res.setHeader('Content-Encoding', enc!);
  res.setHeader('Content-Length', String(bytes.length));
  res.status(body.status);
  if (req.method === 'HEAD') res.end();
  else res.end(bytes);
}

export const PAGE_TYPE = 'text/html; charset=utf-8';
/** Pages are for signed-in visitors only, and revalidated on every visit (ETag → 304). */
export const PAGE_CACHE = 'private, no-cache';

/** An HTML page from the cache. */
export const sendPage = (req: Request, res: Response, page: CachedPage) => sendEncoded(req, res, page, PAGE_TYPE, PAGE_CACHE);
