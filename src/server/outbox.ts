/**
 * Staff are told a message arrived: each message stored while SMTP_URL and CONTACT_NOTIFY_TO are
 * set has an outbox entry, written in the same transaction as the message (store.ts), and this
 * loop e-mails it with nodemailer, retrying with backoff (30 s, doubling, at most hourly, never
 * giving up) until the SMTP server accepts it.
 *
 * Delivery is at least once. An attempt is recorded before it starts (`sending`, committed) and
 * its outcome after: a process that dies between the SMTP server's "250 accepted" and that second
 * write leaves the entry `sending`, and it is sent again once its lease has passed — the one case
 * where staff can receive a message twice. Every attempt carries the same Message-ID (derived from
 * the message id and the database's own random instance id) and the same Date, so mail systems
 * that de-duplicate by Message-ID show it once, and a reader can tell a repeat from a new message.
 * The alternative, at most once (mark sent before sending), could lose a message: worse here.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from './config.ts';
import type { Logger } from './log.ts';
import type { OutboxItem, Store } from './store/index.ts';

export interface Outbox {
  /** A message was stored: send now rather than at the next scheduled check. */
  kick: () => void;
  /** Stops the loop; waits (at most `graceMs`, OUTBOX_STOP_GRACE_MS by default) for an e-mail under way and its record. */
  stop(graceMs?: number): Promise<void>;
}

export interface OutboxDeps {
  store: Store;
  notify: NonNullable<Config['notify']>;
  retry: Config['notifyRetry'];
  log: Logger;
  /** Where the e-mail says the form is. */
  siteOrigin?: string;
  /** Injected in tests; SMTP_URL otherwise. */
  transport?: Transporter;
}

/**
 * How long a stop waits for an e-mail under way (main.ts shutdown): longer than the SMTP timeouts
 * below allow one attempt to take, so an e-mail the SMTP server accepts during a stop is recorded
 * as sent — not left `sending` and e-mailed again after a restart (issue 32, finding 5).
 */
export const OUTBOX_STOP_GRACE_MS = 30_000;
const SMTP_SOCKET_TIMEOUT_MS = 20_000;

/** A loopback address: mail to a relay on this host never crosses a network. */
const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.');

/**
 * nodemailer options from SMTP_URL (smtp://user:pass@host:587, smtps://…:465), with short timeouts.
 * smtp:// must upgrade with STARTTLS (requireTLS: a server that does not offer it gets no
 * credentials and no message, the attempt fails and is retried) unless it is a relay on this host
 * without credentials, or the operator allows plain text explicitly (SMTP_ALLOW_PLAINTEXT=1).
 * On b747b9d credentials went in clear text to a server offering no STARTTLS.
 */
export function smtpOptions(url: string, opts: { allowPlaintext?: boolean } = {}) {
  const u = new URL(url);
  const secure = u.protocol === 'smtps:';
  const auth = u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined;
  return {
    host: u.hostname,
    port: Number(u.port) || (secure ? 465 : 587),
    secure,
    requireTLS: !secure && !opts.allowPlaintext && (!!auth || !isLoopback(u.hostname)),
    auth,
    // A stalled SMTP server must not hold an attempt (or a shutdown) for nodemailer's 10 minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
  };
}

export function emailFor(item: OutboxItem, deps: Pick<OutboxDeps, 'notify' | 'siteOrigin'>) {
  const m = item.message;
  const from = `${m.name} <${m.email}>`;
  return {
    from: deps.notify.from,
    to: deps.notify.to,
    replyTo: { name: m.name, address: m.email },
    subject: `Website enquiry from ${m.name}${m.company ? `, ${m.company}` : ''}`,
    messageId: item.messageId,
    date: new Date(m.createdAt),
    headers: { 'X-Contact-Message-Id': String(m.id) },
    text: [
      `A message arrived through the contact form${deps.siteOrigin ? ` on ${deps.siteOrigin}` : ''}.`,
      '',
      `From:     ${from}`,
      ...(m.company ? [`Company:  ${m.company}`] : []),
      `Received: ${m.createdAt} (message ${m.id})`,
      '',
      m.message,
      '',
      '-- ',
      'Reply to this e-mail to answer the sender. All messages: npm run messages (on the server).',
    ].join('\n'),
  };
}

export function startOutbox(deps: OutboxDeps): Outbox {
  const { store, retry, log } = deps;
  const transport = deps.transport ?? nodemailer.createTransport(smtpOptions(deps.notify.smtpUrl, { allowPlaintext: deps.notify.allowPlaintext }));
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let stopped = false;

  const schedule = async () => {
    clearTimeout(timer);
    if (stopped) return;
    let due: string | null;
    try {
      due = await store.outbox.nextDue(retry.leaseMs);
    } catch (err) {
      log.error('outbox: cannot read the database', { error: String((err as Error).message) });
      due = new Date(Date.now() + retry.baseMs).toISOString();
    }
    if (stopped) return;
    clearTimeout(timer);
    // Not later than pollMs: another process or host may store a message meanwhile (the store
    // is shared; only its own posts kick this loop), or die leaving its share to this one.
    const ms = Math.min(due ? Math.max(0, Date.parse(due) - Date.now()) : Infinity, retry.pollMs);
    timer = setTimeout(drain, ms);
    timer.unref();
  };

  async function sendOne(item: OutboxItem) {
    const id = item.message.id;
    let failure: unknown;
    try {
      await transport.sendMail(emailFor(item, deps));
    } catch (err) {
      failure = err ?? new Error('send failed');
    }
    // (A database error while recording the outcome is not a failed send: run() logs it, and the
    // entry, still `sending`, is tried again once its lease has passed.)
    if (failure === undefined) {
      await store.outbox.sent(id, new Date());
      log.info('contact message e-mailed', { id, attempts: item.attempts });
      return;
    }
    const delay = Math.min(retry.baseMs * 2 ** (item.attempts - 1), retry.maxMs);
    const error = String((failure as Error)?.message ?? failure);
    await store.outbox.failed(id, error, new Date(Date.now() + delay));
    log.warn('contact e-mail failed; will retry', { id, attempts: item.attempts, retryInSeconds: Math.round(delay / 1000), error });
  }

  async function run() {
    try {
      for (let item; !stopped && (item = await store.outbox.claim(new Date(), retry.leaseMs)); ) await sendOne(item);
    } catch (err) {
      log.error('outbox: database error', { error: String((err as Error).message) });
    }
  }

  function drain() {
    if (running || stopped) return;
    // Set before the loop starts: it may finish synchronously when nothing is due.
    running = run().finally(() => {
      running = null;
      void schedule();
    });
  }

  // Whatever is due from before a restart goes out now.
  setImmediate(drain);
  return {
    kick: () => setImmediate(drain),
    async stop(graceMs = OUTBOX_STOP_GRACE_MS) {
      stopped = true;
      clearTimeout(timer);
      if (running) await Promise.race([running, new Promise((r) => setTimeout(r, graceMs).unref())]);
      transport.close();
    },
  };
}
