/**
 * Environment → typed configuration, validated once. In production the server refuses to start
 * without a real password and session secret; in development it prints the defaults it uses.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

export const DEV_PASSWORD = 'halden-preview';

export interface Config {
  production: boolean;
  port: number;
  host: string | undefined;
  sitePassword: string;
  /** First signs, all verify. */
  sessionSecrets: string[];
  trustProxy: number;
  dataDir: string;
  /** Where the build output lives (dist/). */
  distDir: string;
  publicDir: string;
  contentDir: string;
  /** Development only: serve the live-reload endpoint. */
  liveReload: boolean;
  /** Login throttling: failures allowed per client and in total within the window. */
  loginLimit: { windowMs: number; perClient: number; global: number };
  /** Contact form: posts allowed per client per window. */
  contactLimit: { windowMs: number; perClient: number };
  /** Absolute session lifetime. */
  sessionTtlMs: number;
  /** A render that takes longer is aborted. */
  renderTimeoutMs: number;
  /** Log format: JSON lines in production, short text in development. */
  logFormat: 'json' | 'text' | 'off';
  /** Answer signed-in requests for what is already in memory before Express routes them (app.ts). */
  fastPath: boolean;
}

const Env = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  SITE_PASSWORD: z.string().optional(),
  SESSION_SECRET: z.string().optional(),
  TRUST_PROXY: z.string().regex(/^\d+$/, 'must be a hop count (0, 1, 2…), never "true"').default('0'),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_FORMAT: z.enum(['json', 'text', 'off']).optional(),
  LIVE_RELOAD: z.string().optional(),
  FAST_PATH: z.enum(['on', 'off']).default('on'),
});

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

  let sessionSecrets = (e.SESSION_SECRET ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  if (!sessionSecrets.length) {
    if (production) problems.push('SESSION_SECRET is required when NODE_ENV=production (32+ characters)');
    sessionSecrets = [randomBytes(32).toString('base64url')];
  } else if (sessionSecrets.some((s) => s.length < 32)) {
    problems.push('each SESSION_SECRET entry must be at least 32 characters');
  }
  if (problems.length) throw new ConfigError(problems.join('; '));

  return {
    production,
    port: e.PORT,
    host: e.HOST,
    sitePassword,
    sessionSecrets,
    trustProxy: Number(e.TRUST_PROXY),
    dataDir: path.resolve(e.DATA_DIR),
    distDir: path.resolve('dist'),
    publicDir: path.resolve('public'),
    contentDir: path.resolve('content'),
    liveReload: e.LIVE_RELOAD === '1',
    loginLimit: { windowMs: 15 * 60_000, perClient: 10, global: 200 },
    contactLimit: { windowMs: 60 * 60_000, perClient: 5 },
    sessionTtlMs: 12 * 60 * 60_000,
    renderTimeoutMs: 10_000,
    logFormat: e.LOG_FORMAT ?? (production ? 'json' : 'text'),
    fastPath: e.FAST_PATH === 'on',
    ...overrides,
  };
}
