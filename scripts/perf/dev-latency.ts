/**
 * Measures the development loop as a developer sees it: `npm run dev` on DEV_PORT (default 4402),
 * a signed-in Chromium tab on a page, an edit to content/site.json (the firm's description, shown
 * in every page's footer), and the time until the tab shows the new text — with the server
 * restarted by `tsx watch` in between, so the tab must also still be signed in. The edit is
 * undone after each round. Prints each round and the median.
 *
 *   npm run perf -- dev-latency            (DEV_ROUNDS=3, DEV_PORT=4402, CHROMIUM_PATH=/usr/bin/chromium)
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { DEV_PASSWORD } from '../../src/server/config.ts';

export async function main(): Promise<void> {
  const PORT = Number(process.env.DEV_PORT || 4402);
  const ROUNDS = Number(process.env.DEV_ROUNDS || 3);
  const base = `http://127.0.0.1:${PORT}`;
  const SITE = 'content/site.json';
  const original = readFileSync(SITE, 'utf8');

  // Its own process group, so that everything npm run dev starts is stopped at the end.
  const dev = spawn('npm', ['run', 'dev'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1' },
    stdio: ['ignore', process.env.DEV_LOG ? 'inherit' : 'ignore', 'inherit'],
    detached: true,
  });
  const stopDev = () => {
    try {
      process.kill(-dev.pid!, 'SIGTERM');
    } catch {
      /* gone */
    }
  };
  process.on('exit', () => {
    writeFileSync(SITE, original);
    stopDev();
  });

  async function waitHealthy(ms = 90_000) {
    const deadline = Date.now() + ms;
    for (;;) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) return;
      } catch {
        /* not yet */
      }
      if (Date.now() > deadline) throw new Error('npm run dev did not answer');
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  await waitHealthy();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  const rounds: number[] = [];
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/login`);
    await page.getByPlaceholder('Enter password').fill(DEV_PASSWORD);
    await page.getByRole('button', { name: 'Enter' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.goto(`${base}/team`);
    for (let i = 1; i <= ROUNDS; i++) {
      await page.waitForTimeout(1500); // the tab's event stream is connected
      const marker = `Edited in round ${i} at ${Date.now()}.`;
      const site = JSON.parse(original) as { description: string };
      const started = performance.now();
      writeFileSync(SITE, JSON.stringify({ ...site, description: `${site.description} ${marker}` }, null, 2) + '\n');
      await page.waitForFunction((m) => document.body.innerText.includes(m), marker, { timeout: 30_000, polling: 50 });
      const ms = performance.now() - started;
      rounds.push(ms);
      const path = new URL(page.url()).pathname;
      if (path !== '/team') throw new Error(`after the restart the tab is on ${path}: signed out?`);
      console.log(`round ${i}: the edit showed in the browser after ${Math.round(ms)} ms (still signed in, on ${path})`);
      writeFileSync(SITE, original);
      await page.waitForFunction((m) => !document.body.innerText.includes(m), marker, { timeout: 30_000, polling: 50 });
    }
  } finally {
    await browser.close();
    writeFileSync(SITE, original);
    stopDev();
  }
  const sorted = [...rounds].sort((a, b) => a - b);
  console.log(`median ${Math.round(sorted[Math.floor(sorted.length / 2)])} ms over ${rounds.length} rounds (target ≤ 3000 ms)`);
  process.exit(0);
}
