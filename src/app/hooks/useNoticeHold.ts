/**
 * Holds a notice's timer (notice-timer.ts) while the visitor is with the notice (WCAG 2.2.1, issue
 * 31): while a mouse pointer is over it, while focus is inside it, and while keyboard focus stays
 * on the control that showed it (a keyboard visitor who pressed Save Preferences or Copy link and
 * has not moved on is still reading; a mouse click leaves no such hold, so the seed's durations
 * hold for a click). The time left runs out once they move on.
 */
import { useEffect, useEffectEvent, type RefObject } from 'react';
import type { NoticeTimer } from '../notice-timer.ts';

let lastInput: 'keyboard' | 'pointer' = 'pointer';
let tracking = false;

/** Starts telling keyboard from pointer use (once per document): call where a notice can later appear. */
export function trackInputModality(): void {
  if (tracking || typeof document === 'undefined') return;
  tracking = true;
  document.addEventListener('keydown', () => (lastInput = 'keyboard'), true);
  document.addEventListener('pointerdown', () => (lastInput = 'pointer'), true);
}

export function useNoticeHold(ref: RefObject<HTMLElement | null>, visible: boolean, timer: () => NoticeTimer | null): void {
  useEffect(trackInputModality, []);
  // An effect event: `timer` is a new closure on every render, and the effect runs once per showing.
  const setHeld = useEffectEvent((held: boolean) => (held ? timer()?.hold() : timer()?.release()));
  useEffect(() => {
    if (!visible) return;
    const el = ref.current;
    const active = document.activeElement;
    const trigger = lastInput === 'keyboard' && active && active !== document.body && !el?.contains(active) ? active : null;
    let pointer = false;
    let held = false;
    const update = () => {
      const focused = document.activeElement;
      const now = pointer || (!!el && !!focused && el.contains(focused)) || (!!trigger && focused === trigger);
      if (now === held) return;
      held = now;
      setHeld(held);
    };
    const enter = (e: PointerEvent) => {
      if (e.pointerType !== 'mouse') return;
      pointer = true;
      update();
    };
    const leave = () => {
      pointer = false;
      update();
    };
    el?.addEventListener('pointerenter', enter);
    el?.addEventListener('pointerleave', leave);
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    update();
    return () => {
      el?.removeEventListener('pointerenter', enter);
      el?.removeEventListener('pointerleave', leave);
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
    };
  }, [visible, ref]);
}
