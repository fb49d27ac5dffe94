/** /research/{id}: a research summary; 404 for unknown ids; two related items. */
import { useQuery } from '../query.ts';
import { Q, type ResearchItem } from '../types.ts';
import type { PageProps } from '../routes.ts';
import { Spinner } from '../components/Spinner.tsx';
import { PageError } from '../components/PageError.tsx';
import { ArticleDetail } from '../components/ArticleDetail.tsx';
import { useOverlay } from '../components/overlay-context.tsx';
import { relatedItems } from '../filters.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

export function ResearchDetailPage({ params }: PageProps) {
  const research = useQuery<ResearchItem[]>(Q.research);
  const { setOverlay } = useOverlay();
  if (research.status === 'pending') return <Spinner label="Loading research" />;
  if (research.status === 'error') return <PageError error={research.error} />;
  const r = research.data.find((x) => x.id === params.id);
  if (!r) return <NotFoundPage />;
  return (
    <ArticleDetail
      back={{ href: '/research', label: 'All research' }}
      label={r.category}
      date={r.date}
      title={r.title}
      excerpt={r.excerpt}
      image={r.image}
      sections={r.sections}
      author={r.author}
      related={{
        heading: 'Related research',
        items: relatedItems(research.data, r.id).map((x) => ({
          href: `/research/${x.id}`, image: x.image, label: x.category, date: x.date, title: x.title, excerpt: x.excerpt,
        })),
      }}
    >
      <aside className="article-note" aria-labelledby="article-note">
        <h2 id="article-note" className="article-note__heading">The full report</h2>
        <p>The complete report, with supporting data and portfolio perspectives, is available to current investors and select institutional partners.</p>
        <button type="button" className="button button--outline" onClick={() => setOverlay('login')}>Investor Login</button>
      </aside>
    </ArticleDetail>
  );
}
