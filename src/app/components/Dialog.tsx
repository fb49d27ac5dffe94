/**
 * A modal dialog on the native <dialog> element: showModal() puts it in the top layer and makes
 * the rest of the page inert (focus stays inside), Escape closes it, and focus returns to the
 * control that opened it.
 *
 * It also works before the scripts arrive and without them, with the platform's own means:
 * - a button with `commandfor={id} command="show-modal"` opens it (invoker commands), and one
 *   with `command="close"` closes it; once React runs, the buttons' click handlers take over;
 * - a dialog that is open from the first render (a URL that names it, e.g. `/?story=<id>`) is
 *   sent by the server with the `open` attribute, shown in place, and made modal on hydration.
 * Opened by the platform before hydration, it tells its owner (`onOpen`) instead of closing.
 */
import clsx from 'clsx';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

// Layout effect: a dialog must close before the router (an ancestor, whose layout effects run
// after ours) moves focus to the next page's heading — inert content cannot take focus.
const useIsoLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

interface Props {
  open: boolean;
  onClose: () => void;
  /** The dialog was opened by the platform (an invoker command before hydration). */
  onOpen?: () => void;
  /** The element's id: what `commandfor` buttons name. */
  id?: string;
  /** id of the element that names the dialog. */
  labelledBy: string;
  className?: string;
  children: ReactNode;
  /** Element to focus first; the first focusable element otherwise. */
  initialFocus?: string;
}

export function Dialog({ open, onClose, onOpen, id, labelledBy, className, children, initialFocus }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const onCloseRef = useRef(onClose);
  const onOpenRef = useRef(onOpen);
  // Closed by its owner (open became false): the owner already knows, so no onClose call —
  // it would undo a switch to another overlay made in the same update.
  const closedByOwner = useRef(false);
  const mounted = useRef(false);
  // Open from the first render: the server sends it open (no script needed to read it).
  const [openAtFirstRender] = useState(open);
  useIsoLayoutEffect(() => {
    onCloseRef.current = onClose;
    onOpenRef.current = onOpen;
  });

  useIsoLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const first = !mounted.current;
    mounted.current = true;
    if (open && dialog.open && !dialog.matches(':modal')) {
      // Sent open by the server: shown in place until now; modal from here on.
      dialog.close();
      dialog.showModal();
    } else if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      const target = initialFocus ? dialog.querySelector<HTMLElement>(initialFocus) : null;
      (target ?? dialog.querySelector<HTMLElement>('[autofocus], button, [href], input, select, textarea'))?.focus();
    } else if (!open && dialog.open) {
      if (first && onOpenRef.current) {
        // Opened by an invoker command before the scripts ran: keep it open, tell the owner.
        onOpenRef.current();
        return;
      }
      closedByOwner.current = true;
      dialog.close();
    }
  }, [open, initialFocus]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onNativeClose = () => {
      // A close followed by showModal (made modal on hydration): still open, nothing to report.
      if (dialog.open) return;
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
    <dialog ref={ref} id={id} className={clsx('dialog', className)} aria-labelledby={labelledBy} aria-modal="true" open={openAtFirstRender || undefined}>
      {children}
    </dialog>
  );
}

/**
 * An overlay's CLOSE button: an invoker command (closes the dialog without script) that, once
 * hydrated, closes through the overlay's own handler (focus return, state).
 */
export function DialogClose({ dialogId, onClose, className }: { dialogId: string; onClose: () => void; className?: string }) {
  return (
    <button
      type="button"
      className={className ? `overlay__close ${className}` : 'overlay__close'}
      commandfor={dialogId}
      command="close"
      onClick={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      CLOSE <span aria-hidden="true" className="overlay__x" />
    </button>
  );
}
