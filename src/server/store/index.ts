/**
 * What the site keeps, behind one interface: contact messages, their staff e-mail (the outbox),
 * the revoked sessions and the retention of messages. One implementation today, SQLite in
 * DATA_DIR (sqlite.ts); the interface is asynchronous although node:sqlite is not, so that a
 * shared database server (several hosts) can implement it without changing a caller.
 *
 * Rate-limit counters are not here: they stay on express-rate-limit's own Store interface
 * (gate.ts, contact.ts), which already has shared implementations.
 */
import type { AlertKind } from '../../app/alerts.ts';

export { ALERT_KINDS, type AlertKind } from '../../app/alerts.ts';

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

/** A confirmed subscriber to insight alerts. */
export interface AlertSubscriber {
  /** Lower-cased. */
  email: string;
  kinds: AlertKind[];
  /** ISO 8601, UTC: when the address was confirmed (or its choice last changed). */
  confirmedAt: string;
}

/** An item a digest lists (what the e-mail says of it). */
export interface DigestItem {
  kind: AlertKind;
  id: string;
  /** YYYY-MM-DD. */
  date: string;
  title: string;
  /** The item's path on the site ("/research/x"). */
  path: string;
}

/**
 * An alert e-mail waiting in the outbox. `confirm`: the double opt-in link (its data is the
 * token's, nothing else is kept of the address); `digest`: new items for a subscriber.
 */
export type AlertMailBody = { type: 'confirm'; kinds: AlertKind[]; expiresAt: number } | { type: 'digest'; items: DigestItem[] };

export interface AlertMail {
  id: number;
  to: string;
  body: AlertMailBody;
  attempts: number;
  /** The same on every attempt, unique across databases. */
  messageId: string;
  /** ISO 8601: when it was queued (the e-mail's Date). */
  createdAt: string;
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
  /**
   * Insight alerts (alerts.ts): confirmed subscribers and their e-mails. An unconfirmed address is
   * kept only as its confirmation e-mail's outbox entry, which is deleted once sent or once its
   * link has expired, whichever comes first.
   */
  alerts: {
    /** Queues a confirmation e-mail; it is deleted when sent, or at `expiresAt` if it never was. */
    queueConfirmation(to: string, kinds: AlertKind[], expiresAt: Date, now?: Date): Promise<void>;
    /** Adds (or updates the kinds of) a confirmed subscriber; resolves to whether it is new. */
    subscribe(email: string, kinds: AlertKind[], now?: Date): Promise<boolean>;
    /** Removes a subscriber and every e-mail still queued for the address; resolves to whether it was one. */
    unsubscribe(email: string): Promise<boolean>;
    subscriber(email: string): Promise<AlertSubscriber | undefined>;
    count(): Promise<number>;
    /**
     * The digest of what is new, once across every process and host: `items` are the newest items
     * of each kind (newest first). The store remembers per kind the newest date digested and the
     * ids of that date; items after that mark are new. In one transaction it moves the marks and
     * queues one e-mail per subscriber whose kinds have new items (expiring at `expiresAt`). The
     * first run only records the marks (a new site does not mail its whole archive). Resolves to
     * the number of new items and of e-mails queued.
     */
    digest(items: DigestItem[], expiresAt: Date, now?: Date): Promise<{ items: number; queued: number }>;
    /** The earliest time an alert e-mail is due, or null. */
    nextDue(leaseMs: number): Promise<string | null>;
    /** Claims one due alert e-mail (as outbox.claim), skipping expired ones. */
    claim(now: Date, leaseMs: number): Promise<AlertMail | undefined>;
    /** Sent: the entry (and the address it held) is deleted. */
    sent(id: number): Promise<void>;
    failed(id: number, error: string, retryAt: Date): Promise<void>;
    /** Deletes alert e-mails past their expiry (sent or not); resolves to how many. */
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
