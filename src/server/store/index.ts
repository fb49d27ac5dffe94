/**
 * What the site keeps, behind one interface: contact messages, their staff e-mail (the outbox),
 * the revoked sessions and the retention of messages. One implementation today, SQLite in
 * DATA_DIR (sqlite.ts); the interface is asynchronous although node:sqlite is not, so that a
 * shared database server (several hosts) can implement it without changing a caller.
 *
 * Rate-limit counters are not here: they stay on express-rate-limit's own Store interface
 * (gate.ts, contact.ts), which already has shared implementations.
 */
export interface NewMessage {
  name: string;
  email: string;
  /** Empty string → stored as NULL. */
  company: string;
  message: string;
  ip?: string | null;
}

export interface StoredMessage {
  id: number;
  /** ISO 8601, UTC. */
  createdAt: string;
  name: string;
  email: string;
  company: string | null;
  message: string;
  ip: string | null;
  /** Staff e-mail for this message; null when notifications were off when it arrived. */
  delivery: Delivery | null;
}

/**
 * pending: waiting for its (next) attempt. sending: an attempt started and its outcome was not
 * recorded yet — under way, or the process stopped in the middle (then it is tried again once
 * its lease has passed: the staff may receive it twice, with the same Message-ID). sent: the SMTP
 * server accepted it.
 */
export type DeliveryState = 'pending' | 'sending' | 'sent';

export interface Delivery {
  state: DeliveryState;
  attempts: number;
  /** ISO 8601: when it may be tried (again); for `sending`, when the attempt started. */
  nextAttemptAt: string | null;
  sentAt: string | null;
  lastError: string | null;
}

/** A notification claimed for sending, with its message. */
export interface OutboxItem {
  message: StoredMessage;
  attempts: number;
  messageId: string;
}

/** A revoked session: its id and when its tokens expire anyway (ms since the epoch). */
export interface Revocation {
  id: string;
  expiresAt: number;
}

export interface Store {
  /** Where it lives, for log lines and `npm run messages` (a file, or a database's name). */
  readonly location: string;
  /**
   * Resolves once the store can be used (schema created or migrated); rejects with why not
   * (StoreUnavailableError: not now, asked again by the next call).
   */
  ready(): Promise<void>;
  messages: {
    /** Inserts and commits (with its outbox entry when `notify`); resolves to the new id. */
    insert(message: NewMessage, opts?: { now?: Date; notify?: boolean }): Promise<number>;
    /** Oldest first. `since` is a UTC date (YYYY-MM-DD) or an ISO timestamp. */
    list(opts?: { since?: string }): Promise<StoredMessage[]>;
    count(): Promise<number>;
    /** Messages received at or after `since`, from every client: the site-wide rate. */
    countSince(since: Date): Promise<number>;
    /**
     * Retention: deletes the messages received before `before` whose staff e-mail is settled
     * (sent, or never asked for); one still waiting to be e-mailed is kept. Resolves to how many.
     */
    deleteOlderThan(before: Date): Promise<number>;
  };
  /** The outbox: claim due notifications, record outcomes (outbox.ts). */
  outbox: {
    /** The earliest time a notification is due (pending, or sending whose lease ends), or null. */
    nextDue(leaseMs: number): Promise<string | null>;
    /**
     * Claims one due notification (atomically: `sending`, attempts + 1, lease starts now), or
     * undefined. A `sending` claim older than `leaseMs` is claimed again (its process died).
     */
    claim(now: Date, leaseMs: number): Promise<OutboxItem | undefined>;
    sent(messageId: number, now: Date): Promise<void>;
    failed(messageId: number, error: string, retryAt: Date): Promise<void>;
  };
  /** Sessions ended by sign-out before their tokens expire (gate.ts). */
  sessions: {
    revoke(revocation: Revocation): Promise<void>;
    /**
     * The revocations recorded after `cursor` (0: every one still in force), oldest first, and the
     * cursor to ask from next time. Some read before may come again (a store written by several
     * hosts reads a little behind its cursor, where a slower host's sign-out may still appear).
     */
    revokedSince(cursor: number, now: Date): Promise<{ revoked: Revocation[]; cursor: number }>;
    /** Forgets revocations of tokens that have expired by themselves; resolves to how many. */
    purgeExpired(now: Date): Promise<number>;
  };
  /** Proves the store can take a write now (a one-row write, committed); rejects otherwise. */
  probeWrite(now?: Date): Promise<void>;
  /** Bytes free on the disk the store writes to, or null when that disk is not this host's (a database server's). */
  freeBytes(): Promise<number | null>;
  close(): Promise<void>;
}

/** The store cannot be used: damaged, not a database, unreachable. The message says what to do. */
export class StoreError extends Error {}
/**
 * The store cannot be reached now (a database server down or out of reach), and may be later: the
 * server starts anyway — pages need no store — and the store is set up once it answers.
 */
export class StoreUnavailableError extends StoreError {}
