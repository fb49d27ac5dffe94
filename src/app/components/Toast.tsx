/**
 * Toasts (seed §9): at most one at a time, shown for 5000 ms (held while the visitor hovers or
 * focuses it, or keeps keyboard focus on what showed it: useNoticeHold), dismissed by a button or
 * a swipe to the right past 50 px, announced through a polite live region that exists from the start.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode, type PointerEvent } from 'react';
import clsx from 'clsx';
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_SWIPE_THRESHOLD } from '../constants.ts';
import { createNoticeTimer, type NoticeTimer } from '../notice-timer.ts';
import { trackInputModality, useNoticeHold } from '../hooks/useNoticeHold.ts';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  duration?: number;
}
interface ToastItem extends ToastInput {
  id: number;
}

const ToastContext = createContext<((t: ToastInput) => void) | null>(null);

export function useToast(): (t: ToastInput) => void {
  const fn = useContext(ToastContext);
  if (!fn) throw new Error('useToast outside ToastProvider');
  return fn;
}

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  // A toast waits while keyboard focus stays on what showed it: whether that was the keyboard is
  // known only if watched before the toast appears.
  useEffect(trackInputModality, []);
  const toast = useCallback((t: ToastInput) => {
    setToasts((list) => [{ ...t, id: nextId++ }, ...list].slice(0, TOAST_LIMIT));
  }, []);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const value = useMemo(() => toast, [toast]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <section className="toasts" aria-label="Notifications">
        <div role="status" aria-live="polite" aria-atomic="true" className="toasts__region">
          {toasts.map((t) => (
            <Toast key={t.id} item={t} onDismiss={() => dismiss(t.id)} />
          ))}
        </div>
      </section>
    </ToastContext.Provider>
  );
}

function Toast({ item, onDismiss }: { item: ToastItem; onDismiss: () => void }) {
  const start = useRef<number | null>(null);
  const [dx, setDx] = useState(0);
  const el = useRef<HTMLDivElement>(null);
  const timer = useRef<NoticeTimer | null>(null);
  useEffect(() => {
    const t = createNoticeTimer(item.duration ?? TOAST_DURATION_MS, (visible) => visible || onDismiss());
    timer.current = t;
    t.hideLater();
    return () => t.cancel();
  }, [item, onDismiss]);
  useNoticeHold(el, true, () => timer.current);
  // The swipe offset is applied through CSSOM (allowed by the CSP), not a style attribute.
  useEffect(() => {
    el.current?.style.setProperty('--swipe-x', `${dx}px`);
  }, [dx]);
  const onPointerDown = (e: PointerEvent) => {
    start.current = e.clientX;
  };
  const onPointerMove = (e: PointerEvent) => {
    if (start.current !== null) setDx(Math.max(0, e.clientX - start.current));
  };
  const onPointerUp = () => {
    if (dx > TOAST_SWIPE_THRESHOLD) onDismiss();
    start.current = null;
    setDx(0);
  };
  return (
    <div
      ref={el}
      className={clsx('toast', item.variant === 'destructive' && 'toast--destructive')}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      <div className="toast__body">
        <p className="toast__title">{item.title}</p>
        {item.description && <p className="toast__description">{item.description}</p>}
      </div>
      <button type="button" className="toast__close" onClick={onDismiss} aria-label="Dismiss notification">
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
