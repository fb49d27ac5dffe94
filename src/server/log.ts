/**
 * One line per request: method, path (no query string: it may carry personal data), status,
 * duration. JSON lines in production; never headers, cookies or bodies.
 */
import cluster from 'node:cluster';
import type { NextFunction } from 'express';

export type LogFormat = 'json' | 'text' | 'off';

/**
 * JSON lines are written in batches: once per turn of the event loop (or at 64 KB) instead of
 * one write per request. On Linux a write to stdout as a pipe or file is synchronous: one system
 * call per request would cost more than answering a page from memory. What is pending is written
 * when the process exits (process.exit included); only a kill -9 can lose the last turn's lines.
 */
let pending = '';
let scheduled = false;
/**
 * Workers of a cluster (WEB_CONCURRENCY > 1) share the primary's stdout: a write of at most
 * PIPE_BUF (4096) bytes to a pipe is atomic, a longer one may interleave with another worker's.
 * So a worker writes whole lines in pieces of at most 4 KB; a single process writes the batch.
 */
const PIPE_BUF = 4096;
const flush = () => {
  scheduled = false;
  if (!pending) return;
  const out = pending;
  pending = '';
  if (!cluster.isWorker || out.length <= PIPE_BUF) {
    process.stdout.write(out);
    return;
  }
  let start = 0;
  while (start < out.length) {
    let end = out.length;
    if (end - start > PIPE_BUF) {
      const nl = out.lastIndexOf('\n', start + PIPE_BUF - 1);
      end = nl >= start ? nl + 1 : out.indexOf('\n', start + PIPE_BUF) + 1 || out.length;
    }
    process.stdout.write(out.slice(start, end));
    start = end;
  }
};
/** In a cluster, every JSON line says which worker wrote it. */
const worker = cluster.isWorker ? { worker: cluster.worker!.id } : undefined;
const workerField = worker ? `,"worker":${worker.worker}` : '';
/** new Date().toISOString(), made once per millisecond (several requests end in the same one). */
let isoAt = 0;
let iso = '';
const isoNow = () => {
  const now = Date.now();
  if (now !== isoAt) {
    isoAt = now;
    iso = new Date(now).toISOString();
  }
  return iso;
};
let exitHook = false;
function writeBatched(line: string) {
  pending += line;
  if (pending.length >= 65_536) flush();
  else if (!scheduled) {
    scheduled = true;
    setImmediate(flush);
  }
  if (!exitHook) {
    exitHook = true;
    process.once('exit', flush);
  }
}

export function createLogger(format: LogFormat) {
  const write = (level: 'info' | 'warn' | 'error', msg: string, fields: Record<string, unknown> = {}) => {
    if (format === 'off') return;
    if (format === 'json') {
      writeBatched(JSON.stringify({ time: new Date().toISOString(), level, msg, ...worker, ...fields }) + '\n');
    } else {
      const extra = Object.entries(fields).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`).join(' ');
      (level === 'info' ? process.stdout : process.stderr).write(`${level === 'info' ? '' : level.toUpperCase() + ' '}${msg}${extra ? ' ' + extra : ''}\n`);
    }
  };
  return {
    info: (msg: string, f?: Record<string, unknown>) => write('info', msg, f),
    warn: (msg: string, f?: Record<string, unknown>) => write('warn', msg, f),
    error: (msg: string, f?: Record<string, unknown>) => write('error', msg, f),
    /** Express middleware; the fast path (fast-path.ts) calls it on Node's own req and res. */
    requests(req: { method?: string; url?: string; originalUrl?: string }, res: { statusCode: number; on(event: 'finish', fn: () => void): unknown }, next: NextFunction) {
      if (format === 'off') return next();
      const start = process.hrtime.bigint();
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        const path = (req.originalUrl ?? req.url ?? '').split('?')[0].slice(0, 300);
        if (format === 'json') {
          // The line write() would make (same keys, same order), without an object per request.
          writeBatched(`{"time":"${isoNow()}","level":"info","msg":"request"${workerField},"method":${JSON.stringify(req.method)},"path":${JSON.stringify(path)},"status":${res.statusCode},"ms":${Math.round(ms * 10) / 10}}\n`);
        } else {
          process.stdout.write(`${req.method} ${path} ${res.statusCode} ${ms.toFixed(1)}ms\n`);
        }
      });
      next();
    },
  };
}

export type Logger = ReturnType<typeof createLogger>;
