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
export { homeOpensPart, preloadHomeParts } from '../app/pages/HomePage.tsx';
// The filter bar (with the pagination whose ids it shares) is used by every listing and by /team,
// which is not a listing: left to esbuild it became a chunk of its own, one more file on every
// listing page (the budget of tests/unit/budgets.test.ts); in the core it costs the other pages 0.9 KB gzip (17.2 → 18.1 KB).
export { FilterBar } from '../app/components/FilterBar.tsx';
