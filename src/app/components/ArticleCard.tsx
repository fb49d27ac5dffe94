/** A card for a research item, press release or news item: image, label and date, title link, excerpt. */
import type { ReactNode } from 'react';
import { Link } from '../router.tsx';
import { formatDate } from '../format.ts';
import type { ImageRef } from '../types.ts';
import { Img } from './Img.tsx';

/** "NEW YORK" (a press release dateline) → "New York" for labels. */
export const placeName = (s: string) => s.toLowerCase().replace(/(^|[\s-])\p{L}/gu, (c) => c.toUpperCase());

export interface ArticleCardProps {
  href: string;
  image: ImageRef;
  /** Category, news type or kind, shown above the title. */
  label: string;
  date: string;
  title: string;
  excerpt: string;
  /** h2 on a listing (cards sit right under the page's h1), h3 under a "Related" heading. */
  headingLevel?: 2 | 3;
}

export function ArticleCard({ href, image, label, date, title, excerpt, headingLevel = 2 }: ArticleCardProps) {
  return (
    <li className="card article-card">
      {/* The artwork is decorative: the title says what the card is. */}
      <Img image={image} alt="" sizes="(min-width: 900px) 30vw, (min-width: 640px) 45vw, 100vw" className="card__img" />
      <div className="card__body">
        <p className="card__meta">
          <span>{label}</span>
          <time dateTime={date}>{formatDate(date)}</time>
        </p>
        <CardTitle level={headingLevel} href={href}>
          {title}
        </CardTitle>
        <p className="card__text article-card__text">{excerpt}</p>
      </div>
    </li>
  );
}

/** A card's title: its link, the card's one target. */
export function CardTitle({ level, href, children }: { level: 2 | 3 | 4; href: string; children: ReactNode }) {
  const Heading = `h${level}` as const;
  return (
    <Heading className="card__title">
      <Link href={href} className="card__link">
        {children}
      </Link>
    </Heading>
  );
}
