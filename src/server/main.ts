/**
 * Reads the configuration, starts the server, and stops it gracefully: on SIGTERM/SIGINT it
 * stops accepting, lets in-flight requests finish, closes idle keep-alive connections and exits.
 * With WEB_CONCURRENCY > 1 this process becomes the cluster's primary (cluster.ts) and each of its
 * workers runs the rest of this file, sharing the port and the rate-limit counters.
 */
import cluster from 'node:cluster';
import { createServer } from 'node:http';
import { ClusterMemoryStoreWorker } from '@express-rate-limit/cluster-memory-store';
import { runPrimary } from './cluster.ts';
import { trackConnections } from './connections.ts';
import { watch } from 'node:fs';
import { ConfigError, DEV_PASSWORD, loadConfig } from './config.ts';
import { createApp } from './app.ts';
import { createLogger } from './log.ts';
import { StoreUnavailableError } from './store/index.ts';
import { ContentError } from '../content/load.ts';

/** How long requests under way may take to finish after SIGTERM before their connections are closed. */
const DRAIN_MS = 10_000;

function fail(message: string): never {
  process.stderr.write(`\nCannot start: ${message}\n\n`);
  process.exit(1);
}

let config;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) fail(err.message);
  throw err;
}
const log = createLogger(config.logFormat);
const clustered = config.workers > 1;
if (clustered && cluster.isPrimary) {
  runPrimary(config.workers, log);
} else {
  void serve(config);
}

async function serve(config: ReturnType<typeof loadConfig>) {
  // A worker's limits are counted by the primary, for all workers alike (cluster.ts); with
  // PostgreSQL they are counted there, for every host (createApp).
  const limiterStores = clustered && !config.databaseUrl ? (name: string) => new ClusterMemoryStoreWorker({ prefix: name }) : undefined;
  let app: ReturnType<typeof createApp>;
  try {
    app = createApp({ config, log, limiterStores });
  } catch (err) {
    if (err instanceof ContentError) fail(err.message);
    fail((err as Error).message);
  }
  const store = app.store;
  try {
    await app.ready();
  } catch (err) {
    // A database that is away is no reason to take the pages down with it (a host restarted
    // during an outage): serve, and set the store up when it answers. Anything else (a damaged
    // file, a wrong password) is for the operator to fix first.
    if (!(err instanceof StoreUnavailableError)) fail(`the store cannot be used: ${(err as Error).message}`);
    log.error('the store cannot be reached: serving pages; the contact form answers 503 until it can', { error: err.message });
  }

  // `app` is read per request: in development a content edit swaps it (below).
  const server = createServer({ headersTimeout: 20_000, requestTimeout: 30_000, maxHeaderSize: 16 * 1024 }, (req, res) => app.handler(req, res));
  server.keepAliveTimeout = 5_000;

  server.listen(config.port, config.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    log.info(`Halden Rowe Capital listening on http://localhost:${port}`, { production: config.production });
    // One worker of several: the rest was said by the first.
    if (clustered && cluster.worker!.id > 1) return;
    if (config.notify) log.info('contact messages are e-mailed to staff', { to: config.notify.to });
    else log.info('contact messages are stored but not e-mailed (set SMTP_URL and CONTACT_NOTIFY_TO to notify staff)');
    if (!config.production && config.sitePassword === DEV_PASSWORD) {
      process.stdout.write(`\n  Development password: ${DEV_PASSWORD}\n  (set SITE_PASSWORD and SESSION_SECRET, and NODE_ENV=production, before deploying)\n\n`);
    }
  });

  /**
   * SIGTERM / SIGINT: stop accepting; close idle connections at once and those without a whole
   * request after a moment (connections.ts); let the requests under way finish (answers say Connection: close), cut any
   * still running after DRAIN_MS; let an e-mail under way finish and be recorded (outbox.ts, up
   * to OUTBOX_STOP_GRACE_MS: not sent again after a restart); close the store; exit 0. With
   * nothing under way the process is gone within milliseconds.
   */
  const connections = trackConnections(server);
  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    const { idle, awaitingHead } = connections.stop();
    // Development event streams never end by themselves: end them now.
    app.closeStreams();
    log.info('shutting down', { signal, idleClosed: idle, awaitingHead, requestsUnderWay: connections.requestsUnderWay() });
    const cut = setTimeout(() => {
      const n = connections.destroyAll();
      if (n) log.warn('shutdown: connections still busy after the drain time were closed', { connections: n, drainMs: DRAIN_MS });
    }, DRAIN_MS);
    cut.unref();
    await Promise.all([drained, app.close().catch((err: unknown) => log.error('shutdown: stopping the outbox failed', { error: String((err as Error)?.message ?? err) }))]);
    clearTimeout(cut);
    await store.close();
    log.info('stopped', { signal, ms: Date.now() - started });
    process.exit(0);
  }
  /**
   * A new app from the content as it is now — same store, same listening socket — replacing the
   * current one, whose event streams end (browsers reconnect to the new one and reload). A
   * broken entry keeps the previous content and says which file and field.
   */
  const swap = (reason: string) => {
    try {
      const next = createApp({ config, log, store, limiterStores });
      const old = app;
      app = next;
      old.closeStreams();
      void old.close();
      log.info(reason);
      scheduleRefresh();
    } catch (err) {
      log.error(`content not reloaded: ${(err as Error).message}`);
    }
  };
  /**
   * The answers hold until a role opens or closes or the year turns (ApiData.validUntil): then
   * they are built again, so that the pages, the API, search and the sitemap all change together
   * (each is cached for as long as its answers hold). Timers wait at most ~24 days (setTimeout's limit).
   */
  let refresh: NodeJS.Timeout | undefined;
  function scheduleRefresh() {
    clearTimeout(refresh);
    const until = app.apiData.validUntil;
    if (until === undefined) return;
    const wait = Math.max(0, until - Date.now());
    refresh = setTimeout(() => (Date.now() >= until ? swap('a role opened or closed: content rebuilt') : scheduleRefresh()), Math.min(wait + 1_000, 2 ** 31 - 1)).unref();
  }
  scheduleRefresh();
  /**
   * Development only (LIVE_RELOAD=1): a content edit builds a new app from the new content instead
   * of restarting the process (about 3 s slower).
   */
  if (config.liveReload) {
    let timer: NodeJS.Timeout | undefined;
    watch(config.contentDir, { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(() => swap('content changed: reloaded'), 50); // an editor's save is several events
    }).unref();
  }

  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
