/**
 * The read API (seed §7): GET /api/<collection> and /api/pages/<slug>, answered from JSON
 * serialised once at start. Unknown paths → 404 JSON; other methods → 405 JSON with Allow.
 */
import { Router } from 'express';
import type { ApiData } from '../content/api-data.ts';
import { encodeBody, sendEncoded, type EncodedBody } from './page-cache.ts';

export const API_TYPE = 'application/json; charset=utf-8';
export const API_CACHE = 'private, no-cache';

export function createApiRouter(api: ApiData) {
  const router = Router();
  // Each answer is serialised once (api-data.ts) and compressed once, on first request.
  const encoded = new Map<string, EncodedBody>();
  /** The encoded answer for an exact API path ("/api/news"), or undefined. Also used by the fast path. */
  const lookup = (path: string): EncodedBody | undefined => {
    let body = encoded.get(path);
    if (!body) {
      const entry = api.entries.get(path);
      if (!entry) return undefined;
      encoded.set(path, (body = encodeBody(200, Buffer.from(entry.json))));
    }
    return body;
  };
  router.all('/{*rest}', (req, res) => {
    const path = '/api' + req.path.replace(/\/+$/, '');
    const body = lookup(path);
    if (!body) {
      res.status(404).json({ error: 'Not found.' });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      res.status(405).json({ error: 'Method not allowed.' });
      return;
    }
    sendEncoded(req, res, body, API_TYPE, API_CACHE);
  });
  return Object.assign(router, { lookup });
}
