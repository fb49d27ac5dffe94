/**
 * The read API (seed §7, product.md): GET /api/<collection> (summaries), /api/<collection>/<id>
 * (one item with its body), /api/<collection>/<id>/related, /api/latest/news,
 * /api/listings/<name>?<filters>&page=N and /api/pages/<slug> — all answered by the content's
 * one resolver (ApiData.read). Unknown paths or ids → 404 JSON; other methods → 405 JSON with Allow;
 * what the read calls bad input → 400 JSON.
 */
import { Router } from 'express';
import type { ApiData } from '../content/api-data.ts';
import { encodeBody, makeOnDemandBody, sendEncoded, PageCache, type EncodedBody } from './page-cache.ts';

export const API_TYPE = 'application/json; charset=utf-8';

/** `cacheControl`: what the answers say (the access mode's, cache-control.ts). */
export function createApiRouter(api: ApiData, cacheControl: string) {
  const router = Router();
  // Fixed answers (lists, pages) are encoded once, on first request, and kept: the content
  // bounds them. Items and listing pages go through a cache bounded in bytes, keyed by their
  // canonical path, so no sequence of requests can grow memory without bound.
  const fixed = new Map<string, EncodedBody>();
  const computed = new PageCache(16 * 1024 * 1024);
  /** The encoded fixed answer for an exact API path ("/api/news"), or undefined. Also used by the fast path. */
  const lookup = (path: string): EncodedBody | undefined => {
    let body = fixed.get(path);
    if (!body) {
      const entry = api.entries.get(path);
      if (!entry) return undefined;
      fixed.set(path, (body = encodeBody(200, Buffer.from(entry.json))));
    }
    return body;
  };
  router.all('/{*rest}', (req, res) => {
    const path = '/api' + req.path.replace(/\/+$/, '');
    let body = lookup(path);
    const q = req.url.indexOf('?');
    const answer = body ? undefined : api.read(path, new URLSearchParams(q === -1 ? '' : req.url.slice(q + 1)));
    if (!body && !answer) {
      res.status(404).json({ error: 'Not found.' });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      res.status(405).json({ error: 'Method not allowed.' });
      return;
    }
    // Bad input the read refused (a search longer than any the page can send): not a query to cut short.
    if (answer?.badInput) {
      res.status(400).json({ error: answer.badInput });
      return;
    }
    if (!body && answer) {
      body = computed.get(answer.key);
      if (!body) {
        const json = Buffer.from(JSON.stringify(answer.value));
        // Items and listing pages are few and asked for again: compressed once, as well as can be.
        // Searches are mostly asked once: compressed on demand, quickly (page-cache.ts).
        body = path === '/api/search' ? makeOnDemandBody(200, json) : encodeBody(200, json);
        computed.set(answer.key, body);
      }
    }
    sendEncoded(req, res, body!, API_TYPE, cacheControl);
  });
  return Object.assign(router, { lookup });
}
