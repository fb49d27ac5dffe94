/**
 * Every Cache-Control value the server sends, in one place, and which answers get which.
 */
import type { SiteAccess } from './config.ts';

/** Private to the visitor, revalidated on every use (ETag → 304): pages, API answers and feeds while gated. */
export const PRIVATE_REVALIDATE = 'private, no-cache';
/**
 * Public mode: pages, API answers and feeds may be kept by browsers and CDNs for 5 minutes and
 * served stale for a day while revalidated (ETag → 304), so a content deploy shows within minutes.
 */
export const PUBLIC_PAGE_CACHE = 'public, max-age=300, stale-while-revalidate=86400';
/** Images have stable names that a regeneration reuses (not content hashes): a day, not a year. */
export const PUBLIC_IMAGE_CACHE = 'public, max-age=86400, stale-while-revalidate=604800';
export const PRIVATE_IMAGE_CACHE = 'private, max-age=86400';
/** Hashed names never change content: a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const PRIVATE_IMMUTABLE = 'private, max-age=31536000, immutable';
/** robots.txt, the favicon and the other files of public/ served as they are. */
export const PUBLIC_FILE = 'public, max-age=3600';
/** Answers about one visitor or one moment: health, redirects without a session, posts. */
export const NO_STORE = 'no-store';

/** What documents (pages, API answers, the sitemap, feeds) say in an access mode. */
export const documentCacheControl = (access: SiteAccess) => (access === 'public' ? PUBLIC_PAGE_CACHE : PRIVATE_REVALIDATE);
