const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "2025-10-19" → "October 19, 2025", without Intl or time zones (same on server and client). */
export function formatDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

/**
 * 1234567 → "1,234,567", as `toLocaleString('en-US')` writes a whole number, without Intl: the
 * first Intl call of a page loads ICU's number data, ≈ 13 ms of CPU on the main thread of a slow
 * phone while the page hydrates (the listings' "Showing N results"; decision 007).
 */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  return (n < 0 ? '-' : '') + String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** ["A"] → "A", ["A", "B"] → "A and B", ["A", "B", "C"] → "A, B and C" (without Intl, as above). */
export function listText(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
