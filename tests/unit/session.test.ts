import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSessionToken, createSessionVerifier, deriveKeys, passwordMatches, readSessionToken, signSession, verifySessionToken } from '../../src/server/session.ts';

const SECRET_A = 'a'.repeat(40);
const SECRET_B = 'b'.repeat(40);
const PASSWORD = 'correct horse battery staple';
const TTL = 12 * 60 * 60_000;

test('a fresh token verifies with the same keys', () => {
  const keys = deriveKeys([SECRET_A], PASSWORD);
  const token = createSessionToken(keys, TTL);
  assert.equal(verifySessionToken(keys, token), true);
});

test('two tokens are never the same (random id)', () => {
  const keys = deriveKeys([SECRET_A], PASSWORD);
  const now = Date.now();
  assert.notEqual(createSessionToken(keys, TTL, now), createSessionToken(keys, TTL, now));
});

test('a token expires at its absolute lifetime', () => {
  const keys = deriveKeys([SECRET_A], PASSWORD);
  const t0 = 1_700_000_000_000;
  const token = createSessionToken(keys, TTL, t0);
  assert.equal(verifySessionToken(keys, token, t0 + TTL - 1), true, 'valid just before expiry');
  assert.equal(verifySessionToken(keys, token, t0 + TTL), false, 'invalid at expiry');
  assert.equal(verifySessionToken(keys, token, t0 + TTL + 60_000), false, 'invalid after expiry');
});

test('a token signed in the past with a lifetime that has run out is rejected now', () => {
  const keys = deriveKeys([SECRET_A], PASSWORD);
  const token = createSessionToken(keys, TTL, Date.now() - TTL - 1000);
  assert.equal(verifySessionToken(keys, token), false);
});

test('tampering with the expiry invalidates the signature', () => {
  const keys = deriveKeys([SECRET_A], PASSWORD);
  const token = createSessionToken(keys, 1000, 1_700_000_000_000);
  const [exp, idle, id, sig] = token.split('.');
  const later = (t: string) => `${Number(t) + 10 * 365 * 24 * 3600_000}`;
  assert.equal(verifySessionToken(keys, `${later(exp)}.${idle}.${id}.${sig}`, 1_700_000_000_500), false);
  assert.equal(verifySessionToken(keys, `${later(exp)}.${later(idle)}.${id}.${sig}`, 1_700_000_000_500), false);
  assert.equal(verifySessionToken(keys, `${exp}.${later(idle)}.${id}.${sig}`, 1_700_000_000_500), false);
});

test('tampering with the id or the signature is rejected', () => {
  const keys = deriveKeys([SECRET_A], PASSWORD);
  const token = createSessionToken(keys, TTL);
  const [exp, idle, id, sig] = token.split('.');
  const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
  assert.equal(verifySessionToken(keys, `${exp}.${idle}.${flip(id)}.${sig}`), false);
  assert.equal(verifySessionToken(keys, `${exp}.${idle}.${id}.${flip(sig)}`), false);
});

test('a forged token (signed with another secret) is rejected', () => {
  const keys = deriveKeys([SECRET_A], PASSWORD);
  const forger = deriveKeys(['x'.repeat(40)], PASSWORD);
  assert.equal(verifySessionToken(keys, createSessionToken(forger, TTL)), false);
});

test('truncated, garbage and non-string tokens are rejected without throwing', () => {
  const keys = deriveKeys([SECRET_A], PASSWORD);
  const token = createSessionToken(keys, TTL);
  const bad: unknown[] = [
    token.slice(0, -1),
    token.slice(0, token.lastIndexOf('.')),
    token + 'A',
    token + '.x',
    '',
    '...',
    'garbage',
    'a.b.c',
    'a.b.c.d',
    `${'9'.repeat(15)}.${'9'.repeat(15)}.${'A'.repeat(16)}.${'A'.repeat(43)}`,
    token.split('.').slice(1).join('.'),
    token.split('.').toSpliced(1, 1).join('.'),
    '\u0000\u0001',
    'é'.repeat(50),
    'x'.repeat(10_000),
    token.replace(/\./g, '%2E'),
    undefined,
    null,
    42,
    {},
    [token],
    Buffer.from(token),
  ];
  for (const t of bad) assert.equal(verifySessionToken(keys, t), false, `accepted ${String(t).slice(0, 40)}`);
});

test('rotation: signs with the first secret and accepts every listed secret', () => {
  const old = deriveKeys([SECRET_A], PASSWORD);
  const rotated = deriveKeys([SECRET_B, SECRET_A], PASSWORD);
  const onlyNew = deriveKeys([SECRET_B], PASSWORD);
  const oldToken = createSessionToken(old, TTL);
  assert.equal(verifySessionToken(rotated, oldToken), true, 'a session from before the rotation still works');
  const newToken = createSessionToken(rotated, TTL);
  assert.equal(verifySessionToken(onlyNew, newToken), true, 'new tokens are signed with the first secret');
  assert.equal(verifySessionToken(old, newToken), false, 'new tokens are not signed with the old secret');
  assert.equal(verifySessionToken(onlyNew, oldToken), false, 'once the old secret is removed, its tokens stop working');
});

test('changing the site password invalidates existing tokens', () => {
  const before = deriveKeys([SECRET_A], PASSWORD);
  const after = deriveKeys([SECRET_A], PASSWORD + '!');
  const token = createSessionToken(before, TTL);
  assert.equal(verifySessionToken(after, token), false);
  assert.equal(verifySessionToken(deriveKeys([SECRET_A], PASSWORD), token), true, 'same password and secret still verify');
});

test('passwordMatches compares exactly', () => {
  assert.equal(passwordMatches(PASSWORD, PASSWORD), true);
  assert.equal(passwordMatches(PASSWORD + ' ', PASSWORD), false);
  assert.equal(passwordMatches(PASSWORD.toUpperCase(), PASSWORD), false);
  assert.equal(passwordMatches('', PASSWORD), false);
  assert.equal(passwordMatches(PASSWORD.slice(0, -1), PASSWORD), false);
});

test('the remembering verifier answers as verifySessionToken does, expiry included, and never remembers a failure', () => {
  const keys = deriveKeys([SECRET_A], PASSWORD);
  const verify = createSessionVerifier(keys, 3);
  const t0 = 1_700_000_000_000;
  const token = createSessionToken(keys, TTL, t0);
  assert.ok(verify(token, t0));
  assert.ok(verify(token, t0 + 1000), 'remembered');
  assert.ok(verify(token, t0 + TTL - 1));
  assert.equal(verify(token, t0 + TTL), null, 'a remembered token still expires');
  const [exp, idle, id, sig] = token.split('.');
  const forged = `${Number(exp) + 1}.${idle}.${id}.${sig}`;
  for (let i = 0; i < 3; i++) assert.equal(verify(forged, t0), null, 'forged, every time');
  const otherKeys = createSessionToken(deriveKeys([SECRET_B], PASSWORD), TTL, t0);
  assert.equal(verify(otherKeys, t0), null);
  for (const bad of [undefined, null, 42, '', 'a.b.c', token + 'x']) assert.equal(verify(bad, t0), null, String(bad));
  // Full memory is forgotten, not grown: more valid tokens than `max` still verify.
  for (let i = 0; i < 10; i++) assert.ok(verify(createSessionToken(keys, TTL, t0), t0));
  assert.ok(verify(token, t0 + 1));
});

test('the idle limit: a token unused for longer than it is refused, a renewal (same id, later idle expiry) goes on to the absolute end', () => {
  const keys = deriveKeys([SECRET_A], PASSWORD);
  const t0 = 1_700_000_000_000;
  const IDLE = 60 * 60_000;
  const token = createSessionToken(keys, TTL, t0, IDLE);
  const session = readSessionToken(keys, token, t0)!;
  assert.deepEqual({ expiresAt: session.expiresAt, idleExpiresAt: session.idleExpiresAt }, { expiresAt: t0 + TTL, idleExpiresAt: t0 + IDLE });
  assert.ok(readSessionToken(keys, token, t0 + IDLE - 1));
  assert.equal(readSessionToken(keys, token, t0 + IDLE), null, 'idle for the whole limit: ended');
  // Renewed at t0 + 50 min: valid until t0 + 110 min, same session id.
  const renewed = signSession(keys, { ...session, idleExpiresAt: t0 + 110 * 60_000 });
  assert.equal(readSessionToken(keys, renewed, t0 + 100 * 60_000)?.id, session.id);
  // Never past the absolute expiry, whatever the idle expiry says.
  const stretched = signSession(keys, { ...session, idleExpiresAt: t0 + TTL + IDLE });
  assert.equal(readSessionToken(keys, stretched, t0 + TTL), null);
});

test('readCookie reads a cookie exactly as cookie-parser does (the fast path reads the session with it)', async () => {
  const { readCookie } = await import('../../src/server/session.ts');
  const { default: cookieParser } = await import('cookie-parser');
  const parse = cookieParser();
  const viaParser = (header: string, name: string) => {
    const req = { headers: { cookie: header } } as unknown as import('express').Request;
    parse(req, {} as import('express').Response, () => {});
    const v = (req.cookies as Record<string, unknown>)[name];
    return typeof v === 'string' ? v : undefined;
  };
  const headers = [
    'hrc_session=abc',
    ' hrc_session = abc ',
    'a=1; hrc_session=abc; b=2',
    'hrc_session=first; hrc_session=second',
    'hrc_session="quoted"',
    'hrc_session=%61bc',
    'hrc_session=%E0%A4%A',
    'xhrc_session=1; hrc_session=2',
    'hrc_session_x=1',
    'hrc_session',
    'a; hrc_session=3',
    'hrc_session=',
    '\thrc_session=\tv\t',
    'a=1;;hrc_session=4;',
    'hrc_session=j:{"a":1}',
    'hrc_session=a=b',
    '\u00a0hrc_session=5',
    'other=hrc_session; hrc_session=6',
    '',
  ];
  for (const h of headers) {
    const ours = readCookie(h, 'hrc_session');
    // cookie-parser turns a "j:" value into an object (JSON cookie); readCookie keeps its text. Neither is a token.
    if (ours?.startsWith('j:')) assert.equal(viaParser(h, 'hrc_session'), undefined, JSON.stringify(h));
    else assert.equal(ours, viaParser(h, 'hrc_session'), JSON.stringify(h));
  }
  assert.equal(readCookie(undefined, 'hrc_session'), undefined);
});
