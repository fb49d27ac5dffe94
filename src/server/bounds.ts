/**
 * The store is bounded (issue 32, finding 4): without bounds a client with forgeable addresses
 * stored 7,986 maximum-size messages in 15 s (+134.6 MB, ≈ 32 GB an hour), and a full disk then
 * took the whole host out of its load balancer.
 *
 * - A site-wide rate: at most CONTACT_SITE_LIMIT messages an hour from all clients together,
 *   counted in the store (so every process and host shares the count). Per-client limits cannot
 *   bound a flood from many addresses; this does.
 * - A free-space floor: below DATA_MIN_FREE_MB free on the store's disk, new messages are refused
 *   before the disk fills (and /readyz says so), so pages and sign-in keep working.
 * - Retention: messages older than MESSAGE_RETENTION_DAYS are deleted once their staff e-mail is
 *   settled (never one still waiting to be e-mailed), at start and every six hours.
 *
 * A refused message is never acknowledged: the visitor gets 503 with what they typed, and the
 * operator an error line (at most one per cause every 10 minutes).
 */
import type { Config } from './config.ts';
import type { Logger } from './log.ts';
import type { Store } from './store/index.ts';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;
const RETENTION_EVERY = 6 * HOUR;
const LOG_EVERY = 10 * 60_000;

export type Refusal = { cause: 'site-rate' | 'disk'; retryAfterSeconds: number };

export function createStoreBounds(store: Store, config: Pick<Config, 'contactSiteLimitPerHour' | 'messageRetentionDays' | 'minFreeBytes'>, log: Logger) {
  const lastLogged = new Map<string, number>();
  const once = (cause: string, message: string, fields: Record<string, unknown>) => {
    const now = Date.now();
    if (now - (lastLogged.get(cause) ?? 0) < LOG_EVERY) return;
    lastLogged.set(cause, now);
    log.error(message, fields);
  };

  /** Free bytes under the floor, or null when above it (or when the disk is not ours to watch). */
  const belowFloor = async (): Promise<number | null> => {
    const free = await store.freeBytes();
    return free !== null && free < config.minFreeBytes ? free : null;
  };

  return {
    /** Why a new message cannot be taken now, or null when it can. */
    async refusal(now = new Date()): Promise<Refusal | null> {
      const free = await belowFloor();
      if (free !== null) {
        once('disk', 'contact messages refused: free space is below DATA_MIN_FREE_MB', { freeMB: Math.floor(free / 1e6), floorMB: config.minFreeBytes / 1e6 });
        return { cause: 'disk', retryAfterSeconds: 600 };
      }
      const inLastHour = await store.messages.countSince(new Date(now.getTime() - HOUR));
      if (inLastHour >= config.contactSiteLimitPerHour) {
        once('site-rate', 'contact messages refused: the site-wide limit is reached (CONTACT_SITE_LIMIT an hour, from all visitors together)', {
          inLastHour,
          limit: config.contactSiteLimitPerHour,
        });
        return { cause: 'site-rate', retryAfterSeconds: 600 };
      }
      return null;
    },
    belowFloor,
    /** Deletes expired settled messages now and every six hours; returns a function that stops it. */
    startRetention(): () => void {
      const run = async () => {
        try {
          const deleted = await store.messages.deleteOlderThan(new Date(Date.now() - config.messageRetentionDays * DAY));
          if (deleted) log.info('contact messages past their retention deleted', { deleted, retentionDays: config.messageRetentionDays });
        } catch (err) {
          log.error('retention: old messages could not be deleted', { error: String((err as Error)?.message ?? err) });
        }
      };
      void run();
      const timer = setInterval(() => void run(), RETENTION_EVERY);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type StoreBounds = ReturnType<typeof createStoreBounds>;
