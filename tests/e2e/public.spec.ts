/**
 * The `public` project: the site with SITE_ACCESS=public (its own server, see playwright.config.ts),
 * visited without any session. Every route renders and hydrates cleanly (the `diagnostics`
 * fixture fails on console errors, hydration warnings and CSP violations), the footer has no
 * Sign out, client navigation and the contact form work, axe finds nothing on the home page, the
 * contact page and a detail page. SEO checks in the browser: canonical and og:image are absolute
 * (PUBLIC_ORIGIN) and the og:image exists.
 */
import { test, expect, waitForHydration } from './fixtures.ts';
import { SITE_ROUTES } from './site.ts';
import { PUBLIC_ORIGIN } from './env.ts';

test('every route renders without a session, hydrates, and has no Sign out', async ({ page }) => {
  test.setTimeout(120_000);
  for (const route of SITE_ROUTES.filter((r) => r.inTable)) {
    await test.step(route.path, async () => {
      const response = await page.goto(route.path);
      expect.soft(response?.status(), route.path).toBe(200);
      expect.soft(new URL(page.url()).pathname, `${route.path}: no redirect to /login`).toBe(route.path);
      await waitForHydration(page);
      await expect.soft(page.getByRole('contentinfo').getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    });
  }
});

test('navigation and the contact form work for a visitor without a session', async ({ page, axe }) => {
  await page.goto('/');
  await waitForHydration(page);
  await axe('public home');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Contact', exact: true }).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  await axe('public contact');
  await waitForHydration(page);
  await page.getByRole('textbox', { name: /^Name/ }).fill('Public Visitor');
  await page.getByRole('textbox', { name: /^Email/ }).fill('visitor@example.com');
  await page.getByRole('textbox', { name: /^Message/ }).fill('Writing from the public site, without signing in.');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Thank you — your message has been sent')).toBeVisible();
});

test('canonical and og:image are absolute on PUBLIC_ORIGIN, and the image answers 200', async ({ page, request }) => {
  const detail = SITE_ROUTES.find((r) => r.pattern === '/research/:id')!;
  for (const p of ['/', detail.path]) {
    await page.goto(p);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toBe(`${PUBLIC_ORIGIN}${p}`);
    const og = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(og?.startsWith(`${PUBLIC_ORIGIN}/images/`)).toBe(true);
    // The image behind the absolute URL, fetched from this server without a session.
    const res = await request.get(og!.slice(PUBLIC_ORIGIN.length));
    expect(res.status(), og!).toBe(200);
  }
});
