/**
 * The fast path: a signed-in GET or HEAD for something already in memory — a rendered page, an
 * API answer, a hashed file — is answered before Express routes it.
 *
 * It is not a second implementation of anything. It runs the pipeline's own middleware functions
 * that matter for such a request (the request log, the security headers, the cookie parser), the
 * gate's own session check, and sends with the same sendEncoded the Express handlers use. What it
 * skips is the routing: matching the request against every layer of the pipeline (app.ts) to find
 * the handler that would send those same bytes.
 *
 * Anything it is not sure of goes to Express untouched: another method, a target that is not
 * origin-form, a path Express routes elsewhere (`lookup` decides, in the pipeline's order), a
 * page not rendered yet, no valid session. Nothing is written to the response before the answer
 * is certain, so a miss costs a map lookup and, when there is a cookie, one HMAC.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express, Request, Response, RequestHandler } from 'express';
import type { EncodedBody } from './page-cache.ts';
import { sendEncoded } from './page-cache.ts';

/** What the pipeline would answer from memory for this target. */
export interface MemoryAnswer {
  body: EncodedBody;
  type: string;
  cacheControl: string;
}

export interface FastPathDeps {
  app: Express;
  /** The pipeline's per-request middleware that must run for every answer, synchronous, in order. */
  middleware: RequestHandler[];
  /** Sets req.cookies, as in the pipeline (cookie-parser). */
  cookies: RequestHandler;
  /** The gate's check (gate.ts), on req.cookies. */
  isAuthenticated(req: Request): boolean;
  /** The origin-form check of the pipeline (app.ts). */
  isOriginForm(url: string): boolean;
  /** The answer Express would send from memory for this target, or undefined (→ Express). */
  lookup(url: string): MemoryAnswer | undefined;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const noop = () => {};

/** Wraps Express: `handler(req, res)` answers from the fast path or hands over to `app`. */
export function withFastPath(deps: FastPathDeps, stats: { fastPath: number }): Handler {
  const { app } = deps;
  return function handle(incoming, outgoing) {
    const req = incoming as Request;
    const res = outgoing as Response;
    const method = req.method;
    const url = req.url ?? '';
    if ((method === 'GET' || method === 'HEAD') && deps.isOriginForm(url)) {
      let answer: MemoryAnswer | undefined;
      try {
        answer = deps.lookup(url);
      } catch {
        // Express meets the same failure in its own handler and answers it (500, never a stack).
      }
      if (answer) {
        // Express's own request setup (application.js `handle`), without the router.
        req.res = res;
        res.req = req;
        Object.setPrototypeOf(req, app.request);
        Object.setPrototypeOf(res, app.response);
        if (!res.locals) res.locals = Object.create(null);
        req.originalUrl = url;
        req.baseUrl = '';
        deps.cookies(req, res, noop);
        if (deps.isAuthenticated(req)) {
          stats.fastPath++;
          for (const step of deps.middleware) step(req, res, noop);
          sendEncoded(req, res, answer.body, answer.type, answer.cacheControl);
          return;
        }
        // No session: Express runs again from the start (its setup is idempotent and cookie-parser
        // skips a request it has already parsed) and the gate answers 302 or 401.
      }
    }
    app(req, res);
  };
}
