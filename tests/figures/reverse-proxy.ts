/**
 * The figures of issue 32's note, measured on the production build (dist/, `npx tsx
 * scripts/build.ts` first) started as production starts it (tests/helpers/spawn-server.ts):
 *
 *   npx tsx tests/figures/reverse-proxy.ts flood      messages/s accepted under a flood, store size after 60 s
 *   npx tsx tests/figures/reverse-proxy.ts sigterm    exit time and code after SIGTERM: 1 idle socket, 2,000 connections
 *   npx tsx tests/figures/reverse-proxy.ts signout    answers to a copied cookie after sign-out
 *
 * FLOOD_SECONDS (default 60) shortens the flood. It depends only on spawn-server.ts and Node, so
 * the same file runs against an older checkout (copy it there) for a before/after.
 */
import { connect, type Socket } from 'node:net';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { forkServer, hasBuild } from '../helpers/spawn-server.ts';
import { CONTACT_LIMITS } from '../../src/app/contact-validation.ts';

const what = process.argv[2];
if (!hasBuild()) {
  process.stderr.write('no build: run "npx tsx scripts/build.ts" first\n');
  process.exit(2);
}

/** Bytes of every file in a directory (the database, its WAL and shared memory). */
const dirBytes = (dir: string) => readdirSync(dir).reduce((n, f) => n + statSync(path.join(dir, f)).size, 0);

async function flood() {
  const seconds = Number(process.env.FLOOD_SECONDS ?? 60);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hrc-flood-'));
  // The worst case: a proxy that passes client-sent X-Forwarded-For through, trusted
  // (TRUST_PROXY=1), so every post can name a new client address.
  const server = await forkServer({ dataDir, env: { TRUST_PROXY: '1' } });
  try {
    const cookie = await server.login();
    // The largest message the form accepts, every field at its limit (the "maximum-size posts").
    const message = 'x'.repeat(CONTACT_LIMITS.messageMax);
    const company = 'c'.repeat(CONTACT_LIMITS.company);
    const name = (i: number) => `Flood ${i} `.padEnd(CONTACT_LIMITS.name, 'n');
    const started = Date.now();
    const statuses = new Map<number, number>();
    const perSecond: number[] = [];
    let n = 0;
    const worker = async () => {
      while (Date.now() - started < seconds * 1000) {
        const i = n++;
        const res = await fetch(`${server.url}/api/contact`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
          body: JSON.stringify({ name: name(i), email: `f${i}@example.com`, company, message }),
        });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 201) {
          const s = Math.floor((Date.now() - started) / 1000);
          perSecond[s] = (perSecond[s] ?? 0) + 1;
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    const accepted = statuses.get(201) ?? 0;
    console.log(
      JSON.stringify({
        seconds,
        posts: n,
        statuses: Object.fromEntries(statuses),
        acceptedPerSecond: +(accepted / seconds).toFixed(2),
        acceptedInFirstSecond: perSecond[0] ?? 0,
        busiestSecond: Math.max(0, ...perSecond.filter(Boolean)),
        storeBytes: dirBytes(dataDir),
      }),
    );
  } finally {
    server.kill('SIGKILL');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Opens a connection; with `request`, sends one keep-alive request and waits for its answer (then idle). */
function open(port: number, request: boolean): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect({ host: '127.0.0.1', port });
    s.on('error', () => {});
    s.once('connect', () => {
      if (!request) return resolve(s);
      s.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      s.once('data', () => resolve(s));
    });
    setTimeout(() => reject(new Error('connect timed out')), 10_000).unref();
  });
}

async function sigterm() {
  for (const [label, idleKeepAlive, silent] of [
    ['1 idle socket (connected, nothing sent)', 0, 1],
    ['2,000 connections (1,000 idle keep-alive, 1,000 connected and silent)', 1000, 1000],
  ] as const) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hrc-sigterm-'));
    const server = await forkServer({ dataDir });
    try {
      const sockets: Socket[] = [];
      for (let i = 0; i < idleKeepAlive; i += 50) sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, idleKeepAlive - i) }, () => open(server.port, true)))));
      for (let i = 0; i < silent; i += 100) sockets.push(...(await Promise.all(Array.from({ length: Math.min(100, silent - i) }, () => open(server.port, false)))));
      const t0 = Date.now();
      server.kill('SIGTERM');
      const exit = await Promise.race([server.exited, new Promise<null>((r) => setTimeout(() => r(null), 30_000))]);
      console.log(JSON.stringify({ case: label, connections: sockets.length, exitMs: Date.now() - t0, exit }));
      for (const s of sockets) s.destroy();
    } finally {
      server.kill('SIGKILL');
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

async function signout() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hrc-signout-'));
  const server = await forkServer({ dataDir });
  try {
    const cookie = await server.login();
    const before = await fetch(`${server.url}/team`, { headers: { cookie }, redirect: 'manual' });
    await fetch(`${server.url}/api/logout`, { method: 'POST', headers: { cookie, accept: 'application/json' } });
    let ok = 0;
    const total = 100;
    for (let i = 0; i < total; i++) {
      const res = await fetch(`${server.url}/${i % 2 ? 'team' : 'api/team'}`, { headers: { cookie }, redirect: 'manual' });
      await res.arrayBuffer();
      if (res.status === 200) ok++;
    }
    console.log(JSON.stringify({ beforeSignOut: before.status, afterSignOut: { requests: total, answered200: ok } }));
  } finally {
    server.kill('SIGKILL');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const runs: Record<string, () => Promise<void>> = { flood, sigterm, signout };
if (!runs[what]) {
  process.stderr.write('usage: npx tsx tests/figures/reverse-proxy.ts flood|sigterm|signout\n');
  process.exit(2);
}
await runs[what]();
