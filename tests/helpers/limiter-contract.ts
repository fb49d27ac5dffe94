/**
 * What every rate-limit counter store must do for the gate and the contact form (express-rate-limit's
 * Store interface), as one suite run against each: in memory (one host: tests/unit/store-contract.test.ts)
 * and in PostgreSQL (several hosts: tests/unit/store-contract-postgres.slow.test.ts).
 * `limiterContract(name, backend)`: `backend.create()` makes an empty counter store and returns a
 * way to open a factory on it (two factories are two hosts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Options, Store } from 'express-rate-limit';
import type { LimiterStoreFactory } from '../../src/server/gate.ts';

export interface LimiterBackend {
  /** Whether two hosts' factories count one total (localKeys false), or each its own. */
  shared: boolean;
  create(): Promise<{ open(): Promise<LimiterStoreFactory & { stop?(): void }>; destroy(): Promise<void> }>;
}

const withWindow = (store: Store, windowMs: number) => {
  void store.init?.({ windowMs } as Options);
  return store;
};

export function limiterContract(name: string, backend: LimiterBackend, opts: { skip?: () => string | undefined } = {}) {
  const withStores = (title: string, fn: (open: () => Promise<LimiterStoreFactory>) => Promise<void>): void => {
    void test(`${name} limits: ${title}`, async (t) => {
      const skip = opts.skip?.();
      if (skip) return t.skip(skip);
      const created = await backend.create();
      const opened: (LimiterStoreFactory & { stop?(): void })[] = [];
      try {
        await fn(async () => {
          const f = await created.open();
          opened.push(f);
          return f;
        });
      } finally {
        for (const f of opened) f.stop?.();
        await created.destroy();
      }
    });
  };

  withStores('hits are counted per key within the window, each key and each limiter on its own', async (open) => {
    const stores = await open();
    const login = withWindow(stores('login-client'), 60_000);
    const contact = withWindow(stores('contact-client'), 60_000);
    const before = Date.now();
    const hits = [];
    for (let i = 0; i < 3; i++) hits.push((await login.increment('c:192.0.2.1')).totalHits);
    assert.deepEqual(hits, [1, 2, 3]);
    const { resetTime } = await login.increment('c:192.0.2.1');
    assert.ok(resetTime && resetTime.getTime() >= before + 55_000 && resetTime.getTime() <= Date.now() + 65_000, `the window ends a minute on (${resetTime?.toISOString()})`);
    assert.equal((await login.increment('c:192.0.2.2')).totalHits, 1, 'another client');
    assert.equal((await contact.increment('c:192.0.2.1')).totalHits, 1, 'another limiter, the same key');
    assert.equal((await login.get?.('c:192.0.2.1'))?.totalHits, 4);
    assert.equal(await login.get?.('c:192.0.2.9'), undefined, 'never seen');
  });

  withStores('decrement takes a hit back; resetKey forgets the key', async (open) => {
    const store = withWindow((await open())('login-client'), 60_000);
    await store.increment('k');
    await store.increment('k');
    await store.decrement('k');
    assert.equal((await store.increment('k')).totalHits, 2);
    await store.resetKey('k');
    assert.equal((await store.increment('k')).totalHits, 1);
  });

  withStores('a new window counts from one again', async (open) => {
    const store = withWindow((await open())('login-client'), 400);
    await store.increment('k');
    assert.equal((await store.increment('k')).totalHits, 2);
    await new Promise((r) => setTimeout(r, 600));
    assert.equal((await store.increment('k')).totalHits, 1);
  });

  withStores(backend.shared ? 'two hosts count one total (localKeys false)' : 'each host counts its own (localKeys true: one host only)', async (open) => {
    const [a, b] = [withWindow((await open())('login-client'), 60_000), withWindow((await open())('login-client'), 60_000)];
    assert.equal(a.localKeys, !backend.shared);
    const totals = [];
    for (let i = 0; i < 4; i++) totals.push((await (i % 2 ? b : a).increment('c:203.0.113.5')).totalHits);
    assert.deepEqual(totals, backend.shared ? [1, 2, 3, 4] : [1, 1, 2, 2]);
  });
}
