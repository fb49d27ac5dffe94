/**
 * What a route's first load must give, measured on the one load states.spec.ts makes of each
 * route per viewport (before, hydration.spec and budget.spec opened every route twice more):
 *
 * - the document: the expected status, `<html lang="en">`, one `<h1>`, a title naming the firm
 *   (and, through the `diagnostics` fixture, no console error, hydration warning or CSP violation);
 * - layout shift from fonts and images: they are held back (ASSET_DELAY_MS) so that the page paints
 *   with the fallback fonts and empty image boxes first, as on a slow connection, then swaps. The
 *   `layout-shift` entries (a PerformanceObserver installed before any page script) must stay
 *   within CLS_LOAD_BUDGET while loading, and be exactly 0 while the page is then scrolled through
 *   a viewport at a time (lazy images loading in view). A failure names the elements that moved;
 * - the home page's first-visit transfer (a fresh context, empty cache): every request until the
 *   network is idle, response headers + encoded bodies as received (`request.sizes()`), within
 *   HOME_TRANSFER_BUDGET; the breakdown by type is attached.
 *
 * The page's clock is paused (states.ts freezeClock): nothing here waits on page timers or
 * animation frames; everything is polled from Node.
 */
import type { Page, Request, TestInfo } from '@playwright/test';
import { expect } from './fixtures.ts';

const KB = 1024;
/** Home page, first visit: everything received (headers + encoded bodies). */
export const HOME_TRANSFER_BUDGET = 500 * KB;
/**
 * Layout shift while a page loads with its fonts and images held back (the worst case: every web
 * font swaps in after the first paint). Images never shift anything (explicit width and height);
 * the metric-matched fallback fonts match each face's average width, not every word's, so a
 * heading or a button label can still come out a few pixels wider or narrower. The budget is
 * Lighthouse's "good" target for the site (CLS ≤ 0.02).
 */
export const CLS_LOAD_BUDGET = 0.02;
/** While scrolling through the page (lazy images loading in view): nothing may move at all. */
export const CLS_SCROLL_BUDGET = 0;
/** How long fonts and images are held back (longer than the first paint takes here). */
const ASSET_DELAY_MS = 250;

interface Transfer {
  url: string;
  type: string;
  status: number;
  headers: number;
  body: number;
}

interface Shift {
  value: number;
  startTime: number;
  sources: string[];
}

declare global {
  interface Window {
    __e2eShifts?: Shift[];
  }
}

/** Call before the navigation: holds fonts and images back, records layout shifts (and, for `transfer`, every request). */
export async function prepareLoad(page: Page, opts: { transfer?: boolean } = {}) {
  await page.route(/\.(woff2?|avif|webp|png|jpe?g|gif|svg)(\?|$)/, async (route) => {
    await new Promise((r) => setTimeout(r, ASSET_DELAY_MS));
    await route.fallback();
  });
  await page.addInitScript(() => {
    const shifts: Shift[] = [];
    window.__e2eShifts = shifts;
    const describe = (node: Node | null | undefined): string => {
      if (!node) return '(removed node)';
      if (!(node instanceof Element)) return `#text "${(node.textContent ?? '').trim().slice(0, 40)}" in ${describe(node.parentElement)}`;
      const cls = [...node.classList].map((c) => `.${c}`).join('');
      const text = (node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${cls}${text ? ` "${text}"` : ''}`;
    };
    const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    type LayoutShift = PerformanceEntry & { value: number; sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as LayoutShift[]) {
        shifts.push({ value: e.value, startTime: Math.round(e.startTime), sources: e.sources.map((s) => `${describe(s.node)}: ${rect(s.previousRect)} → ${rect(s.currentRect)}`) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return opts.transfer ? recordTransfers(page) : undefined;
}

/** The document's own checks, then layout shift while loading and while scrolling through. */
export async function checkLoad(page: Page, testInfo: TestInfo, url: string, transfers?: ReturnType<typeof recordTransfers>) {
  expect.soft(await page.locator('html').getAttribute('lang'), `<html lang> on ${url}`).toBe('en');
  expect.soft(await page.locator('h1').count(), `one <h1> on ${url}`).toBe(1);
  expect.soft(await page.title(), `<title> of ${url}`).toMatch(/Halden Rowe Capital/);

  if (transfers) await checkTransfer(page, testInfo, transfers);

  await assetsSettled(page);
  const onLoad = await shiftsSoFar(page);
  await scrollThrough(page);
  const whileScrolling = (await shiftsSoFar(page)).slice(onLoad.length);
  await page.evaluate(() => window.scrollTo(0, 0));

  const sum = (xs: Shift[]) => xs.reduce((s, e) => s + e.value, 0);
  const report = (label: string, xs: Shift[]) => xs.map((e) => `${label} shift ${e.value.toFixed(5)} at ${e.startTime} ms:\n${e.sources.map((s) => `    ${s}`).join('\n')}`).join('\n');
  const details = [report('load', onLoad), report('scroll', whileScrolling)].filter(Boolean).join('\n');
  if (details) await testInfo.attach('layout-shifts.txt', { body: details, contentType: 'text/plain' });
  expect.soft(sum(onLoad), `layout shift while ${url} loads (fonts and images held back ${ASSET_DELAY_MS} ms)\n${report('load', onLoad)}`).toBeLessThanOrEqual(CLS_LOAD_BUDGET);
  expect.soft(sum(whileScrolling), `layout shift while scrolling through ${url} (lazy images)\n${report('scroll', whileScrolling)}`).toBeLessThanOrEqual(CLS_SCROLL_BUDGET);
}

/**
 * The shifts observed so far, after two frames (what just changed is laid out, painted and
 * reported). The page's clock is paused, so the frames are awaited with the real
 * requestAnimationFrame that Playwright's clock keeps aside.
 */
async function shiftsSoFar(page: Page): Promise<Shift[]> {
  return page.evaluate(async () => {
    const builtins = (window as unknown as { __pwClock?: { builtins?: { requestAnimationFrame?: typeof requestAnimationFrame } } }).__pwClock?.builtins;
    const raf = builtins?.requestAnimationFrame ?? window.requestAnimationFrame.bind(window);
    await new Promise<void>((r) => raf(() => raf(() => r())));
    return [...(window.__e2eShifts ?? [])];
  });
}

/** Resolves once the fonts are ready and every <img> drawn in the viewport has loaded (or failed). */
async function assetsSettled(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          await document.fonts.ready;
          const inView = (img: HTMLImageElement) => {
            const r = img.getBoundingClientRect();
            return img.checkVisibility() && r.bottom > 0 && r.top < window.innerHeight;
          };
          return [...document.images].filter((img) => inView(img) && !img.complete).map((img) => img.currentSrc || img.src);
        }),
      { message: 'visible images and fonts have loaded', timeout: 15_000, intervals: [50] },
    )
    .toEqual([]);
}

/** Scrolls down a viewport at a time, letting the images that come into view load in view. */
async function scrollThrough(page: Page) {
  for (let step = 1; step < 50; step++) {
    const more = await page.evaluate((k) => {
      const maxY = document.documentElement.scrollHeight - window.innerHeight;
      if (window.scrollY >= maxY) return false;
      window.scrollTo(0, Math.min(k * window.innerHeight, maxY));
      return true;
    }, step);
    if (!more) break;
    await assetsSettled(page);
  }
}

/* ------------------------------------------------------------------------------------------ */
/* Transfer                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/**
 * Records every request of the page until `settle()`, which waits until none is in flight, stops
 * recording and returns their sizes. Recording stops there because the page goes on loading
 * (lazy images, the news panel's chunk) and closes at the end of the test: a size asked for then
 * rejects with "Target page, context or browser has been closed", and a rejection nobody awaits
 * crashed a CI worker and cost the next test its run.
 */
function recordTransfers(page: Page) {
  const inFlight = new Set<Request>();
  const done: Promise<Transfer>[] = [];
  const failed: string[] = [];
  const onRequest = (r: Request) => inFlight.add(r);
  const onFailed = (r: Request) => {
    inFlight.delete(r);
    failed.push(`${r.url()}: ${r.failure()?.errorText}`);
  };
  const onFinished = (r: Request) => {
    inFlight.delete(r);
    if (!/^https?:/.test(r.url())) return; // data: URLs cost nothing on the wire
    const transfer = Promise.all([r.sizes(), r.response()]).then(([s, res]) => ({
      url: new URL(r.url()).pathname,
      type: r.resourceType(),
      status: res?.status() ?? 0,
      headers: s.responseHeadersSize,
      body: s.responseBodySize,
    }));
    transfer.catch(() => undefined); // awaited by settle(), which reports it; never unhandled
    done.push(transfer);
  };
  page.on('request', onRequest);
  page.on('requestfailed', onFailed);
  page.on('requestfinished', onFinished);
  return {
    failed,
    async settle(): Promise<Transfer[]> {
      await page.waitForLoadState('networkidle');
      await expect.poll(() => inFlight.size, { message: 'no request in flight' }).toBe(0);
      page.off('request', onRequest);
      page.off('requestfailed', onFailed);
      page.off('requestfinished', onFinished);
      return Promise.all(done);
    },
  };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

async function checkTransfer(page: Page, testInfo: TestInfo, transfers: ReturnType<typeof recordTransfers>) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const rows = await transfers.settle();
  const total = rows.reduce((s, r) => s + r.headers + r.body, 0);
  const byType = new Map<string, { n: number; bytes: number }>();
  for (const r of rows) {
    const t = byType.get(r.type) ?? { n: 0, bytes: 0 };
    t.n++;
    t.bytes += r.headers + r.body;
    byType.set(r.type, t);
  }
  const table = [
    '| type | requests | received |',
    '|---|--:|--:|',
    ...[...byType].sort((a, b) => b[1].bytes - a[1].bytes).map(([type, t]) => `| ${type} | ${t.n} | ${kb(t.bytes)} |`),
    `| **total** | ${rows.length} | **${kb(total)}** |`,
    '',
    '| request | type | status | headers | body |',
    '|---|---|--:|--:|--:|',
    ...rows.map((r) => `| ${r.url} | ${r.type} | ${r.status} | ${r.headers} B | ${kb(r.body)} |`),
  ].join('\n');
  await testInfo.attach('transfer-breakdown.md', { body: table, contentType: 'text/markdown' });
  console.log(`[budget] ${testInfo.project.name}: home page first visit received ${kb(total)} in ${rows.length} requests`);
  expect.soft(transfers.failed, 'failed requests').toEqual([]);
  // The measurement itself: every kind of resource the page loads was seen, with its bytes.
  for (const type of ['document', 'stylesheet', 'script', 'font', 'image']) {
    expect.soft(rows.filter((r) => r.type === type && r.body > 0 && r.headers > 0).length, `${type} requests measured`).toBeGreaterThan(0);
  }
  expect.soft(total, `home page first-visit transfer (${kb(total)}; breakdown attached)\n${table}`).toBeLessThanOrEqual(HOME_TRANSFER_BUDGET);
}
