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
import { watch } from 'node:fs';
import { ConfigError, DEV_PASSWORD, loadConfig } from './config.ts';
import { createApp } from './app.ts';
import { createLogger } from './log.ts';
import { ContentError } from '../content/load.ts';

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
  // A worker's limits are counted by the primary, for all workers alike (cluster.ts).
  const limiterStores = clustered ? (name: string) => new ClusterMemoryStoreWorker({ prefix: name }) : undefined;
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
    fail(`the store cannot be used: ${(err as Error).message}`);
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

  let stopping = false;
  function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    const force = setTimeout(() => {
      log.error('shutdown timed out; closing remaining connections');
      server.closeAllConnections();
      process.exit(1);
    }, 9_000);
    force.unref();
    server.close(async () => {
      clearTimeout(force);
      // An e-mail under way may finish (at most 5 s); one cut short is sent again after a restart.
      await app.close().catch(() => {});
      await store.close();
      process.exit(0);
    });
    server.closeIdleConnections();
    // Development event streams would hold the exit until the force timeout: end them now.
    app.closeStreams();
    // Keep-alive connections must not hold the exit for keepAliveTimeout: answers from now on say
    // "Connection: close", and a connection left idle by a finished answer is closed at once.
    server.prependListener('request', (_req, res) => res.setHeader('Connection', 'close'));
    setInterval(() => server.closeIdleConnections(), 100).unref();
  }
  /**
   * Development only (LIVE_RELOAD=1): a content edit builds a new app from the new content — same
   * store, same listening socket — instead of restarting the process (about 3 s slower), then ends
   * the old app's event streams: browsers reconnect to the new one and reload. A broken entry
   * keeps the previous content and says which file and field, instead of stopping the server.
   */
  if (config.liveReload) {
    let timer: NodeJS.Timeout | undefined;
    const swap = () => {
      try {
        const next = createApp({ config, log, store });
        const old = app;
        app = next;
        old.closeStreams();
        void old.close();
        log.info('content changed: reloaded');
      } catch (err) {
        log.error(`content not reloaded: ${(err as Error).message}`);
      }
    };
    watch(config.contentDir, { recursive: true }, () => {
      clearTimeout(timer);
      timer = setTimeout(swap, 50); // an editor's save is several events
    }).unref();
  }

  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
