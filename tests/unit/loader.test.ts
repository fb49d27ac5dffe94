/**
 * The site's loader (src/client/boot.ts, built to dist/assets/boot-*.js) run in a `vm` context with
 * a stand-in document: what it imports, and in which task. `npm test` builds before this runs.
 *
 * Why per task: every import() asks the browser for a request, and the page's 15–21 of them in one
 * task made it the longest task after the first paint on a slow phone (Long Animation Frames at 4×
 * CPU throttling: 77–139 ms; one per task: 9–15 ms; docs/decisions/007).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import type { BuildManifest } from '../../src/build/manifest.ts';

const dist = path.resolve('dist');

function loaderCode(): string {
  const file = path.join(dist, 'manifest.json');
  assert.ok(existsSync(file), 'dist/manifest.json is missing: run "npm run build" first');
  const m = JSON.parse(readFileSync(file, 'utf8')) as BuildManifest;
  return readFileSync(path.join(dist, m.loader), 'utf8');
}

/** Runs the loader as a page that has already painted; returns the imports and the queued tasks. */
function run(chunks: string[]) {
  const imported: string[] = [];
  const tasks: (() => void)[] = [];
  const context = vm.createContext({
    document: { currentScript: { dataset: { entry: '/assets/entry.js', chunks: chunks.join(' ') } }, visibilityState: 'visible' },
    performance: { getEntriesByName: (name: string) => (name === 'first-contentful-paint' ? [{ startTime: 100 }] : []) },
    PerformanceObserver: { supportedEntryTypes: ['paint'] },
    setTimeout: (fn: () => void) => tasks.push(fn),
    addEventListener: () => {},
  });
  // import() cannot be intercepted in a vm context without a Node flag: the loader's calls are
  // renamed to a function of the context that records them.
  const code = loaderCode();
  const renamed = code.replace(/\bimport\(/g, '__import(');
  assert.ok(renamed.split('__import(').length - 1 >= 2, 'the loader calls import() for the entry and the chunks');
  Object.assign(context, { __import: (specifier: string) => (imported.push(specifier), Promise.resolve({})) });
  vm.runInContext(renamed, context, { filename: 'boot.js' });
  return { imported, tasks };
}

test('the loader imports the entry at once, then each chunk in a task of its own', async () => {
  const chunks = ['/assets/chunk-a.js', '/assets/chunk-b.js', '/assets/chunk-c.js'];
  const { imported, tasks } = run(chunks);
  assert.deepEqual(imported, ['/assets/entry.js'], 'the first task imports the entry only');
  assert.equal(tasks.length, chunks.length, 'one task queued per chunk');
  for (const [i, task] of tasks.entries()) {
    task();
    assert.deepEqual(imported.slice(1), chunks.slice(0, i + 1), `task ${i + 1} imports one chunk`);
  }
});

test('a page without chunks imports the entry and queues nothing', () => {
  const { imported, tasks } = run([]);
  assert.deepEqual(imported, ['/assets/entry.js']);
  assert.equal(tasks.length, 0);
});
