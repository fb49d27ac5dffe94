/**
 * Rendered pages, kept in memory. A page's HTML is a pure function of its path, its (allowed)
 * query parameters and the content loaded at start — nothing per visitor is in it (the CSP needs
 * no nonce) — so repeat requests are answered from here without rendering, already compressed,
 * with an ETag for revalidation (304).
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { Request, Response } from 'express';

export interface CachedPage {
  status: number;
  etag: string;
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
}

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

export function makeCachedPage(status: number, html: Buffer): CachedPage {
  return {
    status,
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    raw: html,
    gzip: gzipSync(html, { level: 9 }),
    br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 10, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } }),
  };
}

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

/** Picks br, gzip or identity from Accept-Encoding (q=0 respected). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
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

/** Sends an HTML page: 304 when the ETag matches, else the best pre-compressed body. */
export function sendPage(req: Request, res: Response, page: CachedPage) {
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('ETag', page.etag);
  res.setHeader('Vary', 'Accept-Encoding');
  const inm = req.get('if-none-match');
  if (page.status === 200 && inm && inm.split(',').some((t) => t.trim() === page.etag || t.trim() === `W/${page.etag}`)) {
    res.status(304).end();
    return;
  }
  const enc = pickEncoding(req.get('accept-encoding'));
  const body = enc === 'br' ? page.br : enc === 'gzip' ? page.gzip : page.raw;
  if (enc) res.setHeader('Content-Encoding', enc);
  res.setHeader('Content-Length', String(body.length));
  res.status(page.status);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}
