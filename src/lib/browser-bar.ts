/**
 * The colour of each theme's page (theme.css's --surface-0, the body's background), for the
 * browser's own bars around it (<meta name="theme-color">: Base.astro's default, the head's
 * script in src/layouts/head-scripts.ts, the theme store): a phone's address bar stayed
 * near-black over the light theme's white page.
 */
export const BROWSER_BAR_COLOURS = { dark: '#0a0b10', light: '#ffffff' } as const;
