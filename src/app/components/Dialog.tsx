/**
 * A dialog on the native <dialog> element, modal by default: showModal() puts it in the top layer
 * and makes the rest of the page inert (focus stays inside), Escape closes it, and focus returns
 * to the control that opened it.
 *
 * It also works before the scripts arrive and without them, with the platform's own means:
 * - a button with `commandfor={id} command="show-modal"` opens it (invoker commands), and one
 *   with `command="close"` closes it; once React runs, the buttons' click handlers take over;
 * - a dialog that is open from the first render (a URL that names it, e.g. `/?story=<id>`) is
 *   sent by the server with the `open` attribute, shown in place, and made modal on hydration.
 * Opened by the platform before hydration, it tells its owner (`onOpen`) instead of closing.
 *
 * `modal={false}` (the expanded story): shown with show(), under the site's header, which stays
 * usable (seed §4: the menu opens over a story and closes it); its owner makes the rest of the
 * page inert, from the server's first render on. Escape closes it too (the platform does that for
 * modal dialogs only), unless a modal dialog is open over it.
 */
import clsx from 'clsx';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

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
  /** A modal dialog (default), or one shown under the header with the page made inert by its owner. */
  modal?: boolean;
  /** Where focus goes on close when the dialog was not opened from a control (sent open by the server). */
  returnFocus?: () => HTMLElement | null | undefined;
}

export function Dialog({ open, onClose, onOpen, id, labelledBy, className, children, initialFocus, modal = true, returnFocus }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const onCloseRef = useRef(onClose);
  const onOpenRef = useRef(onOpen);
  const returnFocusRef = useRef(returnFocus);
  // Closed by its owner (open became false): the owner already knows, so no onClose call —
  // it would undo a switch to another overlay made in the same update.
  const closedByOwner = useRef(false);
  const mounted = useRef(false);
  // Open from the first render: the server sends it open (no script needed to read it).
  const [openAtFirstRender] = useState(open);
  useIsoLayoutEffect(() => {
    onCloseRef.current = onClose;
    onOpenRef.current = onOpen;
    returnFocusRef.current = returnFocus;
  });

  useIsoLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const first = !mounted.current;
    mounted.current = true;
    if (open && dialog.open && modal && !dialog.matches(':modal')) {
      // Sent open by the server: shown in place until now; modal from here on.
      dialog.close();
      dialog.showModal();
    } else if (open && !dialog.open) {
      opener.current = document.activeElement;
      if (modal) dialog.showModal();
      else dialog.show();
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
  }, [open, initialFocus, modal]);

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
      opener.current = null;
      // Closed by the platform (Escape, a close command): the owner hears of it first, and renders
      // at once — a dialog that is not modal had the page behind it made inert by its owner, and
      // inert controls cannot take focus back.
      if (!closedByOwner.current) flushSync(() => onCloseRef.current());
      closedByOwner.current = false;
      const back = el && el !== document.body && document.contains(el) && el.checkVisibility() ? el : returnFocusRef.current?.();
      if (unclaimed && back) back.focus({ preventScroll: true });
    };
    // Escape fires "cancel"; let it close and report through "close".
    dialog.addEventListener('close', onNativeClose);
    return () => dialog.removeEventListener('close', onNativeClose);
  }, []);

  useEffect(() => {
    if (!open || modal) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('dialog:modal')) return;
      ref.current?.close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, modal]);

  return (
    <dialog ref={ref} id={id} className={clsx('dialog', className)} aria-labelledby={labelledBy} aria-modal={modal || undefined} open={openAtFirstRender || undefined}>
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
