/**
 * Logs: one JSON line per request in production format (method, path, status, duration), with
 * no query string, cookie, password or session token in any line. Exact: the lines are taken
 * from the logger's destination and waited for, and compared without assuming their order.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../helpers/server.ts';
import { createLogger } from '../../src/server/log.ts';

/** A destination for the logger that keeps every line it is given, as it is given. */
function lineSink() {
  const lines: string[] = [];
  return {
    lines,
    write: (chunk: string) => {
      lines.push(chunk);
    },
  };
}

/** Resolves once `done()` holds (checked after every log line), or fails after `ms`. */
async function until(done: () => boolean, what: string, ms = 5_000) {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

test('one JSON line per request, without secrets, cookies or query strings', async () => {
  const password = 'log-test-password-9f3a';
  const sink = lineSink();
  // The production JSON format, written to a stream of the test's own (not stdout, which the test
  // runner shares): every line the server logs is seen, whatever the timing.
  const s = await startServer({ env: { SITE_PASSWORD: password }, config: { logFormat: 'json' }, deps: { log: createLogger('json', sink) } });
  let cookie = '';
  const records = () => sink.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  const requests = () => records().filter((r) => r.msg === 'request');
  try {
    await fetch(`${s.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ password: 'wrong-guess' }) });
    cookie = await s.login();
    // Bodies read in full: a request is logged when its answer has finished, not at its headers.
    await (await fetch(`${s.url}/team?email=someone%40example.com`, { headers: { cookie } })).arrayBuffer();
    await (await fetch(`${s.url}/api/news`, { headers: { cookie } })).arrayBuffer();
    // A line is written on the response's 'finish', which may come after the client has read it:
    // wait for the four lines themselves, not for a guessed delay.
    await until(() => requests().length >= 4, 'four request lines');
  } finally {
    await s.close();
  }
  for (const line of sink.lines) assert.ok(line.endsWith('\n') && !line.slice(0, -1).includes('\n'), `one line per record: ${JSON.stringify(line)}`);
  assert.equal(requests().length, 4, JSON.stringify(records()));
  for (const r of [...requests(), ...records()]) {
    assert.equal(r.level === 'info' || r.level === 'warn' || r.level === 'error', true, `level as a word: ${JSON.stringify(r)}`);
    assert.ok(typeof r.time === 'string' && !Number.isNaN(Date.parse(r.time)), `ISO time: ${JSON.stringify(r)}`);
  }
  for (const r of requests()) {
    assert.deepEqual(Object.keys(r).sort(), ['level', 'method', 'ms', 'msg', 'path', 'status', 'time'], JSON.stringify(r));
    assert.equal(typeof r.method, 'string');
    assert.equal(typeof r.path, 'string');
    assert.equal(typeof r.status, 'number');
    assert.equal(typeof r.ms, 'number');
  }
  // The requests were sent one after another, but lines are written on 'finish' (which may
  // follow the client's read): compare them as a set.
  const key = (r: Record<string, unknown>) => `${String(r.method)} ${String(r.path)} ${String(r.status)}`;
  assert.deepEqual(requests().map(key).sort(), ['GET /api/news 200', 'GET /team 200', 'POST /api/login 200', 'POST /api/login 401']);
  const failure = records().find((r) => r.msg === 'login failed');
  assert.ok(failure && failure.level === 'warn' && typeof failure.ip === 'string', `a failed login is logged with the client address: ${JSON.stringify(records())}`);
  const all = sink.lines.join('');
  for (const secret of [password, 'wrong-guess', cookie.split('=')[1], 'someone%40example.com', 'someone@example.com']) {
    assert.ok(!all.includes(secret), `log contains ${secret}`);
  }
});
