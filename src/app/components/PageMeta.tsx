import { Helmet } from 'react-helmet-async';
import { SECTION_NAMES, SITE_NAME } from '../constants.ts';
import { useLocation } from '../router.tsx';
import { useQueryClient } from '../query.ts';
import { useSiteMode } from '../site-mode.ts';
import { Q } from '../types.ts';
import { OG_IMAGE, OG_IMAGE_SRC } from '../image-src.ts';
import { PATHS } from '../paths.ts';

/** The image for link previews: the firm's artwork, 1200 × 630, JPEG (see image-src.ts). */
const OG = { path: OG_IMAGE_SRC, width: OG_IMAGE.width, height: OG_IMAGE.height };

interface Props {
  title: string;
  description: string;
  /** Articles (research, press releases, news): og:type article and a NewsArticle/Article. */
  article?: { publishedTime: string; section: string; authors?: { name: string; link: string }[] };
  /** Team profiles: a Person. */
  person?: { name: string; jobTitle: string; email?: string };
  /** Pages search engines should not list (search results): followed, not indexed. */
  noindex?: boolean;
  /** Another schema.org node of the page (a role's JobPosting); the organization is `{ '@id': '#organization' }` on the home URL. */
  structured?: (ids: { organization: string; url: string; abs: (path: string) => string }) => Record<string, unknown>;
}

/** Parent pages of detail routes, for the breadcrumb trail (first path segment → listing). */
const SECTIONS: Record<string, { name: string; path: string }> = {
  team: { name: 'Our Team', path: PATHS.team },
  research: { name: SECTION_NAMES.research, path: PATHS.research },
  'press-release': { name: SECTION_NAMES.pressReleases, path: PATHS.pressReleases },
  news: { name: SECTION_NAMES.news, path: PATHS.news },
  portfolio: { name: 'Portfolio', path: PATHS.portfolio },
  careers: { name: 'Careers', path: PATHS.careers },
};

/** JSON inside <script>: no "</script>", no "<!--". */
const jsonLd = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/**
 * Title, description, canonical URL, Open Graph and structured data (JSON-LD) of a page. One per
 * page. With PUBLIC_ORIGIN (site-mode.ts) every URL is absolute; without it there is no canonical
 * and previews use paths (the gated site is not indexed anyway).
 */
export function PageMeta({ title, description, article, person, noindex, structured }: Props) {
  const { origin } = useSiteMode();
  const location = useLocation();
  const site = useQueryClient().get(Q.site).data;
  const full = title === SITE_NAME ? title : `${title} — ${SITE_NAME}`;
  const abs = (p: string) => (origin ? `${origin}${p}` : p);
  // Filters are views of one page; page N of a listing is a page of its own.
  const page = Number(new URLSearchParams(location.search).get('page'));
  const canonicalPath = location.pathname + (Number.isInteger(page) && page > 1 ? `?page=${page}` : '');
  const url = abs(canonicalPath);
  const og = OG;
  const home = abs('/');

  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${home}#organization`,
    name: SITE_NAME,
    ...(site ? { legalName: site.legalName, description: site.description, foundingDate: String(site.founded), email: site.contacts.general, telephone: site.contacts.phone } : {}),
    url: home,
    logo: abs('/apple-touch-icon.png'),
    ...(site ? { address: { '@type': 'PostalAddress', streetAddress: site.headquarters.lines.slice(0, -1).join(', '), addressLocality: site.headquarters.lines.at(-1) } } : {}),
  };
  const section = SECTIONS[location.pathname.split('/')[1]];
  const trail = [{ name: 'Home', path: '/' }, ...(section && section.path !== location.pathname ? [section] : []), ...(location.pathname !== '/' ? [{ name: title, path: canonicalPath }] : [])];
  const graph: Record<string, unknown>[] = [organization];
  if (trail.length > 1) {
    graph.push({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: trail.map((t, i) => ({ '@type': 'ListItem', position: i + 1, name: t.name, item: abs(t.path) })),
    });
  }
  if (article) {
    graph.push({
      '@context': 'https://schema.org',
      '@type': location.pathname.startsWith(`${PATHS.research}/`) ? 'Article' : 'NewsArticle',
      headline: title.slice(0, 110),
      description,
      datePublished: article.publishedTime,
      articleSection: article.section,
      image: [abs(og.path)],
      url,
      mainEntityOfPage: url,
      author: article.authors?.length ? article.authors.map((a) => ({ '@type': 'Person', name: a.name, url: abs(a.link) })) : { '@id': `${home}#organization` },
      publisher: { '@id': `${home}#organization` },
    });
  }
  if (person) {
    graph.push({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: person.name,
      jobTitle: person.jobTitle,
      ...(person.email ? { email: person.email } : {}),
      url,
      worksFor: { '@id': `${home}#organization` },
    });
  }

  if (structured) graph.push({ '@context': 'https://schema.org', ...structured({ organization: `${home}#organization`, url, abs }) });

  return (
    <>
      <Helmet>
        <title>{full}</title>
        <meta name="description" content={description} />
        {noindex && <meta name="robots" content="noindex, follow" />}
        {origin && <link rel="canonical" href={url} />}
        <meta property="og:site_name" content={SITE_NAME} />
        <meta property="og:type" content={article ? 'article' : 'website'} />
        <meta property="og:title" content={full} />
        <meta property="og:description" content={description} />
        {origin && <meta property="og:url" content={url} />}
        <meta property="og:image" content={abs(og.path)} />
        <meta property="og:image:width" content={String(og.width)} />
        <meta property="og:image:height" content={String(og.height)} />
        {article && <meta property="article:published_time" content={article.publishedTime} />}
        {article && <meta property="article:section" content={article.section} />}
        <meta name="twitter:card" content="summary_large_image" />
      </Helmet>
      {/* Structured data: a data block (not executed), so the CSP needs nothing for it. */}
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd(graph) }} />
    </>
  );
}
