/**
 * The loop shared by the measuring scripts that compare builds in a browser (scripts/main-thread.ts,
 * scripts/long-frames.ts): forks the production server once per build (this checkout's dist/ and
 * an optional baseline), signs in to each, launches one headless Chromium, and measures every
 * route `runs` times, alternating the builds load by load so that a noisy minute weighs on both
 * alike. Servers, browser and data directories are removed however it ends.
 */
import { chromium, type Browser } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PLAYWRIGHT_DISABLE_FEATURES_SWITCH } from '../../../tests/helpers/chromium-features.ts';
import { forkServer, hasBuild, ROOT, type Forked } from '../../../tests/helpers/spawn-server.ts';
import { SESSION_COOKIE } from '../../../src/app/constants.ts';

/**
 * A measuring script's settings, read from the environment with its prefix (`MT`, `LF`):
 * `<P>_RUNS` loads per page and build, `<P>_ROUTES` (comma-separated), `<P>_BASELINE` (another
 * build's dist/), `CHROMIUM_PATH`; and its report folder, reports/<name>.
 */
export function settingsFromEnv(prefix: string, name: string, defaults: { runs: number; routes: string }) {
  const env = (key: string) => process.env[`${prefix}_${key}`];
  const baseline = env('BASELINE');
  return {
    runs: Math.max(1, Number(env('RUNS') ?? defaults.runs) || defaults.runs),
    routes: (env('ROUTES') ?? defaults.routes)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    baseline: baseline ? path.resolve(baseline) : undefined,
    chrome: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    outDir: path.join(ROOT, 'reports', name),
  };
}

export interface Build {
  label: string;
  dist: string;
}

export interface AlternateOptions<L> {
  /** The npm script, for the message when dist/ is missing. */
  script: string;
  baseline?: string;
  routes: string[];
  runs: number;
  chrome: string;
  /** Printed once the browser is up (its version is appended). */
  title: string;
  measure(browser: Browser, server: Forked, cookie: string, route: string): Promise<L>;
  /** A line printed after each route, from its loads per build. */
  progress(route: string, loads: L[][]): string;
}

export interface Alternated<L> {
  builds: Build[];
  /** Per build, the loads of each route. */
  loads: Map<string, L[]>[];
  browserVersion: string;
}

export async function alternateBuilds<L>(o: AlternateOptions<L>): Promise<Alternated<L>> {
  if (!hasBuild()) throw new Error(`dist/ is missing: run "npx tsx scripts/build.ts" (npm run ${o.script} builds first)`);
  const builds: Build[] = [{ label: 'this build', dist: path.join(ROOT, 'dist') }, ...(o.baseline ? [{ label: 'baseline', dist: o.baseline }] : [])];
  const dataDirs: string[] = [];
  const servers: Forked[] = [];
  let browser: Browser | undefined;
  try {
    for (const build of builds) {
      const dataDir = mkdtempSync(path.join(tmpdir(), `hrc-${o.script}-`));
      dataDirs.push(dataDir);
      servers.push(await forkServer({ dataDir, distDir: build.dist, env: { LOG_FORMAT: 'off' } }));
    }
    const cookies = await Promise.all(servers.map((s) => s.login()));
    if (!cookies.every((c) => c.startsWith(`${SESSION_COOKIE}=`))) throw new Error('no session cookie');
    // Without the address bar's popup and the spare renderer, which every new context would start
    // alongside the page measured (tests/helpers/chromium-features.ts).
    browser = await chromium.launch({ executablePath: o.chrome, args: ['--no-sandbox', PLAYWRIGHT_DISABLE_FEATURES_SWITCH] });
    const browserVersion = browser.version();
    console.log(`${o.title}: ${o.routes.length} pages × ${o.runs} loads × ${builds.length} build(s), ${browserVersion}`);
    const loads = builds.map(() => new Map<string, L[]>());
    for (const route of o.routes) {
      for (let run = 0; run < o.runs; run++) {
        for (const [i] of builds.entries()) {
          const load = await o.measure(browser, servers[i], cookies[i], route);
          (loads[i].get(route) ?? loads[i].set(route, []).get(route)!).push(load);
        }
      }
      console.log(
        `  ${route}: ${o.progress(
          route,
          loads.map((l) => l.get(route)!),
        )}`,
      );
    }
    return { builds, loads, browserVersion };
  } finally {
    await browser?.close();
    for (const s of servers) s.kill('SIGKILL');
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  }
}

/**
 * Writes a measuring script's table to `<outDir>/summary.md` and prints it: a title, the line
 * saying when, with which browser and against which baseline it was measured and what each column
 * means, then the table.
 */
export function writeSummary(o: { outDir: string; title: string; browserVersion: string; baseline?: string; legend: string; table: string[] }): void {
  const summary = [`# ${o.title}`, '', `Measured ${new Date().toISOString()} with ${o.browserVersion}${o.baseline ? `; baseline: ${o.baseline}` : ''}. ${o.legend}`, '', ...o.table, ''].join('\n');
  mkdirSync(o.outDir, { recursive: true });
  writeFileSync(path.join(o.outDir, 'summary.md'), summary);
  console.log('\n' + summary);
}
