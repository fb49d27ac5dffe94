/**
 * The read API (seed §7): GET /api/<collection> and /api/pages/<slug>, answered from JSON
 * serialised once at start. Unknown paths → 404 JSON; other methods → 405 JSON with Allow.
 */
import { Router, type Request, type Response } from 'express';
import type { ApiData } from '../content/api-data.ts';

export function createApiRouter(api: ApiData) {
  const router = Router();
  router.all('/{*rest}', (req, res) => {
    const path = '/api' + req.path.replace(/\/+$/, '');
    const entry = api.entries.get(path);
    if (!entry) {
      res.status(404).json({ error: 'Not found.' });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      res.status(405).json({ error: 'Method not allowed.' });
      return;
    }
    res.setHeader('Cache-Control', 'private, no-cache');
    res.type('application/json').send(entry.json);
  });
  return router;
}

/** Wraps a POST-only handler: other methods get 405 JSON with Allow: POST. */
export function postOnly(handler: (req: Request, res: Response, next: () => void) => void) {
  return (req: Request, res: Response, next: () => void) => {
    if (req.method !== 'POST') {
      res.setHeader('Allow', 'POST');
      res.status(405).json({ error: 'Method not allowed.' });
      return;
    }
    handler(req, res, next);
  };
}
