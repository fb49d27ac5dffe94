/** /news/{id}: a news item with its type and date; 404 for unknown ids; two related items. */
import { useQuery } from '../query.ts';
import { Q } from '../types.ts';
import { href } from '../paths.ts';
import type { PageProps } from '../routes.ts';
import { Loaded } from '../components/Loaded.tsx';
import { ArticleDetail } from '../components/ArticleDetail.tsx';

export function NewsDetailPage({ params }: PageProps) {
  const item = useQuery(Q.newsItem(params.id));
  const related = useQuery(Q.relatedNews(params.id));
  return (
    <Loaded state={item} also={[related]} loading="Loading news">
      {(n) => (
        <ArticleDetail
          back={{ href: href('news'), label: 'All news & updates' }}
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
      )}
    </Loaded>
  );
}
