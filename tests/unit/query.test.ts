import { test, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { fetchQuery, QueryClient, queryKey, queryPath } from '../../src/app/query.ts';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

interface Call {
  url: string;
  init?: RequestInit;
}

/** Replaces global fetch with one that answers from `respond` and records every call. */
function mockFetch(respond: (url: string) => Response | Promise<Response>): Call[] {
  const calls: Call[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, init });
    return respond(url);
  }) as typeof fetch;
  return calls;
}

const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

test('queryPath joins the key segments with "/"', () => {
  assert.equal(queryPath(queryKey('/api/team')), '/api/team');
  assert.equal(queryPath(queryKey('/api/pages', 'philosophy')), '/api/pages/philosophy');
  assert.equal(queryPath(queryKey('/api', 'team', 'eleanor-vance')), '/api/team/eleanor-vance');
});

test('fetchQuery requests the joined path with credentials and returns the JSON', async () => {
  const calls = mockFetch(() => json([{ id: 'a' }]));
  assert.deepEqual(await fetchQuery(queryKey('/api/pages', 'buyouts')), [{ id: 'a' }]);
  assert.equal(calls.length, 1);
  assert.equal(calls[0].url, '/api/pages/buyouts');
  assert.equal(calls[0].init?.credentials, 'include');
});

test('a non-OK answer throws "<status>: <body>"', async () => {
  mockFetch(() => new Response('{"error":"Not found."}', { status: 404, statusText: 'Not Found' }));
  await assert.rejects(fetchQuery(queryKey('/api/nope')), (err: Error) => err.message === '404: {"error":"Not found."}');
});

test('a non-OK answer with an empty body throws "<status>: <statusText>"', async () => {
  mockFetch(() => new Response('', { status: 503, statusText: 'Service Unavailable' }));
  await assert.rejects(fetchQuery(queryKey('/api/team')), (err: Error) => err.message === '503: Service Unavailable');
});

test('401 throws by default and returns null with "returnNull"', async () => {
  mockFetch(() => new Response('{"error":"Authentication required."}', { status: 401, statusText: 'Unauthorized' }));
  await assert.rejects(fetchQuery(queryKey('/api/team')), /^Error: 401: /);
  assert.equal(await fetchQuery(queryKey('/api/team'), 'returnNull'), null);
});

test('"returnNull" only affects 401: other errors still throw', async () => {
  mockFetch(() => new Response('boom', { status: 500, statusText: 'Internal Server Error' }));
  await assert.rejects(fetchQuery(queryKey('/api/team'), 'returnNull'), /500: boom/);
});

test('QueryClient.ensure never fetches data it was seeded with', async () => {
  const calls = mockFetch(() => json('fresh'));
  const client = new QueryClient({ '/api/team': ['seeded'] });
  await client.ensure(queryKey('/api/team'));
  await client.ensure(queryKey('/api/team'));
  assert.equal(calls.length, 0);
  assert.deepEqual(client.get(queryKey('/api/team')), { status: 'success', data: ['seeded'], error: null });
});

test('QueryClient.ensure fetches once, shares the in-flight request and never refetches afterwards', async () => {
  const calls = mockFetch(() => json(queryKey('fetched')));
  const client = new QueryClient();
  assert.equal(client.get(queryKey('/api/news')).status, 'pending');
  let notified = 0;
  client.subscribe(() => notified++);
  await Promise.all([client.ensure(queryKey('/api/news')), client.ensure(queryKey('/api/news'))]);
  await client.ensure(queryKey('/api/news'));
  assert.equal(calls.length, 1);
  assert.equal(client.get(queryKey('/api/news')).status, 'success');
  assert.deepEqual(client.get(queryKey('/api/news')).data, ['fetched']);
  assert.ok(notified >= 1, 'subscribers hear about the new data');
});

test('QueryClient.ensure does not retry a failed request', async () => {
  const calls = mockFetch(() => new Response('down', { status: 500, statusText: 'Internal Server Error' }));
  const client = new QueryClient();
  await client.ensure(queryKey('/api/team'));
  const state = client.get(queryKey('/api/team'));
  assert.equal(state.status, 'error');
  assert.equal(state.error?.message, '500: down');
  await client.ensure(queryKey('/api/team'));
  assert.equal(calls.length, 1, 'one request, no retries, no refetch of the failed query');
});

test('a network failure becomes an error state, once', async () => {
  const calls = mockFetch(() => {
    throw new TypeError('fetch failed');
  });
  const client = new QueryClient();
  await client.ensure(queryKey('/api/team'));
  assert.equal(client.get(queryKey('/api/team')).status, 'error');
  assert.equal(calls.length, 1);
});

test('a key carries the type of its answer: inferred by get/useQuery, a wrong type or a bare array is a type error', () => {
  const key = queryKey<{ id: string }[]>('/api/team');
  const client = new QueryClient({ '/api/team': [{ id: 'a' }] });
  const ids: string[] = (client.get(key).data ?? []).map((x) => x.id);
  // @ts-expect-error: a key of one answer is not a key of another
  client.get<number>(key);
  // @ts-expect-error: a bare array is not a key
  client.get(['/api/team']);
  assert.deepEqual(ids, ['a']);
});
