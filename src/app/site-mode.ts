/**
 * How the site is served, as the pages need to know it: behind the password gate or public
 * (SITE_ACCESS), and the public origin for absolute URLs (PUBLIC_ORIGIN). Set by the server for
 * the whole document (Document.tsx) and embedded in the boot data, so hydration sees the same.
 */
import { createContext, use } from 'react';

export interface SiteMode {
  access: 'password' | 'public';
  /** "https://www.example.com", or null: URLs in the document stay relative to the page. */
  origin: string | null;
}

export const GATED: SiteMode = { access: 'password', origin: null };
export const SiteModeContext = createContext<SiteMode>(GATED);
export const useSiteMode = (): SiteMode => use(SiteModeContext);
