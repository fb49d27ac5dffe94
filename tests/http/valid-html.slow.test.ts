/**
 * Valid HTML as a gate (issue 37): the Nu HTML checker (vnu-jar, the checker behind
 * validator.w3.org/nu) over the server's HTML of every route and state a URL reaches, in both
 * access modes, and over the feeds and the sitemap as XML. Zero errors, or the test fails naming
 * the document, the line and column, the message and the markup around it. Warnings are written
 * to reports/vnu/ (report.md, report.json), not gated.
 *
 * The documents come from the app in-process (tests/helpers/server.ts), written to a temporary
 * folder and checked by one run of the checker (one JVM start, about 20 s on a loaded 2-core
 * machine for ~200 documents):
 * - every page and state of tests/e2e/states.ts that has a URL (the routes, /login, the 404s,
 *   paged, filtered, empty and search states);
 * - the URLs only a link or a form reaches: each story (?story=), slide (?slide=) and news panel
 *   section (?more=), each option of every listing filter, a page past the last (404), the
 *   contact page's outcomes (?sent=1, ?error=…) and its answer to a refused post (400), the cookie
 *   page after a save without script, the password page's errors;
 * - in public mode, every page of the sitemap (every article, person and company);
 * - the sitemap and the RSS and Atom feeds, parsed by the checker's XML parser: they must be
 *   well-formed (the checker has no schema for them, so its one schema message on their root
 *   element is not a finding).
 *
 * It needs Java 17+ (Debian: default-jre-headless). Without `java` it fails when CI=true and is
 * skipped with a message otherwise.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { startServer, type TestServer } from '../helpers/server.ts';
import { UI_STATES } from '../e2e/states.ts';
import { E2E_SESSION_SECRET } from '../e2e/env.ts';
import { FEEDS } from '../../src/app/Document.tsx';
import { NEWS_TABS } from '../../src/app/news-tabs.ts';
import { LISTINGS } from '../../src/app/listing.ts';
import { collection } from '../helpers/pages.ts';

const PUBLIC_ORIGIN = 'https://www.haldenrowe.example';
const REPORT_DIR = 'reports/vnu';
const VNU_JAR = path.join(path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');

interface Doc {
  /** "password GET /team", "public POST /api/contact (refused)". */
  name: string;
  kind: 'html' | 'xml';
  body: string;
}

interface VnuMessage {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
}

function javaAvailable(): boolean {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  return !r.error && r.status === 0;
}

/** The URLs a link or a form reaches that no state of states.ts opens by URL. */
async function extraPaths(server: TestServer, cookie: string): Promise<string[]> {
  const stories = collection<{ id: string }>('/api/stories');
  const paths = [...stories.map((s) => `/?story=${s.id}`), '/?slide=2', ...NEWS_TABS.map((t) => `/?more=${t.toLowerCase()}`)];
  // Each option of every listing filter (as the listing answers them), one at a time, and a page past the last.
  for (const [name, def] of Object.entries(LISTINGS)) {
    const res = await fetch(`${server.url}/api/listings/${name}`, { headers: { cookie } });
    const listing = (await res.json()) as { options: Record<string, string[]> };
    for (const filter of def.filters) {
      for (const value of listing.options[filter] ?? []) if (value !== 'All') paths.push(`${def.path}?${new URLSearchParams({ [filter]: value })}`);
    }
    paths.push(`${def.path}?page=99`);
  }
  paths.push(
    '/resources?category=Award&type=research',
    '/contact?sent=1',
    '/contact?error=name,email,message',
    '/contact?error=throttled',
    '/cookie-settings?saved=1',
    '/search?q=corvane',
    '/search?q=logistcs&type=companies',
  );
  return paths;
}

/** Every document of one access mode. */
async function documentsOf(mode: 'password' | 'public'): Promise<Doc[]> {
  // The e2e secret: the alert links of states.ts are signed with it (decision 013).
  const server = await startServer({ env: { SESSION_SECRET: E2E_SESSION_SECRET, ...(mode === 'public' ? { SITE_ACCESS: 'public', PUBLIC_ORIGIN } : {}) } });
  try {
    const cookie = mode === 'password' ? await server.login() : '';
    const docs: Doc[] = [];
    const seen = new Set<string>();
    const get = async (p: string, opts: { signedOut?: boolean; kind?: Doc['kind']; status?: number } = {}) => {
      const key = `${opts.signedOut ? 'signed out ' : ''}${p}`;
      if (seen.has(key)) return;
      seen.add(key);
      const res = await fetch(server.url + p, { redirect: 'manual', headers: opts.signedOut || !cookie ? {} : { cookie } });
      // A redirect (public mode's /login, a non-canonical URL) is not a document.
      if (res.status >= 300 && res.status < 400) return;
      assert.ok(res.status === (opts.status ?? 200) || res.status === 404, `${mode} ${p}: HTTP ${res.status}`);
      docs.push({ name: `${mode} GET ${p}${opts.signedOut ? ' (signed out)' : ''}`, kind: opts.kind ?? 'html', body: await res.text() });
    };
    for (const state of UI_STATES) await get(state.url, { signedOut: state.signedOut, status: state.status });
    for (const p of await extraPaths(server, cookie)) await get(p);
    if (mode === 'password') for (const p of ['/login?error=1', '/login?error=throttled']) await get(p, { signedOut: true });
    // The contact page as the answer to a post the server refuses (no JavaScript).
    const refused = await fetch(`${server.url}/api/contact`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams({ name: 'Ann Lindqvist', email: 'ann@example', company: '', message: 'Hi' }).toString(),
    });
    // (Answered with the page itself since issue 31 item 7; a redirect, before, is no document.)
    if (refused.status === 400) docs.push({ name: `${mode} POST /api/contact (refused)`, kind: 'html', body: await refused.text() });
    // The sitemap (public mode lists every page: all of them are checked) and the feeds.
    const sitemap = await fetch(`${server.url}/sitemap.xml`, { headers: cookie ? { cookie } : {} });
    if (sitemap.ok) {
      const xml = await sitemap.text();
      docs.push({ name: `${mode} GET /sitemap.xml`, kind: 'xml', body: xml });
      if (mode === 'public') for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) await get(new URL(loc).pathname + new URL(loc).search);
    }
    for (const feed of FEEDS) for (const p of [feed.path, feed.path.replace(/\.xml$/, '.atom')]) await get(p, { kind: 'xml' });
    return docs;
  } finally {
    await server.close();
  }
}

test('the Nu HTML checker finds no error in any document the server sends, in either access mode (issue 37)', { timeout: 600_000 }, async (t) => {
  if (!javaAvailable()) {
    if (process.env.CI === 'true') assert.fail('java is not installed: the HTML validity gate needs a Java runtime (Debian: apt-get install -y default-jre-headless)');
    t.skip('java is not installed (Debian: apt-get install -y default-jre-headless); the validity gate is skipped outside CI');
    return;
  }
  const docs = [...(await documentsOf('password')), ...(await documentsOf('public'))];
  const dir = mkdtempSync(path.join(tmpdir(), 'hrc-vnu-'));
  try {
    // One file per document; the checker chooses its parser by the extension (.xhtml: XML).
    const byFile = new Map<string, Doc>();
    docs.forEach((doc, i) => {
      const file = path.join(dir, `${String(i).padStart(4, '0')}.${doc.kind === 'xml' ? 'xhtml' : 'html'}`);
      writeFileSync(file, doc.body);
      byFile.set(`file:${file}`, doc);
    });
    const started = Date.now();
    const run = spawnSync('java', ['-Xss4m', '-jar', VNU_JAR, '--format', 'json', '--stdout', '--exit-zero-always', ...[...byFile.keys()].map((u) => u.slice('file:'.length))], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    assert.equal(run.status, 0, `the checker ran (${run.stderr.slice(0, 500)})`);
    const { messages, version } = JSON.parse(run.stdout) as { messages: VnuMessage[]; version: string };

    const where = (m: VnuMessage) => `${byFile.get(m.url ?? '')?.name ?? m.url}, line ${m.lastLine ?? m.firstLine ?? '?'}, column ${m.firstColumn ?? '?'}`;
    const describe = (m: VnuMessage) => `${where(m)}: ${m.message}${m.extract ? `\n      …${m.extract.replace(/\s+/g, ' ').trim()}…` : ''}`;
    const errors: VnuMessage[] = [];
    const warnings: VnuMessage[] = [];
    let info = 0;
    for (const m of messages) {
      const doc = byFile.get(m.url ?? '');
      if (m.type === 'error' || m.type === 'non-document-error') {
        // XML documents: only well-formedness ("fatal") counts; the checker's HTML schema knows no <rss>, <feed> or <urlset>.
        if (doc?.kind === 'xml' && m.subType !== 'fatal') continue;
        errors.push(m);
      } else if (m.subType === 'warning') warnings.push(m);
      else info++;
    }

    mkdirSync(REPORT_DIR, { recursive: true });
    const html = docs.filter((d) => d.kind === 'html').length;
    const summary = `${docs.length} documents (${html} HTML, ${docs.length - html} XML) checked by the Nu HTML checker ${version} in ${seconds} s: ${errors.length} errors, ${warnings.length} warnings, ${info} info messages.`;
    writeFileSync(
      path.join(REPORT_DIR, 'report.json'),
      JSON.stringify({ summary, version, documents: docs.map((d) => d.name), errors: errors.map(describe), warnings: warnings.map(describe) }, null, 1),
    );
    writeFileSync(
      path.join(REPORT_DIR, 'report.md'),
      `# HTML validity (Nu HTML checker)\n\n${summary}\n\n## Errors (gated)\n\n${errors.map((m) => `- ${describe(m)}`).join('\n') || 'None.'}\n\n## Warnings (not gated)\n\n${
        warnings.map((m) => `- ${describe(m)}`).join('\n') || 'None.'
      }\n\n## Documents\n\n${docs.map((d) => `- ${d.name}`).join('\n')}\n`,
    );
    t.diagnostic(summary);
    assert.ok(docs.length > 100, `every route and state is checked (${docs.length} documents)`);
    assert.deepEqual(errors.map(describe), [], `${summary} (report: ${REPORT_DIR}/report.md)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
