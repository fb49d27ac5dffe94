/**
 * Starts the real app on an ephemeral port for HTTP tests. No build is needed: the asset
 * manifest is a fake one (the pages only link to these names). Each server gets a fresh
 * DATA_DIR, so suites that run in parallel never share a database.
 */
import { createServer, request as httpRequest, type Server, type IncomingHttpHeaders } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { createApp, type AppDeps } from '../../src/server/app.ts';
import type { BuildManifest } from '../../src/build/manifest.ts';
import { SESSION_COOKIE } from '../../src/app/constants.ts';
import { TEST_CONTENT_DATE } from './content-date.ts';

export const FAKE_MANIFEST: BuildManifest = {
  entries: { site: { js: '/assets/e.js', preload: [] }, login: { js: '/assets/l.js', preload: [] } },
  css: '/assets/s.css',
  fonts: [],
  siteFonts: [],
  modules: {},
  loader: '/assets/b.js',
  builtAt: '',
};

export interface StartOptions {
  env?: Record<string, string>;
  config?: Partial<Config>;
  /** Other dependencies for createApp: injected `api` data, the real build `manifest`, a `store`… */
  deps?: Partial<Omit<AppDeps, 'config'>>;
  /** An existing DATA_DIR (kept on close: a later server can reopen it, as after a restart). */
  dataDir?: string;
}

export interface TestServer {
  url: string;
  port: number;
  config: Config;
  /** Requests answered by the fast path so far (app.ts, fast-path.ts). */
  stats: { fastPath: number };
  /** The rendered pages kept in memory, and how many documents were rendered. */
  pageCache: { size: number; byteSize: number };
  renderCounts: { renders: number };
  /** Logs in with the configured password and returns a Cookie header value. */
  login(): Promise<string>;
  close(): Promise<void>;
}

export async function startServer(overrides: StartOptions = {}): Promise<TestServer> {
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(tmpdir(), 'hrc-test-'));
  // The caller's shell must not change what a test sees (an exported TRUST_PROXY=1 would let
  // X-Forwarded-For through): the server's own variables come only from `overrides.env`.
  const inherited = { ...process.env };
  for (const name of [
    'SITE_PASSWORD',
    'SESSION_SECRET',
    'TRUST_PROXY',
    'PORT',
    'HOST',
    'LIVE_RELOAD',
    'LOG_FORMAT',
    'SITE_ACCESS',
    'PUBLIC_ORIGIN',
    'SMTP_URL',
    'CONTACT_NOTIFY_TO',
    'CONTACT_NOTIFY_FROM',
    'SESSION_IDLE_MINUTES',
    'DATABASE_URL',
    'CONTACT_SITE_LIMIT',
    'MESSAGE_RETENTION_DAYS',
    'DATA_MIN_FREE_MB',
    'SMTP_ALLOW_PLAINTEXT',
  ])
    delete inherited[name];
  const config = loadConfig({ ...inherited, NODE_ENV: 'test', DATA_DIR: dataDir, CONTENT_DATE: TEST_CONTENT_DATE, ...overrides.env }, { logFormat: 'off', ...overrides.config });
  const created = createApp({ config, manifest: FAKE_MANIFEST, ...overrides.deps });
  await created.ready();
  // Tolerant of createApp growing resources (e.g. a SQLite store) that need closing.
  const extra = created as unknown as { close?: () => unknown; store?: { close?: () => unknown } };
  // The handler main.ts serves: the fast path in front of Express (unless config.fastPath is off).
  const server: Server = createServer(created.handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    port,
    config,
    stats: created.stats,
    pageCache: created.pageCache,
    renderCounts: created.renderCounts,
    async login() {
      const res = await fetch(`${url}/api/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ password: config.sitePassword }),
      });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
      const cookie = cookieFrom(res, SESSION_COOKIE);
      if (!cookie) throw new Error('login set no session cookie');
      return `${SESSION_COOKIE}=${cookie}`;
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await extra.close?.();
      await extra.store?.close?.();
      if (!overrides.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The value of one cookie from a response's Set-Cookie headers, or undefined. */
export function cookieFrom(res: Response, name: string): string | undefined {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    if (pair.slice(0, eq).trim() === name) return pair.slice(eq + 1);
  }
  return undefined;
}

/** The full Set-Cookie line for one cookie, or undefined. */
export function setCookieLine(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((l) => l.startsWith(`${name}=`));
}

/** fetch with redirect: 'manual', relative to a server. */
export function get(base: string, p: string, init: RequestInit = {}): Promise<Response> {
  return fetch(base + p, { redirect: 'manual', ...init });
}

/**
 * A request whose path is sent byte for byte (fetch would normalise "..", "%2e" and the like).
 */
export function rawRequest(
  port: number,
  p: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: p, method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** A loopback port that was free a moment ago (for a second server a test starts, e.g. SMTP). */
export function freePortForTests(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
