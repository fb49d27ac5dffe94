/**
 * What the build is made from, fingerprinted cheaply: the path, size and modification time of
 * every source file (no file is read). scripts/build.ts records it in dist/manifest.json;
 * scripts/ensure-build.mjs (npm start) rebuilds only when it differs. Plain JavaScript, so that
 * the check runs under plain `node` before anything is compiled.
 */
import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Directories and files whose change means the bundles are out of date. */
export const BUILD_INPUTS = ['src', 'scripts/build.ts', 'scripts/lib/build-inputs.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];

/** sha256 over "path size mtime" of every input file, in a stable order. Missing inputs count as absent. */
export function sourceFingerprint(root = process.cwd()) {
  const lines = [];
  const visit = (rel) => {
    let st;
    try {
      st = statSync(path.join(root, rel));
    } catch {
      lines.push(`${rel} missing`);
      return;
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(path.join(root, rel)).sort()) visit(`${rel}/${name}`);
    } else {
      lines.push(`${rel} ${st.size} ${Math.trunc(st.mtimeMs)}`);
    }
  };
  for (const input of BUILD_INPUTS) visit(input);
  return createHash('sha256').update(lines.join('\n')).digest('base64url');
}
