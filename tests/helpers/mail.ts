/**
 * The set-up of a test of e-mail (outbox.ts, alerts.ts): a local SMTP sink on a free port, a fresh
 * data directory, and the app started on that directory as often as the test restarts it. After
 * the test the servers still running are closed, then the sink, then the directory is removed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePortForTests, startServer, type StartOptions, type TestServer } from './server.ts';
import { smtpSink } from './smtp.ts';

export interface MailFixture {
  sink: ReturnType<typeof smtpSink>;
  smtpPort: number;
  dataDir: string;
  /** Starts the app on `dataDir`; closed after the test unless the test closes it first. */
  start: (opts?: Omit<StartOptions, 'dataDir'>) => Promise<TestServer>;
}

export async function mailFixture(t: { after(fn: () => Promise<void>): void }, opts: { prefix?: string; listen?: boolean; sink?: Parameters<typeof smtpSink>[1] } = {}): Promise<MailFixture> {
  const smtpPort = await freePortForTests();
  const sink = smtpSink(smtpPort, opts.sink);
  // `listen: false`: the SMTP server is down until the test calls sink.listen().
  if (opts.listen !== false) await sink.listen();
  const dataDir = mkdtempSync(path.join(tmpdir(), opts.prefix ?? 'hrc-mail-'));
  const running = new Set<TestServer>();
  t.after(async () => {
    for (const s of running) await s.close();
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    sink,
    smtpPort,
    dataDir,
    start: async (startOpts = {}) => {
      const s = await startServer({ ...startOpts, dataDir });
      running.add(s);
      const close = s.close.bind(s);
      s.close = async () => {
        running.delete(s);
        await close();
      };
      return s;
    },
  };
}
