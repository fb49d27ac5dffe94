/** /research/{id}: a research article (its Markdown body); 404 for unknown ids; two related items. */
import { useQuery } from '../query.ts';
import { Q } from '../types.ts';
import { href } from '../paths.ts';
import type { PageProps } from '../routes.ts';
import { Loaded } from '../components/Loaded.tsx';
import { ArticleDetail } from '../components/ArticleDetail.tsx';
import { InvestorLoginButton } from '../components/LoginOverlay.tsx';

export function ResearchDetailPage({ params }: PageProps) {
  const item = useQuery(Q.researchItem(params.id));
  const related = useQuery(Q.relatedResearch(params.id));
  return (
    <Loaded state={item} also={[related]} loading="Loading research">
      {(r) => (
        <ArticleDetail
          back={{ href: href('research'), label: 'All research' }}
          label={r.category}
          date={r.date}
          title={r.title}
          excerpt={r.excerpt}
          image={r.image}
          body={r.body}
          author={r.author}
          related={{
            heading: 'Related Research',
            items: (related.data ?? []).map((x) => ({
              href: x.link, image: x.image, label: x.category, date: x.date, title: x.title, excerpt: x.excerpt,
            })),
          }}
        >
          <aside className="article-note" aria-labelledby="article-note">
            <h2 id="article-note" className="article-note__heading">The Full Report</h2>
            <p>The complete report, with supporting data and portfolio perspectives, is available to current investors and select institutional partners.</p>
            <InvestorLoginButton className="button button--outline">Investor Login</InvestorLoginButton>
          </aside>
        </ArticleDetail>
      )}
    </Loaded>
  );
}
