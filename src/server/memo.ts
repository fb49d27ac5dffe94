/**
 * A pure function of a string, remembered: what a request brings (an Accept header, a URL, a Host)
 * is asked again and again, and is the client's to vary, so the memory is bounded — past `max`
 * entries it starts again from empty (cheaper than LRU bookkeeping on a hot path, and the next
 * requests refill it at once).
 */
export function memoize<V>(fn: (key: string) => V, max: number): (key: string) => V {
  const memo = new Map<string, V>();
  return (key) => {
    const hit = memo.get(key);
    if (hit !== undefined || memo.has(key)) return hit as V;
    const value = fn(key);
    if (memo.size >= max) memo.clear();
    memo.set(key, value);
    return value;
  };
}
