// A baseline server for `npm run bench`: serves, from memory, the exact bytes our server sent
// for each benchmarked path. kind=node: a minimal node:http server (the ceiling for Node here);
// kind=express: an Express 5 app whose first middleware ends every request (Express's floor).
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const [kind, port, file] = process.argv.slice(2);
const bodies = JSON.parse(readFileSync(file, 'utf8'));
const table = new Map(Object.entries(bodies).map(([path, r]) => [path, {
  status: r.status, headers: r.headers, body: Buffer.from(r.body, 'base64'),
}]));
const miss = { status: 404, headers: { 'content-type': 'text/plain' }, body: Buffer.from('not found') };

if (kind === 'node') {
  createServer((req, res) => {
    const r = table.get(req.url) ?? miss;
    res.writeHead(r.status, { ...r.headers, 'content-length': r.body.length });
    res.end(r.body);
  }).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
} else {
  const { default: express } = await import('express');
  const app = express();
  app.use((req, res) => {
    const r = table.get(req.url) ?? miss;
    res.status(r.status).set(r.headers).set('content-length', String(r.body.length)).end(r.body);
  });
  app.listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
}
