/**
 * The development loop (LIVE_RELOAD=1, npm run dev): the event stream reaches a browser that
 * accepts compression (compression() used to hold it back), a rebuild sends "reload", and a
 * shutdown ends open streams at once instead of waiting for the force timeout.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startServer, FAKE_MANIFEST } from '../helpers/server.ts';
import { until as untilEvery } from '../helpers/wait.ts';
import { writeTree } from '../helpers/scratch.ts';
import { forkForTest, skipWithoutBuild } from '../helpers/spawn-server.ts';
import { loadConfig, DEV_SESSION_SECRET } from '../../src/server/config.ts';

/** Opens /__dev/events as a browser does (gzip, br accepted); collects what arrives. */
function openEvents(port: number) {
  let text = '';
  let headers: Record<string, unknown> = {};
  const ended = new Promise<void>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/__dev/events', headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br' } }, (res) => {
      headers = res.headers;
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        text += d;
      });
      res.on('end', () => resolve());
      res.on('error', () => resolve());
    });
    req.on('error', reject);
    req.end();
  });
  return { text: () => text, headers: () => headers, ended };
}

const until = (what: string, check: () => boolean) => untilEvery(what, check, 5000, 20);

test('the event stream arrives through compression, and a rebuild sends "reload"', async (t) => {
  const dist = writeTree('hrc-dev-', { 'manifest.json': JSON.stringify(FAKE_MANIFEST) });
  const s = await startServer({ env: { LIVE_RELOAD: '1' }, config: { distDir: dist } });
  t.after(async () => {
    await s.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const events = openEvents(s.port);
  await until('the first event', () => events.text().includes('data: hello\n\n'));
  assert.equal(events.headers()['content-encoding'], undefined, 'not compressed');
  assert.match(String(events.headers()['content-type']), /^text\/event-stream/);
  const started = Date.now();
  writeFileSync(path.join(dist, 'manifest.json'), JSON.stringify({ ...FAKE_MANIFEST, builtAt: 'later' }));
  await until('the reload event', () => events.text().includes('data: reload\n\n'));
  t.diagnostic(`reload event ${Date.now() - started} ms after the rebuild`);
});

test('shutdown ends open event streams at once', async (t) => {
  if (skipWithoutBuild(t)) return;
  const server = await forkForTest(t, { prefix: 'hrc-dev-stop-', env: { LIVE_RELOAD: '1' } });
  const a = openEvents(server.port);
  const b = openEvents(server.port);
  await until('both streams', () => a.text().includes('hello') && b.text().includes('hello'));
  const started = Date.now();
  server.kill('SIGTERM');
  const exit = await server.exited;
  const took = Date.now() - started;
  assert.deepEqual(exit, { code: 0, signal: null });
  assert.ok(took < 1500, `exited ${took} ms after SIGTERM with two streams open`);
  await Promise.all([a.ended, b.ended]);
  t.diagnostic(`exit ${took} ms after SIGTERM with two open event streams`);
});

test('the development secret: a session survives a restart; production refuses the secret', async () => {
  const first = await startServer({ env: { SESSION_SECRET: DEV_SESSION_SECRET } });
  const cookie = await first.login();
  await first.close();
  const restarted = await startServer({ env: { SESSION_SECRET: DEV_SESSION_SECRET } });
  try {
    const res = await fetch(`${restarted.url}/team`, { headers: { cookie }, redirect: 'manual' });
    assert.equal(res.status, 200, 'still signed in after the restart');
  } finally {
    await restarted.close();
  }
  assert.throws(() => loadConfig({ NODE_ENV: 'production', SITE_PASSWORD: 'x', SESSION_SECRET: DEV_SESSION_SECRET }), /development secret/);
});
