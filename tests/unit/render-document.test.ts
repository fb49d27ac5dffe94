/**
 * renderDocument / renderLoginDocument (src/server/render-document.tsx): a URL, its data and the
 * build manifest in, { status, html } out — no request, no response, no cache.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderDocument, renderLoginDocument, RenderError } from '../../src/server/render-document.tsx';
import { queryPath } from '../../src/app/query.ts';
import { queriesFor, matchRoute, routeQuery } from '../../src/app/routes.ts';
import { FAKE_MANIFEST } from '../helpers/server.ts';
import { contentApi } from '../helpers/pages.ts';

/** The data a route reads, from the real content (what render.tsx collects). */
function dataFor(url: string) {
  const u = new URL(url, 'http://x');
  const { route, params } = matchRoute(u.pathname);
  const data: Record<string, unknown> = {};
  for (const key of queriesFor(route, params, routeQuery(route, u.search))) data[queryPath(key)] = contentApi().read(queryPath(key))?.value;
  return data;
}

test('a page: status 200 and the whole document, with its data embedded and the loader last', async () => {
  const { status, html } = await renderDocument('/team', dataFor('/team'), FAKE_MANIFEST);
  assert.equal(status, 200);
  const text = html.toString();
  assert.match(text, /^<!DOCTYPE html><html lang="en"/);
  assert.match(text, /<script id="boot-data" type="application\/json">/);
  assert.match(text, /<script src="\/assets\/b\.js" defer="" data-entry="\/assets\/e\.js"/);
  assert.match(text, /<\/html>$/);
  // No inline script React would need for streaming (the CSP forbids them).
  assert.doesNotMatch(text, /\$RC|<script>/);
});

test('status 404 renders the not-found page at that URL', async () => {
  const { status, html } = await renderDocument('/no-such-page', dataFor('/no-such-page'), FAKE_MANIFEST, { status: 404 });
  assert.equal(status, 404);
  assert.match(html.toString(), /<title>[^<]*(not found|Not Found)/i);
});

test('the same URL and data give the same bytes (what the page cache relies on)', async () => {
  const a = await renderDocument('/contact', dataFor('/contact'), FAKE_MANIFEST);
  const b = await renderDocument('/contact', dataFor('/contact'), FAKE_MANIFEST);
  assert.ok(a.html.equals(b.html));
});

test('an aborted render rejects with a RenderError and reports what React said', async () => {
  const controller = new AbortController();
  controller.abort(new Error('render timeout'));
  const errors: string[] = [];
  await assert.rejects(renderDocument('/team', dataFor('/team'), FAKE_MANIFEST, { signal: controller.signal, onError: (m) => errors.push(m) }), RenderError);
  assert.ok(errors.length > 0, 'the abort was reported');
});

test('the login document: its own entry, its props, no site data', async () => {
  const { status, html } = await renderLoginDocument({ next: '/team', initialError: null }, FAKE_MANIFEST, { status: 429 });
  assert.equal(status, 429);
  const text = html.toString();
  assert.match(text, /name="next" value="\/team"/);
  assert.match(text, /<script src="\/assets\/b\.js" defer="" data-entry="\/assets\/l\.js" data-chunks=""><\/script><\/body>/, 'started by the loader after the first paint');
  assert.ok(!/type="module"|modulepreload/.test(text), 'no module script or preload competes with the stylesheet');
});
