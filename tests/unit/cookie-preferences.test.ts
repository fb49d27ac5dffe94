import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import {
  ACCEPT_ALL,
  DEFAULT_COOKIE_PREFERENCES,
  REJECT_NON_ESSENTIAL,
  hasStoredPreferences,
  parseCookiePreferences,
  readCookiePreferences,
  serializeCookiePreferences,
  writeCookiePreferences,
} from '../../src/app/cookie-preferences.ts';
import { createNoticeTimer } from '../../src/app/hooks/useCookiePreferences.ts';
import { COOKIE_PREFERENCES_KEY, COOKIE_SAVED_NOTICE_MS } from '../../src/app/constants.ts';

class MemoryStorage {
  data = new Map<string, string>();
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, String(v));
  }
}
const throwing = {
  getItem(): string | null {
    throw new Error('SecurityError');
  },
  setItem(): void {
    throw new Error('QuotaExceededError');
  },
};

test("the seed's key and notice time", () => {
  assert.equal(COOKIE_PREFERENCES_KEY, 'cookiePreferences');
  assert.equal(COOKIE_SAVED_NOTICE_MS, 3000);
});

test('defaults: essential on, analytics and marketing off', () => {
  assert.deepEqual(DEFAULT_COOKIE_PREFERENCES, { essential: true, analytics: false, marketing: false });
  assert.deepEqual(readCookiePreferences(new MemoryStorage()), DEFAULT_COOKIE_PREFERENCES);
  assert.deepEqual(readCookiePreferences(undefined), DEFAULT_COOKIE_PREFERENCES);
});

test('Accept All turns both on; Reject Non-Essential turns both off; essential stays on', () => {
  assert.deepEqual(ACCEPT_ALL, { essential: true, analytics: true, marketing: true });
  assert.deepEqual(REJECT_NON_ESSENTIAL, { essential: true, analytics: false, marketing: false });
});

test('saving stores exactly the three flags as JSON under cookiePreferences, and reads back', () => {
  const s = new MemoryStorage();
  assert.equal(writeCookiePreferences(s, { essential: true, analytics: true, marketing: false }), true);
  assert.deepEqual(JSON.parse(s.getItem(COOKIE_PREFERENCES_KEY)!), { essential: true, analytics: true, marketing: false });
  assert.deepEqual(readCookiePreferences(s), { essential: true, analytics: true, marketing: false });
  assert.equal(hasStoredPreferences(s), true);
  assert.equal(hasStoredPreferences(new MemoryStorage()), false);
});

test('essential cannot be stored or read as off', () => {
  assert.equal(serializeCookiePreferences({ analytics: false, marketing: true }), '{"essential":true,"analytics":false,"marketing":true}');
  assert.deepEqual(parseCookiePreferences('{"essential":false,"analytics":true,"marketing":true}'), ACCEPT_ALL);
});

test('unreadable stored values fall back to the defaults; only a literal true opts in', () => {
  for (const raw of [null, '', 'not json', '[]', '"yes"', '42', 'null', '{"analytics":"true","marketing":1}']) {
    assert.deepEqual(parseCookiePreferences(raw), DEFAULT_COOKIE_PREFERENCES, String(raw));
  }
  assert.deepEqual(parseCookiePreferences('{"marketing":true}'), { essential: true, analytics: false, marketing: true });
});

test('storage that refuses access (privacy settings, quota) is reported, not thrown', () => {
  assert.deepEqual(readCookiePreferences(throwing), DEFAULT_COOKIE_PREFERENCES);
  assert.equal(writeCookiePreferences(throwing, ACCEPT_ALL), false);
  assert.equal(writeCookiePreferences(undefined, ACCEPT_ALL), false);
  assert.equal(hasStoredPreferences(throwing), false);
});

test('the saved notice shows for exactly 3000 ms, and a second save restarts the time', () => {
  mock.timers.enable({ apis: ['setTimeout'] });
  try {
    const seen: boolean[] = [];
    let visible = false;
    const notice = createNoticeTimer(COOKIE_SAVED_NOTICE_MS, (v) => {
      visible = v;
      seen.push(v);
    });
    notice.show();
    assert.equal(visible, true);
    mock.timers.tick(COOKIE_SAVED_NOTICE_MS - 1);
    assert.equal(visible, true, 'still visible at 2999 ms');
    mock.timers.tick(1);
    assert.equal(visible, false, 'hidden at 3000 ms');

    notice.show();
    mock.timers.tick(2000);
    notice.show();
    mock.timers.tick(2000);
    assert.equal(visible, true, 'restarted by the second save');
    mock.timers.tick(1000);
    assert.equal(visible, false);
    assert.deepEqual(seen, [true, false, true, true, false]);

    notice.show();
    notice.cancel();
    mock.timers.tick(10_000);
    assert.equal(visible, true, 'cancel (unmount) stops the timer without calling back');
  } finally {
    mock.timers.reset();
  }
});

test('a held notice waits, and runs out the time that was left once released (issue 31 item 10)', () => {
  mock.timers.enable({ apis: ['setTimeout', 'Date'], now: 0 });
  try {
    let visible = false;
    const notice = createNoticeTimer(COOKIE_SAVED_NOTICE_MS, (v) => {
      visible = v;
    });
    notice.show();
    mock.timers.tick(1000);
    notice.hold();
    mock.timers.tick(60_000);
    assert.equal(visible, true, 'held: still shown a minute later');
    notice.release();
    mock.timers.tick(COOKIE_SAVED_NOTICE_MS - 1000 - 1);
    assert.equal(visible, true, 'the 2000 ms that were left, less 1 ms');
    mock.timers.tick(1);
    assert.equal(visible, false);
    // Held from the start (focus stayed on the button that saved): the whole time after release.
    notice.hold();
    notice.show();
    mock.timers.tick(10_000);
    assert.equal(visible, true);
    notice.release();
    mock.timers.tick(COOKIE_SAVED_NOTICE_MS);
    assert.equal(visible, false);
  } finally {
    mock.timers.reset();
  }
});
