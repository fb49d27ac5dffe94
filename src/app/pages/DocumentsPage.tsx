/**
 * /documents: the document library — ESG reports, stewardship and Modern Slavery statements,
 * regulatory disclosures — each a PDF the build makes from content/documents (src/content/pdf),
 * linked with its size, page count, date and language; filtered by kind and year, paged.
 */
import { Link } from '../router.tsx';
import { FilteredListing } from '../components/FilteredListing.tsx';
import { href } from '../paths.ts';
import { formatCount, formatDate } from '../format.ts';
import { DOCUMENT_FILTERS, documentKindLabel, fileSizeText, type DocumentSummary } from '../documents.ts';
import type { PageProps } from '../routes.ts';
import type { ListingKeys } from '../listing.ts';

const FILTER_LABELS: Record<(typeof DOCUMENT_FILTERS)[number], string> = { kind: 'Filter by kind', year: 'Filter by year' };
const DOCUMENT: [string, string] = ['document', 'documents'];
const LANGUAGES: Record<string, string> = { en: 'English', fr: 'French', de: 'German', es: 'Spanish', ja: 'Japanese', zh: 'Chinese' };

export function DocumentsPage({ data }: PageProps<ListingKeys<'documents'>>) {
  return (
    <FilteredListing
      name="documents"
      listing={data.listing}
      loading="Loading documents"
      title="Documents"
      description="Halden Rowe Capital's ESG reports, UK Stewardship Code report, Modern Slavery statements and regulatory disclosures, as accessible PDFs."
      eyebrow="Resources"
      lede="Our reports and statements as published, each a PDF you can read with a screen reader: tagged, with its headings, tables and charts described."
      heroNote={
        <p className="listing-hero__note">
          How we invest responsibly: our <Link href={href('page', { slug: 'responsible-investment' })}>Responsible Investment Policy</Link>. Regulatory statements by office and strategy:{' '}
          <Link href={href('page', { slug: 'disclosures' })}>Legal Disclosures</Link>.
        </p>
      }
      label="Documents"
      filtersClass="resources-filters portfolio-filters"
      facets={{ labels: FILTER_LABELS, noun: DOCUMENT }}
      items={(l) => l.items.map((d) => <DocumentRow key={d.id} doc={d} />)}
      gridClass="document-list"
      empty="No documents match all of these filters."
      pagesLabel="Document pages"
    />
  );
}

/** One document: kind and period, its title as the download link, summary, and what the file is. */
function DocumentRow({ doc: d }: { doc: DocumentSummary }) {
  const language = LANGUAGES[d.language.slice(0, 2)] ?? d.language;
  const about = `PDF, ${fileSizeText(d.file.bytes)}, ${formatCount(d.file.pages)} ${d.file.pages === 1 ? 'page' : 'pages'}`;
  return (
    <li className="document">
      <p className="document__meta">
        {documentKindLabel(d.kind)} <span aria-hidden="true">·</span> {d.period}
      </p>
      <h2 className="document__title">
        {/* A plain link: the file opens in the browser's PDF viewer. What the file is (PDF, size, pages) is its description. */}
        <a href={d.file.href} className="document__link" type="application/pdf" hrefLang={d.language} aria-describedby={`document-${d.id}-file`}>
          {d.title}
        </a>
      </h2>
      <p className="document__summary">{d.summary}</p>
      <p className="document__file">
        <span id={`document-${d.id}-file`}>{about}</span>
        <span aria-hidden="true"> · </span>
        Published <time dateTime={d.date}>{formatDate(d.date)}</time>
        <span aria-hidden="true"> · </span>
        {language}
      </p>
    </li>
  );
}
