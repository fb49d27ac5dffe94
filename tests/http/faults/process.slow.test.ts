/**
 * The service as a process manager sees it: `node dist/server.js` is one process with no
 * TypeScript loader and no deprecated API in use, and `npm run serve` execs that very process, so
 * SIGTERM sent to npm's pid (what `CMD npm run serve` or a naive unit does) reaches the server:
 * the request under way is answered, then everything exits and nothing keeps answering.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { commandLine, descendants, forkForTest, forkServer, skipWithoutBuild } from '../../helpers/spawn-server.ts';
import { openSocket, parseResponse } from '../../helpers/raw-http.ts';
import { within } from '../../helpers/wait.ts';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('node dist/server.js: one process, no TypeScript loader, no deprecation warning while serving', async (t) => {
  if (skipWithoutBuild(t)) return;
  // --pending-deprecation also reports what Node only deprecates in its documentation so far:
  // what Node 22 and 24 removed was deprecated like this first.
  const server = await forkForTest(t, { prefix: 'hrc-process-', env: { NODE_OPTIONS: '--pending-deprecation' } });
  const pid = server.child.pid!;
  assert.deepEqual(descendants(pid), [], 'the server starts no other process');
  assert.match(commandLine(pid), /dist\/server\.js/);
  assert.doesNotMatch(commandLine(pid), /tsx|--import/);

  const cookie = await server.login();
  for (const p of ['/', '/team', '/research', '/no-such-page', '/api/news', '/login']) {
    const res = await fetch(server.url + p, { headers: { cookie }, redirect: 'manual' });
    assert.ok(res.status < 500, `${p}: ${res.status}`);
    await res.arrayBuffer();
  }
  const post = await fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ name: 'Ada Lovelace', email: 'ada@example.com', company: '', message: 'A message to exercise the store.' }),
  });
  assert.equal(post.status, 201);
  server.kill('SIGTERM');
  assert.deepEqual(await server.exited, { code: 0, signal: null });
  assert.doesNotMatch(server.stderr(), /Warning/, server.stderr());
  // Without SMTP_URL and CONTACT_NOTIFY_TO, a start-up line says messages are not e-mailed.
  assert.match(server.stdout(), /contact messages are stored but not e-mailed/);
});

test("npm run serve execs the server: SIGTERM to npm's pid drains the request under way, then nothing is left", async (t) => {
  if (skipWithoutBuild(t)) return;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hrc-npm-serve-'));
  const server = await forkServer({ dataDir, command: ['npm', 'run', '--silent', 'serve'], startTimeoutMs: 60_000 });
  const npmPid = server.child.pid!;
  const below = descendants(npmPid);
  t.after(async () => {
    // Whatever happened, nothing of this test keeps running (a child orphaned by npm included).
    for (const p of [npmPid, ...below]) if (alive(p)) process.kill(p, 'SIGKILL');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
  assert.equal(below.length, 1, `npm runs exactly one process (no shell left in between): ${below.map(commandLine).join(' | ')}`);
  const nodePid = below[0];
  assert.match(commandLine(nodePid), /^\S*node --enable-source-maps dist\/server\.js$/);
  const cookie = await server.login();

  // A contact post whose body is still arriving when the signal comes (a request under way; a
  // request head still arriving would be closed at once, connections.ts).
  const body = JSON.stringify({ name: 'Ada Lovelace', email: 'ada@example.com', company: '', message: 'Posted while npm stopped the server.' });
  const { socket, closed, received } = await openSocket(server.port);
  socket.write(
    `POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nAccept: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
  );
  await new Promise((r) => setTimeout(r, 200));

  process.kill(npmPid, 'SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  assert.ok(alive(nodePid), 'the server is still finishing the request under way');
  socket.write(body.slice(10));
  await closed;
  const res = parseResponse(received());
  assert.equal(res.status, 201, received().toString().slice(0, 300));

  const exit = await within(server.exited, 10_000, null);
  assert.ok(exit, 'npm was still running 10 s after SIGTERM');
  assert.equal(exit.code, 0, server.stderr());
  for (let i = 0; i < 50 && alive(nodePid); i++) await new Promise((r) => setTimeout(r, 100));
  assert.ok(!alive(nodePid), 'the server process is gone');
  await assert.rejects(fetch(`${server.url}/healthz`), 'nothing answers on the port any more');
});
