import { LOGIN_PATH } from '../paths.ts';
import type { QueryState } from '../query.ts';
import { Spinner } from './Spinner.tsx';

/** Shown when a page's data could not be loaded on client navigation (e.g. the session ended). */
export function PageError({ error }: { error: Error }) {
  const signedOut = error.message.startsWith('401');
  return (
    <div className="container page-error">
      <h1 className="page-error__title">{signedOut ? 'Your session has ended' : 'This page could not be loaded'}</h1>
      <p>{signedOut ? 'Please enter the site password again to continue.' : 'Please check your connection and try again.'}</p>
      <a className="button button--primary" href={signedOut ? `${LOGIN_PATH}?next=${encodeURIComponent(typeof location === 'undefined' ? '/' : location.pathname)}` : ''}>
        {signedOut ? 'Go to sign in' : 'Reload the page'}
      </a>
    </div>
  );
}

/** A page whose read has no data yet: the spinner (`loading`, its label) while pending, PageError on failure. */
export function NotYet({ state, loading }: { state: Exclude<QueryState<unknown>, { status: 'success' }>; loading: string }) {
  return state.status === 'pending' ? <Spinner label={loading} /> : <PageError error={state.error} />;
}
