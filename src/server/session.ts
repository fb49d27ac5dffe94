/**
 * Session tokens: "<expiry ms>.<idle expiry ms>.<session id>.<HMAC-SHA256 signature>", base64url.
 * The signing key is derived from the secret AND the site password, so changing SITE_PASSWORD
 * invalidates every session; rotating SESSION_SECRET signs with the first and accepts all.
 *
 * Two limits, both inside the signed value: the absolute lifetime (`expiresAt`, from sign-in) and
 * the idle limit (`idleExpiresAt`): a token is renewed — same session id, same absolute expiry, a
 * later idle expiry — by the requests of a visitor who keeps using the site (gate.ts), so only a
 * visitor who stays away longer than the idle limit has to sign in again. Sign-out revokes the
 * session id (revocations.ts) until the last token it could have is expired. The cookie itself has
 * no Max-Age and ends with the browser session.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export interface SessionKeys {
  keys: Buffer[];
}

/** What a valid token says. */
export interface Session {
  /** The session's id: the same in every token of one sign-in (what sign-out revokes). */
  id: string;
  /** The absolute end (ms since the epoch). */
  expiresAt: number;
  /** The end if the visitor makes no request before it (at most `expiresAt`). */
  idleExpiresAt: number;
}

export function deriveKeys(secrets: string[], password: string): SessionKeys {
  return { keys: secrets.map((s) => createHmac('sha256', s).update('session-key\0').update(password).digest()) };
}

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

/** A new session's token; `idleMs` defaults to the whole lifetime (no idle limit). */
export function createSessionToken(k: SessionKeys, ttlMs: number, now = Date.now(), idleMs = ttlMs): string {
  const expiresAt = now + ttlMs;
  return signSession(k, { id: randomBytes(12).toString('base64url'), expiresAt, idleExpiresAt: Math.min(expiresAt, now + idleMs) });
}

/** The token of a session (a new one, or a renewal with a later idle expiry). */
export function signSession(k: SessionKeys, s: Session): string {
  const payload = `${s.expiresAt}.${s.idleExpiresAt}.${s.id}`;
  return `${payload}.${sign(k.keys[0], payload)}`;
}

const TIME = /^\d{1,15}$/;
const ID = /^[A-Za-z0-9_-]{16}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/** The session of a well-formed token, signed with one of the keys and within both limits; else null. Never throws. */
export function readSessionToken(k: SessionKeys, token: unknown, now = Date.now()): Session | null {
  if (typeof token !== 'string' || token.length > 200) return null;
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [exp, idle, id, sig] = parts;
  if (!TIME.test(exp) || !TIME.test(idle) || !ID.test(id) || !SIGNATURE.test(sig)) return null;
  const session = { id, expiresAt: Number(exp), idleExpiresAt: Number(idle) };
  if (!isCurrent(session, now)) return null;
  const given = Buffer.from(sig, 'base64url');
  const payload = `${exp}.${idle}.${id}`;
  let ok = false;
  for (const key of k.keys) {
    const expected = Buffer.from(sign(key, payload), 'base64url');
    // Check every key (no early exit) so timing does not reveal which one matched.
    if (expected.length === given.length && timingSafeEqual(expected, given)) ok = true;
  }
  return ok ? session : null;
}

/** True only for a well-formed token, signed with one of the keys and within both limits. */
export const verifySessionToken = (k: SessionKeys, token: unknown, now = Date.now()): boolean => readSessionToken(k, token, now) !== null;

const isCurrent = (s: Session, now: number) => s.expiresAt > now && s.idleExpiresAt > now;

/**
 * readSessionToken, remembering the tokens it has read with these keys, so that a signed-in
 * visitor's every request is not one more HMAC. Both limits are checked on every call; a failure
 * is never remembered (only tokens signed with our keys can fill the memory, and only a sign-in or
 * a renewal makes those); at most `max` tokens are kept (all forgotten when full).
 */
export function createSessionVerifier(k: SessionKeys, max = 10_000) {
  const read = new Map<string, Session>();
  return (token: unknown, now = Date.now()): Session | null => {
    if (typeof token !== 'string') return null;
    const known = read.get(token);
    if (known) return isCurrent(known, now) ? known : null;
    const session = readSessionToken(k, token, now);
    if (!session) return null;
    if (read.size >= max) read.clear();
    read.set(token, session);
    return session;
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
