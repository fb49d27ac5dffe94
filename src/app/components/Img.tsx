import clsx from 'clsx';
import type { ImageRef } from '../types.ts';
import { imageDefaultSrc, imageSrc, type ImageFormat } from '../image-src.ts';

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
 * reserves the box (no layout shift) and the dominant colour painted while it loads.
 */
export function Img({ image, alt, sizes, className, priority }: Props) {
  const { key, widths, width, height } = image;
  const srcset = (format: ImageFormat) => widths.map((w) => `${imageSrc(key, w, format)} ${w}w`).join(', ');
  const fallback = imageDefaultSrc(image) || undefined;
  return (
    <picture className={clsx('img', className)}>
      {widths.length > 0 && <source type="image/avif" srcSet={srcset('avif')} sizes={sizes} />}
      {widths.length > 0 && <source type="image/webp" srcSet={srcset('webp')} sizes={sizes} />}
      <img src={fallback} alt={alt} width={width} height={height} loading={priority ? 'eager' : 'lazy'} decoding={priority ? 'auto' : 'async'} fetchPriority={priority ? 'high' : undefined} />
    </picture>
  );
}
