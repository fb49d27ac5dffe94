/**
 * Reads the configuration, starts the server, and stops it gracefully: on SIGTERM/SIGINT it
 * stops accepting, lets in-flight requests finish, closes idle keep-alive connections and exits.
 */
import { createServer } from 'node:http';
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

let handler, store: ReturnType<typeof createApp>['store'] | undefined;
try {
  ({ handler, store } = createApp({ config, log }));
} catch (err) {
  if (err instanceof ContentError) fail(err.message);
  fail((err as Error).message);
}

const server = createServer({ headersTimeout: 20_000, requestTimeout: 30_000, maxHeaderSize: 16 * 1024 }, handler);
server.keepAliveTimeout = 5_000;

server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log.info(`Halden Rowe Capital listening on http://localhost:${port}`, { production: config.production });
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
  server.close(() => {
    clearTimeout(force);
    store?.close();
    process.exit(0);
  });
  server.closeIdleConnections();
  // Keep-alive connections must not hold the exit for keepAliveTimeout: answers from now on say
  // "Connection: close", and a connection left idle by a finished answer is closed at once.
  server.prependListener('request', (_req, res) => res.setHeader('Connection', 'close'));
  setInterval(() => server.closeIdleConnections(), 100).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
