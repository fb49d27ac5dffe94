/**
 * Dotfiles are never served, even when they exist inside the served folders: the server runs
 * here on temporary dist/ and public/ folders that hold real dotfiles beside ordinary files.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { writeTree } from '../../helpers/scratch.ts';
import { rawRequest, assertClean, assertStillServing } from '../../helpers/raw-http.ts';

const SECRET = 'DOTFILE-CONTENT-MUST-NOT-LEAK';
const root = writeTree('hrc-dotfiles-', {
  'dist/assets/ok.js': 'export {};\n',
  'dist/assets/.hidden': SECRET,
  'dist/assets/.env': SECRET,
  'public/images/ok.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'public/images/.DS_Store': SECRET,
  'public/images/.env': SECRET,
  'public/images/.git/config': SECRET,
  'public/robots.txt': 'User-agent: *\nDisallow: /\n',
  'public/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'public/.env': SECRET,
});
let s: TestServer;
let cookie: string;

before(async () => {
  s = await startServer({ config: { distDir: path.join(root, 'dist'), publicDir: path.join(root, 'public') } });
  cookie = await s.login();
});
after(async () => {
  await s.close();
  rmSync(root, { recursive: true, force: true });
});

test('the ordinary files beside them are served (the folders really are the served ones)', async () => {
  assert.equal((await rawRequest(s.port, '/assets/ok.js', { headers: { cookie } })).status, 200);
  assert.equal((await rawRequest(s.port, '/images/ok.svg', { headers: { cookie } })).status, 200);
});

test('dotfiles and dot-folders: a clean 4xx, never their content', async () => {
  for (const p of [
    '/.env',
    '/.git/config',
    '/.git/HEAD',
    '/assets/.hidden',
    '/assets/.env',
    '/images/.DS_Store',
    '/images/.env',
    '/images/.git/config',
    '/images/%2eenv',
    '/assets/%2Ehidden',
    '/images/ok.svg/../.env',
    '/robots.txt/../.env',
  ]) {
    for (const headers of [{ cookie }, {} as Record<string, string>]) {
      const label = `${p}${headers.cookie ? '' : ' (no session)'}`;
      const res = await rawRequest(s.port, p, { headers });
      // Without a session the gate answers first (documented: a relative redirect to /login).
      assertClean(res, label, (st) => (st >= 400 && st < 500) || (!headers.cookie && st === 302));
      assert.ok(!res.body.includes(SECRET), `${label}: served a dotfile`);
    }
  }
  await assertStillServing(s.port, cookie);
});
