// A baseline server for `npm run bench`: bare node:http, `res.end(buffer)`, replaying for each
// path the answer our server gave (bench.ts captured it from the socket): the same status,
// the same headers in the same order (Node adds Date, Connection and Keep-Alive itself, as it
// does for ours), the same body bytes. Nothing else: no log, no lookup beyond one Map.get.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const [port, file] = process.argv.slice(2);
const captured = JSON.parse(readFileSync(file, 'utf8'));
const table = new Map(
  Object.entries(captured).map(([path, r]) => [
    path,
    {
      status: r.status,
      headers: r.headers.flat(),
      body: Buffer.from(r.body, 'base64'),
    },
  ]),
);
const miss = { status: 404, headers: ['Content-Type', 'text/plain'], body: Buffer.from('not found') };

const server = createServer((req, res) => {
  const r = table.get(req.url) ?? miss;
  res.writeHead(r.status, r.headers);
  res.end(r.body);
});
server.keepAliveTimeout = 5_000; // as ours (main.ts): the same Keep-Alive header
server.listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
// A normal exit on SIGTERM (profile.ts runs it under --cpu-prof, written at exit).
process.on('SIGTERM', () => process.exit(0));
