import { isolated } from './bidi';

/**
 * A page's tab title naming what it shows ("Midnight Drive", "Albums By Luna"): tabs, history
 * and bookmarks then tell one album from another. The provider's name is isolated (bidi.ts), so a
 * right-to-left one keeps "| My Music" after it. `fallback` where the page shows none (not found,
 * failed).
 */
export function namedTitle(name: string | null | undefined, fallback: string, prefix = ''): string {
  return name ? `${prefix}${isolated(name)}` : fallback;
}

/** The tab's title of a page titled `title` (Base.astro's, and a page renamed in the browser): the product's name after it. */
export function tabTitleOf(title: string): string {
  return title === 'My Music' ? title : `${title} | My Music`;
}
