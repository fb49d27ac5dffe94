/**
 * The narrowest screen we support (320 CSS px, WCAG 1.4.10's width): on every route, no heading
 * breaks inside a word. A title word wider than its column is broken by `overflow-wrap` before
 * its last letters ("Pharmaceutical|s" on /pharmaceuticals, until its title size was capped
 * below 360 px); the accessibility suite's reflow check does not see it, as nothing overflows.
 * Sideways scrolling and clipped text at this width are checked there (states.spec.ts).
 */
import { test, expect, isMobile } from './fixtures.ts';
import { SITE_ROUTES } from './site.ts';

test('at 320 px no heading on any route breaks inside a word', async ({ page }, testInfo) => {
  test.skip(isMobile(testInfo), 'one width, 320 px: measured once, in the desktop project');
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 320, height: 640 });
  const broken: string[] = [];
  for (const route of SITE_ROUTES.filter((r) => r.inTable)) {
    await page.goto(route.path);
    await page.evaluate(() => document.fonts.ready);
    const found = await page.evaluate(() => {
      const out: string[] = [];
      for (const h of document.querySelectorAll<HTMLElement>('main h1, main h2, main h3, main h4')) {
        if (!h.checkVisibility()) continue;
        const walker = document.createTreeWalker(h, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const text = n.textContent ?? '';
          // Words as a reader sees them: a break after a hyphen or a dash is a line break, not a broken word.
          for (const m of text.matchAll(/[^\s\-–—/]+/g)) {
            const range = document.createRange();
            range.setStart(n, m.index);
            range.setEnd(n, m.index + m[0].length);
            const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (lines.size > 1) out.push(`"${m[0]}" in "${h.textContent!.trim().slice(0, 60)}"`);
          }
        }
      }
      return out;
    });
    for (const f of found) broken.push(`${route.path}: ${f}`);
  }
  expect(broken).toEqual([]);
});
