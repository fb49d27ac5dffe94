/**
 * Raw HTTP/1.1 over a socket, for requests fetch and http.request refuse to send: malformed
 * request lines, absolute- and asterisk-form targets, unknown methods, "..", huge headers.
 * The request is written byte for byte; the answer is read until the server closes the
 * connection (requests default to `Connection: close`) and parsed into status, headers, body.
 */
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  /** 0 when the server closed the connection without answering. */
  status: number;
  statusText: string;
  /** Lower-case names; repeated headers joined with ", " (set-cookie with "\n"). */
  headers: Record<string, string>;
  body: string;
  /** Everything the server sent, as received. */
  raw: string;
}

export interface RawOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Give up after this long (the promise rejects). */
  timeoutMs?: number;
  /** HEAD responses have no body even when Content-Length says otherwise. */
  head?: boolean;
}

/**
 * A connection to 127.0.0.1:port, resolved once connected, for tests that write a request piece by
 * piece (a slowloris, a body still arriving) or send nothing at all. It collects what the server
 * sends; `closed` resolves with the time (Date.now()) the connection closed.
 */
export async function openSocket(port: number) {
  const socket: Socket = connect({ host: '127.0.0.1', port });
  let data = Buffer.alloc(0);
  socket.on('data', (d) => {
    data = Buffer.concat([data, d]);
  });
  // An error (a reset while the server stops) shows as `closed`; the tests read what arrived.
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now())));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('error', reject);
  });
  return { socket, closed, received: () => data };
}

/** Sends exactly `bytes` to 127.0.0.1:port and resolves with the parsed answer. */
export function sendRaw(port: number, bytes: string | Buffer, opts: { timeoutMs?: number; head?: boolean } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${opts.timeoutMs ?? 10_000} ms; got: ${Buffer.concat(chunks).toString('latin1').slice(0, 300)}`));
    }, opts.timeoutMs ?? 10_000);
    socket.on('connect', () => {
      // The server may answer and close before reading everything (413, 431): ignore EPIPE.
      socket.write(bytes, () => {});
    });
    socket.on('data', (d) => chunks.push(d));
    const finish = () => {
      clearTimeout(timer);
      resolve(parseResponse(Buffer.concat(chunks), opts.head));
    };
    socket.on('end', finish);
    socket.on('error', (err: NodeJS.ErrnoException) => {
      // A reset after the server has answered (it closed with unread request bytes) still counts.
      if ((err.code === 'ECONNRESET' || err.code === 'EPIPE') && chunks.length) {
        finish();
        return;
      }
      clearTimeout(timer);
      if (err.code === 'ECONNRESET' || err.code === 'EPIPE') resolve(parseResponse(Buffer.alloc(0)));
      else reject(err);
    });
    socket.on('close', () => {
      if (!socket.readableEnded) finish();
    });
  });
}

/** Builds a request (`target` sent verbatim, Host and Connection: close added unless given). */
export function rawRequest(port: number, target: string, opts: RawOptions = {}): Promise<RawResponse> {
  const method = opts.method ?? 'GET';
  const headers: Record<string, string> = { host: `127.0.0.1:${port}`, connection: 'close', ...lowerKeys(opts.headers ?? {}) };
  const body = opts.body === undefined ? undefined : Buffer.isBuffer(opts.body) ? opts.body : Buffer.from(opts.body);
  if (body && headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
    headers['content-length'] = String(body.length);
  }
  const head = `${method} ${target} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;
  const bytes = body ? Buffer.concat([Buffer.from(head, 'latin1'), body]) : Buffer.from(head, 'latin1');
  return sendRaw(port, bytes, { timeoutMs: opts.timeoutMs, head: opts.head ?? method === 'HEAD' });
}

function lowerKeys(h: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));
}

/** Parses one HTTP/1.x response (status line, headers, body: Content-Length, chunked or to the end). */
export function parseResponse(buf: Buffer, head = false): RawResponse {
  const raw = buf.toString('latin1');
  const end = buf.indexOf('\r\n\r\n');
  if (!buf.length || end < 0) return { status: 0, statusText: '', headers: {}, body: '', raw };
  const lines = buf.subarray(0, end).toString('latin1').split('\r\n');
  const m = /^HTTP\/1\.[01] (\d{3})(?: (.*))?$/.exec(lines[0]);
  if (!m) return { status: 0, statusText: '', headers: {}, body: '', raw };
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    const value = line.slice(i + 1).trim();
    headers[name] = name in headers ? `${headers[name]}${name === 'set-cookie' ? '\n' : ', '}${value}` : value;
  }
  const rest = buf.subarray(end + 4);
  const status = Number(m[1]);
  let bodyBuf: Buffer;
  if (head || status === 204 || status === 304 || (status >= 100 && status < 200)) bodyBuf = Buffer.alloc(0);
  else if (/chunked/i.test(headers['transfer-encoding'] ?? '')) bodyBuf = dechunk(rest);
  else if (headers['content-length'] !== undefined) bodyBuf = rest.subarray(0, Number(headers['content-length']));
  else bodyBuf = rest;
  return { status, statusText: m[2] ?? '', headers, body: bodyBuf.toString('utf8'), raw };
}

function dechunk(buf: Buffer): Buffer {
  const out: Buffer[] = [];
  let pos = 0;
  while (pos < buf.length) {
    const eol = buf.indexOf('\r\n', pos);
    if (eol < 0) break;
    const size = parseInt(buf.subarray(pos, eol).toString('latin1').split(';')[0], 16);
    if (!Number.isFinite(size) || size === 0) break;
    out.push(buf.subarray(eol + 2, eol + 2 + size));
    pos = eol + 2 + size + 2;
  }
  return Buffer.concat(out);
}

/** Signs of a leaked stack trace or server internals in a response body. */
export const STACK_SIGNS: RegExp[] = [/\bat \S+ \(/, /node_modules/, /\/work\//, /Error:/];

/** The first sign of a leaked stack trace in `body`, or null. */
export function leakIn(body: string): string | null {
  for (const re of STACK_SIGNS) {
    const m = re.exec(body);
    if (m) return `${re} matched "${body.slice(Math.max(0, m.index - 40), m.index + 60)}"`;
  }
  return null;
}

/** A client error: what every bad input must get (unless a test documents an exception). */
export const is4xx = (status: number) => status >= 400 && status < 500;

/**
 * The answer is clean: an expected status and nothing of the server's insides in the body
 * (no stack frame, no node_modules, no absolute path of the checkout, no "Error:").
 */
export function assertClean(res: RawResponse, label: string, expected: (status: number) => boolean = is4xx) {
  assert.ok(expected(res.status), `${label}: unexpected status ${res.status} ${res.statusText}\n${res.raw.slice(0, 300)}`);
  const leak = leakIn(res.body) ?? (res.body.includes(process.cwd()) ? `the checkout path ${process.cwd()}` : null);
  assert.equal(leak, null, `${label}: the body leaks server internals: ${leak}`);
}

/** After the bad input, the server still answers: /healthz 200 and, with a session, / 200. */
export async function assertStillServing(port: number, cookie: string) {
  const health = await rawRequest(port, '/healthz');
  assert.equal(health.status, 200, '/healthz after bad input');
  const home = await rawRequest(port, '/', { headers: { cookie } });
  assert.equal(home.status, 200, '/ with a session after bad input');
  assert.match(home.body, /<h1/, 'the home page renders');
}
