/**
 * The document library (/documents): its kinds (the one list, read by the content schema, the
 * listing's filter and the pages) and what a document looks like to the pages. Each document is a
 * PDF the build makes from its Markdown (src/content/pdf), at a stable address. No page imports.
 */
import type { Facet } from './portfolio.ts';
import { PATHS } from './paths.ts';

export const DOCUMENT_KINDS = [
  { value: 'esg-report', label: 'ESG Report' },
  { value: 'stewardship', label: 'Stewardship' },
  { value: 'modern-slavery', label: 'Modern Slavery' },
  { value: 'sfdr', label: 'SFDR' },
  { value: 'policy', label: 'Policy' },
] as const satisfies readonly Facet[];
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]['value'];

/** The filters of /documents, in page order. */
export const DOCUMENT_FILTERS = ['kind', 'year'] as const;

export const documentKindLabel = (value: string): string => DOCUMENT_KINDS.find((k) => k.value === value)?.label ?? value;

/** Where a document's PDF is served: one stable address per document, whatever its edition. */
export const documentFileHref = (id: string): string => `${PATHS.documents}/${encodeURIComponent(id)}.pdf`;
/** The PDF's id from a path under /documents/ ("esg-report-2025.pdf" → "esg-report-2025"), or undefined. */
export const documentIdOfFile = (name: string): string | undefined => /^([a-z0-9]+(?:-[a-z0-9]+)*)\.pdf$/.exec(name)?.[1];

/** A document as the library lists it (GET /api/listings/documents). */
export interface DocumentSummary {
  id: string;
  title: string;
  kind: DocumentKind;
  period: string;
  /** Published (YYYY-MM-DD): the list's order, newest first. */
  date: string;
  summary: string;
  /** BCP 47, e.g. "en-GB". */
  language: string;
  /** The PDF: its address, size in bytes and page count. */
  file: { href: string; bytes: number; pages: number };
}

/** "1.2 MB", "86 KB": a file's size as a download link states it (1 KB = 1,024 bytes, as file managers count). */
export function fileSizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
