/**
 * Reading a cookie from a Cookie header (or document.cookie): the one parser of the site. The
 * gate and the fast path read the session with it, the render and the browser the cookie
 * preferences. No dependencies: the browser bundle uses it too.
 */
const isSpace = (c: number) => c === 0x20 || c === 0x09;
/**
 * One cookie's value from a Cookie header, read as cookie-parser reads it (the `cookie` package's
 * parse, held equal by tests/unit/session.test.ts: pairs split on ";", name and value trimmed of spaces and tabs, the first pair
 * of a name wins, surrounding double quotes dropped, %-decoded when it holds a "%", kept as is when
 * that fails) — without building an object of every cookie. undefined when absent. (A "j:" value,
 * which cookie-parser turns into an object, is returned as its text: neither is a session token.)
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header || header.indexOf(name) === -1) return undefined;
  const len = header.length;
  let index = 0;
  while (index < len) {
    let end = header.indexOf(';', index);
    if (end === -1) end = len;
    const eq = header.indexOf('=', index);
    if (eq !== -1 && eq < end) {
      let ks = index;
      while (ks < eq && isSpace(header.charCodeAt(ks))) ks++;
      let ke = eq;
      while (ke > ks && isSpace(header.charCodeAt(ke - 1))) ke--;
      if (ke - ks === name.length && header.startsWith(name, ks)) {
        let vs = eq + 1;
        while (vs < end && isSpace(header.charCodeAt(vs))) vs++;
        let ve = end;
        while (ve > vs && isSpace(header.charCodeAt(ve - 1))) ve--;
        if (header.charCodeAt(vs) === 0x22 && header.charCodeAt(ve - 1) === 0x22) {
          vs++;
          ve--;
        }
        const value = header.slice(vs, ve);
        if (value.indexOf('%') === -1) return value;
        try {
          return decodeURIComponent(value);
        } catch {
          return value;
        }
      }
    }
    index = end + 1;
  }
  return undefined;
}
