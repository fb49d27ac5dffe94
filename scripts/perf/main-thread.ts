/**
 * `npm run main-thread` (builds first): how much the browser's main thread is blocked after the
 * first paint, measured in CPU time — the figure behind Lighthouse's Total Blocking Time, without
 * the noise of a shared machine.
 *
 * Why: Lighthouse (scripts/lighthouse.ts) runs the page unthrottled and multiplies the wall-clock
 * length of every main-thread task by 4 (its simulated phone). On a virtual machine whose
 * neighbours take the CPU away (steal time), wall-clock tasks stretch at random: the same build
 * gave TBT 12–747 ms. This script reads the same tasks from a Chromium trace but takes their
 * thread CPU time (`tdur`), which the stolen time does not inflate, and applies Lighthouse's rule
 * to it: ×4, then the part of each task beyond 50 ms after the first contentful paint.
 *
 * - Forks the production server (tests/helpers/spawn-server.ts), signs in, and loads each page in
 *   headless Chromium as a phone (412×823, mobile), MT_RUNS times (default 5), from a cold cache,
 *   recording a trace until 2.5 s after `load`.
 * - Per load: blocking time (Σ max(0, 4 × cpu − 50 ms) over tasks after FCP), the longest task
 *   (4 × cpu) and the main thread's CPU after FCP (×4). The table shows medians.
 * - MT_BASELINE=<path to another build's dist/> measures that build too, alternating load by load
 *   with this checkout's dist/, and adds the ratio. That is how a change is judged here.
 * - MT_ROUTES=/,/team restricts the pages (default: /, /team, /research, /privacy, /portfolio,
 *   /news-updates). CHROMIUM_PATH chooses the browser (default /usr/bin/chromium).
 *
 * Writes reports/main-thread/summary.md. Exit code 0 (a measurement); 1 if a page fails to load.
 */
import type { Browser } from '@playwright/test';
import type { Forked } from '../../tests/helpers/spawn-server.ts';
import { alternateBuilds, settingsFromEnv, writeSummary } from './lib/alternate-builds.ts';
import { median } from './lib/median.ts';
import { blockingFromTrace, CPU_MULTIPLIER, LONG_TASK_MS, type Load, type TraceEvent } from './lib/blocking.ts';

const {
  runs: RUNS,
  routes: ROUTES,
  baseline: BASELINE,
  chrome: CHROME,
  outDir: OUT_DIR,
} = settingsFromEnv('MT', 'main-thread', { runs: 5, routes: '/,/team,/research,/privacy,/portfolio,/news-updates' });

async function measure(browser: Browser, server: Forked, cookie: string, route: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  try {
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as TraceEvent[])));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,loading', transferMode: 'ReportEvents' });
    const response = await page.goto(server.url + route, { waitUntil: 'load' });
    if (response?.status() !== 200 || new URL(page.url()).pathname !== route) throw new Error(`${route} answered ${response?.status()} at ${page.url()}`);
    await page.waitForTimeout(2500);
    await cdp.send('Tracing.end');
    await complete;
    return blockingFromTrace(events);
  } finally {
    await context.close();
  }
}

async function main() {
  const { loads, browserVersion } = await alternateBuilds<Load>({
    script: 'main-thread',
    baseline: BASELINE,
    routes: ROUTES,
    runs: RUNS,
    chrome: CHROME,
    title: 'Main thread after the first paint',
    measure,
    progress: (_route, perBuild) => `blocking ${perBuild.map((xs, i) => `${i ? 'baseline' : 'this build'} ${median(xs.map((l) => l.blockingMs)).toFixed(0)} ms`).join(', ')}`,
  });
  const fmt = (xs: Load[], k: keyof Load) => `${median(xs.map((l) => l[k])).toFixed(0)}`;
  const head = BASELINE
    ? '| Page | Blocking (ms) | Baseline | Ratio | Longest task | Baseline | CPU after FCP | Baseline |\n|---|--:|--:|--:|--:|--:|--:|--:|'
    : '| Page | Blocking (ms) | Longest task (ms) | CPU after FCP (ms) |\n|---|--:|--:|--:|';
  const rows = ROUTES.map((route) => {
    const a = loads[0].get(route)!;
    if (!BASELINE) return `| \`${route}\` | ${fmt(a, 'blockingMs')} | ${fmt(a, 'longestMs')} | ${fmt(a, 'cpuMs')} |`;
    const b = loads[1].get(route)!;
    const ratio = median(b.map((l) => l.cpuMs)) ? median(a.map((l) => l.cpuMs)) / median(b.map((l) => l.cpuMs)) : NaN;
    return `| \`${route}\` | ${fmt(a, 'blockingMs')} | ${fmt(b, 'blockingMs')} | ${ratio.toFixed(2)} (CPU) | ${fmt(a, 'longestMs')} | ${fmt(b, 'longestMs')} | ${fmt(a, 'cpuMs')} | ${fmt(b, 'cpuMs')} |`;
  });
  writeSummary({
    outDir: OUT_DIR,
    title: `Main thread after the first paint (CPU time × ${CPU_MULTIPLIER}, median of ${RUNS} loads)`,
    browserVersion,
    baseline: BASELINE,
    legend: `Blocking: Σ max(0, task − ${LONG_TASK_MS} ms) over the renderer's main-thread tasks after FCP, each task's thread CPU time × ${CPU_MULTIPLIER} (Lighthouse's rule without the wall-clock noise).`,
    table: [head, ...rows],
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
