/**
 * `npm run perf -- browser [--measure main-thread|frames|cpu]` (builds first): what a page costs a
 * phone's browser after the first paint — three measures of one thing, with one loop.
 *
 * - `main-thread` (default; decision 007): the figure behind Lighthouse's Total Blocking Time
 *   without the noise of a shared machine. Lighthouse multiplies the wall-clock length of every
 *   main-thread task by 4 (its simulated phone); on a VM whose neighbours take the CPU away, the
 *   same build gave TBT 12–747 ms. Here the same tasks are read from a Chromium trace (until
 *   2.5 s after `load`) with their thread CPU time (`tdur`), which stolen time does not inflate,
 *   and Lighthouse's rule is applied to it (lib/blocking.ts): per load, blocking time
 *   (Σ max(0, 4 × cpu − 50 ms) over the tasks after FCP), the longest task and the CPU after FCP.
 * - `frames`: the long tasks as the page itself reports them (Long Animation Frames API), no
 *   trace — tracing adds work to some tasks. Chromium throttles the CPU 4×; 4 s after `load` the
 *   frames that end after FCP give blocking (Σ max(0, frame − 50 ms)), the longest frame, the
 *   loader's longest callback and the longest module evaluation.
 * - `cpu` (decision 008): the CPU time of all of Chromium's processes (renderer, GPU process —
 *   which composites every frame of a running animation, in software when headless — browser)
 *   from the navigation to 5 s after `load` (CDP `SystemInfo.getProcessInfo`, 10 ms resolution).
 *   The main thread alone does not see an animation the compositor draws 60 times a second.
 *
 * The loop: forks the production server once per build (this checkout's dist/ and, with
 * PERF_BASELINE=<another build's dist/>, that one), signs in to each, launches one headless
 * Chromium without the address bar's popup and the spare renderer (tests/helpers/chromium-features.ts),
 * and loads every page as a phone (412×823, mobile) from a cold cache PERF_RUNS times, alternating
 * the builds load by load so that a noisy minute weighs on both alike. Medians; with a baseline,
 * the ratio too. That is how a change is judged here.
 *
 * Settings: PERF_RUNS (main-thread 5, frames 6, cpu 5), PERF_ROUTES=/,/team (main-thread: /, /team,
 * /research, /privacy, /portfolio, /news-updates; frames: /, /team, /privacy, /portfolio; cpu: /,
 * /team, /portfolio), PERF_BASELINE, PERF_SECONDS (how long the page is watched after `load`:
 * 2.5, 4, 5), PERF_REDUCED_MOTION=1 (`prefers-reduced-motion: reduce`), CHROMIUM_PATH
 * (default /usr/bin/chromium).
 *
 * Writes reports/browser/<measure>.md. Exit code 0 (a measurement); 1 if a page fails to load.
 */
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SESSION_COOKIE } from '../../src/app/constants.ts';
import { PLAYWRIGHT_DISABLE_FEATURES_SWITCH } from '../../tests/helpers/chromium-features.ts';
import { forkServer, hasBuild, ROOT, type Forked } from '../../tests/helpers/spawn-server.ts';
import { blockingFromTrace, CPU_MULTIPLIER, LONG_TASK_MS, type Load as MainThreadLoad, type TraceEvent } from './lib/blocking.ts';
import { median } from './lib/median.ts';

interface Settings {
  runs: number;
  routes: string[];
  /** Another build's dist/, measured alternately with this checkout's. */
  baseline?: string;
  /** How long the page is watched after `load`, in seconds. */
  seconds: number;
  reducedMotion: boolean;
}

interface Build {
  label: string;
  dist: string;
}

/** One phone load of `route` in a fresh context: a page signed in, not yet navigated. */
interface Visit {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Navigates to the route and checks that it answered 200 there (a lost session would measure /login). */
  open(): Promise<void>;
}

/** The loads of each build: per build, per route, one figure set per load. */
type Loads<L> = Map<string, L[]>[];

interface Measure<L> {
  defaults: { runs: number; routes: string; seconds: number };
  /** Printed once the browser is up (its version is appended). */
  title(s: Settings): string;
  measure(visit: Visit, s: Settings): Promise<L>;
  /** A line printed after each route, from its loads per build. */
  progress(perBuild: L[][]): string;
  /** The summary's title, the sentence saying what the columns mean, and the table. */
  summary(s: Settings, builds: Build[], loads: Loads<L>): { title: string; legend: string; table: string[] };
}

const f0 = (xs: number[]) => median(xs).toFixed(0);
const perBuildLine = (perBuild: number[][], what = '') => perBuild.map((xs, i) => `${i ? 'baseline' : 'this build'} ${what}${f0(xs)} ms`).join(', ');

const mainThread: Measure<MainThreadLoad> = {
  defaults: { runs: 5, routes: '/,/team,/research,/privacy,/portfolio,/news-updates', seconds: 2.5 },
  title: () => 'Main thread after the first paint',
  async measure({ context, page, open }, s) {
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,loading', transferMode: 'ReportEvents' });
    await open();
    await page.waitForTimeout(s.seconds * 1000);
    await cdp.send('Tracing.end');
    await complete;
    return blockingFromTrace(events);
  },
  progress: (perBuild) => `blocking ${perBuildLine(perBuild.map((xs) => xs.map((l) => l.blockingMs)))}`,
  summary(s, _builds, loads) {
    const fmt = (xs: MainThreadLoad[], k: keyof MainThreadLoad) => f0(xs.map((l) => l[k]));
    const head = s.baseline
      ? '| Page | Blocking (ms) | Baseline | Ratio | Longest task | Baseline | CPU after FCP | Baseline |\n|---|--:|--:|--:|--:|--:|--:|--:|'
      : '| Page | Blocking (ms) | Longest task (ms) | CPU after FCP (ms) |\n|---|--:|--:|--:|';
    const rows = s.routes.map((route) => {
      const a = loads[0].get(route)!;
      if (!s.baseline) return `| \`${route}\` | ${fmt(a, 'blockingMs')} | ${fmt(a, 'longestMs')} | ${fmt(a, 'cpuMs')} |`;
      const b = loads[1].get(route)!;
      const ratio = median(b.map((l) => l.cpuMs)) ? median(a.map((l) => l.cpuMs)) / median(b.map((l) => l.cpuMs)) : NaN;
      return `| \`${route}\` | ${fmt(a, 'blockingMs')} | ${fmt(b, 'blockingMs')} | ${ratio.toFixed(2)} (CPU) | ${fmt(a, 'longestMs')} | ${fmt(b, 'longestMs')} | ${fmt(a, 'cpuMs')} | ${fmt(b, 'cpuMs')} |`;
    });
    return {
      title: `Main thread after the first paint (CPU time × ${CPU_MULTIPLIER}, median of ${s.runs} loads)`,
      legend: `Blocking: Σ max(0, task − ${LONG_TASK_MS} ms) over the renderer's main-thread tasks after FCP, each task's thread CPU time × ${CPU_MULTIPLIER} (Lighthouse's rule without the wall-clock noise).`,
      table: [head, ...rows],
    };
  },
};

/** Lighthouse's simulated phone, applied by Chromium itself for `frames`. */
const CPU_SLOWDOWN = 4;

interface FramesLoad {
  blockingMs: number;
  longestMs: number;
  loaderMs: number;
  moduleMs: number;
}

/**
 * Runs in the page before anything else: keeps every long animation frame in `window.__frames`,
 * with the time of the loader's callbacks and of module evaluation in it. A string, not a
 * function: tsx would wrap the function's inner closures in a helper the page does not have.
 */
const OBSERVE_FRAMES = `
  window.__frames = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const sum = (pick) => e.scripts.filter(pick).reduce((t, s) => t + s.duration, 0);
      window.__frames.push({
        start: e.startTime,
        duration: e.duration,
        loader: sum((s) => /\\/boot-[A-Z0-9]+\\.js$/.test(s.sourceURL)),
        module: sum((s) => s.invokerType === 'module-script'),
      });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
`;

const frames: Measure<FramesLoad> = {
  defaults: { runs: 6, routes: '/,/team,/privacy,/portfolio', seconds: 4 },
  title: () => `Long animation frames after the first paint (CPU ${CPU_SLOWDOWN}× slower)`,
  async measure({ context, page, open }, s) {
    await page.addInitScript({ content: OBSERVE_FRAMES });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await open();
    await page.waitForTimeout(s.seconds * 1000);
    const { frames, fcp } = await page.evaluate(() => ({
      frames: (window as unknown as { __frames: { start: number; duration: number; loader: number; module: number }[] }).__frames,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    }));
    if (fcp === undefined) throw new Error(`${page.url()}: no first contentful paint`);
    const after = frames.filter((f) => f.start + f.duration > fcp);
    return {
      blockingMs: after.reduce((sum, f) => sum + Math.max(0, f.duration - 50), 0),
      longestMs: Math.max(0, ...after.map((f) => f.duration)),
      loaderMs: Math.max(0, ...after.map((f) => f.loader)),
      moduleMs: Math.max(0, ...after.map((f) => f.module)),
    };
  },
  progress: (perBuild) =>
    perBuildLine(
      perBuild.map((xs) => xs.map((l) => l.blockingMs)),
      'blocking ',
    ),
  summary(s, builds, loads) {
    const cells = (xs: FramesLoad[]) => (['blockingMs', 'longestMs', 'loaderMs', 'moduleMs'] as const).map((k) => f0(xs.map((l) => l[k])));
    const rows = s.routes.flatMap((route) => builds.map((b, i) => `| \`${route}\` | ${b.label} | ${cells(loads[i].get(route)!).join(' | ')} |`));
    return {
      title: `Long animation frames after the first paint (CPU ${CPU_SLOWDOWN}× slower, median of ${s.runs} loads)`,
      legend: 'Blocking: Σ max(0, frame − 50 ms) over the frames that end after FCP. Loader: the longest time its callbacks took in one frame. Module: the longest module evaluation in one frame.',
      table: ['| Page | Build | Blocking (ms) | Longest frame | Loader | Module evaluation |', '|---|---|--:|--:|--:|--:|', ...rows],
    };
  },
};

/** CPU time (ms) per process type, summed over the window. */
interface CpuLoad {
  total: number;
  renderer: number;
  gpu: number;
  browser: number;
}

type ProcessInfo = { processInfo: { type: string; id: number; cpuTime: number }[] };
const sample = async (cdp: CDPSession) => (await cdp.send('SystemInfo.getProcessInfo' as never)) as unknown as ProcessInfo;
/** The browser-wide session that reads every process's CPU time (one for the whole run). */
const browserSessions = new WeakMap<Browser, CDPSession>();

const cpu: Measure<CpuLoad> = {
  defaults: { runs: 5, routes: '/,/team,/portfolio', seconds: 5 },
  title: (s) => `Chromium's CPU over a load and ${s.seconds} s`,
  async measure({ browser, page, open }, s) {
    let cdp = browserSessions.get(browser);
    if (!cdp) browserSessions.set(browser, (cdp = await browser.newBrowserCDPSession()));
    await page.goto('about:blank');
    const before = new Map((await sample(cdp)).processInfo.map((p) => [p.id, p.cpuTime]));
    await open();
    await page.waitForTimeout(s.seconds * 1000);
    const load: CpuLoad = { total: 0, renderer: 0, gpu: 0, browser: 0 };
    for (const p of (await sample(cdp)).processInfo) {
      const ms = (p.cpuTime - (before.get(p.id) ?? 0)) * 1000;
      load.total += ms;
      if (p.type === 'renderer') load.renderer += ms;
      else if (p.type === 'GPU') load.gpu += ms;
      else if (p.type === 'browser') load.browser += ms;
    }
    return load;
  },
  progress: (perBuild) => perBuildLine(perBuild.map((xs) => xs.map((l) => l.total))),
  summary(s, _builds, loads) {
    const fmt = (xs: CpuLoad[], k: keyof CpuLoad) => f0(xs.map((l) => l[k]));
    const head = s.baseline
      ? '| Page | Chromium CPU (ms) | Baseline | Ratio | Renderer | Baseline | GPU process | Baseline |\n|---|--:|--:|--:|--:|--:|--:|--:|'
      : '| Page | Chromium CPU (ms) | Renderer | GPU process | Browser process |\n|---|--:|--:|--:|--:|';
    const rows = s.routes.map((route) => {
      const a = loads[0].get(route)!;
      if (!s.baseline) return `| \`${route}\` | ${fmt(a, 'total')} | ${fmt(a, 'renderer')} | ${fmt(a, 'gpu')} | ${fmt(a, 'browser')} |`;
      const b = loads[1].get(route)!;
      const ratio = median(a.map((l) => l.total)) / median(b.map((l) => l.total));
      return `| \`${route}\` | ${fmt(a, 'total')} | ${fmt(b, 'total')} | ${ratio.toFixed(2)} | ${fmt(a, 'renderer')} | ${fmt(b, 'renderer')} | ${fmt(a, 'gpu')} | ${fmt(b, 'gpu')} |`;
    });
    return {
      title: `Chromium's CPU over a load and ${s.seconds} s (median of ${s.runs} loads${s.reducedMotion ? ', prefers-reduced-motion: reduce' : ''})`,
      legend: "CPU time of all of Chromium's processes from the navigation to the end of the window (CDP SystemInfo.getProcessInfo).",
      table: [head, ...rows],
    };
  },
};

/** The settings from PERF_*, with the measure's defaults. */
function settingsFromEnv(defaults: Measure<unknown>['defaults']): Settings {
  const env = (key: string) => process.env[`PERF_${key}`];
  const baseline = env('BASELINE');
  const seconds = Number(env('SECONDS') ?? defaults.seconds);
  return {
    runs: Math.max(1, Number(env('RUNS') ?? defaults.runs) || defaults.runs),
    routes: (env('ROUTES') ?? defaults.routes)
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean),
    baseline: baseline ? path.resolve(baseline) : undefined,
    seconds: Number.isFinite(seconds) && seconds >= 0 ? seconds : defaults.seconds,
    reducedMotion: env('REDUCED_MOTION') === '1',
  };
}

/** Every route `runs` times per build, the builds alternating load by load; servers, browser and data directories removed however it ends. */
async function alternateBuilds<L>(m: Measure<L>, s: Settings): Promise<{ builds: Build[]; loads: Loads<L>; browserVersion: string }> {
  if (!hasBuild()) throw new Error('dist/ is missing: run "npx tsx scripts/build.ts" (npm run perf -- browser builds first)');
  const builds: Build[] = [{ label: 'this build', dist: path.join(ROOT, 'dist') }, ...(s.baseline ? [{ label: 'baseline', dist: s.baseline }] : [])];
  const chrome = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const dataDirs: string[] = [];
  const servers: Forked[] = [];
  let browser: Browser | undefined;
  try {
    for (const build of builds) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'hrc-perf-browser-'));
      dataDirs.push(dataDir);
      servers.push(await forkServer({ dataDir, distDir: build.dist, env: { LOG_FORMAT: 'off' } }));
    }
    const cookies = await Promise.all(servers.map((server) => server.login()));
    if (!cookies.every((c) => c.startsWith(`${SESSION_COOKIE}=`))) throw new Error('no session cookie');
    browser = await chromium.launch({ executablePath: chrome, args: ['--no-sandbox', PLAYWRIGHT_DISABLE_FEATURES_SWITCH] });
    const browserVersion = browser.version();
    console.log(`${m.title(s)}: ${s.routes.length} pages × ${s.runs} loads × ${builds.length} build(s), ${browserVersion}`);
    const loads: Loads<L> = builds.map(() => new Map<string, L[]>());
    for (const route of s.routes) {
      for (let run = 0; run < s.runs; run++) {
        for (const [i] of builds.entries()) {
          const load = await visit(browser, servers[i], cookies[i], route, s, (v) => m.measure(v, s));
          (loads[i].get(route) ?? loads[i].set(route, []).get(route)!).push(load);
        }
      }
      console.log(`  ${route}: ${m.progress(loads.map((l) => l.get(route)!))}`);
    }
    return { builds, loads, browserVersion };
  } finally {
    await browser?.close();
    for (const server of servers) server.kill('SIGKILL');
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  }
}

/** A fresh phone context with the session cookie; closed after the measure. */
async function visit<L>(browser: Browser, server: Forked, cookie: string, route: string, s: Settings, measure: (v: Visit) => Promise<L>): Promise<L> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    reducedMotion: s.reducedMotion ? 'reduce' : 'no-preference',
  });
  try {
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    const open = async () => {
      const response = await page.goto(server.url + route, { waitUntil: 'load' });
      if (response?.status() !== 200 || new URL(page.url()).pathname !== route) throw new Error(`${route} answered ${response?.status()} at ${page.url()}`);
    };
    return await measure({ browser, context, page, open });
  } finally {
    await context.close();
  }
}

/**
 * Writes the summary to reports/browser/<measure>.md and prints it: a title, the line saying when,
 * with which browser and against which baseline it was measured and what the columns mean, then
 * the table.
 */
function writeSummary(name: string, o: { title: string; legend: string; table: string[] }, browserVersion: string, baseline?: string): void {
  const summary = [`# ${o.title}`, '', `Measured ${new Date().toISOString()} with ${browserVersion}${baseline ? `; baseline: ${baseline}` : ''}. ${o.legend}`, '', ...o.table, ''].join('\n');
  const out = path.join(ROOT, 'reports', 'browser', `${name}.md`);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, summary);
  console.log('\n' + summary);
}

async function run<L>(name: string, m: Measure<L>): Promise<void> {
  const s = settingsFromEnv(m.defaults);
  const { builds, loads, browserVersion } = await alternateBuilds(m, s);
  writeSummary(name, m.summary(s, builds, loads), browserVersion, s.baseline);
}

const MEASURES: Record<string, () => Promise<void>> = {
  'main-thread': () => run('main-thread', mainThread),
  frames: () => run('frames', frames),
  cpu: () => run('cpu', cpu),
};

export async function main(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { measure: { type: 'string', default: 'main-thread' } } });
  const measure = Object.hasOwn(MEASURES, values.measure) ? MEASURES[values.measure] : undefined;
  if (!measure) throw new Error(`browser --measure: "${values.measure}" is not one of ${Object.keys(MEASURES).join(', ')}`);
  await measure();
}
