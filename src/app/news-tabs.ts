/** The news panel's tabs (seed §4), also its URL (/?more=<tab>) before script runs (routes.ts). */
export const NEWS_TABS = ['Insights', 'About', 'Style', 'Strategies'] as const;
export type NewsTab = (typeof NEWS_TABS)[number];
