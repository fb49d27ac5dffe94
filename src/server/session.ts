/**
 * Session tokens: "<expiry ms>.<random id>.<HMAC-SHA256 signature>", base64url.
 * The signing key is derived from the secret AND the site password, so changing SITE_PASSWORD
 * invalidates every session; rotating SESSION_SECRET signs with the first and accepts all.
 * The expiry inside the signed value is the absolute lifetime (the cookie itself has no
 * Max-Age and ends with the browser session).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface SessionKeys {
  keys: Buffer[];
}

export function deriveKeys(secrets: string[], password: string): SessionKeys {
  return { keys: secrets.map((s) => createHmac('sha256', s).update('session-key\0').update(password).digest()) };
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function createSessionToken(k: SessionKeys, ttlMs: number, now = Date.now()): string {
  const payload = `${now + ttlMs}.${randomBytes(12).toString('base64url')}`;
  return `${payload}.${sign(k.keys[0], payload)}`;
}

/** True only for a well-formed, unexpired token signed with one of the keys. Never throws. */
export function verifySessionToken(k: SessionKeys, token: unknown, now = Date.now()): boolean {
  if (typeof token !== 'string' || token.length > 200) return false;
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  const [exp, id, sig] = parts;
  if (!/^\d{1,15}$/.test(exp) || !/^[A-Za-z0-9_-]{16}$/.test(id) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
  if (Number(exp) <= now) return false;
  const given = Buffer.from(sig, 'base64url');
  const payload = `${exp}.${id}`;
  let ok = false;
  for (const key of k.keys) {
    const expected = Buffer.from(sign(key, payload), 'base64url');
    // Check every key (no early exit) so timing does not reveal which one matched.
    if (expected.length === given.length && timingSafeEqual(expected, given)) ok = true;
  }
  return ok;
}

/**
 * verifySessionToken, remembering the tokens it has verified with these keys, so that a signed-in
 * visitor's every request is not one more HMAC. The expiry inside the token is checked on every
 * call; a failure is never remembered (only tokens signed with our keys can fill the memory, and
 * only a login makes those); at most `max` tokens are kept (all forgotten when full).
 */
export function createSessionVerifier(k: SessionKeys, max = 10_000) {
  const verified = new Map<string, number>(); // token → its expiry (ms)
  return (token: unknown, now = Date.now()): boolean => {
    if (typeof token !== 'string') return false;
    const exp = verified.get(token);
    if (exp !== undefined) return exp > now;
    if (!verifySessionToken(k, token, now)) return false;
    if (verified.size >= max) verified.clear();
    verified.set(token, Number(token.slice(0, token.indexOf('.'))));
    return true;
  };
}

/** Constant-time password comparison (hashing first makes the lengths equal). */
export function passwordMatches(given: string, expected: string): boolean {
  const a = createHmac('sha256', 'pw').update(given).digest();
  const b = createHmac('sha256', 'pw').update(expected).digest();
  return timingSafeEqual(a, b);
}

const isSpace = (c: number) => c === 0x20 || c === 0x09;
/**
 * One cookie's value from a Cookie header, read exactly as cookie-parser reads it (the `cookie`
 * package's parse: pairs split on ";", name and value trimmed of spaces and tabs, the first pair
 * of a name wins, surrounding double quotes dropped, %-decoded when it holds a "%", kept as is when
 * that fails) — without building an object of every cookie. undefined when absent. (A "j:" value,
 * which cookie-parser turns into an object, is returned as its text: neither is a session token.)
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header || header.indexOf(name) === -1) return undefined;
  const len = header.length;
  let index = 0;
  while (index < len) {
    let end = header.indexOf(';', index);
    if (end === -1) end = len;
    const eq = header.indexOf('=', index);
    if (eq !== -1 && eq < end) {
      let ks = index;
      while (ks < eq && isSpace(header.charCodeAt(ks))) ks++;
      let ke = eq;
      while (ke > ks && isSpace(header.charCodeAt(ke - 1))) ke--;
      if (ke - ks === name.length && header.startsWith(name, ks)) {
        let vs = eq + 1;
        while (vs < end && isSpace(header.charCodeAt(vs))) vs++;
        let ve = end;
        while (ve > vs && isSpace(header.charCodeAt(ve - 1))) ve--;
        if (header.charCodeAt(vs) === 0x22 && header.charCodeAt(ve - 1) === 0x22) {
          vs++;
          ve--;
        }
        const value = header.slice(vs, ve);
        if (value.indexOf('%') === -1) return value;
        try {
          return decodeURIComponent(value);
        } catch {
          return value;
        }
      }
    }
    index = end + 1;
  }
  return undefined;
}
