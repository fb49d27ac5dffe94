/**
 * The opening every data page shares: the 404 page when its read has no answer (an unknown id,
 * a page past the last; the server sends it with status 404), the error page for any other
 * failure, a spinner while the read (or another one it waits for) is pending; then the page.
 */
import type { ComponentType, ReactNode } from 'react';
import { Link } from '../router.tsx';
import { isNotFound, useQuery, type QueryKey, type QueryState } from '../query.ts';
import type { PageProps } from '../routes.ts';
import { Spinner } from './Spinner.tsx';
import { PageError } from './PageError.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';

interface Props<T> {
  state: QueryState<T>;
  /** Other reads the page waits for (their errors are the page's own business: "related" falls back to none). */
  also?: readonly QueryState<unknown>[];
  /** The spinner's label, e.g. "Loading research". */
  loading: string;
  children: (data: T) => ReactNode;
}

export function Loaded<T>({ state, also = [], loading, children }: Props<T>) {
  if (state.status === 'error') return isNotFound(state.error) ? <NotFoundPage /> : <PageError error={state.error} />;
  if (state.status === 'pending' || also.some((s) => s.status === 'pending')) return <Spinner label={loading} />;
  return children(state.data);
}

/**
 * The page of a detail route that shows one read (the route's key `name`: /team/{id}'s `member`):
 * the shared opening, then `Body` with the answer.
 */
export function itemPage<N extends string, T>(name: N, loading: string, Body: ComponentType<{ item: T }>): ComponentType<PageProps<Record<N, QueryKey<T>>>> {
  return function ItemPage({ data }) {
    const state = useQuery(data[name]);
    return (
      <Loaded state={state} loading={loading}>
        {(item) => <Body item={item} />}
      </Loaded>
    );
  };
}

/** A detail page's link back to its list. */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} className="back-link">
      <span aria-hidden="true">←</span>
      {` ${label}`}
    </Link>
  );
}
