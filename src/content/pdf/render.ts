/**
 * A library document (content/documents/<id>.md) → a tagged PDF (PDFKit): a cover, a contents
 * page with page numbers, then chapters with sections, paragraphs, lists, tables and bar charts,
 * and running headers and footers. Synchronous and deterministic: the same input gives the same
 * bytes (every date in the file is the document's own), so every host and build agrees.
 *
 * Accessibility (PDF/UA's checklist, as far as PDFKit goes): the document is tagged, with its
 * title shown as the window title and its language declared; everything that carries meaning is
 * in the structure tree in reading order — H1 for the title, H2 and H3 for chapters and sections,
 * P, L/LI/Lbl/LBody, Table/TR/TH/TD with a Caption, a Figure with alternative text for each chart
 * (its figures in words), a TOC of TOCI — and everything else (rules, backgrounds, running headers
 * and page numbers) is an artifact. Chapters are bookmarks too. Text is drawn in reading order, so
 * tools that ignore tags (pdftotext, copy and paste) read it in order as well.
 */
import PDFDocument from 'pdfkit';
import { fontFiles, type Face } from './fonts.ts';
import { dataSource, type PortfolioFacts } from './data.ts';
import type { DocBlock, Run } from '../document-body.ts';
import { formatDate } from '../../app/format.ts';

/** What a document's PDF is made from: all of it, so that its hash says when the PDF is stale. */
export interface DocumentInput {
  id: string;
  title: string;
  /** "ESG Report" */
  kindLabel: string;
  period: string;
  /** YYYY-MM-DD: printed, and the PDF's creation date. */
  published: string;
  summary: string;
  language: string;
  blocks: DocBlock[];
  firm: { name: string; legalName: string; address: string[]; email: string; website: string };
  /** The companies the data blocks count (only what they read). */
  portfolio: PortfolioFacts[];
}

type Doc = InstanceType<typeof PDFDocument>;
type Struct = ReturnType<Doc['struct']>;

const INK = '#0b1a2e';
const TEXT = '#1d2b3c';
const MUTED = '#4a5b70';
const FOG = '#eef1f4';
const LINE = '#c9d3de';
const BRASS = '#c8934a';
const BRASS_TEXT = '#8a5a1c';
const ON_DARK_MUTED = '#c9d3de';

const PAGE = { width: 595.28, height: 841.89 };
const M = { left: 64, right: 64, top: 84, bottom: 80 };
const WIDTH = PAGE.width - M.left - M.right;
const BOTTOM = PAGE.height - M.bottom;
const BODY_SIZE = 10;
const BODY_GAP = 3.5;
/** Letter spacing of the cover's uppercase labels, in points (at 9 pt). */
const LABEL_TRACKING = 0.8;

/** "31 March 2026": documents use the day-month order of the firm's reports. */
const printedDate = (iso: string) => {
  const [, month, day, year] = /^(\w+) (\d+), (\d+)$/.exec(formatDate(iso)) ?? [];
  return `${day} ${month} ${year}`;
};

export interface RenderedPdf {
  pdf: Buffer;
  pages: number;
}

export function renderDocumentPdf(input: DocumentInput): RenderedPdf {
  const created = new Date(`${input.published}T00:00:00Z`);
  const doc = new PDFDocument({
    size: 'A4',
    margins: M,
    pdfVersion: '1.7',
    tagged: true,
    lang: input.language,
    displayTitle: true,
    bufferPages: true,
    autoFirstPage: false,
    info: {
      Title: input.title,
      Author: input.firm.legalName,
      Subject: `${input.kindLabel}, ${input.period}`,
      Keywords: `${input.firm.name}; ${input.kindLabel}; ${input.period}`,
      Creator: `${input.firm.name} website`,
      CreationDate: created,
      ModDate: created,
    },
  });
  const files = fontFiles();
  for (const face of Object.keys(files) as Face[]) doc.registerFont(face, files[face]);

  const root = doc.struct('Document');
  doc.addStructure(root);

  /* ---------- marking helpers ---------- */
  const artifact = (draw: () => void, type: 'Layout' | 'Pagination' = 'Layout') => {
    doc.markContent('Artifact', { type });
    draw();
    doc.endMarkedContent();
  };
  /** Draws into a new structure element of `type` under `parent` (its content marked as one sequence). */
  const tagged = (parent: Struct, type: string, draw: () => void, options: Record<string, string> = {}) => {
    const el = doc.struct(type as 'P', options);
    parent.add(el);
    el.add(doc.markStructureContent(type));
    draw();
    doc.endMarkedContent();
    el.end();
    return el;
  };
  const newPage = () => doc.addPage();
  const ensure = (height: number) => {
    if (doc.y + height > BOTTOM) newPage();
  };

  const fontOf = (r: Run): Face => (r.bold ? 'sansBold' : r.italic ? 'sansItalic' : 'sans');
  /** Runs as one flowing paragraph (styles and links kept), ending in a space, as tagged PDF asks. */
  const runs = (rs: Run[], x: number, width: number, size = BODY_SIZE) => {
    const all = [...rs];
    // A trailing space separates this text from the next when it is extracted.
    all[all.length - 1] = { ...all[all.length - 1], text: `${all[all.length - 1].text} ` };
    doc.x = x;
    all.forEach((r, i) => {
      const last = i === all.length - 1;
      doc
        .font(fontOf(r))
        .fontSize(size)
        .fillColor(r.href ? BRASS_TEXT : TEXT);
      const href = r.href?.startsWith('/') ? `${input.firm.website}${r.href}` : r.href;
      doc.text(r.text, i === 0 ? x : undefined, undefined, { width, lineGap: BODY_GAP, continued: !last, link: href ?? null, underline: !!href });
    });
  };

  /* ---------- cover ---------- */
  newPage();
  artifact(() => {
    doc.rect(0, 0, PAGE.width, PAGE.height).fill(INK);
    doc.rect(M.left, 300, 48, 3).fill(BRASS);
  });
  const cover = doc.struct('Sect', { title: 'Cover' });
  root.add(cover);
  // Labels tracked by 0.09 em, not the site's 0.16 em: from about 0.11 em, text extraction (pdftotext,
  // copy and paste) reads the letter gaps as word breaks ("H A L D E N R O W E").
  tagged(cover, 'P', () => {
    doc.font('sansBold').fontSize(9).fillColor(BRASS).text(`${input.firm.name.toUpperCase()} `, M.left, 96, { characterSpacing: LABEL_TRACKING });
  });
  tagged(cover, 'P', () => {
    doc.font('sansBold').fontSize(9).fillColor(ON_DARK_MUTED).text(`${input.kindLabel.toUpperCase()} `, M.left, 270, { characterSpacing: LABEL_TRACKING });
  });
  tagged(cover, 'H1', () => {
    doc.font('serif').fontSize(40).fillColor('#ffffff').text(`${input.title} `, M.left, 330, { width: WIDTH, lineGap: 2 });
  });
  tagged(cover, 'P', () => {
    doc.moveDown(0.6).font('sans').fontSize(13).fillColor(ON_DARK_MUTED).text(`${input.period} `, M.left, undefined, { width: WIDTH });
  });
  tagged(cover, 'P', () => {
    doc
      .moveDown(1.6)
      .font('sans')
      .fontSize(11)
      .fillColor(ON_DARK_MUTED)
      .text(`${input.summary} `, M.left, undefined, { width: WIDTH * 0.82, lineGap: 4 });
  });
  tagged(cover, 'P', () => {
    doc
      .font('sans')
      .fontSize(9)
      .fillColor(ON_DARK_MUTED)
      .text(`Published ${printedDate(input.published)}. ${input.firm.legalName}, ${input.firm.address.join(', ')}. `, M.left, PAGE.height - 120, { width: WIDTH, lineGap: 3 });
  });
  cover.end();

  /* ---------- contents (filled in once the chapters' pages are known) ---------- */
  const chapters = input.blocks.filter((b): b is Extract<DocBlock, { type: 'heading' }> => b.type === 'heading' && b.level === 2);
  newPage();
  const contentsPage = doc.bufferedPageRange().count - 1;
  const toc = doc.struct('Sect', { title: 'Contents' });
  root.add(toc);

  /* ---------- body ---------- */
  newPage();
  const chapterPages = new Map<string, number>();
  let chapter: Struct | null = null;
  let section: Struct | null = null;
  const parent = () => section ?? chapter ?? root;
  const endSection = () => {
    section?.end();
    section = null;
  };
  const endChapter = () => {
    endSection();
    chapter?.end();
    chapter = null;
  };

  for (const [i, b] of input.blocks.entries()) {
    switch (b.type) {
      case 'heading': {
        if (b.level === 2) {
          endChapter();
          // A chapter opens a page unless the page so far holds less than a third of its space.
          if (doc.y > M.top + (BOTTOM - M.top) / 3 || i === 0) {
            if (i !== 0) newPage();
          } else doc.moveDown(1.5);
          chapter = doc.struct('Sect', { title: b.text });
          root.add(chapter);
          chapterPages.set(b.id, doc.bufferedPageRange().count - 1);
          doc.addNamedDestination(b.id, 'XYZ', M.left, doc.y, null);
          doc.outline.addItem(b.text);
          artifact(() => doc.rect(M.left, doc.y, 32, 2).fill(BRASS));
          doc.y += 14;
          tagged(chapter, 'H2', () => {
            doc.font('serif').fontSize(24).fillColor(INK).text(`${b.text} `, M.left, undefined, { width: WIDTH, lineGap: 1 });
          });
          doc.moveDown(0.7);
        } else {
          endSection();
          ensure(70);
          doc.moveDown(0.6);
          section = doc.struct('Sect', { title: b.text });
          (chapter ?? root).add(section);
          tagged(section, 'H3', () => {
            doc.font('sansBold').fontSize(11.5).fillColor(INK).text(`${b.text} `, M.left, undefined, { width: WIDTH });
          });
          doc.moveDown(0.35);
        }
        break;
      }
      case 'paragraph':
        ensure(BODY_SIZE * 3);
        tagged(parent(), 'P', () => runs(b.runs, M.left, WIDTH));
        doc.moveDown(0.7);
        break;
      case 'list': {
        const list = doc.struct('L');
        parent().add(list);
        b.items.forEach((item, n) => {
          ensure(BODY_SIZE * 2.5);
          const li = doc.struct('LI');
          list.add(li);
          const top = doc.y;
          tagged(li, 'Lbl', () => {
            doc
              .font(b.ordered ? 'sans' : 'sansBold')
              .fontSize(BODY_SIZE)
              .fillColor(BRASS_TEXT)
              .text(b.ordered ? `${n + 1}. ` : '• ', M.left + 4, top, { width: 16, lineGap: BODY_GAP });
          });
          tagged(li, 'LBody', () => runs(item, M.left + 20, WIDTH - 20));
          li.end();
          doc.moveDown(0.3);
        });
        list.end();
        doc.moveDown(0.5);
        break;
      }
      case 'table':
        table(b.caption ?? '', b.head, b.rows, b.numeric);
        break;
      case 'data-table': {
        const data = dataSource(b.spec.source, input.portfolio);
        table(
          b.spec.title,
          data.head,
          data.rows.map((r) => r.map(String)),
          data.head.map((_, c) => c > 0),
          b.spec.note,
        );
        break;
      }
      case 'chart': {
        const data = b.spec.data ? Object.entries(b.spec.data) : dataSource(b.spec.source!, input.portfolio).rows.map((r) => [r[0], Number(r[1])] as [string, number]);
        chart(b.spec.title, b.spec.unit, data, b.spec.note);
        break;
      }
    }
  }
  endChapter();

  /** A table: its caption, a header row on a tint, rows with rules; numbers right-aligned. */
  function table(caption: string, head: string[], rows: string[][], numeric: boolean[], note?: string) {
    const size = 8.5;
    const pad = 5;
    doc.font('sans').fontSize(size);
    // Columns: never narrower than their longest word, as wide as their longest cell when the
    // page allows, the space left to the first (the row labels). Measured with the space each
    // cell's text ends in.
    const measure = (text: string, bold: boolean) =>
      doc
        .font(bold ? 'sansBold' : 'sans')
        .fontSize(size)
        .widthOfString(text);
    const cellsOf = (c: number): [string, boolean][] => [[head[c], true], ...rows.map((r): [string, boolean] => [r[c] ?? '', false])];
    const minW = head.map((_, c) => Math.max(...cellsOf(c).flatMap(([t, b]) => t.split(/\s+/).map((w) => measure(`${w} `, b)))) + 2 * pad);
    const natW = head.map((_, c) => Math.max(...cellsOf(c).map(([t, b]) => measure(`${t} `, b))) + 2 * pad);
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    let widths: number[];
    if (sum(minW) >= WIDTH) widths = minW.map((w) => (w * WIDTH) / sum(minW));
    else if (sum(natW) <= WIDTH) widths = natW.map((w, c) => (c === 0 ? w + WIDTH - sum(natW) : w));
    else {
      const extra = WIDTH - sum(minW);
      const need = natW.map((w, c) => w - minW[c]);
      widths = minW.map((w, c) => w + (extra * need[c]) / sum(need));
    }
    const rowHeight = (cells: string[], bold: boolean) =>
      Math.max(
        ...cells.map((cell, c) =>
          doc
            .font(bold ? 'sansBold' : 'sans')
            .fontSize(size)
            .heightOfString(cell, { width: widths[c] - 2 * pad }),
        ),
      ) +
      2 * pad;
    const total = rowHeight(head, true) + rows.reduce((h, r) => h + rowHeight(r, false), 0) + 40;
    ensure(Math.min(total, BOTTOM - M.top));

    const t = doc.struct('Table');
    parent().add(t);
    tagged(t, 'Caption', () => {
      doc.font('sansBold').fontSize(9).fillColor(INK).text(`${caption} `, M.left, undefined, { width: WIDTH });
    });
    doc.moveDown(0.4);
    const drawRow = (cells: string[], header: boolean) => {
      const h = rowHeight(cells, header);
      if (doc.y + h > BOTTOM) newPage();
      const y = doc.y;
      artifact(() => {
        if (header) doc.rect(M.left, y, WIDTH, h).fill(FOG);
        doc
          .moveTo(M.left, y + h)
          .lineTo(M.left + WIDTH, y + h)
          .lineWidth(header ? 0.8 : 0.4)
          .strokeColor(header ? INK : LINE)
          .stroke();
      });
      const tr = doc.struct('TR');
      t.add(tr);
      let x = M.left;
      cells.forEach((cell, c) => {
        tagged(
          tr,
          header ? 'TH' : 'TD',
          () => {
            doc
              .font(header ? 'sansBold' : 'sans')
              .fontSize(size)
              .fillColor(header ? INK : TEXT)
              .text(`${cell} `, x + pad, y + pad, { width: widths[c] - 2 * pad, align: numeric[c] ? 'right' : 'left' });
          },
          // Header cells head their column; the first cell of a row is read with its row's figures.
          header ? { scope: 'Column' } : {},
        );
        x += widths[c];
      });
      tr.end();
      doc.y = y + h;
    };
    drawRow(head, true);
    for (const r of rows) drawRow(r, false);
    t.end();
    if (note) {
      doc.moveDown(0.5);
      tagged(parent(), 'P', () => {
        doc.font('sansItalic').fontSize(8).fillColor(MUTED).text(`${note} `, M.left, undefined, { width: WIDTH });
      });
    }
    doc.x = M.left;
    doc.moveDown(1.2);
  }

  /** A horizontal bar chart, to scale from zero, as a Figure whose alternative text gives every figure. */
  function chart(title: string, unit: string | undefined, data: [string, number][], note?: string) {
    const barHeight = 13;
    const gap = 7;
    const labelWidth = Math.min(150, Math.max(...data.map(([l]) => doc.font('sans').fontSize(8.5).widthOfString(`${l} `))) + 10);
    // A row is as tall as its label (a long one wraps) or its bar.
    const rowHeights = data.map(([l]) =>
      Math.max(
        barHeight,
        doc
          .font('sans')
          .fontSize(8.5)
          .heightOfString(`${l} `, { width: labelWidth - 10 }),
      ),
    );
    const rowTops = rowHeights.map((_, n) => rowHeights.slice(0, n).reduce((a, h) => a + h + gap, 0));
    const barsHeight = rowTops[rowTops.length - 1] + rowHeights[rowHeights.length - 1];
    const height = 36 + barsHeight + (note ? 24 : 0);
    ensure(height);
    const max = Math.max(...data.map(([, v]) => v), 0) || 1;
    const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));
    const alt = `Bar chart: ${title}${unit ? ` (${unit})` : ''}. ${data.map(([l, v]) => `${l}: ${fmt(v)}`).join('; ')}.`;
    const figure = doc.struct('Figure', { alt });
    parent().add(figure);
    figure.add(doc.markStructureContent('Figure'));
    doc
      .font('sansBold')
      .fontSize(9)
      .fillColor(INK)
      .text(`${title}${unit ? ` (${unit})` : ''} `, M.left, undefined, { width: WIDTH });
    doc.moveDown(0.6);
    const top = doc.y;
    const barsX = M.left + labelWidth;
    const barsWidth = WIDTH - labelWidth - 40;
    // A series of years ends in the latest, drawn in brass; categories are all alike.
    const years = data.every(([l]) => /^\d{4}$/.test(l));
    data.forEach(([label, value], n) => {
      const y = top + rowTops[n];
      doc.rect(barsX, y, Math.max(1, (value / max) * barsWidth), barHeight).fill(years && n === data.length - 1 ? BRASS : '#2b4a6f');
      doc
        .font('sans')
        .fontSize(8.5)
        .fillColor(TEXT)
        .text(`${label} `, M.left, y + 2.5, { width: labelWidth - 10 });
      doc
        .font('sansBold')
        .fontSize(8.5)
        .fillColor(INK)
        .text(`${fmt(value)} `, barsX + (value / max) * barsWidth + 6, y + 2.5, { width: 40, lineBreak: false });
    });
    doc
      .moveTo(barsX, top - 3)
      .lineTo(barsX, top + barsHeight + 3)
      .lineWidth(0.6)
      .strokeColor(MUTED)
      .stroke();
    doc.endMarkedContent();
    figure.end();
    doc.x = M.left;
    doc.y = top + barsHeight + gap + 4;
    if (note) {
      tagged(parent(), 'P', () => {
        doc.font('sansItalic').fontSize(8).fillColor(MUTED).text(`${note} `, M.left, undefined, { width: WIDTH });
      });
    }
    doc.moveDown(1.2);
  }

  /* ---------- the contents page, now that chapters have pages ---------- */
  const range = doc.bufferedPageRange();
  doc.switchToPage(contentsPage);
  doc.y = M.top;
  tagged(toc, 'H2', () => {
    doc.font('serif').fontSize(24).fillColor(INK).text('Contents ', M.left, M.top, { width: WIDTH });
  });
  doc.moveDown(1);
  const list = doc.struct('TOC');
  toc.add(list);
  for (const c of chapters) {
    const page = (chapterPages.get(c.id) ?? 0) + 1;
    const y = doc.y;
    const item = doc.struct('TOCI');
    list.add(item);
    tagged(item, 'Reference', () => {
      doc
        .font('sans')
        .fontSize(11)
        .fillColor(TEXT)
        .text(`${c.text}, page ${page} `, M.left, y, { width: WIDTH - 40, goTo: c.id });
    });
    artifact(() => {
      doc
        .moveTo(M.left, doc.y + 5)
        .lineTo(M.left + WIDTH, doc.y + 5)
        .lineWidth(0.4)
        .strokeColor(LINE)
        .stroke();
    });
    item.end();
    doc.y += 12;
  }
  list.end();
  toc.end();
  root.end();

  /* ---------- running header and page numbers (artifacts), from page 2 ---------- */
  for (let p = 1; p < range.count; p++) {
    doc.switchToPage(p);
    // Drawing below the bottom margin must not start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    artifact(() => {
      doc.font('sans').fontSize(7.5).fillColor(MUTED).text(`${input.firm.name}  ·  ${input.title}`, M.left, 44, { width: WIDTH, lineBreak: false });
      doc
        .moveTo(M.left, 58)
        .lineTo(M.left + WIDTH, 58)
        .lineWidth(0.4)
        .strokeColor(LINE)
        .stroke();
      doc.text(`${p + 1} / ${range.count}`, M.left, PAGE.height - 48, { width: WIDTH, align: 'right', lineBreak: false });
    }, 'Pagination');
    doc.page.margins.bottom = bottom;
  }

  doc.end();
  const chunks: Buffer[] = [];
  // PDFKit writes into a readable stream as it goes: by end() everything is buffered, and read() hands it over at once.
  for (let c = doc.read() as Buffer | null; c !== null; c = doc.read() as Buffer | null) chunks.push(c);
  return { pdf: Buffer.concat(chunks), pages: range.count };
}
