/**
 * The document library (issue 36, item 2): /documents lists each document with its PDF's real
 * size, page count, date and language, filtered by kind and year; /documents/<id>.pdf serves the
 * PDF (behind the gate, with an ETag, shown inline); the build's PDFs are served as built, and a
 * PDF made from other content is not. The PDFs' own structure is checked by tests/unit/pdf.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { signedInReads, signedInServer } from '../helpers/reads.ts';
import { get, startServer } from '../helpers/server.ts';
import { loadContent } from '../../src/content/load.ts';
import { writeDocumentFiles } from '../../src/content/pdf/files.ts';
import { fileSizeText } from '../../src/app/documents.ts';

const server = signedInServer();
const { page } = signedInReads(() => server);

const pdf = async (p: string, headers: Record<string, string> = {}) => fetch(`${server.url}${p}`, { headers: { cookie: server.cookie, ...headers }, redirect: 'manual' });

test('/documents lists every document with its PDF: the link, its real size and pages, the date and the language', async () => {
  const p = await page('/documents');
  assert.equal(p.status, 200);
  const links = [...p.html.matchAll(/<a href="(\/documents\/[a-z0-9-]+\.pdf)" class="document__link" type="application\/pdf" hrefLang="(en-GB|en-US)" aria-describedby="([^"]+)">([^<]+)<\/a>/g)];
  assert.deepEqual(links.map((m) => m[1]).sort(), [
    '/documents/esg-report-2025.pdf',
    '/documents/modern-slavery-statement-2025.pdf',
    '/documents/sfdr-principal-adverse-impacts-2025.pdf',
    '/documents/stewardship-report-2025.pdf',
  ]);
  for (const [, href, , describedBy, title] of links) {
    const res = await pdf(href);
    assert.equal(res.status, 200, href);
    const bytes = Buffer.from(await res.arrayBuffer());
    // The link is described by the file's facts, which are the served file's.
    const facts = new RegExp(`<span id="${describedBy}">PDF, ${fileSizeText(bytes.length)}, (\\d+) pages</span>`).exec(p.html);
    assert.ok(facts, `${title}: "PDF, ${fileSizeText(bytes.length)}, N pages"`);
    const pages = (bytes.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    assert.equal(Number(facts[1]), pages, `${title}: page count`);
  }
  assert.match(p.html, /Published <time dateTime="2026-04-30">April 30, 2026<\/time>/);
  assert.match(p.html, /English/);
});

test('the kind and year filters combine, as GET forms; unknown values are redirected away; past the last page is 404', async () => {
  const esg = await page('/documents?kind=esg-report');
  assert.equal((esg.html.match(/class="document__link"/g) ?? []).length, 1);
  assert.match(esg.html, /ESG Report 2025/);
  assert.ok(esg.data['/api/listings/documents?kind=esg-report'].counts.year['2026'] === 1);
  assert.match(esg.html, /<form class="filter-bar__form" role="none" action="\/documents" method="get">/);
  assert.equal((await page('/documents?kind=ESG-Report')).location, '/documents?kind=esg-report');
  assert.equal((await page('/documents?year=1999')).location, '/documents');
  assert.equal((await page('/documents?page=2')).status, 404);
});

test("a PDF: application/pdf, shown inline under the firm's name, an ETag and 304, behind the gate; an unknown one is the 404 page", async () => {
  const res = await pdf('/documents/esg-report-2025.pdf');
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'application/pdf');
  assert.equal(res.headers.get('content-disposition'), 'inline; filename="halden-rowe-esg-report-2025.pdf"');
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  const body = Buffer.from(await res.arrayBuffer());
  assert.equal(body.subarray(0, 5).toString(), '%PDF-');
  const etag = res.headers.get('etag');
  assert.ok(etag);
  assert.equal((await pdf('/documents/esg-report-2025.pdf', { 'if-none-match': etag })).status, 304);
  const missing = await pdf('/documents/no-such-report.pdf');
  assert.equal(missing.status, 404);
  assert.match(await missing.text(), /Page Not Found/);
  const signedOut = await get(server.url, '/documents/esg-report-2025.pdf');
  assert.equal(signedOut.status, 302);
  assert.match(signedOut.headers.get('location') ?? '', /^\/login\?next=/);
});

test('/responsible-investment and /disclosures link to the library and its PDFs', async () => {
  assert.match((await page('/responsible-investment')).html, /<a href="\/documents">document library<\/a>/);
  const d = (await page('/disclosures')).html;
  for (const id of ['stewardship-report-2025', 'modern-slavery-statement-2025', 'sfdr-principal-adverse-impacts-2025']) assert.match(d, new RegExp(`href="/documents/${id}\\.pdf"`));
});

test("the build's PDFs are served as built; one made from other content is made again, not served", async () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'hrc-dist-'));
  try {
    const made = writeDocumentFiles(loadContent(), path.join(dist, 'documents'));
    assert.equal(made.length, 4);
    // A stale file: the index says it was made from what the content is now, but its hash says otherwise.
    const index = JSON.parse(readFileSync(path.join(dist, 'documents', 'index.json'), 'utf8'));
    index['modern-slavery-statement-2025'].hash = 'made-from-other-content';
    writeFileSync(path.join(dist, 'documents', 'index.json'), JSON.stringify(index));
    writeFileSync(path.join(dist, 'documents', 'modern-slavery-statement-2025.pdf'), '%PDF-1.7 a stale edition');
    const s = await startServer({ config: { distDir: dist } });
    try {
      const cookie = await s.login();
      const built = await fetch(`${s.url}/documents/esg-report-2025.pdf`, { headers: { cookie } });
      assert.deepEqual(Buffer.from(await built.arrayBuffer()), readFileSync(path.join(dist, 'documents', 'esg-report-2025.pdf')));
      const remade = Buffer.from(await (await fetch(`${s.url}/documents/modern-slavery-statement-2025.pdf`, { headers: { cookie } })).arrayBuffer());
      assert.ok(!remade.toString('latin1').includes('a stale edition'), 'not the stale file');
      assert.equal(remade.length, made.find((m) => m.id === 'modern-slavery-statement-2025')!.bytes, 'the same bytes as the build makes');
    } finally {
      await s.close();
    }
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});
