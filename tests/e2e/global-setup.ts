/**
 * Runs once before the suites (after the webServer is up): signs in through the real /login form
 * and saves the browser state (the HttpOnly session cookie) to reports/.auth/state.json, which every
 * authenticated test reuses. Also names the run (E2E_RUN_ID, inherited by the workers): the axe
 * report (axe-report.ts, the global teardown) describes the results of this run only, and a run
 * without axe tests (e.g. the snapshot update) leaves the previous report alone.
 */
import { chromium, type FullConfig } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AUTH_STATE, AXE_RESULTS_DIR, E2E_PASSWORD } from './env.ts';

export default async function globalSetup(config: FullConfig) {
  process.env.E2E_RUN_ID = new Date().toISOString();
  mkdirSync(AXE_RESULTS_DIR, { recursive: true });
  mkdirSync(path.dirname(AUTH_STATE), { recursive: true });

  const use = config.projects[0].use;
  const browser = await chromium.launch(use.launchOptions);
  try {
    const context = await browser.newContext({ baseURL: use.baseURL });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByPlaceholder('Enter password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Enter' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    await context.storageState({ path: AUTH_STATE });
  } catch (err) {
    throw new Error(`global setup could not sign in through /login: ${(err as Error).message}`);
  } finally {
    await browser.close();
  }
}
