/**
 * `npm run long-frames` (builds first): the long tasks a slow phone would see after the first
 * paint, measured by the page itself with the Long Animation Frames API — no trace, no profiler.
 *
 * Why: scripts/main-thread.ts reads a Chromium trace, and tracing itself adds work to some tasks;
 * Lighthouse's wall-clock figures vary more between runs on a shared VM than most changes move
 * them. Here Chromium throttles the CPU 4× (Lighthouse's simulated phone) and the page records
 * every frame longer than 50 ms, with the scripts that ran in it.
 *
 * - Forks the production server (tests/helpers/spawn-server.ts), signs in, and loads each page in
 *   headless Chromium as a phone (412×823, mobile), LF_RUNS times (default 6), from a cold cache;
 *   reads the frames 4 s after `load`.
 * - Per load, over the frames that end after the first contentful paint: blocking
 *   (Σ max(0, frame − 50 ms)), the longest frame, the loader's longest callback (its paint
 *   observer or a timer it queued) and the longest module evaluation. The table shows medians.
 * - LF_BASELINE=<path to another build's dist/> measures that build too, alternating load by load.
 * - LF_ROUTES=/,/team restricts the pages (default: /, /team, /privacy, /portfolio).
 *   CHROMIUM_PATH chooses the browser (default /usr/bin/chromium).
 *
 * Writes reports/long-frames/summary.md. Exit code 0 (a measurement); 1 if a page fails to load.
 */
import type { Browser } from '@playwright/test';
import type { Forked } from '../../tests/helpers/spawn-server.ts';
import { alternateBuilds, settingsFromEnv, writeSummary } from './lib/alternate-builds.ts';
import { median } from './lib/median.ts';

const { runs: RUNS, routes: ROUTES, baseline: BASELINE, chrome: CHROME, outDir: OUT_DIR } = settingsFromEnv('LF', 'long-frames', { runs: 6, routes: '/,/team,/privacy,/portfolio' });
const CPU_SLOWDOWN = 4;

interface Frame {
  start: number;
  duration: number;
  loader: number; // ms of the loader's callbacks in this frame
  module: number; // ms of module evaluation in this frame
}

interface Load {
  blockingMs: number;
  longestMs: number;
  loaderMs: number;
  moduleMs: number;
}

/**
 * Runs in the page before anything else: keeps every long animation frame in `window.__frames`.
 * A string, not a function: tsx would wrap the function's inner closures in a helper the page
 * does not have.
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

async function measure(browser: Browser, server: Forked, cookie: string, route: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: server.url }]);
    await context.addInitScript({ content: OBSERVE_FRAMES });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const response = await page.goto(server.url + route, { waitUntil: 'load' });
    if (response?.status() !== 200 || new URL(page.url()).pathname !== route) throw new Error(`${route} answered ${response?.status()} at ${page.url()}`);
    await page.waitForTimeout(4000);
    const { frames, fcp } = await page.evaluate(() => ({
      frames: (window as unknown as { __frames: Frame[] }).__frames,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    }));
    if (fcp === undefined) throw new Error(`${route}: no first contentful paint`);
    const after = frames.filter((f) => f.start + f.duration > fcp);
    return {
      blockingMs: after.reduce((sum, f) => sum + Math.max(0, f.duration - 50), 0),
      longestMs: Math.max(0, ...after.map((f) => f.duration)),
      loaderMs: Math.max(0, ...after.map((f) => f.loader)),
      moduleMs: Math.max(0, ...after.map((f) => f.module)),
    };
  } finally {
    await context.close();
  }
}

async function main() {
  const { builds, loads, browserVersion } = await alternateBuilds<Load>({
    script: 'long-frames',
    baseline: BASELINE,
    routes: ROUTES,
    runs: RUNS,
    chrome: CHROME,
    title: `Long animation frames after the first paint (CPU ${CPU_SLOWDOWN}× slower)`,
    measure,
    progress: (_route, perBuild) => perBuild.map((xs, i) => `${i ? 'baseline' : 'this build'} blocking ${median(xs.map((l) => l.blockingMs)).toFixed(0)} ms`).join(', '),
  });
  const cells = (xs: Load[]) => (['blockingMs', 'longestMs', 'loaderMs', 'moduleMs'] as const).map((k) => median(xs.map((l) => l[k])).toFixed(0));
  const rows = ROUTES.flatMap((route) => builds.map((b, i) => `| \`${route}\` | ${b.label} | ${cells(loads[i].get(route)!).join(' | ')} |`));
  writeSummary({
    outDir: OUT_DIR,
    title: `Long animation frames after the first paint (CPU ${CPU_SLOWDOWN}× slower, median of ${RUNS} loads)`,
    browserVersion,
    baseline: BASELINE,
    legend: 'Blocking: Σ max(0, frame − 50 ms) over the frames that end after FCP. Loader: the longest time its callbacks took in one frame. Module: the longest module evaluation in one frame.',
    table: ['| Page | Build | Blocking (ms) | Longest frame | Loader | Module evaluation |', '|---|---|--:|--:|--:|--:|', ...rows],
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
