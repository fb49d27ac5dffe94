/**
 * Sessions ended by sign-out, checked on every request (gate.ts, the fast path included).
 *
 * The list lives in the store (shared by every process and host that shares the store) and is
 * mirrored here, in memory, so that the check is a Map lookup rather than a database read per
 * request: a sign-out is in this process's mirror at once, and in every other process's within
 * `syncMs` (each reads what was added since its last read). A revocation is kept only until the
 * last token its session could have has expired by itself — the idle limit after the sign-out,
 * or the absolute expiry if sooner — so the list is bounded by the tokens' lifetime.
 *
 * A sign-out while the store cannot be written (a database outage) is in force here at once and
 * kept until the store answers: the next read stores it first, so every other process and host
 * learns of it then (not never).
 */
import type { Logger } from './log.ts';
import type { Revocation, Store } from './store/index.ts';

export interface Revocations {
  /** Whether a session id was revoked (and its revocation still matters at `now`). */
  has(id: string, now?: number): boolean;
  /** Revokes at once here, and in the store for every other process (rejects when the store fails: kept, stored later). */
  revoke(revocation: Revocation): Promise<void>;
  /** Resolves after the first read of the store (start). */
  ready(): Promise<void>;
  stop(): void;
}

export function createRevocations(store: Store, log: Logger, opts: { syncMs?: number; purgeEveryMs?: number } = {}): Revocations {
  const syncMs = opts.syncMs ?? 1_000;
  const purgeEveryMs = opts.purgeEveryMs ?? 10 * 60_000;
  const revoked = new Map<string, number>(); // id → when its revocation stops mattering (ms)
  let cursor = 0;
  let lastPurge = 0;
  let failing = false;
  /** Sign-outs the store has not taken yet (it failed): stored by the next sync that can. */
  const unsaved = new Map<string, Revocation>();

  const sync = async () => {
    const now = Date.now();
    try {
      if (unsaved.size) {
        for (const [id, r] of unsaved) {
          if (r.expiresAt > now) await store.sessions.revoke(r);
          unsaved.delete(id);
        }
        log.info('revoked sessions: sign-outs made while the store was away are stored');
      }
      const read = await store.sessions.revokedSince(cursor, new Date(now));
      for (const r of read.revoked) revoked.set(r.id, Math.max(revoked.get(r.id) ?? 0, r.expiresAt));
      cursor = read.cursor;
      if (now - lastPurge > purgeEveryMs) {
        lastPurge = now;
        for (const [id, until] of revoked) if (until <= now) revoked.delete(id);
        await store.sessions.purgeExpired(new Date(now));
      }
      if (failing) log.info('revoked sessions: the store answers again');
      failing = false;
    } catch (err) {
      // The mirror keeps what it knows; a sign-out elsewhere is seen once the store answers.
      if (!failing) log.error('revoked sessions: cannot read the store', { error: String((err as Error)?.message ?? err) });
      failing = true;
    }
  };
  const first = sync();
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= sync().finally(() => {
      running = null;
    });
  }, syncMs);
  timer.unref();

  return {
    has(id, now = Date.now()) {
      const until = revoked.get(id);
      return until !== undefined && until > now;
    },
    async revoke(r) {
      revoked.set(r.id, Math.max(revoked.get(r.id) ?? 0, r.expiresAt));
      try {
        await store.sessions.revoke(r);
      } catch (err) {
        unsaved.set(r.id, r);
        throw err;
      }
    },
    ready: () => first,
    stop: () => clearInterval(timer),
  };
}
