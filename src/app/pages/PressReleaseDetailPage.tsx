/** /press-release/{id}: a press release with its dateline (media contact is part of its content); 404 for unknown ids; two related releases. */
import { useQuery } from '../query.ts';
import { Q } from '../types.ts';
import { href } from '../paths.ts';
import type { PageProps } from '../routes.ts';
import { Loaded } from '../components/Loaded.tsx';
import { ArticleDetail } from '../components/ArticleDetail.tsx';
import { placeName } from '../components/ArticleCard.tsx';

export function PressReleaseDetailPage({ params }: PageProps) {
  const item = useQuery(Q.pressRelease(params.id));
  const related = useQuery(Q.relatedPressReleases(params.id));
  return (
    <Loaded state={item} also={[related]} loading="Loading press release">
      {(p) => (
        <ArticleDetail
          back={{ href: href('pressReleases'), label: 'All press releases' }}
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
      )}
    </Loaded>
  );
}
