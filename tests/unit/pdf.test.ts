/**
 * The library's PDFs (src/content/pdf), as a reader and a screen reader get them: each document of
 * content/documents is set and then read back with Debian's poppler-utils (pdfinfo, pdffonts,
 * pdftotext) — its title, shown in the window; its language; tagged, with the structure a screen
 * reader walks (headings, paragraphs, lists, tables with headers and a caption, figures with
 * alternative text, a table of contents) in reading order; its fonts embedded; its text, extracted
 * without tags, in reading order too; the contents page's numbers true; the same bytes each time.
 * Without poppler-utils the test fails under CI (CI=true) and is skipped locally with the command
 * that installs it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadContent } from '../../src/content/load.ts';
import { documentInputs } from '../../src/content/pdf/files.ts';
import { renderDocumentPdf } from '../../src/content/pdf/render.ts';
import { runsText } from '../../src/content/document-body.ts';

const poppler = spawnSync('pdftotext', ['-v']).error === undefined;
const missing = 'poppler-utils is not installed (apt-get install -y poppler-utils): pdftotext, pdfinfo and pdffonts read the PDFs back';
if (!poppler && process.env.CI === 'true') throw new Error(missing);

const inputs = [...documentInputs(loadContent()).values()];
const dir = mkdtempSync(path.join(tmpdir(), 'hrc-pdf-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

/** Whitespace, quotes and dashes as extracted text may write them, made comparable. */
const norm = (s: string) => s.replace(/[\s\u00a0]+/g, ' ').trim();
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8' });
/** The alternative texts of the Figure elements (PDF strings, unescaped). */
const figureAlts = (raw: string) => [...raw.matchAll(/\/S \/Figure\s*\/Alt \(((?:\\.|[^\\)])*)\)/g)].map((m) => m[1].replace(/\\(.)/g, '$1'));
/** The pages' content streams, inflated (where marked content and artifacts are). */
const contentStreams = (pdf: Buffer) => {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  for (const m of raw.matchAll(/\/Filter \/FlateDecode[^]*?>>\s*stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      out.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      /* a font file or image: not a content stream */
    }
  }
  return out.join('\n');
};

for (const input of inputs) {
  test(`${input.id}: title, language, tags, fonts and text in reading order`, { skip: poppler ? false : missing }, () => {
    const { pdf, pages } = renderDocumentPdf(input);
    const file = path.join(dir, `${input.id}.pdf`);
    writeFileSync(file, pdf);
    const raw = pdf.toString('latin1');

    // Title (shown as the window title), language, tagged.
    const info = run('pdfinfo', [file]);
    assert.match(info, new RegExp(`^Title: +${input.title.replace(/[()]/g, '\\$&')}$`, 'm'));
    assert.match(info, /^Tagged: +yes$/m);
    assert.match(info, new RegExp(`^Pages: +${pages}$`, 'm'));
    assert.match(raw, /\/DisplayDocTitle true/);
    assert.match(raw, new RegExp(`/Lang \\(${input.language}\\)`));
    assert.match(raw, /\/MarkInfo \d+ 0 R/);
    assert.match(raw, /\/Marked true/);

    // The structure a screen reader walks.
    const types = new Set([...raw.matchAll(/\/S \/(\w+)/g)].map((m) => m[1]));
    for (const t of ['Document', 'Sect', 'H1', 'H2', 'P', 'TOC', 'TOCI']) assert.ok(types.has(t), `${input.id}: a ${t} element`);
    const has = (type: string) => input.blocks.some((b) => b.type === type);
    if (has('list')) for (const t of ['L', 'LI', 'Lbl', 'LBody']) assert.ok(types.has(t), `${input.id}: ${t}`);
    if (has('table') || has('data-table')) for (const t of ['Table', 'TR', 'TH', 'TD', 'Caption']) assert.ok(types.has(t), `${input.id}: ${t}`);
    const alts = figureAlts(raw);
    for (const chart of input.blocks.filter((b) => b.type === 'chart')) {
      // A figure's alternative text gives every figure of the chart.
      const alt = alts.find((a) => a.startsWith(`Bar chart: ${chart.spec.title}`));
      assert.ok(alt, `${input.id}: the chart "${chart.spec.title}" is a Figure with alternative text (${alts.join(' | ')})`);
      if (chart.spec.data) for (const [label, v] of Object.entries(chart.spec.data)) assert.ok(alt.includes(`${label}: ${v}`), `${chart.spec.title}: "${label}: ${v}" in its alternative text`);
    }
    // Running headers, page numbers, rules and backgrounds are artifacts, out of the structure;
    // the rest is marked content with an MCID the structure points at.
    const streams = contentStreams(pdf);
    assert.match(streams, /\/Artifact <<\s*\/Type \/Pagination\s*>> BDC/);
    assert.match(streams, /\/Artifact <<\s*\/Type \/Layout\s*>> BDC/);
    assert.match(streams, /\/P <<\s*\/MCID \d+\s*>> BDC/);

    // Every font embedded (the site's own faces, subset).
    const fonts = run('pdffonts', [file]).trim().split('\n').slice(2);
    assert.ok(fonts.length >= 2);
    for (const f of fonts) assert.match(f, /\byes\s+yes\s+yes\b/, `embedded, subset, with a Unicode map: ${f}`);

    // Text extracted without the tags: the chapters from page 3 on, in order, each paragraph
    // after its heading and before the next one.
    const body = norm(run('pdftotext', ['-f', '3', file, '-']));
    let at = 0;
    for (const b of input.blocks) {
      const text = b.type === 'heading' ? b.text : b.type === 'paragraph' ? runsText(b.runs) : b.type === 'table' ? (b.caption ?? '') : '';
      if (!text) continue;
      const probe = norm(text).split(' ').slice(0, 8).join(' ');
      const found = body.indexOf(probe, at);
      assert.ok(found >= at, `${input.id}: "${probe}" after what comes before it`);
      at = found + probe.length;
    }
    // The contents page names each chapter with the page pdftotext finds it on.
    const contents = norm(run('pdftotext', ['-f', '2', '-l', '2', file, '-']));
    for (const h of input.blocks.filter((b): b is Extract<typeof b, { type: 'heading' }> => b.type === 'heading' && b.level === 2)) {
      const n = new RegExp(`${h.text.replace(/[()]/g, '\\$&')}, page (\\d+)`).exec(contents);
      assert.ok(n, `${input.id}: "${h.text}" in the contents`);
      const onPage = norm(run('pdftotext', ['-f', n[1], '-l', n[1], file, '-']));
      assert.ok(onPage.includes(h.text), `${input.id}: "${h.text}" on page ${n[1]}`);
    }
    // The cover: the firm and the kind (letter-spaced, read as words), then the title and the period.
    const cover = norm(run('pdftotext', ['-l', '1', file, '-']));
    const expected = `${input.firm.name.toUpperCase()} ${input.kindLabel.toUpperCase()} ${input.title} ${input.period}`;
    assert.ok(cover.startsWith(expected), `the cover reads "${expected}", not: ${cover.slice(0, 120)}`);

    // Deterministic: the same input, the same bytes.
    assert.deepEqual(renderDocumentPdf(input).pdf, pdf);
  });
}
