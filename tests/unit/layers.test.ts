/**
 * Which part of src/ may import which (issue 33): the app (what the browser runs) never imports
 * the content layer or the server, so that no import — types included — goes round between them;
 * src/shared, which both read, imports neither; the server never imports a component.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SRC = path.resolve('src');

/** Every import (static, dynamic, type-only, re-export) of every .ts/.tsx file under `dir`, resolved to a path relative to src/. */
function importsUnder(dir: string): { file: string; target: string }[] {
  const out: { file: string; target: string }[] = [];
  for (const entry of readdirSync(path.join(SRC, dir), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const code = readFileSync(file, 'utf8');
    for (const m of code.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^import\s+)['"](\.[^'"]+)['"]/gm)) {
      out.push({ file: path.relative(SRC, file), target: path.relative(SRC, path.resolve(path.dirname(file), m[1])) });
    }
  }
  return out;
}

const crossing = (dir: string, forbidden: string[]) =>
  importsUnder(dir)
    .filter(({ target }) => forbidden.some((f) => target === f || target.startsWith(`${f}/`)))
    .map(({ file, target }) => `${file} → ${target}`);

test('the app and the client import nothing of the content layer or the server (no app ↔ content cycle)', () => {
  assert.ok(importsUnder('app').length > 100, 'the scan finds the app’s imports');
  assert.deepEqual([...crossing('app', ['content', 'server']), ...crossing('client', ['content', 'server'])], []);
});

test('src/shared imports nothing of the app, the content layer or the server', () => {
  assert.deepEqual(crossing('shared', ['app', 'content', 'server']), []);
});

test('the server imports no component', () => {
  assert.deepEqual(crossing('server', ['app/components']), []);
});

test('the content check and the route table read which pages exist from site-pages.ts, not from the menu', () => {
  const fromMenu = [
    ...crossing('content', ['app/nav-links.ts']),
    ...importsUnder('app')
      .filter((i) => i.file === 'app/routes.ts' && i.target === 'app/nav-links.ts')
      .map((i) => i.file),
  ];
  assert.deepEqual(fromMenu, []);
});
