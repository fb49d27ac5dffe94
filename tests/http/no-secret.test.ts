/** The password and the session secret never reach a browser: not in answers, not in built files. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { startServer, get, type TestServer } from '../helpers/server.ts';
import { contentApi, pagePaths } from '../helpers/pages.ts';
import { DEV_PASSWORD } from '../../src/server/config.ts';

const PASSWORD = 'Zephyr-Okapi-Marmalade-9931';
const SECRET = 'Secret-Quokka-'.padEnd(48, 'q');

/** Every answer a visitor can get: pages, 404, API reads, login page states, public files. */
async function everyAnswer(s: TestServer, cookie: string): Promise<[string, string][]> {
  const paths = [...pagePaths(), '/nope', '/team/nope', ...contentApi().entries.keys(), '/api/nope', '/healthz', '/robots.txt', '/favicon.svg'];
  const out: [string, string][] = [];
  for (const p of paths) out.push([p, await (await get(s.url, p, { headers: { cookie } })).text()]);
  for (const p of ['/login', '/login?error=1', '/login?error=throttled', '/login?next=%2Fteam', '/team', '/api/team']) {
    out.push([`${p} (no session)`, await (await get(s.url, p)).text()]);
  }
  const failed = await fetch(`${s.url}/api/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ password: 'wrong' }),
  });
  out.push(['failed login', await failed.text()]);
  const ok = await fetch(`${s.url}/api/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ password: s.config.sitePassword }),
  });
  out.push(['successful login', `${await ok.text()} ${ok.headers.getSetCookie().join(' ')}`]);
  return out;
}

let s: TestServer;
let cookie: string;
before(async () => {
  s = await startServer({ env: { SITE_PASSWORD: PASSWORD, SESSION_SECRET: SECRET } });
  cookie = await s.login();
});
after(() => s.close());

test('the configured password and session secret appear in no page, API answer or login page', async () => {
  const answers = await everyAnswer(s, cookie);
  assert.ok(answers.length > 30, `${answers.length} answers checked`);
  for (const [p, body] of answers) {
    assert.ok(body.length > 0, `${p}: empty answer`);
    assert.ok(!body.includes(PASSWORD), `${p} contains the password`);
    assert.ok(!body.includes(SECRET), `${p} contains the session secret`);
  }
});

test('with the development default, the default password is not shown in the browser either', async () => {
  const dev = await startServer({ env: { SITE_PASSWORD: '', SESSION_SECRET: '' } });
  try {
    assert.equal(dev.config.sitePassword, DEV_PASSWORD);
    const devCookie = await dev.login();
    // Where a "hint" would most likely be added: the login page in its states, and the site facts.
    for (const p of ['/login', '/login?error=1', '/login?error=throttled', '/', '/api/site', '/nope']) {
      const body = await (await get(dev.url, p, { headers: p.startsWith('/login') ? {} : { cookie: devCookie } })).text();
      assert.ok(body.length > 0, p);
      assert.ok(!body.includes(DEV_PASSWORD), `${p} contains the development password`);
    }
  } finally {
    await dev.close();
  }
});

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else yield p;
  }
}

// What the server sends: dist/assets and public/ (dist/server.js is the server itself, never served).
test('no file under dist/assets/ or public/ contains a password or reads the server secrets', { skip: !existsSync('dist') && 'no dist/ (npm test builds it first)' }, () => {
  const needles = [PASSWORD, DEV_PASSWORD, 'SITE_PASSWORD', 'SESSION_SECRET'];
  let checked = 0;
  for (const dir of ['dist/assets', 'public']) {
    for (const file of files(dir)) {
      const buf = readFileSync(file);
      for (const needle of needles) assert.ok(!buf.includes(needle), `${file} contains ${needle}`);
      checked++;
    }
  }
  assert.ok(checked > 5, `${checked} files checked`);
  assert.ok(
    [...files('dist')].some((f) => f.endsWith('.js')),
    'dist/ holds the bundles',
  );
});
