/**
 * The fast path: a signed-in GET or HEAD for something already in memory — a rendered page, an
 * API answer, a hashed file — is answered before Express routes it. Decision and figures:
 * docs/decisions/001-fast-path.md.
 *
 * It is not a second implementation of anything the pipeline decides:
 * - what to answer comes from `lookup` (app.ts), which asks the very lookups the Express handlers
 *   use (the page cache, the API's fixed answers, the hashed files) and yields every path whose
 *   first segment the pipeline routes before the pages — the list the pipeline's steps mount
 *   from (pipeline.ts ROUTED_BEFORE_PAGES);
 * - who may have it is the gate's own check (gate.ts `session`: the same verifier and revocation
 *   list, on the same cookie), which also says when the session's token is due for renewal;
 * - the headers are the security middleware's own list (security.ts), then what sendEncoded sets,
 *   in that order — built once per body, encoding and scheme, and written with one
 *   `res.writeHead(status, [name, value, …])` (Node's public API for a header block); the gate's
 *   redirect is the answer the gate itself writes (redirect.ts); HTTPS is decided by the rule
 *   Express is given (proxy.ts);
 * - the request log line is the request log's own (log.ts).
 * What it skips: Express's request setup (two prototype swaps per request), the 20-odd route
 * layers, cookie-parser's object of every cookie, compression's hooks, and per-request setHeader
 * calls. tests/http/fast-path.test.ts holds it to the same status, headers and bytes as Express.
 *
 * Anything it is not sure of goes to Express untouched: another method, a target that is not
 * origin-form, a path Express routes elsewhere, a page not rendered yet, no valid session.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { EncodedBody } from './page-cache.ts';
import { hasEncodings, matchesEtag, pickEncoding } from './page-cache.ts';
import type { HeaderList } from './security.ts';
import { loginRedirectAnswer } from './redirect.ts';

/** What the pipeline would answer from memory for this target. */
export interface MemoryAnswer {
  body: EncodedBody;
  type: string;
  /** Cache-Control as the response carries it (cache-control.ts). */
  cacheControl: string;
}

export interface FastPathDeps {
  app: Express;
  /**
   * The gate's session check on the raw Cookie header, for this scheme: false without a valid
   * session; true with one; or, with one whose token is due for renewal, the Set-Cookie value
   * renewing it (public mode: always true).
   */
  session(cookieHeader: string | undefined, secure: boolean): boolean | string;
  /** The security headers for a request that is (not) secure, as the middleware sets them. */
  securityHeaders(secure: boolean): HeaderList;
  /** The origin-form check of the pipeline (app.ts). */
  isOriginForm(url: string): boolean;
  /** The pipeline's Host check (app.ts): a malformed Host goes to Express, which answers 400. */
  isValidHost(host: string | undefined): boolean;
  /** Whether the visitor's connection is HTTPS: the rule req.secure follows (proxy.ts). */
  isSecure: (req: IncomingMessage) => boolean;
  /** The answer Express would send from memory for this target, or undefined (→ Express). */
  lookup(url: string): MemoryAnswer | undefined;
  /** The pipeline's request log (one line per request, on 'finish'). */
  requestLog(req: IncomingMessage, res: ServerResponse): void;
  /**
   * Gated sites: where the gate sends a visitor without a session who asks for this page
   * (its 302 Location), or undefined when the target is not a page the gate would redirect.
   */
  redirectFor?(url: string): string | undefined;
}

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

type Variant = 'br' | 'gzip' | 'raw' | '304';
const VARIANTS: Record<Variant, number> = { br: 0, gzip: 2, raw: 4, '304': 6 };
/** Pre-built header blocks of one body ([name, value, …]), by variant and scheme, for one type and Cache-Control. */
interface Blocks {
  type: string;
  cacheControl: string;
  byVariant: (string[] | undefined)[];
}
const blocks = new WeakMap<EncodedBody, Blocks>();

function headerBlock(answer: MemoryAnswer, variant: Variant, secure: boolean, security: HeaderList, length: number): string[] {
  const { body, type, cacheControl } = answer;
  let perBody = blocks.get(body);
  // (A body is served under one type and Cache-Control; should that change, the blocks are rebuilt.)
  if (!perBody || perBody.type !== type || perBody.cacheControl !== cacheControl) blocks.set(body, (perBody = { type, cacheControl, byVariant: [] }));
  const index = VARIANTS[variant] + (secure ? 1 : 0);
  let block = perBody.byVariant[index];
  if (!block) {
    // The order Express writes them in: the security middleware's, then sendEncoded's.
    block = security.flatMap(([n, v]) => [n, v]);
    block.push('Content-Type', type, 'Cache-Control', cacheControl, 'ETag', body.etag);
    if (hasEncodings(body)) block.push('Vary', 'Accept-Encoding');
    if (variant === 'br' || variant === 'gzip') block.push('Content-Encoding', variant);
    if (variant !== '304') block.push('Content-Length', String(length));
    perBody.byVariant[index] = block;
  }
  return block;
}

/** Wraps Express: `handler(req, res)` answers from the fast path or hands over to `app`. */
export function withFastPath(deps: FastPathDeps, stats: { fastPath: number }): Handler {
  const { app, isSecure } = deps;
  /** The security headers as a flat [name, value, …] block, by scheme (0 http, 1 https). */
  const securityBlocks: (string[] | undefined)[] = [];
  return function handle(req, res) {
    const method = req.method;
    const url = req.url ?? '';
    if ((method === 'GET' || method === 'HEAD') && deps.isOriginForm(url) && deps.isValidHost(req.headers.host)) {
      const secure = isSecure(req);
      const session = deps.session(req.headers.cookie, secure);
      // No session on a page the gate guards: the gate's 302 to /login, the answer it writes
      // itself (redirect.ts) after the security headers. Anything else without a session:
      // Express answers (the gate's 401 JSON, the login page, public files).
      if (session === false && deps.redirectFor) {
        const location = deps.redirectFor(url);
        if (location !== undefined) {
          stats.fastPath++;
          deps.requestLog(req, res);
          const { headers, body } = loginRedirectAnswer(req.headers.accept, location);
          const block = (securityBlocks[secure ? 1 : 0] ??= deps.securityHeaders(secure).flatMap(([n, v]) => [n, v])).concat(headers.flat());
          res.writeHead(302, block);
          if (method === 'HEAD') res.end();
          else res.end(body);
          return;
        }
      }
      // Only a visitor with a session is answered from memory: without one, the lookup (URL
      // parsing, route matching) would be work thrown away (a third of the redirect's CPU).
      let answer: MemoryAnswer | undefined;
      if (session !== false) {
        try {
          answer = deps.lookup(url);
        } catch {
          // Express meets the same failure in its own handler and answers it (500, never a stack).
        }
      }
      if (answer) {
        stats.fastPath++;
        deps.requestLog(req, res);
        const { body } = answer;
        const security = deps.securityHeaders(secure);
        // A renewed session token goes where the gate sets it: after the security headers.
        const withRenewal = (block: string[]) => (typeof session === 'string' ? [...block.slice(0, security.length * 2), 'Set-Cookie', session, ...block.slice(security.length * 2)] : block);
        const inm = req.headers['if-none-match'];
        if (body.status === 200 && inm && matchesEtag(inm, body.etag)) {
          res.writeHead(304, withRenewal(headerBlock(answer, '304', secure, security, 0)));
          res.end();
          return;
        }
        const enc = hasEncodings(body) ? pickEncoding(req.headers['accept-encoding']) : null;
        const variant: Variant = enc === 'br' && body.br ? 'br' : enc === 'gzip' && body.gzip ? 'gzip' : 'raw';
        const bytes = variant === 'br' ? body.br! : variant === 'gzip' ? body.gzip! : body.raw;
        res.writeHead(body.status, withRenewal(headerBlock(answer, variant, secure, security, bytes.length)));
        if (method === 'HEAD') res.end();
        else res.end(bytes);
        return;
      }
    }
    app(req, res);
  };
}
