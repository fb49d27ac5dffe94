/** The page cache: canonical keys, LRU bounded in bytes, pages kept compressed only. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { PageCache, bodyBytes, encodeBody, hasEncodings, makeCachedPage, makeOnDemandBody, pageCacheKey } from '../../src/server/page-cache.ts';

test('pageCacheKey: one key per page whatever the order or spelling of its parameters', () => {
  assert.equal(pageCacheKey('/research', ''), '/research');
  assert.equal(pageCacheKey('/research', '?'), '/research');
  assert.equal(pageCacheKey('/resources', '?type=news&category=Award'), pageCacheKey('/resources', '?category=Award&type=news'));
  assert.equal(pageCacheKey('/research', '?category=Sector%20Analysis'), pageCacheKey('/research', '?category=Sector+Analysis'));
  assert.notEqual(pageCacheKey('/research', '?page=2'), pageCacheKey('/research', '?page=3'));
});

const page = (size: number, fill = 'x') => encodeBody(200, Buffer.from(fill.repeat(size)), false);

test('the cache is bounded in bytes: the least recently used pages go first', () => {
  const cache = new PageCache(10_000);
  cache.set('/a', page(2000));
  cache.set('/b', page(2000));
  cache.set('/c', page(2000));
  cache.get('/a'); // /a is now the most recently used
  cache.set('/d', page(2000));
  cache.set('/e', page(2000)); // 10,000 bytes: still fits
  assert.equal(cache.byteSize, 10_000);
  cache.set('/f', page(2000)); // over: /b (least recently used) goes
  assert.equal(cache.get('/b'), undefined);
  assert.ok(cache.get('/a') && cache.get('/c') && cache.get('/f'));
  assert.ok(cache.byteSize <= 10_000);
  // Replacing an entry does not count it twice.
  cache.set('/a', page(1000));
  assert.equal(cache.byteSize, 9000);
});

test('a body larger than a quarter of the budget is not kept, and many small ones cannot exceed the entry limit', () => {
  const cache = new PageCache(10_000, 3);
  cache.set('/big', page(3000));
  assert.equal(cache.get('/big'), undefined);
  for (const k of ['/1', '/2', '/3', '/4']) cache.set(k, page(10));
  assert.equal(cache.size, 3);
  assert.equal(cache.get('/1'), undefined);
});

test('a cached page keeps brotli and gzip only, and gives back the exact HTML', () => {
  const html = Buffer.from(`<!doctype html><p>${'Halden Rowe '.repeat(2000)}</p>`);
  const p = makeCachedPage(200, html);
  assert.ok(p.raw.equals(html));
  assert.ok(gunzipSync(p.gzip!).equals(html));
  assert.equal(bodyBytes(p), p.gzip!.length + p.br!.length, 'the raw HTML is not held');
  assert.ok(bodyBytes(p) < html.length / 4);
  assert.equal(p.etag, encodeBody(200, html).etag, 'same ETag as the uncompressed answer');
});

test('an on-demand body (search answers): compressed only when an encoding is asked for, then kept; counted at its bound', () => {
  const raw = Buffer.from(JSON.stringify({ results: Array.from({ length: 50 }, (_, i) => ({ title: `Result ${i}`, href: `/research/${i}` })) }));
  const body = makeOnDemandBody(200, raw);
  assert.equal(body.etag, encodeBody(200, raw, false).etag, 'the same ETag as an eagerly encoded body');
  assert.ok(hasEncodings(body), 'it has compressed forms (Vary: Accept-Encoding) without making them');
  assert.equal(bodyBytes(body), 2 * raw.length);
  const br = body.br!;
  assert.ok(brotliDecompressSync(br).equals(raw));
  assert.equal(body.br, br, 'made once, then kept');
  assert.ok(gunzipSync(body.gzip!).equals(raw));
  assert.ok(br.length < raw.length && body.gzip!.length < raw.length);
  assert.ok(!hasEncodings(encodeBody(200, raw, false)));
});
