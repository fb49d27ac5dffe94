/** /news/{id}: a news item with its type and date; 404 for unknown ids; two related items. */
import { Q } from '../types.ts';
import { href } from '../paths.ts';
import type { PageProps } from '../routes.ts';
import { ArticlePage } from '../components/ArticleDetail.tsx';

export function NewsDetailPage({ params }: PageProps) {
  return (
    <ArticlePage
      item={Q.newsItem(params.id)}
      related={Q.relatedNews(params.id)}
      loading="Loading news"
      back={{ href: href('news'), label: 'All news & updates' }}
      heading={(n) => ({ label: n.type })}
      relatedHeading="More News"
      relatedLabel={(x) => x.type}
    />
  );
}
