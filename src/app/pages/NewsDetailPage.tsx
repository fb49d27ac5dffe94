/** /news/{id}: a news item with its type and date; 404 for unknown ids; two related items. */
import type { NewsItem, NewsSummary } from '../types.ts';
import type { QueryKey } from '../query.ts';
import { href } from '../paths.ts';
import type { PageProps } from '../routes.ts';
import { ArticlePage } from '../components/ArticleDetail.tsx';

export function NewsDetailPage({ data }: PageProps<{ item: QueryKey<NewsItem>; related: QueryKey<NewsSummary[]> }>) {
  return (
    <ArticlePage
      item={data.item}
      related={data.related}
      loading="Loading news"
      back={{ href: href('news'), label: 'All news & updates' }}
      heading={(n) => ({ label: n.type })}
      relatedHeading="More News"
      relatedLabel={(x) => x.type}
    />
  );
}
