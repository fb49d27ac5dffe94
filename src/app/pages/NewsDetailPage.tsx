/** /news/{id}: a news item with its type and date; 404 for unknown ids; two related items. */
import type { NewsItem, NewsSummary } from '../types.ts';
import { href } from '../paths.ts';
import { articlePage } from '../components/ArticleDetail.tsx';

export const NewsDetailPage = articlePage<NewsItem, NewsSummary>({
  loading: 'Loading news',
  back: { href: href('news'), label: 'All news & updates' },
  heading: (n) => ({ label: n.type }),
  relatedHeading: 'More News',
  relatedLabel: (x) => x.type,
});
