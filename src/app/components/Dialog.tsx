/**
 * A modal dialog on the native <dialog> element: showModal() puts it in the top layer and makes
 * the rest of the page inert (focus stays inside), Escape closes it, and focus returns to the
 * control that opened it.
 */
import clsx from 'clsx';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

// Layout effect: a dialog must close before the router (an ancestor, whose layout effects run
// after ours) moves focus to the next page's heading — inert content cannot take focus.
const useIsoLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

interface Props {
  open: boolean;
  onClose: () => void;
  /** id of the element that names the dialog. */
  labelledBy: string;
  className?: string;
  children: ReactNode;
  /** Element to focus first; the first focusable element otherwise. */
  initialFocus?: string;
}

export function Dialog({ open, onClose, labelledBy, className, children, initialFocus }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const onCloseRef = useRef(onClose);
  // Closed by its owner (open became false): the owner already knows, so no onClose call —
  // it would undo a switch to another overlay made in the same update.
  const closedByOwner = useRef(false);
  onCloseRef.current = onClose;

  useIsoLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      document.documentElement.classList.add('has-modal');
      const first = initialFocus ? dialog.querySelector<HTMLElement>(initialFocus) : null;
      (first ?? dialog.querySelector<HTMLElement>('[autofocus], button, [href], input, select, textarea'))?.focus();
    } else if (!open && dialog.open) {
      closedByOwner.current = true;
      dialog.close();
    }
  }, [open, initialFocus]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onNativeClose = () => {
      document.documentElement.classList.remove('has-modal');
      // Give focus back to the opener, unless something else (a new page's heading) has it.
      const el = opener.current as HTMLElement | null;
      const active = document.activeElement;
      const unclaimed = !active || active === document.body || dialog.contains(active) || active === el;
      if (unclaimed && el && document.contains(el)) el.focus({ preventScroll: true });
      if (!closedByOwner.current) onCloseRef.current();
      closedByOwner.current = false;
    };
    // Escape fires "cancel"; let it close and report through "close".
    dialog.addEventListener('close', onNativeClose);
    return () => dialog.removeEventListener('close', onNativeClose);
  }, []);

  return (
    <dialog ref={ref} className={clsx('dialog', className)} aria-labelledby={labelledBy} aria-modal="true">
      {children}
    </dialog>
  );
}
