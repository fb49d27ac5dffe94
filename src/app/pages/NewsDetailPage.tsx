/** /news/{id}: a news item with its type and date; 404 for unknown ids; two related items. */
import { useQuery } from '../query.ts';
import { Q, type NewsItem } from '../types.ts';
import type { PageProps } from '../routes.ts';
import { Spinner } from '../components/Spinner.tsx';
import { PageError } from '../components/PageError.tsx';
import { ArticleDetail } from '../components/ArticleDetail.tsx';
import { relatedItems } from '../filters.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

export function NewsDetailPage({ params }: PageProps) {
  const news = useQuery<NewsItem[]>(Q.news);
  if (news.status === 'pending') return <Spinner label="Loading news" />;
  if (news.status === 'error') return <PageError error={news.error} />;
  const n = news.data.find((x) => x.id === params.id);
  if (!n) return <NotFoundPage />;
  return (
    <ArticleDetail
      back={{ href: '/news-updates', label: 'All news & updates' }}
      label={n.type}
      date={n.date}
      title={n.title}
      excerpt={n.excerpt}
      image={n.image}
      sections={n.sections}
      related={{
        heading: 'More news',
        items: relatedItems(news.data, n.id).map((x) => ({
          href: `/news/${x.id}`, image: x.image, label: x.type, date: x.date, title: x.title, excerpt: x.excerpt,
        })),
      }}
    />
  );
}
