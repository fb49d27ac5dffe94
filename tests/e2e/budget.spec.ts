/**
 * Performance budgets measured in the browser (issue 6), at both viewports:
 *
 * - Home page total transfer ≤ 500 KB on a first visit (fresh context, empty cache): every
 *   request of the document and its subresources until the network is idle, response headers +
 *   encoded bodies as received (Playwright's `request.sizes()`, which Chromium takes from the
 *   network stack). The breakdown by resource type is attached to the test.
 * - Layout shift from images and fonts on every page: fonts and images are held back
 *   (ASSET_DELAY_MS) so that the page paints with the fallback fonts and empty image boxes first,
 *   as on a slow connection, then swaps; the page is then scrolled through, a viewport at a time,
 *   so that lazy images load in view. The `layout-shift` entries (PerformanceObserver, buffered)
 *   must stay within CLS_LOAD_BUDGET while loading and be exactly 0 while scrolling; every page's
 *   figures are printed, and a failure names the elements that moved (`entry.sources`).
 *
 * The build budgets (JS, CSS gzip sizes) are checked without a browser in tests/unit/budgets.test.ts.
 */
import type { Page, Request, TestInfo } from '@playwright/test';
import { test, expect, waitForHydration, SIGNED_OUT } from './fixtures.ts';
import { LOGIN_ROUTE, SITE_ROUTES } from './site.ts';

const KB = 1024;
/** Home page, first visit: everything received (headers + encoded bodies). */
const HOME_TRANSFER_BUDGET = 500 * KB;
/**
 * Layout shift while a page loads with its fonts and images held back (the worst case: every web
 * font swaps in after the first paint). Images never shift anything (explicit width and height);
 * the metric-matched fallback fonts match each face's average width, not every word's, so a
 * heading or a button label can still come out a few pixels wider or narrower. The budget is the
 * issue's Lighthouse target (CLS ≤ 0.02); the figures are printed for every page.
 */
const CLS_LOAD_BUDGET = 0.02;
/** While scrolling through the page (lazy images loading in view): nothing may move at all. */
const CLS_SCROLL_BUDGET = 0;
/** How long fonts and images are held back (longer than the first paint takes here). */
const ASSET_DELAY_MS = 250;

test.describe.configure({ mode: 'parallel' });

/* ------------------------------------------------------------------------------------------ */
/* Transfer                                                                                    */
/* ------------------------------------------------------------------------------------------ */

interface Transfer {
  url: string;
  type: string;
  status: number;
  headers: number;
  body: number;
  sent: number;
}

/** Records every request of the page; `settle()` waits until none is in flight and returns their sizes. */
function recordTransfers(page: Page) {
  const inFlight = new Set<Request>();
  const done: Promise<Transfer>[] = [];
  const failed: string[] = [];
  page.on('request', (r) => inFlight.add(r));
  page.on('requestfailed', (r) => {
    inFlight.delete(r);
    failed.push(`${r.url()}: ${r.failure()?.errorText}`);
  });
  page.on('requestfinished', (r) => {
    inFlight.delete(r);
    if (!/^https?:/.test(r.url())) return; // data: URLs cost nothing on the wire
    done.push(
      Promise.all([r.sizes(), r.response()]).then(([s, res]) => ({
        url: new URL(r.url()).pathname,
        type: r.resourceType(),
        status: res?.status() ?? 0,
        headers: s.responseHeadersSize,
        body: s.responseBodySize,
        sent: s.requestHeadersSize + s.requestBodySize,
      })),
    );
  });
  return {
    failed,
    async settle(): Promise<Transfer[]> {
      await page.waitForLoadState('networkidle');
      await expect.poll(() => inFlight.size, { message: 'no request in flight' }).toBe(0);
      return Promise.all(done);
    },
  };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

function breakdown(rows: Transfer[]): string {
  const byType = new Map<string, { n: number; bytes: number }>();
  for (const r of rows) {
    const t = byType.get(r.type) ?? { n: 0, bytes: 0 };
    t.n++;
    t.bytes += r.headers + r.body;
    byType.set(r.type, t);
  }
  const total = rows.reduce((s, r) => s + r.headers + r.body, 0);
  return [
    '| type | requests | received |',
    '|---|--:|--:|',
    ...[...byType].sort((a, b) => b[1].bytes - a[1].bytes).map(([type, t]) => `| ${type} | ${t.n} | ${kb(t.bytes)} |`),
    `| **total** | ${rows.length} | **${kb(total)}** |`,
    '',
    '| request | type | status | headers | body |',
    '|---|---|--:|--:|--:|',
    ...rows.map((r) => `| ${r.url} | ${r.type} | ${r.status} | ${r.headers} B | ${kb(r.body)} |`),
    '',
    `Sent (request headers + bodies, not counted above): ${kb(rows.reduce((s, r) => s + r.sent, 0))}`,
  ].join('\n');
}

test(`home page: a first visit transfers ≤ ${HOME_TRANSFER_BUDGET / KB} KB (document + all subresources)`, async ({ page }, testInfo) => {
  const transfers = recordTransfers(page);
  const response = await page.goto('/');
  expect(response?.status(), 'the home page itself (not a redirect to /login)').toBe(200);
  expect(new URL(page.url()).pathname).toBe('/');
  await waitForHydration(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const rows = await transfers.settle();

  const total = rows.reduce((s, r) => s + r.headers + r.body, 0);
  const table = breakdown(rows);
  await testInfo.attach('transfer-breakdown.md', { body: table, contentType: 'text/markdown' });
  console.log(
    `[budget] ${testInfo.project.name}: home page first visit received ${kb(total)} in ${rows.length} requests ` +
      `(${[...new Set(rows.map((r) => r.type))].map((t) => `${t} ${kb(rows.filter((r) => r.type === t).reduce((s, r) => s + r.headers + r.body, 0))}`).join(', ')})`,
  );

  expect(transfers.failed, 'failed requests').toEqual([]);
  // The measurement itself: every kind of resource the page loads was seen, with its bytes.
  for (const type of ['document', 'stylesheet', 'script', 'font', 'image']) {
    expect(rows.filter((r) => r.type === type && r.body > 0 && r.headers > 0).length, `${type} requests measured`).toBeGreaterThan(0);
  }
  expect(total, `home page first-visit transfer (${kb(total)}; breakdown attached)\n${table}`).toBeLessThanOrEqual(HOME_TRANSFER_BUDGET);
});

/* ------------------------------------------------------------------------------------------ */
/* Layout shift                                                                                */
/* ------------------------------------------------------------------------------------------ */

interface Shift {
  value: number;
  startTime: number;
  hadRecentInput: boolean;
  sources: { node: string; from: string; to: string }[];
}

/** Holds fonts and images back, so that the page paints before they arrive (as on a slow network). */
async function delayFontsAndImages(page: Page) {
  await page.route(/\.(woff2?|avif|webp|png|jpe?g|gif|svg)(\?|$)/, async (route) => {
    await new Promise((r) => setTimeout(r, ASSET_DELAY_MS));
    await route.fallback();
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

/** Two animation frames: whatever changed has been laid out and painted (and reported). */
const nextFrames = (page: Page) => page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

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
    await nextFrames(page);
    await assetsSettled(page);
  }
}

/** Every layout-shift entry of the document so far, with the elements that moved. */
function layoutShifts(page: Page): Promise<Shift[]> {
  return page.evaluate(async () => {
    const describe = (node: Node | null | undefined): string => {
      if (!node) return '(removed node)';
      if (!(node instanceof Element)) return `#text "${(node.textContent ?? '').trim().slice(0, 40)}" in ${describe(node.parentElement)}`;
      const cls = [...node.classList].map((c) => `.${c}`).join('');
      const text = (node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${cls}${text ? ` "${text}"` : ''}`;
    };
    const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    type LayoutShift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const entries: LayoutShift[] = [];
    const observer = new PerformanceObserver((list) => entries.push(...(list.getEntries() as LayoutShift[])));
    observer.observe({ type: 'layout-shift', buffered: true });
    await new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 0))));
    entries.push(...(observer.takeRecords() as LayoutShift[]));
    observer.disconnect();
    return entries.map((e) => ({
      value: e.value,
      startTime: Math.round(e.startTime),
      hadRecentInput: e.hadRecentInput,
      sources: e.sources.map((s) => ({ node: describe(s.node), from: rect(s.previousRect), to: rect(s.currentRect) })),
    }));
  });
}

async function expectNoLayoutShift(page: Page, path: string, testInfo: TestInfo) {
  await delayFontsAndImages(page);
  const response = await page.goto(path);
  expect(response?.status(), `HTTP status of ${path}`).toBe(200);
  expect(new URL(page.url()).pathname, 'the page asked for (not a redirect)').toBe(path);
  await waitForHydration(page);
  await assetsSettled(page);
  await nextFrames(page);
  const onLoad = await layoutShifts(page);
  await scrollThrough(page);
  const all = await layoutShifts(page);
  const whileScrolling = all.slice(onLoad.length);

  const sum = (xs: Shift[]) => xs.reduce((s, e) => s + e.value, 0);
  const report = (label: string, xs: Shift[]) =>
    xs
      .map((e) => `${label} shift ${e.value.toFixed(5)} at ${e.startTime} ms${e.hadRecentInput ? ' (after input)' : ''}:\n` + e.sources.map((s) => `    ${s.node}: ${s.from} → ${s.to}`).join('\n'))
      .join('\n');
  const details = [report('load', onLoad), report('scroll', whileScrolling)].filter(Boolean).join('\n');
  if (details) await testInfo.attach('layout-shifts.txt', { body: details, contentType: 'text/plain' });
  console.log(`[budget] ${testInfo.project.name}: CLS ${path} load ${sum(onLoad).toFixed(5)} scroll ${sum(whileScrolling).toFixed(5)}`);

  expect(sum(onLoad), `layout shift while ${path} loads (fonts and images held back ${ASSET_DELAY_MS} ms)\n${report('load', onLoad)}`).toBeLessThanOrEqual(CLS_LOAD_BUDGET);
  expect(sum(whileScrolling), `layout shift while scrolling through ${path} (lazy images)\n${report('scroll', whileScrolling)}`).toBeLessThanOrEqual(CLS_SCROLL_BUDGET);
}

for (const route of SITE_ROUTES.filter((r) => r.inTable)) {
  test(`no layout shift from images and fonts: ${route.path}`, async ({ page }, testInfo) => {
    await expectNoLayoutShift(page, route.path, testInfo);
  });
}

test.describe('signed out', () => {
  test.use({ storageState: SIGNED_OUT });
  test(`no layout shift from images and fonts: ${LOGIN_ROUTE.path}`, async ({ page }, testInfo) => {
    await expectNoLayoutShift(page, LOGIN_ROUTE.path, testInfo);
  });
});
