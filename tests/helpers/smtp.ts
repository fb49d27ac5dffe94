/**
 * A local SMTP server (smtp-server) that keeps what it receives, for tests of the staff e-mail
 * (outbox.ts). `close` and `listen` again to simulate an outage; `acceptAfterMs` makes it answer
 * each message's DATA that much later (a slow server).
 */
import { SMTPServer } from 'smtp-server';

export interface Mail {
  messageId: string;
  to: string;
  raw: string;
}

/** A local SMTP server that keeps what it receives; `close` and `listen` again to simulate an outage. */
export function smtpSink(port: number, opts: { acceptAfterMs?: number; auth?: boolean } = {}) {
  const received: Mail[] = [];
  /** Credentials clients sent (AUTH, offered only with `auth`, over plain text: no STARTTLS here). */
  const logins: { username: string; password: string }[] = [];
  let begun = 0;
  let server: SMTPServer | null = null;
  return {
    received,
    logins,
    /** Messages whose DATA has begun arriving (accepted or not yet). */
    begun: () => begun,
    async listen() {
      server = new SMTPServer({
        authOptional: true,
        disabledCommands: opts.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
        allowInsecureAuth: !!opts.auth,
        logger: false,
        onAuth(auth, _session, callback) {
          logins.push({ username: auth.username ?? '', password: auth.password ?? '' });
          callback(null, { user: auth.username });
        },
        onData(stream, session, callback) {
          begun++;
          let raw = '';
          stream.setEncoding('utf8');
          stream.on('data', (d: string) => {
            raw += d;
          });
          stream.on('end', () => {
            raw = raw.replace(/=\r\n/g, ''); // quoted-printable soft line breaks
            const accept = () => {
              received.push({ messageId: /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '', to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
              callback();
            };
            if (opts.acceptAfterMs) setTimeout(accept, opts.acceptAfterMs);
            else accept();
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        server!.once('error', reject);
        server!.listen(port, '127.0.0.1', () => resolve());
      });
    },
    close: () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
  };
}
