import clsx from 'clsx';
import type { ImageRef } from '../types.ts';
import { imageDefaultSrc, imageSrc, type ImageFormat } from '../image-src.ts';
import { toneClass } from '../image-tones.ts';

interface Props {
  image: ImageRef;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport. */
  sizes: string;
  className?: string;
  /** Above the fold: load eagerly with high priority. */
  priority?: boolean;
}

/**
 * Generated artwork as AVIF/WebP at several widths, with intrinsic width/height so the browser
 * reserves the box (no layout shift), and the box painted while it loads in the tone nearest to
 * the picture's mean colour (image-tones.ts: a class, as the CSP allows no style attribute).
 */
export function Img({ image, alt, sizes, className, priority }: Props) {
  const { key, widths, width, height, color } = image;
  const srcset = (format: ImageFormat) => widths.map((w) => `${imageSrc(key, w, format)} ${w}w`).join(', ');
  const fallback = imageDefaultSrc(image) || undefined;
  return (
    <picture className={clsx('img', toneClass(color), className)}>
      {widths.length > 0 && <source type="image/avif" srcSet={srcset('avif')} sizes={sizes} />}
      {widths.length > 0 && <source type="image/webp" srcSet={srcset('webp')} sizes={sizes} />}
      <img src={fallback} alt={alt} width={width} height={height} loading={priority ? 'eager' : 'lazy'} decoding={priority ? 'auto' : 'async'} fetchPriority={priority ? 'high' : undefined} />
    </picture>
  );
}
