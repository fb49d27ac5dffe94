/**
 * Serves the build's hashed files with their pre-compressed twins (written by scripts/build.ts):
 * when the client accepts br or gzip and "<file>.br"/".gz" exists, that file is sent with the
 * right Content-Encoding, the original Content-Type and Vary: Accept-Encoding. express.static
 * (send) does the rest: ranges, conditional GET, 404 fall-through.
 */
import express, { type RequestHandler } from 'express';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pickEncoding } from './page-cache.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
};

export function precompressedStatic(dir: string, cacheControl: (urlPath: string) => string): RequestHandler {
  let files = new Set<string>();
  let scannedAt = 0;
  const scan = () => {
    scannedAt = Date.now();
    try {
      files = new Set(readdirSync(dir));
    } catch { /* no build yet: everything falls through */ }
  };
  scan();
  const serve = express.static(dir, { index: false, dotfiles: 'deny', fallthrough: true, cacheControl: false, etag: true });
  return (req, res, next) => {
    const name = req.path.slice(1);
    // A rebuild (npm run dev) adds files: look again, at most twice a second.
    if (name && !files.has(name) && Date.now() - scannedAt > 500) scan();
    if (!name || name.includes('/') || !files.has(name)) return next();
    res.setHeader('Cache-Control', cacheControl(req.baseUrl + req.path));
    const type = TYPES[path.extname(name)];
    if (type) {
      res.setHeader('Vary', 'Accept-Encoding');
      const enc = pickEncoding(req.get('accept-encoding'));
      const ext = enc === 'br' ? '.br' : enc === 'gzip' ? '.gz' : '';
      if (ext && files.has(name + ext)) {
        res.setHeader('Content-Type', type);
        res.setHeader('Content-Encoding', enc!);
        req.url = `/${name}${ext}`;
      }
    }
    serve(req, res, next);
  };
}
