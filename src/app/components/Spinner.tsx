import clsx from 'clsx';

/** The seed's loading spinner: full-screen on home, inline elsewhere. Announced to screen readers. */
export function Spinner({ fullScreen, label = 'Loading' }: { fullScreen?: boolean; label?: string }) {
  return (
    <div className={clsx('spinner', fullScreen && 'spinner--full')} role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}…</span>
    </div>
  );
}
