/**
 * The library's PDFs: made by `npm run build` into dist/documents (<id>.pdf and index.json, which
 * records the hash of what each was made from), and read from there by the server. A document
 * whose PDF is missing or was made from other content (content edited since the build, a
 * CONTENT_DIR the build did not see, the HTTP tests, which run without a build) is made the first
 * time it is needed, in the server, and kept: the same function, so the same bytes.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RawContent } from '../load.ts';
import { renderDocumentPdf, type DocumentInput, type RenderedPdf } from './render.ts';
import { documentKindLabel } from '../../app/documents.ts';
import { DATA_SOURCES, type DataSource } from '../document-body.ts';

export interface DocumentFile extends RenderedPdf {
  /** The hash of the input it was made from (the PDF's ETag is its own bytes' hash). */
  hash: string;
}

export interface DocumentFiles {
  /** The PDF of a document of the content, made now if the build did not leave it; undefined for an unknown id. */
  get(id: string): DocumentFile | undefined;
  /** Documents whose PDF the build left (the rest are made on demand). */
  readonly built: number;
  readonly total: number;
}

/** What each document's PDF is made from, by id, from the loaded content. */
export function documentInputs(content: RawContent): Map<string, DocumentInput> {
  const site = content.site;
  const out = new Map<string, DocumentInput>();
  for (const d of content.documents) {
    const blocks = d.blocks ?? [];
    // Only documents that draw from the portfolio carry it (and so only they change when it does).
    const reads = blocks.some((b) => (b.type === 'chart' && b.spec.source) || b.type === 'data-table');
    out.set(d.id, {
      id: d.id,
      title: d.title,
      kindLabel: documentKindLabel(d.kind),
      period: d.period,
      published: d.published,
      summary: d.summary,
      language: d.language,
      blocks,
      firm: { name: site.name, legalName: site.legalName, address: site.headquarters.lines, email: site.contacts.general, website: site.website },
      portfolio: reads
        ? content.portfolio.map(({ strategy, sector, region, status, invested, exited }) => ({ strategy, sector, region, status, invested, ...(exited !== undefined ? { exited } : {}) }))
        : [],
    });
  }
  return out;
}

export const inputHash = (input: DocumentInput): string => createHash('sha256').update(JSON.stringify(input)).digest('base64url').slice(0, 22);

interface IndexEntry {
  hash: string;
  bytes: number;
  pages: number;
}
const INDEX = 'index.json';

/** Writes every document's PDF and the index into `dir` (the build). */
export function writeDocumentFiles(content: RawContent, dir: string): { id: string; bytes: number; pages: number; ms: number }[] {
  mkdirSync(dir, { recursive: true });
  const index: Record<string, IndexEntry> = {};
  const out: { id: string; bytes: number; pages: number; ms: number }[] = [];
  for (const [id, input] of documentInputs(content)) {
    const started = performance.now();
    const { pdf, pages } = renderDocumentPdf(input);
    writeFileSync(path.join(dir, `${id}.pdf`), pdf);
    index[id] = { hash: inputHash(input), bytes: pdf.length, pages };
    out.push({ id, bytes: pdf.length, pages, ms: performance.now() - started });
  }
  writeFileSync(path.join(dir, INDEX), `${JSON.stringify(index, null, 2)}\n`);
  return out;
}

/** The PDFs of the content: from `dir` where the build made them from the same input, made on demand otherwise. */
export function documentFiles(content: RawContent, dir?: string): DocumentFiles {
  const inputs = documentInputs(content);
  let index: Record<string, IndexEntry> = {};
  try {
    if (dir && existsSync(path.join(dir, INDEX))) index = JSON.parse(readFileSync(path.join(dir, INDEX), 'utf8')) as Record<string, IndexEntry>;
  } catch {
    index = {};
  }
  const files = new Map<string, DocumentFile>();
  let built = 0;
  for (const [id, input] of inputs) {
    const hash = inputHash(input);
    const entry = index[id];
    const file = dir && path.join(dir, `${id}.pdf`);
    if (entry?.hash === hash && file && existsSync(file)) {
      files.set(id, { pdf: readFileSync(file), pages: entry.pages, hash });
      built++;
    }
  }
  return {
    built,
    total: inputs.size,
    get(id) {
      let file = files.get(id);
      const input = inputs.get(id);
      if (!file && input) {
        file = { ...renderDocumentPdf(input), hash: inputHash(input) };
        files.set(id, file);
      }
      return file;
    },
  };
}

export { DATA_SOURCES, type DataSource };
