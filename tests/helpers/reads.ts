/**
 * Reads of a test server as a signed-in visitor, shared by the HTTP suites: `json` (an API answer,
 * status and JSON type checked) and `page` (a document, with the data it embeds for hydration).
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { get, startServer, type StartOptions, type TestServer } from './server.ts';
import { BOOT_DATA_ID } from '../../src/app/Document.tsx';

/** The data a page embeds for hydration (its boot data script); {} when it has none. */
export function bootData(html: string): Record<string, any> {
  const boot = new RegExp(`<script id="${BOOT_DATA_ID}" type="application/json">([\\s\\S]*?)</script>`).exec(html);
  return boot ? (JSON.parse(boot[1]).data as Record<string, any>) : {};
}

/**
 * `target()` names the server and the session cookie; it is called at each read, so a suite can
 * start its server in a `before` hook: `const { json, page } = signedInReads(() => ({ url: s.url, cookie }))`.
 */
export function signedInReads(target: () => { url: string; cookie: string }) {
  return {
    /** An API answer with this status (200 unless told), typed JSON, parsed. */
    json: async (p: string, status = 200): Promise<any> => {
      const { url, cookie } = target();
      const res = await get(url, p, { headers: { cookie } });
      assert.equal(res.status, status, p);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/, p);
      return res.json();
    },
    /** A page as the browser gets it (the session cookie unless other headers are given). */
    page: async (p: string, headers: Record<string, string> = { cookie: target().cookie }) => {
      const res = await get(target().url, p, { headers });
      const html = await res.text();
      return { status: res.status, location: res.headers.get('location'), html, bytes: Buffer.byteLength(html), data: bootData(html) };
    },
  };
}

/**
 * The app started once for a suite (before its tests; closed after them) and signed in: its
 * `url`, the session `cookie`, and the reads above.
 */
export function signedInServer(opts: StartOptions = {}) {
  let server: TestServer | undefined;
  let cookie = '';
  before(async () => {
    server = await startServer(opts);
    cookie = await server.login();
  });
  after(() => server?.close());
  const running = () => {
    if (!server) throw new Error('the server starts in a before hook: use it inside tests');
    return server;
  };
  return {
    get url() {
      return running().url;
    },
    get cookie() {
      return cookie;
    },
    ...signedInReads(() => ({ url: running().url, cookie })),
  };
}
