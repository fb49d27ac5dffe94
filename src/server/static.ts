/**
 * The build's hashed files (dist/assets), served from memory with their pre-compressed twins
 * (written by scripts/build.ts): brotli or gzip when the client accepts it, the original type,
 * Vary: Accept-Encoding, an ETag and 304s. Hashed names never change content, so the whole
 * directory (well under a megabyte) is read once; under `npm run dev` (rescan) a miss looks again.
 */
import type { RequestHandler } from 'express';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { encodeBody, sendEncoded, type EncodedBody } from './page-cache.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export interface Asset {
  body: EncodedBody;
  type: string;
}

/** The middleware, plus `lookup(name)` and `cacheControl(urlPath)` for the fast path (app.ts): the same map, the same answer. */
export type PrecompressedStatic = RequestHandler & { lookup(name: string): Asset | undefined; cacheControl(urlPath: string): string };

export function precompressedStatic(dir: string, cacheControl: (urlPath: string) => string, opts: { rescan?: boolean } = {}): PrecompressedStatic {
  let assets = new Map<string, Asset>();
  let scannedAt = 0;
  const scan = () => {
    scannedAt = Date.now();
    const next = new Map<string, Asset>();
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      /* no build yet: everything falls through */
    }
    const have = new Set(names);
    for (const name of names) {
      const type = TYPES[path.extname(name)];
      if (!type || name.startsWith('.')) continue;
      const body = encodeBody(200, readFileSync(path.join(dir, name)), false);
      // The build wrote the compressed twins; use them when present.
      if (have.has(`${name}.br`)) body.br = readFileSync(path.join(dir, `${name}.br`));
      if (have.has(`${name}.gz`)) body.gzip = readFileSync(path.join(dir, `${name}.gz`));
      next.set(name, { body, type });
    }
    assets = next;
  };
  scan();
  const handler: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    if (opts.rescan && name && !assets.has(name) && Date.now() - scannedAt > 500) scan();
    const asset = assets.get(name);
    if (!asset) return next();
    sendEncoded(req, res, asset.body, asset.type, cacheControl(req.baseUrl + req.path));
  };
  return Object.assign(handler, { lookup: (name: string) => assets.get(name), cacheControl });
}
