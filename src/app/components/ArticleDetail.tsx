/**
 * The shared layout of /research/{id}, /press-release/{id} and /news/{id}: back link, label and
 * date, the page's one <h1>, the excerpt as lede, the hero artwork, the body's "## " sections
 * (Markdown, see Prose) and the first two other items of the same collection as "Related".
 * articlePage makes such a route's page whole: its reads and the shared opening, then this layout.
 */
import { Fragment, type ComponentType, type ReactNode } from 'react';
import { Link } from '../router.tsx';
import { formatDate } from '../format.ts';
import type { Body, ImageRef } from '../types.ts';
import { PageMeta } from './PageMeta.tsx';
import { Img } from './Img.tsx';
import { ArticleCard, placeName, type ArticleCardProps } from './ArticleCard.tsx';
import { Prose } from './Prose.tsx';
import { CopyLink } from './CopyLink.tsx';
import { Loaded } from './Loaded.tsx';
import { useQuery, type QueryKey } from '../query.ts';
import type { PageProps } from '../routes.ts';

interface Props {
  back: { href: string; label: string };
  /** Category, news type, or "Press Release". */
  label: string;
  /** Press releases: the dateline city. */
  location?: string;
  date: string;
  title: string;
  excerpt: string;
  image: ImageRef;
  body: Body;
  /** Research: who wrote it (team members, linked to their profiles). */
  authors?: { name: string; link: string }[];
  related: { heading: string; items: ArticleCardProps[] };
  /** Extra content after the body (a note, a media contact). */
  children?: ReactNode;
}

export function ArticleDetail({ back, label, location, date, title, excerpt, image, body, authors, related, children }: Props) {
  return (
    <article className="article">
      <PageMeta title={title} description={excerpt.length > 160 ? `${excerpt.slice(0, 157).trimEnd()}…` : excerpt} article={{ publishedTime: date, section: label, authors }} />
      <header className="article-header">
        <div className="container article-header__inner">
          <div className="article-header__top">
            <Link href={back.href} className="back-link">
              <span aria-hidden="true">←</span> {back.label}
            </Link>
            <CopyLink title={title} />
          </div>
          <p className="article-header__meta">
            <span className="eyebrow article-header__label">
              {label}
              {location && <span className="article-header__location"> · {placeName(location)}</span>}
            </span>
            <time dateTime={date} className="article-header__date">
              {formatDate(date)}
            </time>
          </p>
          <h1 className="article-header__title">{title}</h1>
          <p className="article-header__lede">{excerpt}</p>
          {authors && (
            <p className="article-header__byline">
              By{' '}
              {authors.map((a, i) => (
                <Fragment key={a.link}>
                  {i > 0 && (i === authors.length - 1 ? ' and ' : ', ')}
                  <Link href={a.link}>{a.name}</Link>
                </Fragment>
              ))}
            </p>
          )}
        </div>
      </header>
      <div className="container article-figure">
        <Img image={image} alt="" sizes="(min-width: 900px) 832px, 100vw" priority className="article-figure__img" />
      </div>
      <div className="container article-body">
        <div className="prose article-prose">
          {body.sections.map((s, i) => (
            <section key={s.id} aria-labelledby={`section-${s.id}`} className="article-section">
              <h2 id={`section-${s.id}`} className="article-section__heading">
                {s.heading}
              </h2>
              <Prose
                blocks={s.blocks}
                listClass="article-section__list"
                lead={
                  location && i === 0 ? (
                    <strong className="article-dateline">
                      {location}, {formatDate(date)} —{' '}
                    </strong>
                  ) : undefined
                }
              />
            </section>
          ))}
          {children}
        </div>
      </div>
      {related.items.length > 0 && (
        <section className="block article-related" aria-labelledby="article-related">
          <div className="container">
            <h2 id="article-related" className="block__heading article-related__heading">
              {related.heading}
            </h2>
            <ul className="card-grid card-grid--2">
              {related.items.map((item) => (
                <ArticleCard key={item.href} {...item} headingLevel={3} />
              ))}
            </ul>
          </div>
        </section>
      )}
    </article>
  );
}

/** What an article read answers: a summary (also the related cards') with its body. */
interface ArticleSummary {
  date: string;
  title: string;
  excerpt: string;
  image: ImageRef;
  link: string;
}

/** What a detail route of an article collection gives its page: the article's read and its "related" read (404: the 404 page). */
type ArticleKeys<T, R> = { item: QueryKey<T>; related: QueryKey<R[]> };

interface ArticlePageSpec<T extends ArticleSummary, R extends ArticleSummary> {
  /** The spinner's label. */
  loading: string;
  back: Props['back'];
  /** The label, and the dateline or author, an article shows above its title. */
  heading: (a: T) => Pick<Props, 'label' | 'location' | 'authors'>;
  /** The related section's heading, and each related card's label. */
  relatedHeading: string;
  relatedLabel: (r: R) => string;
  children?: ReactNode;
}

/**
 * The page of a detail route of an article collection, from what differs between collections:
 * its two reads, the shared opening (Loaded), then ArticleDetail.
 */
export function articlePage<T extends ArticleSummary & { body: Body }, R extends ArticleSummary>(spec: ArticlePageSpec<T, R>): ComponentType<PageProps<ArticleKeys<T, R>>> {
  return ({ data }) => <ArticlePage {...data} {...spec} />;
}

function ArticlePage<T extends ArticleSummary & { body: Body }, R extends ArticleSummary>({
  item,
  related,
  loading,
  back,
  heading,
  relatedHeading,
  relatedLabel,
  children,
}: ArticleKeys<T, R> & ArticlePageSpec<T, R>) {
  const article = useQuery(item);
  const others = useQuery(related);
  return (
    <Loaded state={article} also={[others]} loading={loading}>
      {(a) => (
        <ArticleDetail
          back={back}
          {...heading(a)}
          date={a.date}
          title={a.title}
          excerpt={a.excerpt}
          image={a.image}
          body={a.body}
          related={{
            heading: relatedHeading,
            items: (others.data ?? []).map((x) => ({
              href: x.link,
              image: x.image,
              label: relatedLabel(x),
              date: x.date,
              title: x.title,
              excerpt: x.excerpt,
            })),
          }}
        >
          {children}
        </ArticleDetail>
      )}
    </Loaded>
  );
}
