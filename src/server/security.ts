/**
 * Security headers for every response (OWASP Secure Headers, Mozilla Observatory).
 * The CSP has no nonce: every script is an external file from 'self' and the data embedded in
 * pages is a non-executable JSON block, so a cached page stays valid for every visitor.
 */
import type { Request, Response, NextFunction } from 'express';

export function contentSecurityPolicy(opts: { https: boolean; liveReload: boolean }): string {
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "manifest-src 'self'",
    "worker-src 'none'",
  ];
  if (opts.https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** Strict-Transport-Security on every HTTPS answer: a year (Observatory's ≥ 6 months), subdomains too. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/** The headers every response carries, in order: [name, value] pairs (HSTS and the https CSP when secure). */
export type HeaderList = readonly (readonly [string, string])[];

export function securityHeaders(opts: { liveReload: boolean; noindex?: boolean }) {
  const build = (secure: boolean): HeaderList => {
    const list: [string, string][] = [
      ['Content-Security-Policy', contentSecurityPolicy({ https: secure, ...opts })],
      ['X-Content-Type-Options', 'nosniff'],
      // Not no-referrer: same-origin form posts must carry an Origin we can check.
      ['Referrer-Policy', 'strict-origin-when-cross-origin'],
      ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()'],
      ['Cross-Origin-Opener-Policy', 'same-origin'],
      ['Cross-Origin-Resource-Policy', 'same-origin'],
      ['X-Frame-Options', 'DENY'],
    ];
    // While gated, the site is not indexed (SITE_ACCESS=public lets search engines in).
    if (opts.noindex !== false) list.push(['X-Robots-Tag', 'noindex, nofollow']);
    if (secure) list.push(['Strict-Transport-Security', HSTS]);
    return list;
  };
  const http = build(false);
  const https = build(true);
  /** The list for a request (req.secure): the middleware sets it; the fast path writes it pre-built. */
  const list = (secure: boolean) => (secure ? https : http);
  function setSecurityHeaders(req: Request, res: Response, next: NextFunction) {
    for (const [name, value] of list(req.secure)) res.setHeader(name, value);
    next();
  }
  return Object.assign(setSecurityHeaders, { list });
}
