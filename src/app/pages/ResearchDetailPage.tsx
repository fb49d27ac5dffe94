/** /research/{id}: a research article (its Markdown body); 404 for unknown ids; two related items. */
import type { ResearchItem, ResearchSummary } from '../types.ts';
import { href } from '../paths.ts';
import { articlePage } from '../components/ArticleDetail.tsx';
import { InvestorLoginButton } from '../components/LoginOverlay.tsx';

export const ResearchDetailPage = articlePage<ResearchItem, ResearchSummary>({
  loading: 'Loading research',
  back: { href: href('research'), label: 'All research' },
  heading: (r) => ({ label: r.category, authors: r.authors }),
  relatedHeading: 'Related Research',
  relatedLabel: (x) => x.category,
  children: (
    <aside className="article-note" aria-labelledby="article-note">
      <h2 id="article-note" className="article-note__heading">
        The Full Report
      </h2>
      <p>The complete report, with supporting data and portfolio perspectives, is available to current investors and select institutional partners.</p>
      <InvestorLoginButton className="button button--outline">Investor Login</InvestorLoginButton>
    </aside>
  ),
});
