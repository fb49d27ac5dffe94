/** Scratch folders for tests that serve files of their own (a dist/, a public/ holding dotfiles…). */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A fresh directory under the system's temporary folder (named `prefix`…) holding `files`, a map
 * of relative path to content; folders are made as needed. The caller removes it.
 */
export function writeTree(prefix: string, files: Record<string, string | Buffer>): string {
  const root = mkdtempSync(path.join(tmpdir(), prefix));
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), content);
  }
  return root;
}
