/**
 * The seed's business constants (seed §9), named once so that code and tests read the same number.
 */
export const SLIDER_INTERVAL_MS = 8000;
export const LOGIN_CHECK_DELAY_MS = 500;
export const NEWS_PANEL_SCROLL_DELAY_MS = 300;
export const NAV_SOLID_AFTER_Y = 50;
export const NAV_HIDE_AFTER_Y = 100;
export const NAV_SHOW_UNDER_Y = 10;
export const NEWS_PANEL_MAX_ITEMS = 3;
export const RELATED_ITEMS = 2;
/** Research summaries in the home page's "Latest Insights" (beyond the seed: the home page below the slider). */
export const HOME_INSIGHTS = 3;
/** Items per page of a listing (/research, /press-releases, /news-updates, /resources): four rows of the 3-column grid. */
export const LISTING_PAGE_SIZE = 12;
export const COOKIE_SAVED_NOTICE_MS = 3000;
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

export const SITE_NAME = 'Halden Rowe Capital';
/** The year the firm was founded (seed: firm facts); content/site.json must say the same (content/schema.ts). */
export const FOUNDED_YEAR = 1999;
/** The article sections' names, as their pages title them and every menu, filter, feed and breadcrumb says them (seed §2). */
export const SECTION_NAMES = { research: 'Insights and Research', pressReleases: 'Press Releases', news: 'News & Updates' } as const;
/** The date the firm's figures ($12B+ under management, 150+ companies, 45+ professionals) are stated as of: one date for every place that shows them. */
export const FIRM_FIGURES_AS_OF = '2025-12-31';
export const LOGIN_ERROR = 'Incorrect password. Please try again.';
export const COOKIE_PREFERENCES_KEY = 'cookiePreferences';
/** Session cookie name. `__Host-` would forbid plain-HTTP local use, so the name is plain. */
export const SESSION_COOKIE = 'hrc_session';
