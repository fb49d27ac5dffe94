/**
 * The day the tests see the content as of (CONTENT_DATE, src/server/config.ts): the careers pages
 * show the roles open on a day, so a test that ran on the real date would change as roles close.
 * Every role in content/careers is open on this day. CONTENT_DATE in the environment overrides it.
 */
export const TEST_CONTENT_DATE = process.env.CONTENT_DATE || '2026-12-01';
