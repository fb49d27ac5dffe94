/**
 * A page's data is declared in one place: its route's `data` (routes.ts), a record of named,
 * typed keys. The server resolves exactly those reads (and the layout's) and embeds them in the
 * document; the page gets the record as its `data` prop and reads each key with useQuery, and
 * defineRoute makes a key the page takes but the route does not give a type error. What types
 * cannot see, this test checks by rendering every route and recording what the page actually read:
 * - a read the route does not declare (a page or component building a key of its own) would
 *   render as "pending" on the server (a spinner in the HTML, then a fetch after hydration);
 * - a declared key the page never reads, in any state its URL can ask for, is data embedded in
 *   every copy of the page for nothing (the practice areas were, on every page, until this test).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderDocument } from '../../src/server/render-document.tsx';
import { QueryClient, queryPath } from '../../src/app/query.ts';
import { LAYOUT_QUERIES, matchRoute, queriesFor, routeQuery } from '../../src/app/routes.ts';
import { FAKE_MANIFEST } from '../helpers/server.ts';
import { contentApi, pagePaths } from '../helpers/pages.ts';

/**
 * States of a route reached by its own URL that read more than its plain path: the home page's
 * news panel (/?more=insights, which the Start Here link opens without JavaScript). The plain home
 * page declares the panel's data too, so that the panel opens without a fetch.
 */
const MORE_STATES = ['/?more=insights'];

test('every page reads exactly the keys its route hands it (and nothing else from the API)', async () => {
  const read = new Set<string>();
  // Every read a page makes goes through QueryClient.get (useQuery and useQueryClient().get).
  const original = Object.getOwnPropertyDescriptor(QueryClient.prototype, 'get')!;
  Object.defineProperty(QueryClient.prototype, 'get', {
    ...original,
    value(this: QueryClient, key: Parameters<QueryClient['get']>[0]) {
      read.add(queryPath(key));
      return Reflect.apply(original.value as QueryClient['get'], this, [key]) as unknown;
    },
  });
  const problems: string[] = [];
  try {
    const paths = pagePaths();
    assert.ok(paths.length > 20, `${paths.length} routes`);
    // Per route: what it declares (the layout's reads, then its `data` by name), and what its page read in all its states.
    const byRoute = new Map<string, { declared: string[]; names: Map<string, string>; read: Set<string>; urls: string[] }>();
    for (const url of [...paths, ...MORE_STATES]) {
      const u = new URL(url, 'http://x');
      const { route, params } = matchRoute(u.pathname);
      const query = routeQuery(route, u.search);
      const declared = queriesFor(route, params, query).map(queryPath);
      const names = new Map<string, string>([
        ...LAYOUT_QUERIES.map((k): [string, string] => [queryPath(k), 'the layout']),
        ...Object.entries(route.data(params, query)).map(([name, k]): [string, string] => [queryPath(k), `data.${name}`]),
      ]);
      const data: Record<string, unknown> = {};
      for (const p of declared) data[p] = contentApi().read(p.split('?')[0], new URLSearchParams(p.split('?')[1] ?? ''))?.value;
      read.clear();
      const { status } = await renderDocument(url, data, FAKE_MANIFEST);
      assert.equal(status, 200, url);
      // Reads of what only the browser holds (a contact draft, the saved cookie choices) are not API reads.
      for (const p of read) if (p.startsWith('/api/') && !declared.includes(p)) problems.push(`${url} reads ${p}, which its route's data does not hand it`);
      const id = `${route.pattern} ${JSON.stringify(params)}`;
      const entry = byRoute.get(id) ?? { declared, names, read: new Set<string>(), urls: [] };
      for (const p of read) entry.read.add(p);
      entry.urls.push(url);
      byRoute.set(id, entry);
    }
    for (const { declared, names, read: seen, urls } of byRoute.values()) {
      for (const p of declared) if (!seen.has(p)) problems.push(`${urls.join(', ')}: ${names.get(p)} is ${p}, which the page never reads`);
    }
  } finally {
    Object.defineProperty(QueryClient.prototype, 'get', original);
  }
  assert.deepEqual(problems, []);
});
