/**
 * Huge, malformed and mistyped bodies on the login and contact endpoints: 413 / 400 / 415 JSON,
 * never a 500, never a stack trace. (Limits raised here so that refusals do not turn into 429s:
 * throttling has its own tests.)
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { rawRequest, assertClean, assertStillServing, type RawResponse } from '../../helpers/raw-http.ts';

let s: TestServer;
let cookie: string;
before(async () => {
  s = await startServer({
    config: {
      loginLimit: { windowMs: 60_000, perClient: 10_000, global: 10_000, perClientUnderPressure: 10_000, pressureDelayMs: 0 },
      contactLimit: { windowMs: 60_000, perClient: 10_000 },
    },
  });
  cookie = await s.login();
});
after(() => s.close());

const MB = 1024 * 1024;
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };
const contact = (fields: Record<string, unknown>) => JSON.stringify({ name: 'Ada Lovelace', email: 'ada@example.com', message: 'A question about your industrials strategy.', ...fields });

function post(p: string, body: string | Buffer, headers: Record<string, string>) {
  return rawRequest(s.port, p, { method: 'POST', headers: p === '/api/contact' ? { cookie, ...headers } : headers, body });
}

function assertJsonError(res: RawResponse, label: string, expected: (st: number) => boolean) {
  assertClean(res, label, expected);
  assert.match(res.headers['content-type'] ?? '', /^application\/json/, `${label}: JSON`);
  JSON.parse(res.body);
  assert.equal(res.headers['set-cookie'], undefined, `${label}: no session for a refused body`);
}

test('1 MB JSON bodies: 413 (declared length and chunked)', async () => {
  for (const p of ['/api/login', '/api/contact']) {
    const big = p === '/api/login' ? JSON.stringify({ password: 'x'.repeat(MB) }) : contact({ message: 'x'.repeat(MB) });
    assertJsonError(await post(p, big, JSON_HEADERS), `${p} 1 MB`, (st) => st === 413);
    // Without Content-Length the parser has to count: it stops at the limit, same answer.
    const chunk = Buffer.from(big);
    const chunked = Buffer.concat([Buffer.from(chunk.length.toString(16) + '\r\n'), chunk, Buffer.from('\r\n0\r\n\r\n')]);
    assertJsonError(await post(p, chunked, { ...JSON_HEADERS, 'transfer-encoding': 'chunked' }), `${p} 1 MB chunked`, (st) => st === 413);
  }
  await assertStillServing(s.port, cookie);
});

test('malformed JSON: 400', async () => {
  for (const p of ['/api/login', '/api/contact']) {
    for (const body of ['{"password":', '{oops}', '"just a string"', '{"a":1}}', '\u0000', '{"password":"x"']) {
      assertJsonError(await post(p, body, JSON_HEADERS), `${p} ${JSON.stringify(body)}`, (st) => st === 400);
    }
  }
  await assertStillServing(s.port, cookie);
});

test('wrong content types: 400 or 415, and the password is never read from them', async () => {
  for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/octet-stream']) {
    const res = await post('/api/login', `password=${encodeURIComponent(s.config.sitePassword)}`, { 'content-type': type, accept: 'application/json' });
    assertJsonError(res, `/api/login as ${type}`, (st) => st === 400 || st === 415);
    const c = await post('/api/contact', '<message>hello</message>', { 'content-type': type, accept: 'application/json' });
    assertJsonError(c, `/api/contact as ${type}`, (st) => st === 400 || st === 415);
  }
  // Unsupported charsets and encodings are refused by the parser itself.
  assertJsonError(await post('/api/login', '{"password":"x"}', { ...JSON_HEADERS, 'content-type': 'application/json; charset=bogus' }), 'charset=bogus', (st) => st === 415);
  assertJsonError(await post('/api/login', '{"password":"x"}', { ...JSON_HEADERS, 'content-encoding': 'compress-me' }), 'unknown Content-Encoding', (st) => st === 415);
  assertJsonError(await post('/api/login', 'not gzip at all', { ...JSON_HEADERS, 'content-encoding': 'gzip' }), 'broken gzip', (st) => st === 400);
  await assertStillServing(s.port, cookie);
});

test('arrays and objects where a string is expected: 400', async () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  const pw = encodeURIComponent(s.config.sitePassword);
  for (const body of ['password[]=x&password[]=y', `password=${pw}&password=${pw}`, `password[a]=${pw}`]) {
    assertJsonError(await post('/api/login', body, form), `urlencoded ${body}`, (st) => st === 400);
  }
  for (const body of ['{"password":{"a":1}}', `{"password":["${s.config.sitePassword}"]}`, '{"password":null}', '{"password":1}', '[1]', '{"__proto__":{"password":"x"}}']) {
    assertJsonError(await post('/api/login', body, JSON_HEADERS), `JSON ${body}`, (st) => st === 400);
  }
  for (const body of [contact({ name: { a: 1 } }), contact({ email: ['a@example.com', 'b@example.com'] }), contact({ message: 42 }), '[]', 'null']) {
    assertJsonError(await post('/api/contact', body, JSON_HEADERS), `contact ${body.slice(0, 60)}`, (st) => st === 400);
  }
  assertJsonError(await post('/api/contact', 'name[]=a&name[]=b&email=a%40example.com&message=A+long+enough+question', form), 'contact name[]', (st) => st === 400);
  // Too many form fields: refused by the parser.
  const many = Array.from({ length: 100 }, (_, i) => `f${i}=1`).join('&');
  assertJsonError(await post('/api/login', many, form), '100 form fields', (st) => st === 400 || st === 413);
  await assertStillServing(s.port, cookie);
});

test('none of the refused bodies stored a message', async () => {
  // The store belongs to this server; a valid message still gets through afterwards.
  const ok = await post('/api/contact', contact({}), JSON_HEADERS);
  assert.equal(ok.status, 201, ok.body);
  assert.deepEqual(Object.keys(JSON.parse(ok.body)), ['id']);
  assert.equal(JSON.parse(ok.body).id, 1, 'the first stored message: nothing before it was kept');
});
