/**
 * `npm start`, first half: build only when dist/ is missing or older than the sources (the
 * fingerprint of scripts/lib/build-inputs.mjs, recorded by the build in dist/manifest.json), so a
 * restart costs nothing. The second half (`exec node dist/server.js`) runs the server itself.
 * Plain JavaScript: it must run before anything is compiled.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { sourceFingerprint } from './lib/build-inputs.mjs';

function builtFrom() {
  try {
    if (!existsSync('dist/server.js')) return null;
    return JSON.parse(readFileSync('dist/manifest.json', 'utf8')).sources ?? null;
  } catch {
    return null;
  }
}

const built = builtFrom();
if (built && built === sourceFingerprint()) {
  process.stdout.write('[start] dist/ is up to date\n');
} else {
  process.stdout.write(`[start] ${built ? 'sources changed since the last build' : 'no build yet'}: building\n`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { stdio: 'inherit' });
  if (run.error) {
    process.stderr.write(`[start] cannot run the build (${run.error.message}); "npm ci" installs what it needs\n`);
    process.exit(1);
  }
  if (run.status !== 0) process.exit(run.status ?? 1);
}
