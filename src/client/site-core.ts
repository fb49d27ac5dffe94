/**
 * What the site's entry (entry.tsx) imports to hydrate a page, in one module. The build's
 * `site-core` plugin (scripts/build.ts) has every lazily loaded page re-export it, so that esbuild
 * sees the code every page loads anyway as shared by the entry and every page, and puts it in one
 * chunk instead of one per combination of pages (decision 007, "One chunk for what every page
 * loads").
 */
export { App } from '../app/App.tsx';
export { BOOT_DATA_ID, Document } from '../app/Document.tsx';
export { QueryClient } from '../app/query.ts';
export { parseLocation } from '../app/router.tsx';
export { isNotFoundDocument, matchRoute } from '../app/routes.ts';
