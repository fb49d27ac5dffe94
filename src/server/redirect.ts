/**
 * The gate's 302 to the login page, as one list of headers and a body that the pipeline
 * (gate.ts requireSession) and the fast path (fast-path.ts) both write: after the security
 * headers, `Cache-Control: no-store`, `Location`, `Vary: Accept`, and a one-line body in what the
 * client accepts (plain text or HTML, or none), for a client that does not follow redirects.
 * The body is never compressed (a few dozen bytes).
 */
import type { IncomingMessage } from 'node:http';
import accepts from 'accepts';
import { NO_STORE } from './cache-control.ts';
import { memoize } from './memo.ts';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const NO_ACCEPT = '\0';
/**
 * The body type for an Accept value: the client's preference between text/plain and text/html
 * (`accepts`, the negotiation Express's res.format uses), or false for neither. A pure function of
 * the header, remembered: clients send a handful of distinct values. (No Accept header means
 * anything; an empty one nothing: two keys. A header value never holds NUL.)
 */
const negotiate = memoize((accept) => accepts({ headers: accept === NO_ACCEPT ? {} : { accept } } as IncomingMessage).types('text/plain', 'text/html') as string | false, 1_000);

/** The redirect's headers (after the security headers) and body, for this Accept header. */
export function loginRedirectAnswer(accept: string | undefined, location: string): { headers: [string, string][]; body: string } {
  const type = negotiate(accept ?? NO_ACCEPT);
  const body =
    type === 'text/plain'
      ? `Found. Redirecting to ${location}`
      : type === 'text/html'
        ? `<!DOCTYPE html><head><title>Found</title></head><body><p>Found. Redirecting to ${escapeHtml(location)}</p></body>`
        : '';
  const headers: [string, string][] = [
    ['Cache-Control', NO_STORE],
    ['Location', location],
    ['Vary', 'Accept'],
  ];
  if (type) headers.push(['Content-Type', `${type}; charset=utf-8`]);
  headers.push(['Content-Length', String(Buffer.byteLength(body))]);
  return { headers, body };
}
