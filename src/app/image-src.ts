/**
 * Where the image pipeline (scripts/art/images.ts) writes each image under public/images, and so
 * the URL pages use for it: the one rule, read by the pipeline, the read API's `imageUrl`, the
 * `<Img>` srcset and the Open Graph image.
 */
import type { ImageRef } from './types.ts';

export type ImageFormat = 'avif' | 'webp';

/** A variant's file under public/images: "team/jane-doe" at 480 px as WebP → "team/jane-doe-480.webp". */
export const imageFile = (key: string, width: number, format: ImageFormat): string => `${key}-${width}.${format}`;

/** A variant's URL: "/images/team/jane-doe-480.webp". */
export const imageSrc = (key: string, width: number, format: ImageFormat = 'webp'): string => `/images/${imageFile(key, width, format)}`;

/** The single-URL form of an image (an `<img src>`, `imageUrl`): the first variant at least 960 px wide, else the widest; '' without variants. */
export function imageDefaultSrc({ key, widths }: Pick<ImageRef, 'key' | 'widths'>): string {
  if (!widths.length) return '';
  return imageSrc(key, widths.find((w) => w >= 960) ?? widths[widths.length - 1]);
}

/**
 * The link-preview image: the one JPEG the pipeline makes (1200 × 630, what every preview
 * service reads), from the artwork `site/og-default`. No other key gets a JPEG.
 */
export const OG_IMAGE = { key: 'site/og-default', width: 1200, height: 630 } as const;
export const ogImageFile = (key: string): string => `${key}.jpg`;
export const OG_IMAGE_SRC = `/images/${ogImageFile(OG_IMAGE.key)}`;

/** The /team page's hero: drawn by the pipeline like the share card (no content entry names it). */
export const TEAM_IMAGE = { key: 'pages/team' } as const;

/**
 * A portfolio company's wordmark: one SVG per company (outlined type, no style attribute), all in
 * one box so a page can reserve it without reading a manifest: "/images/portfolio/<id>.svg".
 */
export const WORDMARK = { width: 240, height: 72 } as const;
export const wordmarkFile = (companyId: string): string => `portfolio/${companyId}.svg`;
export const wordmarkSrc = (companyId: string): string => `/images/${wordmarkFile(companyId)}`;
