#!/usr/bin/env node
/**
 * Start-up figures of a way of running the server: time from spawn to the first 200 on /login,
 * the resident memory (RSS) of the whole process tree and its process count once it answers, and
 * what SIGTERM sent to the spawned (root) process does: does anything keep answering, or stay?
 *
 *   node scripts/start-figures.mjs 4410 node --enable-source-maps dist/server.js
 *   node scripts/start-figures.mjs 4410 npm start
 * Linux only (/proc). Prints JSON.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
const [port, ...cmd] = process.argv.slice(2);
const t0 = performance.now();
const child = spawn(cmd[0], cmd.slice(1), { env: { ...process.env, PORT: port, HOST: '127.0.0.1', LOG_FORMAT: 'off' }, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
const url = `http://127.0.0.1:${port}`;
for (;;) {
  try {
    const r = await fetch(url + '/login');
    if (r.status === 200) {
      await r.arrayBuffer();
      break;
    }
  } catch {}
  await new Promise((r) => setTimeout(r, 25));
}
const startMs = performance.now() - t0;
await new Promise((r) => setTimeout(r, 1500));
function tree(pid) {
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => {
      try {
        const s = readFileSync(`/proc/${d}/stat`, 'utf8');
        const ppid = Number(s.slice(s.lastIndexOf(')') + 2).split(' ')[1]);
        return { pid: Number(d), ppid };
      } catch {
        return null;
      }
    })
    .filter(Boolean);
  const out = [pid];
  for (let i = 0; i < out.length; i++) for (const p of all) if (p.ppid === out[i]) out.push(p.pid);
  return out;
}
const pids = tree(child.pid);
const procs = pids
  .map((p) => {
    try {
      const st = readFileSync(`/proc/${p}/status`, 'utf8');
      return { pid: p, name: /Name:\s+(\S+)/.exec(st)[1], rssKB: Number(/VmRSS:\s+(\d+)/.exec(st)?.[1] ?? 0), cmd: readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').join(' ').slice(0, 80) };
    } catch {
      return null;
    }
  })
  .filter(Boolean);
const rss = procs.reduce((a, p) => a + p.rssKB, 0);
console.log(JSON.stringify({ cmd: cmd.join(' '), startMs: Math.round(startMs), processes: procs.length, rssMB: +(rss / 1024).toFixed(1), procs }, null, 1));
process.kill(child.pid, 'SIGTERM');
await new Promise((r) => setTimeout(r, 3000));
let answering = false;
try {
  answering = (await fetch(url + '/healthz')).status === 200;
} catch {}
const left = pids.filter((p) => {
  try {
    process.kill(p, 0);
    return true;
  } catch {
    return false;
  }
});
console.log(JSON.stringify({ afterSigtermToRootPid: { rootExited: child.exitCode !== null || child.signalCode !== null, stillAnswering3s: answering, processesLeft: left.length } }));
for (const p of left)
  try {
    process.kill(p, 'SIGKILL');
  } catch {}
process.exit(0);
