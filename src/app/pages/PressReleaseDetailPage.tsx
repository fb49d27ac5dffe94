/** /press-release/{id}: a press release with its dateline (media contact is part of its content); 404 for unknown ids; two related releases. */
import type { PressRelease, PressReleaseSummary } from '../types.ts';
import { href } from '../paths.ts';
import { articlePage } from '../components/ArticleDetail.tsx';
import { placeName } from '../components/ArticleCard.tsx';

export const PressReleaseDetailPage = articlePage<PressRelease, PressReleaseSummary>({
  loading: 'Loading press release',
  back: { href: href('pressReleases'), label: 'All press releases' },
  heading: (p) => ({ label: 'Press Release', location: p.location }),
  relatedHeading: 'Related Press Releases',
  relatedLabel: (x) => placeName(x.location),
});
