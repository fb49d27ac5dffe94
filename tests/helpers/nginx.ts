/**
 * Real nginx for tests (Debian's; stack-notes.md): server blocks derived from deploy/nginx.conf
 * with the test's own ports, upstream and throwaway certificate, run with `nginx -c <conf> -p
 * <dir>` in a temporary directory. With CI=true a missing nginx or openssl fails the test;
 * elsewhere the test is skipped with a message.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { request as httpsRequest } from 'node:https';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { ROOT } from './spawn-server.ts';

/** True when `binary` runs; otherwise fails under CI=true, or skips the test with why. */
export function have(binary: string, t: { skip(message: string): void }): boolean {
  const found = spawnSync('sh', ['-c', `command -v ${binary}`]).status === 0;
  if (found) return true;
  const message = `${binary} is not installed (Debian: apt-get install -y ${binary})`;
  if (process.env.CI === 'true') throw new Error(`${message}: CI must run this test`);
  t.skip(message);
  return false;
}

/** A self-signed certificate for www.example.com, made now, never committed. */
export function throwawayCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=www.example.com',
      '-addext',
      'subjectAltName=DNS:www.example.com',
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

export const SHIPPED_CONF = path.join(ROOT, 'deploy', 'nginx.conf');

export interface SiteOptions {
  /** A name of this site's own (its upstream's and TLS cache's names). */
  name: string;
  https: number;
  http: number;
  /** The server's port, or several (an upstream of several hosts, round robin). */
  upstream: number | number[];
  cert: string;
  key: string;
  /** Replaces `$remote_addr` in the X-Forwarded-For line (an operator's variant). */
  forwardedFor?: string;
}

/** deploy/nginx.conf with the test's ports, upstream and certificate; each swap must find its line. */
export function shippedSite(o: SiteOptions): string {
  let conf = readFileSync(SHIPPED_CONF, 'utf8');
  const swap = (pattern: RegExp, by: string) => {
    if (!pattern.test(conf)) throw new Error(`deploy/nginx.conf has no line matching ${pattern}: update tests/helpers/nginx.ts`);
    conf = conf.replace(pattern, by);
  };
  swap(
    /server 127\.0\.0\.1:3000;/,
    [o.upstream]
      .flat()
      .map((port) => `server 127.0.0.1:${port};`)
      .join('\n    '),
  );
  swap(/listen 443 ssl http2;/, `listen 127.0.0.1:${o.https} ssl http2;`);
  swap(/listen \[::\]:443 ssl http2;\n/, '');
  swap(/listen 80;/, `listen 127.0.0.1:${o.http};`);
  swap(/listen \[::\]:80;\n/, '');
  swap(/ssl_certificate {5}\S+;/, `ssl_certificate     ${o.cert};`);
  swap(/ssl_certificate_key \S+;/, `ssl_certificate_key ${o.key};`);
  if (o.forwardedFor) swap(/proxy_set_header X-Forwarded-For \$remote_addr;/, `proxy_set_header X-Forwarded-For ${o.forwardedFor};`);
  return conf.replace(/halden_rowe/g, `halden_rowe_${o.name}`);
}

/** Starts nginx with these server blocks; resolves once every port in `ports` accepts connections. */
export async function startNginx(dir: string, blocks: string[], ports: number[]) {
  for (const d of ['client_body', 'proxy']) mkdirSync(path.join(dir, 'tmp', d), { recursive: true });
  // Workers run as an unprivileged user when nginx starts as root: they write their temporary files here.
  chmodSync(path.join(dir, 'tmp'), 0o777);
  for (const d of ['client_body', 'proxy']) chmodSync(path.join(dir, 'tmp', d), 0o777);
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon on;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_processes 1;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/client_body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/proxy;
  uwsgi_temp_path ${dir}/tmp/proxy;
  scgi_temp_path ${dir}/tmp/proxy;
${blocks.join('\n')}
}
`,
  );
  execFileSync('nginx', ['-c', conf, '-p', dir], { stdio: 'pipe' });
  for (const port of ports) {
    for (let i = 0; ; i++) {
      const open = await new Promise<boolean>((resolve) => {
        const s = connect({ host: '127.0.0.1', port });
        s.once('connect', () => {
          s.destroy();
          resolve(true);
        });
        s.once('error', () => resolve(false));
      });
      if (open) break;
      if (i > 100) throw new Error(`nginx does not listen on ${port}:\n${readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    conf,
    async stop() {
      const pid = Number(readFileSync(path.join(dir, 'nginx.pid'), 'utf8'));
      process.kill(pid, 'SIGTERM');
      for (let i = 0; i < 100; i++) {
        try {
          process.kill(pid, 0);
        } catch {
          return;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A request to nginx from a client address of our own choice (the whole of 127.0.0.0/8 is
 * loopback, so 127.0.0.2 and 127.0.0.3 are two visitors), as a browser on https://www.example.com.
 */
export function visit(client: string, port: number, method: string, target: string, opts: { headers?: Record<string, string>; body?: string; https?: boolean } = {}): Promise<Answer> {
  const send = opts.https === false ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      {
        host: '127.0.0.1',
        port,
        method,
        path: target,
        localAddress: client,
        servername: 'www.example.com',
        rejectUnauthorized: false,
        agent: false,
        headers: { host: 'www.example.com', ...opts.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}
