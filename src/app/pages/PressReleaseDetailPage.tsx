/** /press-release/{id}: a press release with its dateline (media contact is part of its content); 404 for unknown ids; two related releases. */
import type { PressRelease, PressReleaseSummary } from '../types.ts';
import type { QueryKey } from '../query.ts';
import { href } from '../paths.ts';
import type { PageProps } from '../routes.ts';
import { ArticlePage } from '../components/ArticleDetail.tsx';
import { placeName } from '../components/ArticleCard.tsx';

export function PressReleaseDetailPage({ data }: PageProps<{ item: QueryKey<PressRelease>; related: QueryKey<PressReleaseSummary[]> }>) {
  return (
    <ArticlePage
      item={data.item}
      related={data.related}
      loading="Loading press release"
      back={{ href: href('pressReleases'), label: 'All press releases' }}
      heading={(p) => ({ label: 'Press Release', location: p.location })}
      relatedHeading="Related Press Releases"
      relatedLabel={(x) => placeName(x.location)}
    />
  );
}
