/** The read API (seed §7): the six collections, their fields, 404 and 405. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, get, type TestServer } from '../helpers/server.ts';
import { collection } from '../helpers/pages.ts';

let s: TestServer;
let cookie: string;
before(async () => {
  s = await startServer();
  cookie = await s.login();
});
after(() => s.close());

type Item = Record<string, unknown>;
async function read(p: string): Promise<Item[]> {
  const res = await get(s.url, p, { headers: { cookie } });
  assert.equal(res.status, 200, p);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/, p);
  const body = await res.json();
  assert.ok(Array.isArray(body), `${p} answers an array`);
  return body as Item[];
}

const isText = (v: unknown) => typeof v === 'string' && v.trim().length > 0;
const isDate = (v: unknown) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));
const isTextList = (v: unknown) => Array.isArray(v) && v.length > 0 && v.every(isText);

function checkFields(p: string, items: Item[], fields: Record<string, (v: unknown) => boolean>) {
  for (const item of items) {
    for (const [field, ok] of Object.entries(fields)) {
      assert.ok(ok(item[field]), `${p} item ${String(item.id)}: bad ${field}: ${JSON.stringify(item[field])?.slice(0, 80)}`);
    }
  }
  const ids = items.map((i) => i.id);
  assert.equal(new Set(ids).size, ids.length, `${p}: ids are unique`);
}
const isImageUrl = (v: unknown) => typeof v === 'string' && (v === '' || /^\/images\/[\w/-]+\.(webp|jpg|png|avif)$/.test(v));
const isLink = (prefix: string) => (v: unknown) => typeof v === 'string' && v.startsWith(prefix);

/** The fields of a dated listing (news, research, press releases): `link` under `prefix`. */
const datedFields = (prefix: string) => ({ id: isText, date: isDate, title: isText, excerpt: isText, imageUrl: isImageUrl, link: isLink(prefix) });

function newestFirst(p: string, items: Item[]) {
  const dates = items.map((i) => String(i.date));
  assert.deepEqual(dates, [...dates].sort().reverse(), `${p} lists the newest first`);
}

test('GET /api/stories: at least 5 stories with the seed fields', async () => {
  const items = await read('/api/stories');
  assert.ok(items.length >= 5);
  checkFields('/api/stories', items, { id: isText, category: isText, title: isText, description: isText, imageUrl: isImageUrl });
});

test('GET /api/news: at least 8 items with the seed fields, newest first', async () => {
  const items = await read('/api/news');
  assert.ok(items.length >= 8);
  const types = ['Award', 'Portfolio News', 'Team', 'Event', 'Market Insight'];
  checkFields('/api/news', items, { ...datedFields('/news/'), type: (v) => types.includes(v as string) });
  for (const i of items) assert.equal(i.link, `/news/${String(i.id)}`);
  newestFirst('/api/news', items);
});

test('GET /api/team: at least 12 members with the seed fields, 3+ Managing Partners', async () => {
  const items = await read('/api/team');
  assert.ok(items.length >= 12);
  checkFields('/api/team', items, {
    id: isText,
    name: isText,
    title: isText,
    bio: isText,
    imageUrl: isImageUrl,
    experience: isTextList,
    education: isTextList,
    expertise: isTextList,
  });
  assert.ok(items.filter((m) => String(m.title).includes('Managing Partner')).length >= 3);
});

test('GET /api/research: at least 6 items with the seed fields, newest first', async () => {
  const items = await read('/api/research');
  assert.ok(items.length >= 6);
  const categories = ['Market Commentary', 'Sector Analysis', 'Thematic Research'];
  checkFields('/api/research', items, { ...datedFields('/research/'), category: (v) => categories.includes(v as string) });
  newestFirst('/api/research', items);
});

test('GET /api/press-releases: at least 6 items over 2+ years with the seed fields, newest first', async () => {
  const items = await read('/api/press-releases');
  assert.ok(items.length >= 6);
  checkFields('/api/press-releases', items, datedFields('/press-release/'));
  assert.ok(new Set(items.map((i) => String(i.date).slice(0, 4))).size >= 2);
  newestFirst('/api/press-releases', items);
});

test('GET /api/practice-areas: the 4 strategies and 5 sectors', async () => {
  const items = await read('/api/practice-areas');
  assert.equal(items.length, 9);
  checkFields('/api/practice-areas', items, { id: isText, name: isText, href: (v) => typeof v === 'string' && v.startsWith('/') });
  assert.equal(items.filter((i) => i.kind === 'strategy').length, 4);
  assert.equal(items.filter((i) => i.kind === 'sector').length, 5);
});

test('the API answers the same items as content/ (one source of truth)', async () => {
  for (const p of ['/api/stories', '/api/team', '/api/news', '/api/research', '/api/press-releases', '/api/practice-areas']) {
    const ids = (await read(p)).map((i) => String(i.id)).sort();
    assert.deepEqual(
      ids,
      collection(p)
        .map((i) => String(i.id))
        .sort(),
      p,
    );
  }
});

test('image URLs in the API are served to signed-in visitors', async () => {
  const url = (await read('/api/stories')).map((x) => x.imageUrl as string).find(Boolean);
  if (!url) return assert.fail('no story has an imageUrl (run npm run images)');
  const res = await get(s.url, url, { headers: { cookie } });
  assert.equal(res.status, 200, url);
  assert.match(res.headers.get('content-type') ?? '', /^image\//);
  assert.equal((await get(s.url, url)).status, 302, 'not without a session');
});

test('HEAD on a read endpoint answers like GET without a body', async () => {
  const res = await get(s.url, '/api/team', { method: 'HEAD', headers: { cookie } });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
  assert.equal(await res.text(), '');
});

test('an unknown /api path answers 404 JSON, not a page', async () => {
  for (const p of ['/api/x', '/api/team/no-such-person', '/api/research/no-such-note', '/api/research/x/related', '/api/listings/nope', '/api/pages/nope', '/api/']) {
    const res = await get(s.url, p, { headers: { cookie, accept: 'text/html' } });
    assert.equal(res.status, 404, p);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/, p);
    assert.equal(typeof ((await res.json()) as { error: unknown }).error, 'string', p);
  }
});

test('another method on a read endpoint answers 405 JSON with Allow: GET, HEAD', async () => {
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
    const res = await get(s.url, '/api/team', { method, headers: { cookie, 'content-type': 'application/json' }, body: method === 'DELETE' ? undefined : '{}' });
    assert.equal(res.status, 405, method);
    assert.equal(res.headers.get('allow'), 'GET, HEAD', method);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/, method);
  }
});

test('GET /api/login answers 405 with Allow: POST', async () => {
  const res = await get(s.url, '/api/login', { headers: { cookie } });
  assert.equal(res.status, 405);
  assert.equal(res.headers.get('allow'), 'POST');
  assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
});
