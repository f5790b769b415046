import { isolated } from './bidi';

/**
 * Whether a provider's name has anything to read. The provider takes a blank name ('', or only
 * spaces and invisible marks) for a playlist or an album; such a name is no name: a page shows
 * "Untitled …" for it (shownName), and its tab the page's own word.
 */
export function isNamed(name: string | null | undefined): name is string {
  return typeof name === 'string' && /[^\s\u200b-\u200f\u2060-\u2064\ufeff]/u.test(name);
}

/**
 * A name as a heading, a tile or a button's label reads it: the provider's, or "Untitled Album"
 * ("Untitled " and `what`, the entity's type, capitalised) where it is blank, so no heading is
 * empty for a screen reader and no button is named "Save ".
 */
export function shownName(name: string | null | undefined, what: string): string {
  return isNamed(name) ? name : `Untitled ${what.charAt(0).toUpperCase()}${what.slice(1)}`;
}

/**
 * A page's tab title naming what it shows ("Midnight Drive", "Albums By Luna"): tabs, history
 * and bookmarks then tell one album from another. The provider's name is isolated (bidi.ts), so a
 * right-to-left one keeps "| My Music" after it. `fallback` where the page shows none (not found,
 * failed, or a blank name: "Album | My Music", not "⁨ ⁩ | My Music").
 */
export function namedTitle(name: string | null | undefined, fallback: string, prefix = ''): string {
  return isNamed(name) ? `${prefix}${isolated(name)}` : fallback;
}

/** The tab's title of a page titled `title` (Base.astro's, and a page renamed in the browser): the product's name after it. */
export function tabTitleOf(title: string): string {
  return title === 'My Music' ? title : `${title} | My Music`;
}
