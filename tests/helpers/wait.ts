/** Polling for a condition, for tests that wait on another process, a timer or a socket. */

/** Resolves once `check()` holds, looking every `everyMs`; throws "timed out waiting for `what`" after `ms`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, ms = 8000, everyMs = 50): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** What `promise` resolves to, or `fallback` once `ms` have passed (the promise is not cancelled). */
export function within<T, F>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  return Promise.race([promise, new Promise<F>((r) => setTimeout(() => r(fallback), ms))]);
}
