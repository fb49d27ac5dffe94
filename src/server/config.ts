/**
 * Environment → typed configuration, validated once. In production the server refuses to start
 * without a real password and session secret; in development it prints the defaults it uses.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isoDate } from '../content/schema.ts';

export const DEV_PASSWORD = 'halden-preview';
/**
 * The session secret `npm run dev` uses (scripts/dev.ts), so that a restart keeps you signed in.
 * Public knowledge, therefore refused in production.
 */
export const DEV_SESSION_SECRET = 'halden-rowe-development-only-session-secret';

export type SiteAccess = 'password' | 'public';

export interface Config {
  production: boolean;
  port: number;
  host: string | undefined;
  sitePassword: string;
  /** First signs, all verify. */
  sessionSecrets: string[];
  trustProxy: number;
  dataDir: string;
  /** PostgreSQL for what several hosts share (store/postgres.ts); unset: SQLite in dataDir. */
  databaseUrl: string | undefined;
  /** Where the build output lives (dist/). */
  distDir: string;
  publicDir: string;
  contentDir: string;
  /**
   * CONTENT_DATE (YYYY-MM-DD): the day the content is shown as of — the roles open that day, its
   * year on the copyright line — instead of today (tests, and previews of a day to come).
   */
  contentDate: string | undefined;
  /** Development only: serve the live-reload endpoint. */
  liveReload: boolean;
  /**
   * Login throttling (gate.ts): failures allowed per client (IPv4 address or IPv6 /64) within the
   * window; beyond `global` failures from all clients together the site is under pressure: every
   * attempt waits `pressureDelayMs` and each client is allowed `perClientUnderPressure` failures.
   * Nobody is refused because of other clients' failures.
   */
  loginLimit: { windowMs: number; perClient: number; global: number; perClientUnderPressure: number; pressureDelayMs: number };
  /** Contact form: posts allowed per client per window. */
  contactLimit: { windowMs: number; perClient: number };
  /** Contact messages accepted in an hour from all clients together (bounds.ts). */
  contactSiteLimitPerHour: number;
  /** Messages older than this are deleted once their staff e-mail is settled (bounds.ts). */
  messageRetentionDays: number;
  /** Below this many free bytes on the store's disk, new messages are refused and /readyz fails. */
  minFreeBytes: number;
  /** `password`: the gate (default). `public`: open, indexable, CDN-cacheable (README: access modes). */
  siteAccess: SiteAccess;
  /** The site's public origin ("https://www.example.com", no trailing slash): absolute URLs, the Origin check. */
  publicOrigin: string | undefined;
  /** Staff e-mail for contact messages (outbox.ts); undefined: no mail. */
  /**
   * Staff e-mail for contact messages (outbox.ts); undefined: no mail. `allowPlaintext`
   * (SMTP_ALLOW_PLAINTEXT=1): send over smtp:// without STARTTLS where TLS would be required.
   */
  notify: { smtpUrl: string; to: string; from: string; allowPlaintext: boolean } | undefined;
  /**
   * Outbox retries: the first after baseMs, doubling up to maxMs; an attempt cut short by a crash
   * is retried after leaseMs. An idle outbox looks for work every pollMs: messages another process
   * or host stored (a host that died leaves its share to the others).
   */
  notifyRetry: { baseMs: number; maxMs: number; leaseMs: number; pollMs: number };
  /** Absolute session lifetime. */
  sessionTtlMs: number;
  /** A session ends after this long without a request (its token is renewed while in use). */
  sessionIdleMs: number;
  /** A render that takes longer is aborted. */
  renderTimeoutMs: number;
  /** Log format: JSON lines in production, short text in development. */
  logFormat: 'json' | 'text' | 'off';
  /** Answer signed-in requests for what is already in memory before Express routes them (app.ts). */
  fastPath: boolean;
  /**
   * Worker processes (node:cluster) sharing the port: WEB_CONCURRENCY, a whole number or `auto`
   * (one per core). 1 (the default) runs the server in this process, without a cluster.
   */
  workers: number;
}

const Env = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  SITE_PASSWORD: z.string().optional(),
  SESSION_SECRET: z.string().optional(),
  TRUST_PROXY: z.string().regex(/^\d+$/, 'must be a hop count (0, 1, 2…), never "true"').default('0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\//, 'must be a PostgreSQL URL: postgres://user:password@host:5432/database')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  CONTENT_DIR: z.string().min(1).default('./content'),
  CONTENT_DATE: isoDate.optional(),
  LOG_FORMAT: z.enum(['json', 'text', 'off']).optional(),
  LIVE_RELOAD: z.string().optional(),
  FAST_PATH: z.enum(['on', 'off']).default('on'),
  WEB_CONCURRENCY: z
    .string()
    .trim()
    .regex(/^(auto|[1-9]\d{0,2})$/, 'must be a number of worker processes (1, 2, …, 999) or "auto" (one per core)')
    .default('1'),
  SITE_ACCESS: z.enum(['password', 'public']).default('password'),
  CONTACT_SITE_LIMIT: z.coerce.number().int('must be a whole number of messages an hour').min(1).max(100_000).default(60),
  MESSAGE_RETENTION_DAYS: z.coerce.number().int('must be a whole number of days').min(1).max(36_500).default(365),
  DATA_MIN_FREE_MB: z.coerce.number().int('must be a whole number of megabytes').min(0).max(100_000_000).default(200),
  SESSION_IDLE_MINUTES: z.coerce.number().int('must be a whole number of minutes').min(5).max(720).default(60),
  PUBLIC_ORIGIN: z.string().optional(),
  SMTP_URL: z.string().optional(),
  CONTACT_NOTIFY_TO: z.string().optional(),
  CONTACT_NOTIFY_FROM: z.string().optional(),
  SMTP_ALLOW_PLAINTEXT: z.enum(['0', '1'], 'must be 1 (send without TLS where it would be required) or 0').optional(),
});

/** "https://www.example.com" from PUBLIC_ORIGIN, or a problem. Only an origin: no path, query or credentials. */
function parseOrigin(value: string): { origin?: string; problem?: string } {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return { problem: `PUBLIC_ORIGIN must be an absolute URL like https://www.example.com (got "${value}")` };
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return { problem: 'PUBLIC_ORIGIN must start with https:// (or http://)' };
  if (u.username || u.password || (u.pathname !== '/' && u.pathname !== '') || u.search || u.hash) {
    return { problem: `PUBLIC_ORIGIN must be an origin only, without a path, query or credentials (got "${value}")` };
  }
  return { origin: u.origin };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];

  let sitePassword = e.SITE_PASSWORD ?? '';
  if (!sitePassword) {
    if (production) problems.push('SITE_PASSWORD is required when NODE_ENV=production');
    sitePassword = DEV_PASSWORD;
  }

  let sessionSecrets = (e.SESSION_SECRET ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!sessionSecrets.length) {
    if (production) problems.push('SESSION_SECRET is required when NODE_ENV=production (32+ characters)');
    sessionSecrets = [randomBytes(32).toString('base64url')];
  } else if (sessionSecrets.some((s) => s.length < 32)) {
    problems.push('each SESSION_SECRET entry must be at least 32 characters');
  } else if (production && sessionSecrets.includes(DEV_SESSION_SECRET)) {
    problems.push('SESSION_SECRET is the published development secret: set a secret of your own in production');
  }

  let publicOrigin: string | undefined;
  if (e.PUBLIC_ORIGIN) {
    const { origin, problem } = parseOrigin(e.PUBLIC_ORIGIN.trim());
    if (problem) problems.push(problem);
    publicOrigin = origin;
  } else if (production && e.SITE_ACCESS === 'public') {
    problems.push('PUBLIC_ORIGIN is required when SITE_ACCESS=public and NODE_ENV=production (e.g. https://www.example.com): canonical and Open Graph URLs must be absolute');
  }

  let notify: Config['notify'];
  if (e.SMTP_URL || e.CONTACT_NOTIFY_TO) {
    if (!e.SMTP_URL || !e.CONTACT_NOTIFY_TO) {
      problems.push('set both SMTP_URL and CONTACT_NOTIFY_TO to e-mail contact messages to staff (or neither)');
    } else if (!/^smtps?:\/\//.test(e.SMTP_URL)) {
      problems.push('SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465');
    } else {
      const host = publicOrigin ? new URL(publicOrigin).hostname : 'localhost';
      notify = {
        smtpUrl: e.SMTP_URL,
        to: e.CONTACT_NOTIFY_TO,
        from: e.CONTACT_NOTIFY_FROM || `"Halden Rowe Capital website" <website@${host}>`,
        allowPlaintext: e.SMTP_ALLOW_PLAINTEXT === '1',
      };
    }
  }
  const workers = e.WEB_CONCURRENCY === 'auto' ? availableParallelism() : Number(e.WEB_CONCURRENCY);
  if (workers > 1 && e.LIVE_RELOAD === '1') problems.push('WEB_CONCURRENCY must be 1 with LIVE_RELOAD=1 (development runs one process)');

  if (problems.length) throw new ConfigError(problems.join('; '));

  return {
    production,
    port: e.PORT,
    host: e.HOST,
    sitePassword,
    sessionSecrets,
    trustProxy: Number(e.TRUST_PROXY),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    distDir: path.resolve('dist'),
    publicDir: path.resolve('public'),
    contentDir: path.resolve(e.CONTENT_DIR),
    contentDate: e.CONTENT_DATE,
    liveReload: e.LIVE_RELOAD === '1',
    loginLimit: { windowMs: 15 * 60_000, perClient: 10, global: 200, perClientUnderPressure: 3, pressureDelayMs: 2_000 },
    contactLimit: { windowMs: 60 * 60_000, perClient: 5 },
    contactSiteLimitPerHour: e.CONTACT_SITE_LIMIT,
    messageRetentionDays: e.MESSAGE_RETENTION_DAYS,
    minFreeBytes: e.DATA_MIN_FREE_MB * 1_000_000,
    siteAccess: e.SITE_ACCESS,
    publicOrigin,
    notify,
    notifyRetry: { baseMs: 30_000, maxMs: 60 * 60_000, leaseMs: 5 * 60_000, pollMs: 10_000 },
    sessionTtlMs: 12 * 60 * 60_000,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    renderTimeoutMs: 10_000,
    logFormat: e.LOG_FORMAT ?? (production ? 'json' : 'text'),
    fastPath: e.FAST_PATH === 'on',
    workers,
    ...overrides,
  };
}
