/**
 * One line per request: method, path (no query string: it may carry personal data), status,
 * duration. JSON lines in production; never headers, cookies or bodies.
 */
import type { Request, Response, NextFunction } from 'express';

export type LogFormat = 'json' | 'text' | 'off';

/**
 * JSON lines are written in batches: once per turn of the event loop (or at 64 KB) instead of
 * one write per request. On Linux a write to stdout as a pipe or file is synchronous: one system
 * call per request would cost more than answering a page from memory. What is pending is written
 * when the process exits (process.exit included); only a kill -9 can lose the last turn's lines.
 */
let pending = '';
let scheduled = false;
const flush = () => {
  scheduled = false;
  if (!pending) return;
  const out = pending;
  pending = '';
  process.stdout.write(out);
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
      writeBatched(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }) + '\n');
    } else {
      const extra = Object.entries(fields).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`).join(' ');
      (level === 'info' ? process.stdout : process.stderr).write(`${level === 'info' ? '' : level.toUpperCase() + ' '}${msg}${extra ? ' ' + extra : ''}\n`);
    }
  };
  return {
    info: (msg: string, f?: Record<string, unknown>) => write('info', msg, f),
    warn: (msg: string, f?: Record<string, unknown>) => write('warn', msg, f),
    error: (msg: string, f?: Record<string, unknown>) => write('error', msg, f),
    requests(req: Request, res: Response, next: NextFunction) {
      if (format === 'off') return next();
      const start = process.hrtime.bigint();
      res.on('finish', () => {
        const ms = Number(process.hrtime.bigint() - start) / 1e6;
        const path = req.originalUrl.split('?')[0].slice(0, 300);
        if (format === 'json') {
          write('info', 'request', { method: req.method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10 });
        } else {
          process.stdout.write(`${req.method} ${path} ${res.statusCode} ${ms.toFixed(1)}ms\n`);
        }
      });
      next();
    },
  };
}

export type Logger = ReturnType<typeof createLogger>;
