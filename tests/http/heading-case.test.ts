/**
 * One heading style on every page: Title Case (src/content/title-case.ts). Every <h1>–<h4> of
 * every route, of the 404 page and of the home page's states (news panel, expanded story) is
 * checked as rendered, so a heading in content, in a component or in a page template cannot
 * slip back into sentence case.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, get, type TestServer } from '../helpers/server.ts';
import { collection, pagePaths } from '../helpers/pages.ts';
import { isTitleCase, toTitleCase } from '../../src/content/title-case.ts';

let s: TestServer;
let cookie: string;
before(async () => {
  s = await startServer();
  cookie = await s.login();
});
after(() => s.close());

const decode = (t: string) =>
  t
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\u2060/g, '');

/** The text of every h1–h4 that a sighted visitor sees (visually hidden headings included: screen readers hear them). */
function headings(html: string): string[] {
  return [...html.matchAll(/<h([1-4])\b[^>]*>([\s\S]*?)<\/h\1>/g)]
    .map((m) =>
      decode(m[2].replace(/<[^>]*>/g, ''))
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
}

test('every heading on every page is in Title Case', async () => {
  const stories = collection<{ id: string }>('/api/stories');
  const urls = [...pagePaths(), '/no-such-page', '/?more=insights', '/?more=about', '/?more=style', '/?more=strategies', `/?story=${stories[0].id}`];
  const wrong: string[] = [];
  for (const url of urls) {
    const res = await get(s.url, url, { headers: { cookie } });
    const html = await res.text();
    for (const h of headings(html)) if (!isTitleCase(h)) wrong.push(`${url}: "${h}" → "${toTitleCase(h)}"`);
  }
  assert.deepEqual(wrong, []);
});
