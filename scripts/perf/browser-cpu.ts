/**
 * `npm run browser-cpu` (builds first): the CPU time all of Chromium's processes spend on a page,
 * from the navigation to BC_SECONDS (default 5) after `load`: the renderer (main thread,
 * compositor, raster), the GPU process (which composites, in software when headless) and the
 * browser process.
 *
 * Why: `npm run main-thread` counts the renderer's main thread only. An animation that runs from
 * the first paint costs nothing there, yet it has the compositor draw a frame 60 times a second,
 * on the same cores as the main thread; Lighthouse, which counts wall time, sees the main thread's
 * tasks stretch. This is how the home page's slider was judged (decision 008).
 *
 * - Forks the production server, signs in, and loads each page in headless Chromium as a phone
 *   (412×823, mobile), BC_RUNS times (default 5), from a cold cache. Per load, the CPU time of each
 *   of Chromium's processes (CDP `SystemInfo.getProcessInfo`, 10 ms resolution) after the window,
 *   less the same process's before it. The table shows medians.
 * - BC_BASELINE=<path to another build's dist/> measures that build too, alternating load by load
 *   with this checkout's dist/, and adds the ratio. BC_ROUTES=/,/team restricts the pages (default:
 *   /, /team, /portfolio). BC_REDUCED_MOTION=1 loads with `prefers-reduced-motion: reduce`.
 *   CHROMIUM_PATH chooses the browser.
 *
 * Writes reports/browser-cpu/summary.md. Exit code 0 (a measurement); 1 if a page fails to load.
 */
import type { Browser, CDPSession } from '@playwright/test';
import type { Forked } from '../../tests/helpers/spawn-server.ts';
import { alternateBuilds, settingsFromEnv, writeSummary } from './lib/alternate-builds.ts';
import { median } from './lib/median.ts';

const { runs: RUNS, routes: ROUTES, baseline: BASELINE, chrome: CHROME, outDir: OUT_DIR } = settingsFromEnv('BC', 'browser-cpu', { runs: 5, routes: '/,/team,/portfolio' });
const SECONDS = Math.max(0, Number(process.env.BC_SECONDS ?? 5) || 0);
const REDUCED_MOTION = process.env.BC_REDUCED_MOTION === '1';

/** CPU time (ms) per process type, summed over the window. */
interface Load {
  total: number;
  renderer: number;
  gpu: number;
  browser: number;
}

type ProcessInfo = { processInfo: { type: string; id: number; cpuTime: number }[] };
const sample = async (cdp: CDPSession) => (await cdp.send('SystemInfo.getProcessInfo' as never)) as unknown as ProcessInfo;

let cdp: CDPSession | undefined;

async function measure(browser: Browser, server: Forked, cookie: string, route: string): Promise<Load> {
  cdp ??= await browser.newBrowserCDPSession();
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    reducedMotion: REDUCED_MOTION ? 'reduce' : 'no-preference',
  });
  try {
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: server.url }]);
    const page = await context.newPage();
    await page.goto('about:blank');
    const before = new Map((await sample(cdp)).processInfo.map((p) => [p.id, p.cpuTime]));
    const response = await page.goto(server.url + route, { waitUntil: 'load' });
    if (response?.status() !== 200 || new URL(page.url()).pathname !== route) throw new Error(`${route} answered ${response?.status()} at ${page.url()}`);
    await page.waitForTimeout(SECONDS * 1000);
    const load: Load = { total: 0, renderer: 0, gpu: 0, browser: 0 };
    for (const p of (await sample(cdp)).processInfo) {
      const ms = (p.cpuTime - (before.get(p.id) ?? 0)) * 1000;
      load.total += ms;
      if (p.type === 'renderer') load.renderer += ms;
      else if (p.type === 'GPU') load.gpu += ms;
      else if (p.type === 'browser') load.browser += ms;
    }
    return load;
  } finally {
    await context.close();
  }
}

async function main() {
  const { loads, browserVersion } = await alternateBuilds<Load>({
    script: 'browser-cpu',
    baseline: BASELINE,
    routes: ROUTES,
    runs: RUNS,
    chrome: CHROME,
    title: `Chromium's CPU over a load and ${SECONDS} s`,
    measure,
    progress: (_route, perBuild) => perBuild.map((xs, i) => `${i ? 'baseline' : 'this build'} ${median(xs.map((l) => l.total)).toFixed(0)} ms`).join(', '),
  });
  const fmt = (xs: Load[], k: keyof Load) => median(xs.map((l) => l[k])).toFixed(0);
  const head = BASELINE
    ? '| Page | Chromium CPU (ms) | Baseline | Ratio | Renderer | Baseline | GPU process | Baseline |\n|---|--:|--:|--:|--:|--:|--:|--:|'
    : '| Page | Chromium CPU (ms) | Renderer | GPU process | Browser process |\n|---|--:|--:|--:|--:|';
  const rows = ROUTES.map((route) => {
    const a = loads[0].get(route)!;
    if (!BASELINE) return `| \`${route}\` | ${fmt(a, 'total')} | ${fmt(a, 'renderer')} | ${fmt(a, 'gpu')} | ${fmt(a, 'browser')} |`;
    const b = loads[1].get(route)!;
    const ratio = median(a.map((l) => l.total)) / median(b.map((l) => l.total));
    return `| \`${route}\` | ${fmt(a, 'total')} | ${fmt(b, 'total')} | ${ratio.toFixed(2)} | ${fmt(a, 'renderer')} | ${fmt(b, 'renderer')} | ${fmt(a, 'gpu')} | ${fmt(b, 'gpu')} |`;
  });
  writeSummary({
    outDir: OUT_DIR,
    title: `Chromium's CPU over a load and ${SECONDS} s (median of ${RUNS} loads${REDUCED_MOTION ? ', prefers-reduced-motion: reduce' : ''})`,
    browserVersion,
    baseline: BASELINE,
    legend: "CPU time of all of Chromium's processes from the navigation to the end of the window (CDP SystemInfo.getProcessInfo).",
    table: [head, ...rows],
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
