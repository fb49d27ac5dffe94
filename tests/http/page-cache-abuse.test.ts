/**
 * The page cache cannot be abused (issue 10): random query strings, unknown paths and unknown ids
 * get the cached canonical page or the one shared 404 page — no new render, no new entry — so
 * real pages stay in memory (the fast path still answers them).
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { startServer, get, type TestServer } from '../helpers/server.ts';

let s: TestServer;
let cookie: string;
before(async () => {
  s = await startServer();
  cookie = await s.login();
});
after(() => s.close());

const etagOf = async (p: string, status: number) => {
  const res = await get(s.url, p, { headers: { cookie } });
  assert.equal(res.status, status, p);
  await res.arrayBuffer();
  return res.headers.get('etag');
};

test('junk query strings and paths reuse the canonical page and the shared 404 page; real pages stay in memory', async () => {
  const team = await etagOf('/team', 200);
  const research = await etagOf('/research', 200);
  const notFound = await etagOf('/no-such-page', 404);
  const entries = s.pageCache.size;
  const renders = s.renderCounts.renders;
  assert.equal(entries, 3);
  assert.equal(renders, 3);
  for (let i = 0; i < 400; i++) {
    const junk = randomBytes(6).toString('hex');
    assert.equal(await etagOf(`/team?${junk}=${junk}`, 200), team, 'an unknown parameter: the cached page');
    assert.equal(await etagOf(`/${junk}`, 404), notFound, 'an unknown path: the one 404 page');
    assert.equal(await etagOf(`/research/${junk}`, 404), notFound, 'an unknown id: the one 404 page');
    assert.equal(await etagOf(`/research?page=${1000 + i}`, 404), notFound, 'a page past the last: the one 404 page');
    const redirect = await get(s.url, `/research?category=${junk}`, { headers: { cookie } });
    assert.equal(redirect.status, 302, 'an unknown filter value: redirected, not rendered');
    assert.equal(redirect.headers.get('location'), '/research');
  }
  assert.equal(s.renderCounts.renders, renders, 'nothing was rendered');
  assert.equal(s.pageCache.size, entries, 'nothing was added to the cache');
  // The real pages were never pushed out: the fast path still answers them from memory.
  const before = s.stats.fastPath;
  assert.equal(await etagOf('/team', 200), team);
  assert.equal(await etagOf('/research', 200), research);
  assert.equal(s.stats.fastPath - before, 2);
});
