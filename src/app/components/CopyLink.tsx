/**
 * "Copy link" on an article: copies the page's address (its canonical URL when the site has a
 * public origin) and confirms with a toast. It needs the Clipboard API, so it appears only once
 * the page has hydrated, in a slot whose size does not change (no layout shift); without script
 * the address bar does the job.
 */
import { useState } from 'react';
import { useHydrated } from '../hooks/useHydrated.ts';
import { useLocation } from '../router.tsx';
import { useSiteMode } from '../site-mode.ts';
import { useToast } from './Toast.tsx';

export function CopyLink({ title }: { title: string }) {
  const hydrated = useHydrated();
  const toast = useToast();
  const { origin } = useSiteMode();
  const { pathname } = useLocation();
  const [busy, setBusy] = useState(false);
  const canCopy = hydrated && typeof navigator !== 'undefined' && !!navigator.clipboard;
  const copy = async () => {
    setBusy(true);
    const url = `${origin ?? window.location.origin}${pathname}`;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: 'Link copied', description: `The address of “${title}” is on your clipboard.` });
    } catch {
      toast({ title: 'The link could not be copied', description: 'Copy it from the address bar instead.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="copy-link">
      {canCopy && (
        // aria-disabled while copying, not disabled: a disabled button drops the focus it has to <body>.
        <button type="button" className="link-button copy-link__button" onClick={busy ? undefined : copy} aria-disabled={busy || undefined}>
          <span aria-hidden="true" className="copy-link__icon" /> Copy link
        </button>
      )}
    </span>
  );
}
