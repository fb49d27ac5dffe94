/**
 * `npm run dev`: esbuild in watch mode plus the server under `tsx watch`, with live reload:
 * the browser reloads after a rebuild (the server sees dist/manifest.json change), after a content
 * edit (the server reloads content/ itself, main.ts) and after the server restarts on a source
 * edit (the event stream reconnects). The session secret is fixed, so a restart keeps you signed
 * in. `npm run perf -- dev-latency` measures edit → browser.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { DEV_SESSION_SECRET } from '../src/server/config.ts';

const children: ChildProcess[] = [];
const run = (cmd: string, args: string[], env: Record<string, string> = {}) => {
  const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  child.on('exit', (code) => {
    if (code && code !== 0) console.error(`[dev] ${cmd} ${args.join(' ')} exited with ${code}`);
  });
  return child;
};

run('npx', ['tsx', 'scripts/build.ts', '--watch']);
// Wait for the first build so the server finds dist/manifest.json.
const started = Date.now();
while (!existsSync('dist/manifest.json') && Date.now() - started < 30_000) await new Promise((r) => setTimeout(r, 200));
// A fixed development secret (unless one is set): a restart keeps you signed in. Production
// refuses this secret (config.ts).
// Content edits do not restart the server: it reloads content itself (main.ts), 3 s sooner.
run('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
  LIVE_RELOAD: '1',
  WEB_CONCURRENCY: '1',
  SESSION_SECRET: process.env.SESSION_SECRET || DEV_SESSION_SECRET,
});

const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
