/**
 * Durability: a contact message answered 201 is on disk. The real server process is killed with
 * SIGKILL right after the answer (no shutdown code runs), restarted on the same DATA_DIR, and
 * the messages are listed with `npm run messages -- --json` (scripts/messages.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { forkServer, hasBuild, ROOT, type Forked } from '../../helpers/spawn-server.ts';

const run = promisify(execFile);

async function postContact(server: Forked, cookie: string, i: number) {
  const res = await fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', cookie },
    body: JSON.stringify({ name: `Sender ${i}`, email: `sender${i}@example.com`, company: '', message: `Message number ${i}, sent just before a crash.` }),
  });
  assert.equal(res.status, 201, await res.clone().text());
  return ((await res.json()) as { id: number }).id;
}

async function listMessages(dataDir: string): Promise<{ id: number; name: string; message: string }[]> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/messages.ts', '--json'], {
    cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir },
  });
  return JSON.parse(stdout);
}

test('messages answered 201 survive kill -9 and are there after a restart', async (t) => {
  if (!hasBuild()) {
    t.skip('dist/manifest.json is missing: run "npx tsx scripts/build.ts" (npm test builds first)');
    return;
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hrc-kill9-'));
  let server = await forkServer({ dataDir });
  t.after(async () => {
    server.kill('SIGKILL');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
  let cookie = await server.login();

  // A few in a row, then SIGKILL the moment the last 201 arrives.
  const ids: number[] = [];
  for (let i = 1; i <= 5; i++) ids.push(await postContact(server, cookie, i));
  server.kill('SIGKILL');
  const exit = await server.exited;
  assert.equal(exit.signal, 'SIGKILL', 'the process was killed, not shut down');

  server = await forkServer({ dataDir });
  const listed = await listMessages(dataDir);
  assert.deepEqual(listed.map((m) => m.id), ids, 'every acknowledged message is stored, in order');
  assert.deepEqual(listed.map((m) => m.name), ids.map((_, i) => `Sender ${i + 1}`));
  assert.equal(listed[4].message, 'Message number 5, sent just before a crash.');

  // The restarted server goes on where it left off.
  cookie = await server.login();
  const next = await postContact(server, cookie, 6);
  assert.equal(next, ids[4] + 1);
  assert.equal((await listMessages(dataDir)).length, 6);
  t.diagnostic(`ids before kill -9: ${ids.join(', ')}; listed after restart: ${listed.map((m) => m.id).join(', ')}; next id ${next}`);
});
