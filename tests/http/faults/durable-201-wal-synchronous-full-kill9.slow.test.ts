/**
 * Durability, exactly: a contact message answered 201 is on disk before the answer.
 *
 * kill -9 alone cannot prove it: the kernel keeps what a killed process wrote, so even
 * synchronous=OFF survives a SIGKILL (only a power cut or an OS crash tells them apart). So the
 * test first asks the running server's own SQLite connection for its settings (PRAGMA, through
 * the preloaded tests/helpers/sqlite-probe.mjs: `synchronous` belongs to a connection, another
 * process opening the file would see its own): journal_mode=WAL and synchronous=FULL (2), with
 * which SQLite syncs the WAL at every commit, i.e. before the 201. Then the process is killed
 * with SIGKILL right after the answers (no shutdown code runs), restarted on the same DATA_DIR
 * (same settings again), and the messages are listed with `npm run messages -- --json`
 * (scripts/messages.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { forkServer, ROOT, SERVER_COMMAND, skipWithoutBuild, type Forked } from '../../helpers/spawn-server.ts';
import { DB_FILE } from '../../../src/server/store/sqlite.ts';

const run = promisify(execFile);

/** The production command with the probe preloaded (see the top of this file). */
const PROBE = pathToFileURL(path.join(ROOT, 'tests', 'helpers', 'sqlite-probe.mjs')).href;
const [NODE, ...SERVER_ARGS] = SERVER_COMMAND;
const PROBED_COMMAND = [NODE, '--import', PROBE, ...SERVER_ARGS];

interface ConnectionSettings {
  file: string;
  readonly: boolean;
  journalMode: string;
  synchronous: number;
}

/** The settings of the running server's SQLite connections, read by the probe on SIGUSR2. */
async function durabilitySettings(server: Forked): Promise<ConnectionSettings[]> {
  const before = server.stdout().length;
  server.kill('SIGUSR2');
  for (let waited = 0; waited < 5000; waited += 20) {
    const line = server
      .stdout()
      .slice(before)
      .split('\n')
      .find((l) => l.startsWith('{"sqliteProbe":'));
    if (line) return (JSON.parse(line) as { sqliteProbe: ConnectionSettings[] }).sqliteProbe;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`the probe did not answer:\n${server.stderr()}`);
}

/** The server's store is open, writable, in WAL mode with synchronous=FULL (2). */
async function assertDurable(server: Forked, dataDir: string) {
  const store = (await durabilitySettings(server)).filter((c) => !c.readonly);
  assert.deepEqual(store, [{ file: path.join(dataDir, DB_FILE), readonly: false, journalMode: 'wal', synchronous: 2 }], 'one writable connection: WAL, synchronous=FULL');
}

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
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
  });
  return JSON.parse(stdout);
}

test('the running store syncs every commit (WAL, synchronous=FULL), so messages answered 201 survive kill -9 and a restart', async (t) => {
  if (skipWithoutBuild(t)) return;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hrc-kill9-'));
  let server = await forkServer({ dataDir, command: PROBED_COMMAND });
  t.after(async () => {
    server.kill('SIGKILL');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
  await assertDurable(server, dataDir);
  let cookie = await server.login();

  // A few in a row, then SIGKILL the moment the last 201 arrives.
  const ids: number[] = [];
  for (let i = 1; i <= 5; i++) ids.push(await postContact(server, cookie, i));
  server.kill('SIGKILL');
  const exit = await server.exited;
  assert.equal(exit.signal, 'SIGKILL', 'the process was killed, not shut down');

  server = await forkServer({ dataDir, command: PROBED_COMMAND });
  await assertDurable(server, dataDir);
  const listed = await listMessages(dataDir);
  assert.deepEqual(
    listed.map((m) => m.id),
    ids,
    'every acknowledged message is stored, in order',
  );
  assert.deepEqual(
    listed.map((m) => m.name),
    ids.map((_, i) => `Sender ${i + 1}`),
  );
  assert.equal(listed[4].message, 'Message number 5, sent just before a crash.');

  // The restarted server goes on where it left off.
  cookie = await server.login();
  const next = await postContact(server, cookie, 6);
  assert.equal(next, ids[4] + 1);
  assert.equal((await listMessages(dataDir)).length, 6);
  t.diagnostic(`ids before kill -9: ${ids.join(', ')}; listed after restart: ${listed.map((m) => m.id).join(', ')}; next id ${next}`);
});
