/** /press-release/{id}: a press release with its dateline (media contact is part of its content); 404 for unknown ids; two related releases. */
import { useQuery } from '../query.ts';
import { Q, type PressRelease } from '../types.ts';
import type { PageProps } from '../routes.ts';
import { Spinner } from '../components/Spinner.tsx';
import { PageError } from '../components/PageError.tsx';
import { ArticleDetail } from '../components/ArticleDetail.tsx';
import { placeName } from '../components/ArticleCard.tsx';
import { relatedItems } from '../filters.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

export function PressReleaseDetailPage({ params }: PageProps) {
  const press = useQuery<PressRelease[]>(Q.pressReleases);
  if (press.status === 'pending') return <Spinner label="Loading press release" />;
  if (press.status === 'error') return <PageError error={press.error} />;
  const p = press.data.find((x) => x.id === params.id);
  if (!p) return <NotFoundPage />;
  return (
    <ArticleDetail
      back={{ href: '/press-releases', label: 'All press releases' }}
      label="Press Release"
      location={p.location}
      date={p.date}
      title={p.title}
      excerpt={p.excerpt}
      image={p.image}
      sections={p.sections}
      related={{
        heading: 'Related press releases',
        items: relatedItems(press.data, p.id).map((x) => ({
          href: `/press-release/${x.id}`, image: x.image, label: placeName(x.location), date: x.date, title: x.title, excerpt: x.excerpt,
        })),
      }}
    />
  );
}
