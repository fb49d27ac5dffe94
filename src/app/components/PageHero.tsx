import type { ReactNode } from 'react';
import type { ImageRef } from '../types.ts';
import { Img } from './Img.tsx';

interface Props {
  eyebrow: string;
  title: string;
  lede?: string;
  image?: ImageRef;
  children?: ReactNode;
}

/** The top of an inner page: eyebrow, the page's one <h1>, lede, optional artwork. */
export function PageHero({ eyebrow, title, lede, image, children }: Props) {
  return (
    <header className={image ? 'page-hero page-hero--image' : 'page-hero'}>
      {image && <Img image={image} alt="" sizes="100vw" priority className="page-hero__img" />}
      <div className="page-hero__inner">
        <p className="eyebrow eyebrow--light">{eyebrow}</p>
        <h1 className="page-hero__title">{title}</h1>
        {lede && <p className="page-hero__lede">{lede}</p>}
        {children}
      </div>
    </header>
  );
}
