/** The switchable parts of the site (spec §3); the database holds whether each is on. */
export const FEATURES = ['Portation', 'EsiaAuth', 'News', 'OperatorPage', 'OperatorsByRegionMap'] as const;
export type Feature = (typeof FEATURES)[number];

export const THEME_SETTING = 'site-theme-current';
export const DEFAULT_THEME = 'green';
