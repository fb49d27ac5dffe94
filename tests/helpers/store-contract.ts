/**
 * What every store (src/server/store/index.ts) must do, as one suite run against each
 * implementation: `storeContract(name, backend)` where `backend.create()` makes a new, empty store
 * and returns a way to open handles on it (two handles are two processes, or two hosts, sharing
 * it). tests/unit/store-contract.test.ts runs it on SQLite.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Store } from '../../src/server/store/index.ts';

export interface ContractBackend {
  /** A new, empty store; `open()` gives a handle on it (call it twice for two processes). */
  create(): Promise<{ open(): Promise<Store>; destroy(): Promise<void> }>;
}

const message = (i: number) => ({ name: `Sender ${i}`, email: `s${i}@example.com`, company: i % 2 ? 'Northwind' : '', message: `Message ${i}`, ip: `192.0.2.${i}` });
const at = (iso: string) => new Date(iso);

/** `skip`: why this implementation cannot be tested here (each test is skipped, saying so). */
export function storeContract(name: string, backend: ContractBackend, opts: { skip?: () => string | undefined } = {}) {
  /** One test on a fresh store; `another()` opens one more handle on it. */
  const withStore = (title: string, fn: (store: Store, another: () => Promise<Store>) => Promise<void>): void => {
    void test(`${name}: ${title}`, async (t) => {
      const skip = opts.skip?.();
      if (skip) return t.skip(skip);
      const created = await backend.create();
      const opened: Store[] = [];
      const open = async () => {
        const s = await created.open();
        await s.ready();
        opened.push(s);
        return s;
      };
      try {
        await fn(await open(), open);
      } finally {
        for (const s of opened) await s.close();
        await created.destroy();
      }
    });
  };

  withStore('messages are stored, listed oldest first, counted, and read since a date', async (store) => {
    const ids = [];
    ids.push(await store.messages.insert(message(1), { now: at('2026-01-01T10:00:00.000Z') }));
    ids.push(await store.messages.insert(message(2), { now: at('2026-01-02T10:00:00.000Z'), notify: true }));
    ids.push(await store.messages.insert(message(3), { now: at('2026-01-03T10:00:00.000Z') }));
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
      'ids grow',
    );
    const all = await store.messages.list();
    assert.deepEqual(
      all.map((m) => [m.id, m.name, m.company, m.ip, m.createdAt]),
      [
        [ids[0], 'Sender 1', 'Northwind', '192.0.2.1', '2026-01-01T10:00:00.000Z'],
        [ids[1], 'Sender 2', null, '192.0.2.2', '2026-01-02T10:00:00.000Z'],
        [ids[2], 'Sender 3', 'Northwind', '192.0.2.3', '2026-01-03T10:00:00.000Z'],
      ],
    );
    assert.equal(all[0].delivery, null, 'not e-mailed when notify was off');
    assert.deepEqual(all[1].delivery, { state: 'pending', attempts: 0, nextAttemptAt: '2026-01-02T10:00:00.000Z', sentAt: null, lastError: null });
    assert.equal(await store.messages.count(), 3);
    assert.deepEqual(
      (await store.messages.list({ since: '2026-01-02' })).map((m) => m.id),
      ids.slice(1),
    );
    assert.equal(await store.messages.countSince(at('2026-01-02T10:00:00.000Z')), 2);
    assert.equal(await store.messages.countSince(at('2026-01-03T10:00:00.001Z')), 0);
  });

  withStore('the outbox: one claim per due entry, a lease that expires, failures retried, sent once', async (store, another) => {
    const id = await store.messages.insert(message(1), { now: at('2026-01-01T10:00:00.000Z'), notify: true });
    const lease = 60_000;
    assert.equal(await store.outbox.nextDue(lease), '2026-01-01T10:00:00.000Z');
    assert.equal(await store.outbox.claim(at('2026-01-01T09:59:59.000Z'), lease), undefined, 'not due yet');
    // Two processes race for it: one wins.
    const other = await another();
    const now = at('2026-01-01T10:00:01.000Z');
    const claims = await Promise.all([store.outbox.claim(now, lease), other.outbox.claim(now, lease)]);
    const won = claims.filter(Boolean);
    assert.equal(won.length, 1, 'claimed once');
    assert.equal(won[0]!.message.id, id);
    assert.equal(won[0]!.attempts, 1);
    assert.match(won[0]!.messageId, new RegExp(`^<contact-${id}\\.[0-9a-f]+@`));
    // Claimed: not due until its lease ends; then claimed again (its process died).
    assert.equal(await store.outbox.nextDue(lease), '2026-01-01T10:01:01.000Z');
    assert.equal(await other.outbox.claim(at('2026-01-01T10:00:30.000Z'), lease), undefined);
    const again = await other.outbox.claim(at('2026-01-01T10:01:02.000Z'), lease);
    assert.equal(again?.attempts, 2);
    assert.equal(again?.messageId, won[0]!.messageId, 'the same Message-ID on every attempt');
    // A failure puts it back, due at the retry time, with the error.
    await other.outbox.failed(id, 'connect ECONNREFUSED', at('2026-01-01T10:05:00.000Z'));
    assert.equal(await store.outbox.nextDue(lease), '2026-01-01T10:05:00.000Z');
    assert.equal((await store.messages.list())[0].delivery?.lastError, 'connect ECONNREFUSED');
    const third = await store.outbox.claim(at('2026-01-01T10:05:00.000Z'), lease);
    assert.equal(third?.attempts, 3);
    await store.outbox.sent(id, at('2026-01-01T10:05:01.000Z'));
    assert.equal(await store.outbox.nextDue(lease), null);
    assert.equal(await store.outbox.claim(at('2026-02-01T00:00:00.000Z'), lease), undefined, 'sent: never again');
    const [m] = await store.messages.list();
    assert.deepEqual(m.delivery, { state: 'sent', attempts: 3, nextAttemptAt: null, sentAt: '2026-01-01T10:05:01.000Z', lastError: null });
  });

  withStore('retention deletes old settled messages and keeps one still waiting for its e-mail', async (store) => {
    const old = await store.messages.insert(message(1), { now: at('2025-01-01T00:00:00.000Z') });
    const oldSent = await store.messages.insert(message(2), { now: at('2025-01-02T00:00:00.000Z'), notify: true });
    const oldPending = await store.messages.insert(message(3), { now: at('2025-01-03T00:00:00.000Z'), notify: true });
    const recent = await store.messages.insert(message(4), { now: at('2026-01-01T00:00:00.000Z') });
    const claimed = await store.outbox.claim(at('2025-01-02T00:00:01.000Z'), 60_000);
    assert.equal(claimed?.message.id, oldSent);
    await store.outbox.sent(oldSent, at('2025-01-02T00:00:02.000Z'));
    assert.equal(await store.messages.deleteOlderThan(at('2025-06-01T00:00:00.000Z')), 2);
    assert.deepEqual(
      (await store.messages.list()).map((m) => m.id),
      [oldPending, recent],
    );
    assert.ok(old < oldPending);
    assert.equal(await store.messages.deleteOlderThan(at('2025-06-01T00:00:00.000Z')), 0, 'idempotent');
  });

  withStore('revoked sessions: recorded once, read from a cursor, seen by another process, forgotten after they expire', async (store, another) => {
    const now = at('2026-01-01T10:00:00.000Z');
    const first = await store.sessions.revokedSince(0, now);
    assert.deepEqual(first.revoked, []);
    await store.sessions.revoke({ id: 'session-a', expiresAt: now.getTime() + 60_000 });
    await store.sessions.revoke({ id: 'session-b', expiresAt: now.getTime() + 120_000 });
    await store.sessions.revoke({ id: 'session-a', expiresAt: now.getTime() + 30_000 }); // again: kept once, the later expiry
    const other = await another();
    const seen = await other.sessions.revokedSince(first.cursor, now);
    assert.deepEqual(seen.revoked.map((r) => r.id).sort(), ['session-a', 'session-b']);
    assert.equal(seen.revoked.find((r) => r.id === 'session-a')?.expiresAt, now.getTime() + 60_000);
    // After the cursor: nothing new (what was read may come again).
    const known = new Set(seen.revoked.map((r) => r.id));
    assert.deepEqual(
      (await other.sessions.revokedSince(seen.cursor, now)).revoked.filter((r) => !known.has(r.id)),
      [],
    );
    await store.sessions.revoke({ id: 'session-c', expiresAt: now.getTime() + 60_000 });
    assert.deepEqual(
      (await other.sessions.revokedSince(seen.cursor, now)).revoked.map((r) => r.id).filter((id) => !known.has(id)),
      ['session-c'],
    );
    // Past their expiry they are not read, and purged.
    const later = new Date(now.getTime() + 90_000);
    assert.deepEqual(
      (await store.sessions.revokedSince(0, later)).revoked.map((r) => r.id),
      ['session-b'],
    );
    assert.equal(await store.sessions.purgeExpired(later), 2);
    assert.equal(await store.sessions.purgeExpired(later), 0);
  });

  void test(`${name}: handles opened together on a new store all start (the schema is made once)`, async (t) => {
    const skip = opts.skip?.();
    if (skip) return t.skip(skip);
    const created = await backend.create();
    const handles = await Promise.all([created.open(), created.open(), created.open()]);
    try {
      await Promise.all(handles.map((h) => h.ready()));
      await Promise.all(handles.map((h, i) => h.messages.insert(message(i + 1))));
      assert.equal(await handles[0].messages.count(), 3);
    } finally {
      for (const h of handles) await h.close();
      await created.destroy();
    }
  });

  withStore('a write can be proved', async (store) => {
    await store.probeWrite();
    await store.probeWrite();
  });
}
