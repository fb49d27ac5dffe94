import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ConfigError, DEV_PASSWORD, loadConfig } from '../../src/server/config.ts';

const SECRET = 's'.repeat(32);

test('production without SITE_PASSWORD refuses to start and names the variable', () => {
  assert.throws(
    () => loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET }),
    (err: unknown) => err instanceof ConfigError && /SITE_PASSWORD/.test(err.message) && !/SESSION_SECRET/.test(err.message),
  );
});

test('production without SESSION_SECRET refuses to start and names the variable', () => {
  assert.throws(
    () => loadConfig({ NODE_ENV: 'production', SITE_PASSWORD: 'a real password' }),
    (err: unknown) => err instanceof ConfigError && /SESSION_SECRET/.test(err.message) && !/SITE_PASSWORD/.test(err.message),
  );
});

test('production with neither names both variables', () => {
  assert.throws(
    () => loadConfig({ NODE_ENV: 'production' }),
    (err: unknown) => err instanceof ConfigError && /SITE_PASSWORD/.test(err.message) && /SESSION_SECRET/.test(err.message),
  );
});

test('production never falls back to the development password', () => {
  assert.throws(() => loadConfig({ NODE_ENV: 'production', SITE_PASSWORD: '', SESSION_SECRET: SECRET }), /SITE_PASSWORD/);
});

test('a session secret shorter than 32 characters is rejected, also in a rotation list', () => {
  assert.throws(
    () => loadConfig({ NODE_ENV: 'production', SITE_PASSWORD: 'pw', SESSION_SECRET: 's'.repeat(31) }),
    (err: unknown) => err instanceof ConfigError && /SESSION_SECRET/.test(err.message) && /32/.test(err.message),
  );
  assert.throws(() => loadConfig({ SESSION_SECRET: `${SECRET},short` }), /SESSION_SECRET/);
});

test('a comma-separated SESSION_SECRET becomes a rotation list, first one first', () => {
  const b = 'b'.repeat(40);
  const c = loadConfig({ NODE_ENV: 'production', SITE_PASSWORD: 'pw', SESSION_SECRET: ` ${SECRET} , ${b} ` });
  assert.deepEqual(c.sessionSecrets, [SECRET, b]);
  assert.equal(c.production, true);
  assert.equal(c.sitePassword, 'pw');
});

test('TRUST_PROXY=true is rejected: only a hop count is accepted', () => {
  assert.throws(
    () => loadConfig({ TRUST_PROXY: 'true' }),
    (err: unknown) => err instanceof ConfigError && /TRUST_PROXY/.test(err.message),
  );
  assert.throws(() => loadConfig({ TRUST_PROXY: '-1' }), /TRUST_PROXY/);
  assert.throws(() => loadConfig({ TRUST_PROXY: 'loopback' }), /TRUST_PROXY/);
  assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
});

test('an invalid PORT is rejected with the variable named', () => {
  assert.throws(() => loadConfig({ PORT: 'eighty' }), /PORT/);
  assert.throws(() => loadConfig({ PORT: '70000' }), /PORT/);
});

test('development defaults: port 3000, dev password, a random secret, no proxy trusted', () => {
  const c = loadConfig({});
  assert.equal(c.production, false);
  assert.equal(c.port, 3000);
  assert.equal(c.host, undefined);
  assert.equal(c.sitePassword, DEV_PASSWORD);
  assert.equal(c.sessionSecrets.length, 1);
  assert.ok(c.sessionSecrets[0].length >= 32);
  assert.notEqual(loadConfig({}).sessionSecrets[0], c.sessionSecrets[0], 'the development secret is random per process start');
  assert.equal(c.trustProxy, 0);
  assert.equal(c.dataDir, path.resolve('data'));
  assert.equal(c.sessionTtlMs, 12 * 60 * 60_000);
  assert.deepEqual({ windowMs: c.loginLimit.windowMs, perClient: c.loginLimit.perClient }, { windowMs: 15 * 60_000, perClient: 10 });
  assert.equal(c.logFormat, 'text');
});

test('production logs JSON lines by default; environment values are read', () => {
  const c = loadConfig({ NODE_ENV: 'production', SITE_PASSWORD: 'pw', SESSION_SECRET: SECRET, PORT: '8080', HOST: '127.0.0.1', DATA_DIR: '/tmp/x' });
  assert.equal(c.logFormat, 'json');
  assert.equal(c.port, 8080);
  assert.equal(c.host, '127.0.0.1');
  assert.equal(c.dataDir, '/tmp/x');
});
