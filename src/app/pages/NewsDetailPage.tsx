/** /news/{id}: a news item with its type and date; 404 for unknown ids; two related items. */
import { isNotFound, useQuery } from '../query.ts';
import { Q } from '../types.ts';
import type { PageProps } from '../routes.ts';
import { Spinner } from '../components/Spinner.tsx';
import { PageError } from '../components/PageError.tsx';
import { ArticleDetail } from '../components/ArticleDetail.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

export function NewsDetailPage({ params }: PageProps) {
  const item = useQuery(Q.newsItem(params.id));
  const related = useQuery(Q.relatedNews(params.id));
  if (item.status === 'error') return isNotFound(item.error) ? <NotFoundPage /> : <PageError error={item.error} />;
  if (item.status === 'pending' || related.status === 'pending') return <Spinner label="Loading news" />;
  const n = item.data;
  return (
    <ArticleDetail
      back={{ href: '/news-updates', label: 'All news & updates' }}
      label={n.type}
      date={n.date}
      title={n.title}
      excerpt={n.excerpt}
      image={n.image}
      body={n.body}
      related={{
        heading: 'More News',
        items: (related.data ?? []).map((x) => ({
          href: x.link, image: x.image, label: x.type, date: x.date, title: x.title, excerpt: x.excerpt,
        })),
      }}
    />
  );
}
