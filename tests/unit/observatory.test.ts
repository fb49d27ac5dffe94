/**
 * The Observatory helper (tests/helpers/observatory.ts) against the scores the audit of issue 32
 * reported for b747b9d behind nginx: the page without HSTS 80 (B+), the sign-in answer with a
 * session cookie lacking Secure and no HSTS 40 (D+); and the rules that make the difference.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { observatoryScore } from '../helpers/observatory.ts';
import { securityHeaders } from '../../src/server/security.ts';

const headersOf = (secure: boolean, extra: Record<string, string | string[]> = {}) => ({
  ...Object.fromEntries(
    securityHeaders({ liveReload: false, noindex: true })
      .list(secure)
      .map(([n, v]) => [n.toLowerCase(), v]),
  ),
  ...extra,
});

test('b747b9d behind a proxy without X-Forwarded-Proto: the page 80 (B+), the sign-in answer 40 (D+)', () => {
  const page = observatoryScore({ headers: headersOf(false, { 'content-type': 'text/html; charset=utf-8' }), body: '<script src="/assets/b.js"></script>', redirection: 'to-https' });
  assert.deepEqual([page.score, page.grade], [80, 'B+']);
  assert.equal(page.tests['strict-transport-security'].modifier, -20);
  const signIn = observatoryScore({ headers: headersOf(false, { 'content-type': 'application/json', 'set-cookie': ['hrc_session=x; Path=/; HttpOnly; SameSite=Lax'] }), redirection: 'to-https' });
  assert.deepEqual([signIn.score, signIn.grade], [40, 'D+']);
  assert.equal(signIn.tests.cookies.result, 'cookies-session-without-secure-flag');
});

test('over HTTPS: every header scores; bonuses count only while the penalties leave 90 or more', () => {
  const page = observatoryScore({ headers: headersOf(true, { 'content-type': 'text/html; charset=utf-8' }), body: '<script src="/assets/b.js"></script>', redirection: 'to-https' });
  // CSP without unsafe sources +5, Referrer-Policy +5, frame-ancestors +5, CORP same-origin +10.
  assert.deepEqual([page.score, page.grade], [125, 'A+']);
  const signIn = observatoryScore({
    headers: headersOf(true, { 'content-type': 'application/json', 'set-cookie': ['__Host-hrc_session=x; Path=/; HttpOnly; Secure; SameSite=Lax'] }),
    redirection: 'to-https',
  });
  assert.equal(signIn.tests.cookies.result, 'cookies-secure-with-httponly-sessions-and-samesite');
  assert.deepEqual([signIn.score, signIn.grade], [130, 'A+']);
  // The same without a redirect from HTTP: -20 leaves 80, and below 90 the bonuses are lost.
  assert.equal(observatoryScore({ headers: headersOf(true), redirection: 'missing' }).score, 80);
  assert.equal(observatoryScore({ headers: {}, redirection: 'missing' }).score, 100 - 25 - 20 - 20 - 5 - 20);
});
