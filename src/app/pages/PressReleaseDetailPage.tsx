/** /press-release/{id}: a press release with its dateline (media contact is part of its content); 404 for unknown ids; two related releases. */
import { Q } from '../types.ts';
import { href } from '../paths.ts';
import type { PageProps } from '../routes.ts';
import { ArticlePage } from '../components/ArticleDetail.tsx';
import { placeName } from '../components/ArticleCard.tsx';

export function PressReleaseDetailPage({ params }: PageProps) {
  return (
    <ArticlePage
      item={Q.pressRelease(params.id)}
      related={Q.relatedPressReleases(params.id)}
      loading="Loading press release"
      back={{ href: href('pressReleases'), label: 'All press releases' }}
      heading={(p) => ({ label: 'Press Release', location: p.location })}
      relatedHeading="Related Press Releases"
      relatedLabel={(x) => placeName(x.location)}
    />
  );
}
