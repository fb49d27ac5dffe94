import { Helmet } from 'react-helmet-async';
import { SITE_NAME } from '../constants.ts';

interface Props {
  title: string;
  description: string;
  /** Image key for link previews; the firm's default artwork otherwise. */
  image?: string;
}

/** Title, description and Open Graph tags of a page. One per page. */
export function PageMeta({ title, description, image }: Props) {
  const full = title === SITE_NAME ? title : `${title} — ${SITE_NAME}`;
  const ogImage = image ? `/images/${image}-1440.webp` : '/images/site/og-default.jpg';
  return (
    <Helmet>
      <title>{full}</title>
      <meta name="description" content={description} />
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content="website" />
      <meta property="og:title" content={full} />
      <meta property="og:description" content={description} />
      <meta property="og:image" content={ogImage} />
      <meta name="twitter:card" content="summary_large_image" />
    </Helmet>
  );
}
