/**
 * A small query layer with the seed's semantics (seed §7):
 * - the request path is the query key's segments joined by "/";
 * - credentials are included; the answer is read as JSON;
 * - a non-OK answer throws Error("<status>: <body text or status text>"), 401 included unless
 *   the caller asks for null instead;
 * - no retries, no refetch on focus or interval, data never goes stale.
 * The server seeds the cache with what the page shows (and nothing more), so hydration never
 * fetches. Keys carry the type of their answer (see Q in types.ts), so `useQuery(Q.team)` is typed.
 */
import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';

declare const answer: unique symbol;
/**
 * The segments of a read's path; `T` is the type of its answer (a phantom: never set at run
 * time). Required, so a bare array is not a key and a key of one answer is not a key of another:
 * `useQuery(Q.team)` infers TeamMember[], and `useQuery<NewsItem[]>(Q.team)` is a type error.
 */
export type QueryKey<T = unknown> = readonly string[] & { readonly [answer]: T };

/** A typed key, `queryKey<SiteInfo>('/api/site')`: the one place a key's type is chosen (Q in types.ts). */
export const queryKey = <T>(...segments: string[]): QueryKey<T> => segments as unknown as QueryKey<T>;

export type QueryState<T> =
  /** `previous`: data of the key asked for before, shown while this one loads (see useQuery). */
  { status: 'success'; data: T; error: null; previous?: boolean } | { status: 'pending'; data: undefined; error: null } | { status: 'error'; data: undefined; error: Error };

export const queryPath = (key: QueryKey): string => key.join('/');

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
}

export async function fetchQuery<T>(key: QueryKey<T>, on401: 'throw' | 'returnNull' = 'throw'): Promise<T | null> {
  const res = await fetch(queryPath(key), { credentials: 'include', headers: { accept: 'application/json' } });
  if (on401 === 'returnNull' && res.status === 401) return null;
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}

/** A read answered 404: an unknown id, a page past the last. */
export const isNotFound = (error: Error) => error.message.startsWith('404:');

const PENDING: QueryState<never> = { status: 'pending', data: undefined, error: null };

export class QueryClient {
  private states = new Map<string, QueryState<unknown>>();
  private inflight = new Map<string, Promise<void>>();
  private listeners = new Set<() => void>();

  constructor(initial: Record<string, unknown> = {}) {
    for (const [path, data] of Object.entries(initial)) this.states.set(path, { status: 'success', data, error: null });
  }

  get<T>(key: QueryKey<T>): QueryState<T> {
    return (this.states.get(queryPath(key)) ?? PENDING) as QueryState<T>;
  }

  /** Fetches once; never refetches data it holds (staleTime: Infinity) and never retries. */
  ensure(key: QueryKey): Promise<void> {
    const path = queryPath(key);
    const state = this.states.get(path);
    if (state && state.status !== 'pending') return Promise.resolve();
    let p = this.inflight.get(path);
    if (!p) {
      p = fetchQuery(key)
        .then((data) => this.set(path, { status: 'success', data, error: null }))
        .catch((error: Error) => this.set(path, { status: 'error', data: undefined, error }))
        .finally(() => this.inflight.delete(path));
      this.inflight.set(path, p);
    }
    return p;
  }

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  private set(path: string, state: QueryState<unknown>) {
    this.states.set(path, state);
    for (const fn of this.listeners) fn();
  }
}

export const QueryContext = createContext<QueryClient | null>(null);

export function useQueryClient(): QueryClient {
  const client = useContext(QueryContext);
  if (!client) throw new Error('useQuery outside QueryContext');
  return client;
}

/**
 * The state of a read, fetched when not held. With `keepPrevious`, while a new key loads the
 * data of the previous one stays (marked `previous`): a listing keeps its page, its filter
 * buttons and the focus on them while the next page of results is fetched.
 */
export function useQuery<T>(key: QueryKey<T>, opts: { keepPrevious?: boolean } = {}): QueryState<T> {
  const client = useQueryClient();
  const path = queryPath(key);
  const state = useSyncExternalStore(
    client.subscribe,
    () => client.get(key),
    () => client.get(key),
  );
  // For keepPrevious, the last data shown: state updated while rendering when it changes (React's
  // "storing information from previous renders", no ref read during render), seeded with what the
  // first render shows so that the server renders each page once.
  const [shown, setShown] = useState<{ data: T } | null>(() => (state.status === 'success' ? { data: state.data } : null));
  useEffect(() => {
    // The path identifies the read (a key is a new array at each render): a key made from it
    // asks for the same path.
    if (state.status === 'pending') void client.ensure(queryKey(path));
  }, [client, path, state.status]);
  if (state.status === 'success') {
    if (opts.keepPrevious && shown?.data !== state.data) setShown({ data: state.data });
  } else if (state.status === 'pending' && opts.keepPrevious && shown) {
    return { status: 'success', data: shown.data, error: null, previous: true };
  }
  return state;
}
