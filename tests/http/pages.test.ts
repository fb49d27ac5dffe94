/** Every page of the route table, rendered on the server for a signed-in visitor. */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, get, FAKE_MANIFEST, type TestServer } from '../helpers/server.ts';
import { collection, pagePaths } from '../helpers/pages.ts';
import { BOOT_DATA_ID } from '../../src/app/Document.tsx';

let s: TestServer;
let cookie: string;
before(async () => {
  s = await startServer();
  cookie = await s.login();
});
after(() => s.close());

async function page(p: string): Promise<{ status: number; type: string; html: string }> {
  const res = await get(s.url, p, { headers: { cookie } });
  return { status: res.status, type: res.headers.get('content-type') ?? '', html: await res.text() };
}

const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const count = (html: string, re: RegExp) => (html.match(re) ?? []).length;

/** The document-level checks every page (and the 404 page) must pass. */
function checkDocument(p: string, html: string) {
  assert.match(html, /^<!DOCTYPE html>/i, `${p}: doctype`);
  assert.match(html, /<html[^>]*\slang="en"/, `${p}: lang`);
  assert.equal(count(html, /<h1[\s>]/g), 1, `${p}: exactly one <h1>`);
  assert.equal(count(html, /<main[\s>]/g), 1, `${p}: one <main>`);
  assert.equal(count(html, /<title>/g), 1, `${p}: one <title>`);
  const title = decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
  if (p === '/') assert.equal(title, 'Halden Rowe Capital', `${p}: title`);
  else assert.match(title, /^\S.* — Halden Rowe Capital$/, `${p}: title "${title}"`);
  assert.match(html, /<meta name="description" content="[^"]{20,}"/, `${p}: meta description`);
  const og = /<meta property="og:title" content="([^"]*)"/.exec(html)?.[1];
  assert.equal(og && decode(og), title, `${p}: og:title matches the title`);
  assert.match(html, /<a[^>]*href="#main"/, `${p}: skip link`);

  // Only external scripts run; embedded data is JSON (not executable), so the CSP needs no 'unsafe-inline'.
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  assert.ok(scripts.length > 0, `${p}: scripts`);
  for (const [tag, attrs, body] of scripts) {
    const external = /\ssrc="/.test(attrs);
    // JSON data blocks: the boot data and the structured data (JSON-LD), never executed.
    const json = /\stype="application\/(ld\+)?json"/.test(attrs);
    assert.ok(external || json, `${p}: inline executable script ${tag.slice(0, 80)}`);
    if (external) assert.equal(body, '', `${p}: external script with a body`);
  }
  assert.ok(!/\son[a-z]+="/i.test(html), `${p}: inline event handler attribute`);
  const boot = new RegExp(`<script id="${BOOT_DATA_ID}" type="application/json">([\\s\\S]*?)</script>`).exec(html);
  assert.ok(boot, `${p}: boot data script`);
  assert.ok(!boot[1].includes('</'), `${p}: raw "</" in boot data`);
  assert.ok(!boot[1].includes('<!--'), `${p}: raw "<!--" in boot data`);
  return JSON.parse(boot[1]) as { data: Record<string, unknown> };
}

test('every route of the route table renders: 200, HTML, one h1, title, description, og:title, safe scripts, distinct titles', async () => {
  const titles = new Map<string, string>();
  for (const p of pagePaths()) {
    const { status, type, html } = await page(p);
    assert.equal(status, 200, p);
    assert.match(type, /^text\/html/, p);
    const boot = checkDocument(p, html);
    assert.ok(Object.keys(boot.data).length > 0, `${p}: the page embeds the data it was rendered with`);
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    assert.ok(!titles.has(title), `${p} has the same title as ${titles.get(title)}: ${title}`);
    titles.set(title, p);
  }
});

test('/team names every team member and links to their page', async () => {
  const { html } = await page('/team');
  const text = decode(html);
  for (const m of collection<{ id: string; name: string }>('/api/team')) {
    assert.ok(text.includes(m.name), `missing ${m.name}`);
    assert.ok(html.includes(`href="/team/${m.id}"`), `no link to /team/${m.id}`);
  }
});

test('each team member page shows that member in its heading and title', async () => {
  for (const m of collection<{ id: string; name: string }>('/api/team')) {
    const { status, html } = await page(`/team/${m.id}`);
    assert.equal(status, 200, m.id);
    const h1 = decode(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '').replace(/<[^>]+>/g, '');
    assert.ok(h1.includes(m.name), `${m.id}: h1 is "${h1}"`);
    assert.ok(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '').startsWith(m.name), `${m.id}: title`);
  }
});

test('the home page shows the stories and the latest news', async () => {
  const text = decode((await page('/')).html);
  for (const story of collection<{ title: string }>('/api/stories')) assert.ok(text.includes(story.title), story.title);
  const latest = collection<{ title: string }>('/api/news')[0];
  assert.ok(text.includes(latest.title), `latest news: ${latest.title}`);
});

test('an unknown path answers 404 with the "Page Not Found" page and a way home', async () => {
  for (const p of ['/nope', '/team/nope/extra', '/Team-Members', '/index.html']) {
    const { status, type, html } = await page(p);
    assert.equal(status, 404, p);
    assert.match(type, /^text\/html/, p);
    assert.ok(html.includes('Page Not Found'), p);
    assert.match(html, /<a[^>]*href="\/"/, `${p}: a link home`);
    checkDocument(p, html);
  }
});

test('unknown ids on detail pages answer 404 with the "Page Not Found" page', async () => {
  for (const p of ['/team/nope', '/research/nope', '/news/nope', '/press-release/nope', '/team/%3Cscript%3E']) {
    const { status, html } = await page(p);
    assert.equal(status, 404, p);
    assert.ok(html.includes('Page Not Found'), p);
    assert.ok(!html.includes('<script>'), `${p}: the id is not reflected unescaped`);
  }
});

test('the page text speaks to visitors, not developers', async () => {
  const { html } = await page('/nope');
  const visible = html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ');
  assert.ok(!/router|stack trace|undefined|\[object Object\]/i.test(visible), 'developer wording on the 404 page');
  assert.match(visible, /Page Not Found/);
});

test('HEAD and a query string do not change the answer', async () => {
  const head = await get(s.url, '/team', { method: 'HEAD', headers: { cookie } });
  assert.equal(head.status, 200);
  assert.equal(await head.text(), '');
  assert.equal((await page('/team?utm_source=x')).status, 200);
});

test('other methods on a page answer 405 with Allow', async () => {
  const res = await get(s.url, '/team', { method: 'POST', headers: { cookie } });
  assert.equal(res.status, 405);
  assert.equal(res.headers.get('allow'), 'GET, HEAD');
});

test('every page, the login page included, starts its scripts after the first paint', async () => {
  const login = await (await fetch(`${s.url}/login`)).text();
  for (const [p, html, entry] of [
    ...(await Promise.all(['/', '/team', '/resources'].map(async (p) => [p, (await page(p)).html, FAKE_MANIFEST.entries.site.js] as const))),
    ['/login', login, FAKE_MANIFEST.entries.login.js] as const,
  ]) {
    const head = html.slice(0, html.indexOf('</head>'));
    assert.ok(!/rel="modulepreload"/.test(head), `${p}: nothing in the head competes with the stylesheet and fonts`);
    assert.ok(!/<script[^>]*type="module"/.test(html), `${p}: no module script in the document`);
    const loader = /<script src="([^"]+)" defer="" data-entry="([^"]+)" data-chunks="([^"]*)"><\/script><\/body>/.exec(html);
    assert.ok(loader, `${p}: the loader is the last element of the body`);
    assert.equal(loader[1], FAKE_MANIFEST.loader);
    assert.equal(loader[2], entry);
  }
});
