/**
 * npm start builds only when the sources changed (scripts/ensure-build.mjs): the fingerprint of
 * the build's inputs changes with a source file's edit, a new file or a removed one, and not with
 * what the build does not read (content is validated by the server at start, data/ is runtime).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUILD_INPUTS, sourceFingerprint } from '../../scripts/lib/build-inputs.mjs';

test('the fingerprint follows the sources, and only them', (t) => {
  const root = mkdtempSync(path.join(tmpdir(), 'hrc-fp-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, 'src/server'), { recursive: true });
  mkdirSync(path.join(root, 'content'));
  writeFileSync(path.join(root, 'src/server/main.ts'), 'a');
  writeFileSync(path.join(root, 'package.json'), '{}');
  const base = sourceFingerprint(root);
  assert.equal(sourceFingerprint(root), base, 'stable');

  writeFileSync(path.join(root, 'content/news.md'), 'x');
  mkdirSync(path.join(root, 'data'));
  writeFileSync(path.join(root, 'data/site.db'), 'x');
  assert.equal(sourceFingerprint(root), base, 'content/ and data/ are not build inputs');

  const later = new Date(Date.now() + 5000);
  utimesSync(path.join(root, 'src/server/main.ts'), later, later);
  const touched = sourceFingerprint(root);
  assert.notEqual(touched, base, 'an edited source');

  writeFileSync(path.join(root, 'src/server/new.ts'), 'b');
  const added = sourceFingerprint(root);
  assert.notEqual(added, touched, 'a new source');

  rmSync(path.join(root, 'src/server/new.ts'));
  assert.equal(sourceFingerprint(root), touched, 'back to the same files');
  assert.ok(BUILD_INPUTS.includes('package-lock.json'), 'dependency versions are an input');
});
