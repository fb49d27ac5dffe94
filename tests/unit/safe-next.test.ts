import { test } from 'node:test';
import assert from 'node:assert/strict';
import { safeNext } from '../../src/server/gate.ts';

test('keeps same-origin paths with query and hash', () => {
  assert.equal(safeNext('/team'), '/team');
  assert.equal(safeNext('/team/eleanor-vance'), '/team/eleanor-vance');
  assert.equal(safeNext('/research?category=Sector%20Analysis'), '/research?category=Sector%20Analysis');
  assert.equal(safeNext('/news?type=Award#latest'), '/news?type=Award#latest');
  assert.equal(safeNext('/'), '/');
});

test('refuses other origins', () => {
  for (const next of [
    '//evil.com',
    '//evil.com/team',
    '///evil.com',
    '/\\evil.com',
    '/\\/evil.com',
    'https://evil.com',
    'http://127.0.0.1/team',
    'javascript:alert(1)',
    'evil.com',
    'team',
    '',
    ' /team',
  ]) {
    assert.equal(safeNext(next), '/', `accepted ${JSON.stringify(next)}`);
  }
});

test('refuses the login page and the API as destinations', () => {
  for (const next of ['/login', '/login?next=/team', '/api/team', '/api/logout', '/./login', '/team/../login', '/team/../api/team']) {
    assert.equal(safeNext(next), '/', `accepted ${next}`);
  }
});

test('refuses control characters, including encoded-looking tricks that decode to them', () => {
  for (const next of ['/team\n', '/\tteam', '/team\r\nSet-Cookie: x=1', '/\u0000', '/team\u001f']) {
    assert.equal(safeNext(next), '/', `accepted ${JSON.stringify(next)}`);
  }
});

test('refuses very long values and non-strings', () => {
  assert.equal(safeNext('/' + 'a'.repeat(5000)), '/');
  assert.equal(safeNext('/' + 'a'.repeat(100)), '/' + 'a'.repeat(100));
  for (const next of [undefined, null, 42, ['/team'], { next: '/team' }]) assert.equal(safeNext(next), '/');
});

test('normalises dot segments so the result is a plain path', () => {
  assert.equal(safeNext('/a/../team'), '/team');
  assert.ok(!safeNext('/%2F%2Fevil.com').startsWith('//'));
});
