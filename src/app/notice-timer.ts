/**
 * The timer of a notice that goes away on its own (seed §9: the cookie page's "Preferences
 * saved" for 3000 ms, a toast for 5000 ms), which the visitor can hold (WCAG 2.2.1): while held
 * it does not run, and on release it runs for the time that was left. Plain timers, so the timing
 * can be tested without a browser; useNoticeHold decides when it is held.
 */
export interface NoticeTimer {
  /** Shows the notice and hides it `ms` from now (a second show restarts the time). */
  show(): void;
  /** The notice is already showing (rendered so from the start): hide it `ms` from now. */
  hideLater(): void;
  /** Stops the timer without calling back (unmount). */
  cancel(): void;
  /** The visitor is with the notice: the time stops. */
  hold(): void;
  /** The visitor moved on: the time left runs out. */
  release(): void;
}

export function createNoticeTimer(ms: number, onChange: (visible: boolean) => void, now: () => number = Date.now): NoticeTimer {
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** Time left while showing (null: not showing), and when the running timer was started. */
  let left: number | null = null;
  let startedAt = 0;
  let held = false;
  const stop = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const run = () => {
    stop();
    if (held || left === null) return;
    startedAt = now();
    timer = setTimeout(() => {
      timer = null;
      left = null;
      onChange(false);
    }, left);
  };
  return {
    show() {
      onChange(true);
      left = ms;
      run();
    },
    hideLater() {
      left = ms;
      run();
    },
    cancel() {
      stop();
      left = null;
    },
    hold() {
      if (held) return;
      held = true;
      if (timer && left !== null) left = Math.max(0, left - (now() - startedAt));
      stop();
    },
    release() {
      if (!held) return;
      held = false;
      run();
    },
  };
}
