/**
 * Logs: one JSON line per request in production format (method, path, status, duration), with
 * no query string, cookie, password or session token in any line.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../helpers/server.ts';

test('one JSON line per request, without secrets, cookies or query strings', async () => {
  const password = 'log-test-password-9f3a';
  const s = await startServer({ env: { SITE_PASSWORD: password }, config: { logFormat: 'json' } });
  const lines: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  }) as typeof process.stdout.write;
  let cookie = '';
  try {
    await fetch(`${s.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ password: 'wrong-guess' }) });
    cookie = await s.login();
    // Bodies read in full: a request is logged when its answer has finished, not at its headers.
    await (await fetch(`${s.url}/team?email=someone%40example.com`, { headers: { cookie } })).arrayBuffer();
    await (await fetch(`${s.url}/api/news`, { headers: { cookie } })).arrayBuffer();
    await new Promise((r) => setTimeout(r, 50));
  } finally {
    process.stdout.write = write;
    await s.close();
  }
  // The test runner shares stdout (its own binary messages): keep the JSON log lines only.
  const records = (lines.join('').match(/\{"time":[^\n]*\}(?=\n)/g) ?? []).map((l) => JSON.parse(l) as Record<string, unknown>);
  const requests = records.filter((r) => r.msg === 'request');
  assert.equal(requests.length, 4, JSON.stringify(records));
  for (const r of requests) {
    assert.equal(typeof r.method, 'string');
    assert.equal(typeof r.path, 'string');
    assert.equal(typeof r.status, 'number');
    assert.equal(typeof r.ms, 'number');
  }
  assert.deepEqual(requests.map((r) => [r.method, r.path, r.status]), [
    ['POST', '/api/login', 401], ['POST', '/api/login', 200], ['GET', '/team', 200], ['GET', '/api/news', 200],
  ]);
  const failure = records.find((r) => r.msg === 'login failed');
  assert.ok(failure && typeof failure.ip === 'string', `a failed login is logged with the client address: ${JSON.stringify(records)}`);
  const all = lines.join('');
  for (const secret of [password, 'wrong-guess', cookie.split('=')[1], 'someone%40example.com', 'someone@example.com']) {
    assert.ok(!all.includes(secret), `log contains ${secret}`);
  }
});
