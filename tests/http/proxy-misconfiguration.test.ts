/**
 * The proxies in front and TRUST_PROXY disagree (issue 32, finding 1): the server says so in the
 * log, once, naming the misconfiguration, the address every visitor is taken for and the fix.
 * The requests come as a proxy sends them (X-Forwarded-* headers from 127.0.0.1). On b747b9d
 * nothing was logged: 10 bad guesses locked every visitor out, and nobody was told why.
 * (tests/http/nginx.slow.test.ts shows the same with real nginx.)
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startServer } from '../helpers/server.ts';
import { createLogger } from '../../src/server/log.ts';

interface Line {
  level: string;
  msg: string;
  misconfiguration?: string;
}

/** A server logging JSON lines into an array; `requests` GETs with these headers (the i-th request's headers by function). */
async function serverWith(env: Record<string, string>) {
  const lines: string[] = [];
  const log = createLogger('json', { write: (l: string) => void lines.push(l) });
  const s = await startServer({ env: { SITE_PASSWORD: 'proxy-check-password', ...env }, config: { logFormat: 'json' }, deps: { log } });
  const warnings = () =>
    lines
      .map((l) => JSON.parse(l) as Line)
      .filter((l) => l.misconfiguration)
      .map((l) => ({ kind: l.misconfiguration!, msg: l.msg, level: l.level }));
  const requests = async (count: number, headers: (i: number) => Record<string, string>) => {
    for (let i = 0; i < count; i++) await (await fetch(`${s.url}/robots.txt`, { headers: headers(i) })).arrayBuffer();
  };
  return { s, warnings, requests };
}

const client = (i: number) => `203.0.113.${(i % 200) + 1}`;

test('TRUST_PROXY=0 behind a proxy: named once, with the fix (TRUST_PROXY=1)', async (t) => {
  const { s, warnings, requests } = await serverWith({ TRUST_PROXY: '0' });
  t.after(() => s.close());
  await requests(150, (i) => ({ 'x-forwarded-for': client(i), 'x-forwarded-proto': 'https' }));
  const found = warnings();
  assert.equal(found.length, 1, JSON.stringify(found));
  assert.equal(found[0].kind, 'untrustedProxy');
  assert.equal(found[0].level, 'warn');
  assert.match(found[0].msg, /TRUST_PROXY=0 behind a reverse proxy/);
  assert.match(found[0].msg, /every visitor is taken for 127\.0\.0\.1/);
  assert.match(found[0].msg, /Fix: TRUST_PROXY=1/);
});

test('a forwarded chain longer than the trusted hops (a CDN in front of nginx, TRUST_PROXY=1): named once, with the fix', async (t) => {
  const { s, warnings, requests } = await serverWith({ TRUST_PROXY: '1' });
  t.after(() => s.close());
  await requests(120, (i) => ({ 'x-forwarded-for': `${client(i)}, 198.51.100.7`, 'x-forwarded-proto': 'https' }));
  const found = warnings();
  assert.deepEqual(
    found.map((f) => f.kind),
    ['chainTooLong'],
  );
  assert.match(found[0].msg, /every visitor is taken for 198\.51\.100\.7/);
  assert.match(found[0].msg, /Fix: TRUST_PROXY=2 if those 2 proxies are yours/);
  assert.match(found[0].msg, /\$remote_addr/);
});

test('a proxy that sends no X-Forwarded-For, or no X-Forwarded-Proto, is named', async (t) => {
  const none = await serverWith({ TRUST_PROXY: '1' });
  const noProto = await serverWith({ TRUST_PROXY: '1' });
  t.after(async () => {
    await none.s.close();
    await noProto.s.close();
  });
  await none.requests(60, () => ({}));
  assert.deepEqual(
    none.warnings().map((f) => f.kind),
    ['noForwardedFor'],
  );
  assert.match(none.warnings()[0].msg, /X-Forwarded-For \$remote_addr/);
  await noProto.requests(60, (i) => ({ 'x-forwarded-for': client(i) }));
  assert.deepEqual(
    noProto.warnings().map((f) => f.kind),
    ['noForwardedProto'],
  );
  assert.match(noProto.warnings()[0].msg, /X-Forwarded-Proto \$scheme/);
});

test('the shipped setup (one proxy, TRUST_PROXY=1), and a few forged headers, raise nothing', async (t) => {
  const { s, warnings, requests } = await serverWith({ TRUST_PROXY: '1' });
  t.after(() => s.close());
  // One request in five carries a forged address in front of the one the proxy adds.
  await requests(200, (i) => ({ 'x-forwarded-for': i % 5 ? client(i) : `10.0.0.1, ${client(i)}`, 'x-forwarded-proto': 'https' }));
  assert.deepEqual(warnings(), []);
});

test('direct, no proxy (TRUST_PROXY=0, no forwarding headers): nothing is said', async (t) => {
  const { s, warnings, requests } = await serverWith({});
  t.after(() => s.close());
  await requests(120, () => ({}));
  assert.deepEqual(warnings(), []);
});
