/**
 * The MDN HTTP Observatory's score for one answer, by its published rules (github.com/mdn/
 * mdn-http-observatory: src/grader/charts.js for the modifiers, src/analyzer/tests/*.js for how
 * each test reads the headers; scanner/index.js for the sum), for the tests that read headers:
 * CSP, cookies, CORS, redirection, Referrer-Policy, HSTS, SRI, X-Content-Type-Options,
 * X-Frame-Options, Cross-Origin-Resource-Policy. Every site starts at 100; penalties add up;
 * bonuses count only when the score without them is 90 or more.
 *
 * What a test cannot know here is passed in: whether plain HTTP redirects to HTTPS on the same
 * host (`redirection`), and that the certificate is valid (the test's throwaway one stands in
 * for a real certificate; Observatory gives -20 for an invalid chain). HSTS preloading (+5) is
 * never assumed. <meta http-equiv> policies are not read: the site sends none.
 */
export type Redirection = 'to-https' | 'not-needed' | 'missing' | 'not-to-https';

export interface ObservatoryInput {
  /** Response headers, lower-case names (as node:http gives them). */
  headers: Record<string, string | string[] | undefined>;
  /** The HTML body, for SRI (ignored for other types). */
  body?: string;
  redirection: Redirection;
}

export interface ObservatoryScore {
  score: number;
  grade: string;
  tests: Record<string, { result: string; modifier: number }>;
}

const DANGEROUSLY_BROAD = new Set(['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*']);
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:']);
const BROAD_OR_INLINE = new Set([...DANGEROUSLY_BROAD, ...UNSAFE_INLINE]);

const all = (h: ObservatoryInput['headers'], name: string): string[] => {
  const v = h[name];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
};

function parseCsp(policies: string[]): Map<string, Set<string>> | null {
  const csp = new Map<string, Set<string>>();
  for (const policy of policies.flatMap((p) => p.split(','))) {
    for (const directive of policy.split(';')) {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (!name) continue;
      if (!/^[a-z-]+$/i.test(name)) return null;
      const key = name.toLowerCase();
      if (!csp.has(key)) csp.set(key, new Set(sources.map((s) => s.toLowerCase())));
    }
  }
  return csp;
}

function cspTest(input: ObservatoryInput): { result: string; modifier: number; frameAncestors: boolean } {
  const csp = parseCsp(all(input.headers, 'content-security-policy'));
  if (!csp) return { result: 'csp-header-invalid', modifier: -25, frameAncestors: false };
  if (!csp.size) return { result: 'csp-not-implemented', modifier: -25, frameAncestors: false };
  const get = (d: string, fallback = true) => csp.get(d) ?? (fallback ? csp.get('default-src') : undefined) ?? new Set(['*']);
  const scriptSrc = get('script-src');
  const objectSrc = get('object-src');
  const styleSrc = get('style-src');
  const frameAncestors = csp.has('frame-ancestors') && ![...csp.get('frame-ancestors')!].some((s) => DANGEROUSLY_BROAD.has(s));
  let result: [string, number] | null = null;
  if ([...scriptSrc].some((s) => BROAD_OR_INLINE.has(s)) || [...objectSrc].some((s) => DANGEROUSLY_BROAD.has(s))) result ??= ['csp-implemented-with-unsafe-inline', -20];
  const active = [...csp.entries()].filter(([d]) => d !== 'img-src' && d !== 'media-src' && d !== 'script-src').flatMap(([, s]) => [...s]);
  if ([...active, ...scriptSrc].some((s) => s.startsWith('http:') || s.startsWith('ftp:'))) result ??= ['csp-implemented-with-insecure-scheme', -20];
  if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'")) result ??= ['csp-implemented-with-unsafe-eval', -10];
  const passive = ['img-src', 'media-src'].flatMap((d) => [...(csp.get(d) ?? csp.get('default-src') ?? [])]);
  if (passive.some((s) => s.startsWith('http:') || s.startsWith('ftp:'))) result ??= ['csp-implemented-with-insecure-scheme-in-passive-content-only', -10];
  if ([...styleSrc].some((s) => BROAD_OR_INLINE.has(s))) result ??= ['csp-implemented-with-unsafe-inline-in-style-src-only', 0];
  const defaultSrc = csp.get('default-src');
  if (defaultSrc?.has("'none'") && defaultSrc.size === 1) result ??= ['csp-implemented-with-no-unsafe-default-src-none', 10];
  result ??= ['csp-implemented-with-no-unsafe', 5];
  return { result: result[0], modifier: result[1], frameAncestors };
}

interface Cookie {
  name: string;
  secure: boolean;
  httpOnly: boolean;
  sameSite: string | null;
}
const parseCookie = (line: string): Cookie => {
  const [pair, ...attrs] = line.split(';').map((p) => p.trim());
  const attr = (n: string) => attrs.find((a) => a.split('=')[0].trim().toLowerCase() === n);
  const sameSite = attr('samesite');
  return { name: pair.split('=')[0], secure: !!attr('secure'), httpOnly: !!attr('httponly'), sameSite: sameSite ? (sameSite.split('=')[1] ?? '').trim() : null };
};

function cookiesTest(input: ObservatoryInput, hsts: boolean): { result: string; modifier: number } {
  const cookies = all(input.headers, 'set-cookie').map(parseCookie);
  if (!cookies.length) return { result: 'cookies-not-found', modifier: 0 };
  // Worst first, as the analyzer's "goodness" order ranks them.
  const order: [string, number][] = [
    ['cookies-session-without-secure-flag', -40],
    ['cookies-session-without-httponly-flag', -30],
    ['cookies-anticsrf-without-samesite-flag', -20],
    ['cookies-samesite-flag-invalid', -20],
    ['cookies-session-without-secure-flag-but-protected-by-hsts', -10],
    ['cookies-without-secure-flag', -20],
    ['cookies-without-secure-flag-but-protected-by-hsts', -5],
  ];
  const found = new Set<string>();
  for (const c of cookies) {
    const session = ['login', 'sess'].some((i) => c.name.toLowerCase().includes(i));
    if (c.sameSite !== null && !['lax', 'strict', 'none'].includes(c.sameSite.toLowerCase())) found.add('cookies-samesite-flag-invalid');
    if (!c.secure && c.sameSite?.toLowerCase() === 'none') found.add('cookies-samesite-flag-invalid');
    if (!c.secure) found.add(hsts ? 'cookies-without-secure-flag-but-protected-by-hsts' : 'cookies-without-secure-flag');
    if (c.name.toLowerCase().includes('csrf') && !c.sameSite) found.add('cookies-anticsrf-without-samesite-flag');
    if (session && !c.secure) found.add(hsts ? 'cookies-session-without-secure-flag-but-protected-by-hsts' : 'cookies-session-without-secure-flag');
    if (session && !c.httpOnly) found.add('cookies-session-without-httponly-flag');
  }
  const worst = order.find(([r]) => found.has(r));
  if (worst) return { result: worst[0], modifier: worst[1] };
  return cookies.every((c) => c.sameSite) ? { result: 'cookies-secure-with-httponly-sessions-and-samesite', modifier: 5 } : { result: 'cookies-secure-with-httponly-sessions', modifier: 0 };
}

function hstsTest(input: ObservatoryInput): { result: string; modifier: number; pass: boolean } {
  const [header] = all(input.headers, 'strict-transport-security');
  if (!header) return { result: 'hsts-not-implemented', modifier: -20, pass: false };
  if (header.includes(',')) return { result: 'hsts-header-invalid', modifier: -20, pass: false };
  const maxAge = header
    .split(';')
    .map((p) => p.trim().toLowerCase())
    .find((p) => p.startsWith('max-age='));
  if (!maxAge) return { result: 'hsts-header-invalid', modifier: -20, pass: false };
  return Number.parseInt(maxAge.slice(8), 10) < 15_552_000
    ? { result: 'hsts-implemented-max-age-less-than-six-months', modifier: -10, pass: false }
    : { result: 'hsts-implemented-max-age-at-least-six-months', modifier: 0, pass: true };
}

function referrerTest(input: ObservatoryInput): { result: string; modifier: number } {
  const good = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'];
  const bad = ['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'];
  const values = all(input.headers, 'referrer-policy');
  if (!values.length) return { result: 'referrer-policy-not-implemented', modifier: 0 };
  const policy =
    values
      .join(', ')
      .split(',')
      .map((v) => v.trim().toLowerCase())
      .filter((v) => good.includes(v) || bad.includes(v))
      .at(-1) ?? '';
  if (good.includes(policy)) return { result: 'referrer-policy-private', modifier: 5 };
  if (bad.includes(policy)) return { result: 'referrer-policy-unsafe', modifier: -5 };
  return { result: 'referrer-policy-header-invalid', modifier: -5 };
}

function sriTest(input: ObservatoryInput): { result: string; modifier: number } {
  const type = String(all(input.headers, 'content-type')[0] ?? '').split(';')[0];
  if (type && type !== 'text/html' && type !== 'application/xhtml+xml') return { result: 'sri-not-implemented-response-not-html', modifier: 0 };
  const scripts = [...(input.body ?? '').matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]);
  if (!scripts.length) return { result: 'sri-not-implemented-but-no-scripts-loaded', modifier: 0 };
  const external = scripts.map((attrs) => /\bsrc="([^"]*)"/i.exec(attrs)?.[1]).filter((src): src is string => !!src && (/^https?:\/\//i.test(src) || src.startsWith('//')));
  if (external.length) throw new Error(`observatory helper: external scripts are not scored here (${external.join(', ')})`);
  const withIntegrity = scripts.some((attrs) => /\bsrc=/.test(attrs) && /\bintegrity=/.test(attrs));
  return withIntegrity ? { result: 'sri-implemented-and-all-scripts-loaded-securely', modifier: 5 } : { result: 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin', modifier: 0 };
}

function xctoTest(input: ObservatoryInput): { result: string; modifier: number } {
  const [v] = all(input.headers, 'x-content-type-options');
  if (!v) return { result: 'x-content-type-options-not-implemented', modifier: -5 };
  return v.trim().toLowerCase() === 'nosniff' ? { result: 'x-content-type-options-nosniff', modifier: 0 } : { result: 'x-content-type-options-header-invalid', modifier: -5 };
}

function xfoTest(input: ObservatoryInput, viaCsp: boolean): { result: string; modifier: number } {
  if (viaCsp) return { result: 'x-frame-options-implemented-via-csp', modifier: 5 };
  const [v] = all(input.headers, 'x-frame-options');
  if (!v) return { result: 'x-frame-options-not-implemented', modifier: -20 };
  const x = v.trim().toLowerCase();
  if (x === 'deny' || x === 'sameorigin') return { result: 'x-frame-options-sameorigin-or-deny', modifier: 0 };
  if (x.startsWith('allow-from')) return { result: 'x-frame-options-allow-from-origin', modifier: 0 };
  return { result: 'x-frame-options-header-invalid', modifier: -20 };
}

function corpTest(input: ObservatoryInput): { result: string; modifier: number } {
  const [v] = all(input.headers, 'cross-origin-resource-policy');
  if (!v) return { result: 'cross-origin-resource-policy-not-implemented', modifier: 0 };
  const x = v.trim().toLowerCase();
  if (x === 'same-origin') return { result: 'cross-origin-resource-policy-implemented-with-same-origin', modifier: 10 };
  if (x === 'same-site') return { result: 'cross-origin-resource-policy-implemented-with-same-site', modifier: 10 };
  if (x === 'cross-origin') return { result: 'cross-origin-resource-policy-implemented-with-cross-origin', modifier: 0 };
  return { result: 'cross-origin-resource-policy-header-invalid', modifier: -5 };
}

function corsTest(input: ObservatoryInput): { result: string; modifier: number } {
  const [acao] = all(input.headers, 'access-control-allow-origin');
  if (!acao) return { result: 'cross-origin-resource-sharing-not-implemented', modifier: 0 };
  if (acao.trim() === '*') return { result: 'cross-origin-resource-sharing-implemented-with-public-access', modifier: 0 };
  const credentials = String(all(input.headers, 'access-control-allow-credentials')[0] ?? '').toLowerCase() === 'true';
  return credentials
    ? { result: 'cross-origin-resource-sharing-implemented-with-universal-access', modifier: -50 }
    : { result: 'cross-origin-resource-sharing-implemented-with-restricted-access', modifier: 0 };
}

const REDIRECTION: Record<Redirection, [string, number]> = {
  'to-https': ['redirection-to-https', 0],
  'not-needed': ['redirection-not-needed-no-http', 0],
  missing: ['redirection-missing', -20],
  'not-to-https': ['redirection-not-to-https', -20],
};

const GRADES: [number, string][] = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
];

export function observatoryScore(input: ObservatoryInput): ObservatoryScore {
  const csp = cspTest(input);
  const hsts = hstsTest(input);
  const tests: ObservatoryScore['tests'] = {
    'content-security-policy': { result: csp.result, modifier: csp.modifier },
    cookies: cookiesTest(input, hsts.pass),
    'cross-origin-resource-sharing': corsTest(input),
    redirection: { result: REDIRECTION[input.redirection][0], modifier: REDIRECTION[input.redirection][1] },
    'referrer-policy': referrerTest(input),
    'strict-transport-security': { result: hsts.result, modifier: hsts.modifier },
    'subresource-integrity': sriTest(input),
    'x-content-type-options': xctoTest(input),
    'x-frame-options': xfoTest(input, csp.frameAncestors),
    'cross-origin-resource-policy': corpTest(input),
  };
  const modifiers = Object.values(tests).map((t) => t.modifier);
  const uncurved = 100 + modifiers.filter((m) => m < 0).reduce((a, b) => a + b, 0);
  const score = Math.max(0, uncurved >= 90 ? 100 + modifiers.reduce((a, b) => a + b, 0) : uncurved);
  const grade = GRADES.find(([min]) => Math.min(score - (score % 5), 100) >= min)![1];
  return { score, grade, tests };
}
