/**
 * One line per request: method, path (no query string: it may carry personal data), status,
 * duration. JSON lines in production; never headers, cookies or bodies. Decision and figures:
 * docs/decisions/006-pino.md.
 *
 * JSON lines are pino's: `{"level":"info","time":"<ISO>","worker":N,…fields,"msg":"…"}` (worker
 * only in a cluster). pino writes through sonic-boom, asynchronously: lines logged while a write
 * is in flight are joined into the next one (no system call per request), and what is pending is
 * written synchronously when the process exits (process.exit included); only a kill -9 can lose
 * the last lines. Text lines (LOG_FORMAT=text, development) are formatted here, without pino.
 */
import cluster from 'node:cluster';
import pino, { type DestinationStream } from 'pino';
import type { NextFunction } from 'express';

export type LogFormat = 'json' | 'text' | 'off';

/**
 * Workers of a cluster (WEB_CONCURRENCY > 1) share the primary's stdout: a write of at most
 * PIPE_BUF (4096) bytes to a pipe is atomic, a longer one may interleave with another worker's.
 * sonic-boom joins whole lines into writes of at most `maxWrite` bytes: 4 KB in a worker.
 */
const PIPE_BUF = 4096;
/** In a cluster, every JSON line says which worker wrote it. */
const worker = cluster.isWorker ? { worker: cluster.worker!.id } : undefined;

let stdoutDestination: DestinationStream | undefined;
/** One sonic-boom on fd 1 for the process (loggers made for tests may pass their own stream). */
const stdout = () => (stdoutDestination ??= pino.destination({ dest: 1, sync: false, ...(cluster.isWorker ? { maxWrite: PIPE_BUF } : {}) }));

type Fields = Record<string, unknown>;

/**
 * pino's `stdTimeFunctions.isoTime` (`,"time":"<ISO 8601>"`), formatted once per millisecond:
 * at several thousand lines a second most lines share their millisecond, and building the Date
 * and its string was 2–3 µs of every request line (scripts/bench-profile.ts).
 */
let lastMs = -1;
let lastTime = '';
const isoTime = () => {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastTime = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastTime;
};

/** `destination`: where JSON lines go (stdout unless given; tests pass a stream of their own). */
export function createLogger(format: LogFormat, destination?: DestinationStream) {
  const json =
    format === 'json'
      ? pino(
          {
            base: worker ?? null,
            messageKey: 'msg',
            timestamp: isoTime,
            formatters: { level: (label) => ({ level: label }) },
          },
          destination ?? stdout(),
        )
      : undefined;
  const text = (level: 'info' | 'warn' | 'error', msg: string, fields: Fields = {}) => {
    const extra = Object.entries(fields)
      .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join(' ');
    (level === 'info' ? process.stdout : process.stderr).write(`${level === 'info' ? '' : level.toUpperCase() + ' '}${msg}${extra ? ' ' + extra : ''}\n`);
  };
  const write = (level: 'info' | 'warn' | 'error', msg: string, fields: Fields = {}) => {
    if (json) json[level](fields, msg);
    else if (format === 'text') text(level, msg, fields);
  };
  return {
    info: (msg: string, f?: Fields) => write('info', msg, f),
    warn: (msg: string, f?: Fields) => write('warn', msg, f),
    error: (msg: string, f?: Fields) => write('error', msg, f),
    /** Express middleware; the fast path (fast-path.ts) calls it on Node's own req and res. */
    requests: (req: { method?: string; url?: string; originalUrl?: string }, res: { statusCode: number; on(event: 'finish', fn: () => void): unknown }, next: NextFunction) => {
      if (format === 'off') return next();
      const start = process.hrtime.bigint();
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        const path = (req.originalUrl ?? req.url ?? '').split('?')[0].slice(0, 300);
        if (json) json.info({ method: req.method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request');
        else process.stdout.write(`${req.method} ${path} ${res.statusCode} ${ms.toFixed(1)}ms\n`);
      });
      next();
    },
  };
}

export type Logger = ReturnType<typeof createLogger>;
