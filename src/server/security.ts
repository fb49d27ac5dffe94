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

export function securityHeaders(opts: { liveReload: boolean; noindex?: boolean }) {
  const httpCsp = contentSecurityPolicy({ https: false, ...opts });
  const httpsCsp = contentSecurityPolicy({ https: true, ...opts });
  return function setSecurityHeaders(req: Request, res: Response, next: NextFunction) {
    res.setHeader('Content-Security-Policy', req.secure ? httpsCsp : httpCsp);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    // Not no-referrer: same-origin form posts must carry an Origin we can check.
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    // While gated, the site is not indexed (SITE_ACCESS=public lets search engines in).
    if (opts.noindex !== false) res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}
