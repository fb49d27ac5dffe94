/** /press-release/{id}: a press release with its dateline (media contact is part of its content); 404 for unknown ids; two related releases. */
import { isNotFound, useQuery } from '../query.ts';
import { Q } from '../types.ts';
import type { PageProps } from '../routes.ts';
import { Spinner } from '../components/Spinner.tsx';
import { PageError } from '../components/PageError.tsx';
import { ArticleDetail } from '../components/ArticleDetail.tsx';
import { placeName } from '../components/ArticleCard.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

export function PressReleaseDetailPage({ params }: PageProps) {
  const item = useQuery(Q.pressRelease(params.id));
  const related = useQuery(Q.relatedPressReleases(params.id));
  if (item.status === 'error') return isNotFound(item.error) ? <NotFoundPage /> : <PageError error={item.error} />;
  if (item.status === 'pending' || related.status === 'pending') return <Spinner label="Loading press release" />;
  const p = item.data;
  return (
    <ArticleDetail
      back={{ href: '/press-releases', label: 'All press releases' }}
      label="Press Release"
      location={p.location}
      date={p.date}
      title={p.title}
      excerpt={p.excerpt}
      image={p.image}
      body={p.body}
      related={{
        heading: 'Related Press Releases',
        items: (related.data ?? []).map((x) => ({
          href: x.link, image: x.image, label: placeName(x.location), date: x.date, title: x.title, excerpt: x.excerpt,
        })),
      }}
    />
  );
}
