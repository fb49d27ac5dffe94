/** Values shared by playwright.config.ts, the global setup and the specs. */
export const PORT = Number(process.env.E2E_PORT || 3999);
export const BASE_URL = `http://localhost:${PORT}`;
/** The second server, in public mode (SITE_ACCESS=public), for the `public` project. */
export const PUBLIC_PORT = Number(process.env.E2E_PUBLIC_PORT || PORT + 1);
export const PUBLIC_URL = `http://localhost:${PUBLIC_PORT}`;
/** Its PUBLIC_ORIGIN: absolute URLs point there, while the browser talks to PUBLIC_URL. */
export const PUBLIC_ORIGIN = 'https://www.haldenrowe.example';
/** The site password of the e2e server (webServer.env.SITE_PASSWORD). */
export const E2E_PASSWORD = 'e2e-password';
/** 48 characters; the server requires 32+ in production. */
export const E2E_SESSION_SECRET = 'e2e-session-secret-0123456789abcdefghijklmnopqrs';
/** Signed-in browser state written by global-setup.ts and reused by every authenticated test. */
export const AUTH_STATE = 'reports/.auth/state.json';
/** axe results, one JSON file per page × state × viewport, read by axe-report.ts. */
export const AXE_RESULTS_DIR = 'reports/axe/results';
export const AXE_REPORT_DIR = 'reports/axe';
/** IBM Equal Access results, one JSON file per page × state × viewport (next to axe's). */
export const IBM_RESULTS_DIR = 'reports/axe/ibm-results';
/**
 * The day the e2e servers show the content as of (CONTENT_DATE: the careers pages list the roles
 * open that day), the same as the HTTP tests'; playwright.config.ts passes it to both servers.
 */
export { TEST_CONTENT_DATE as E2E_CONTENT_DATE } from '../helpers/content-date.ts';
