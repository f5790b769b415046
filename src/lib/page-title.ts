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

// The page's own title, apart from the playing track's that the tab shows meanwhile
// (src/playback/document-title.ts). Here, beside the titles' wording, so a store that renames the
// page (a playlist renamed on screen) can tell it without loading the player.


// document.title gives the <title>'s text with its white space collapsed.
const asTitle = (text: string) => text.replace(/[\t\n\f\r ]+/g, ' ').trim();

/** The running title keeper (document-title.ts), while one runs. */
interface TitleKeeper {
  /** The page's own title, whether the tab shows it now or a track's. */
  pageTitle(): string;
  /** The page's title is now `title`: shown at once unless a track's shows, then when it goes. */
  note(title: string): void;
}

let keeper: TitleKeeper | null = null;

/** document-title.ts installs itself here while it runs (null once stopped). */
export function keepPageTitle(next: TitleKeeper | null): void {
  keeper = next;
}

/**
 * The page's own title is now `title` (a rename of what the page shows). While a track plays
 * the tab keeps the track's, and the new title comes back when it stops, not the one the page
 * had. With `over`, only a page whose title is that one is renamed (the page may have changed
 * meanwhile).
 */
export function notePageTitle(title: string, over?: string): void {
  if (typeof document === 'undefined') return;
  const current = keeper ? keeper.pageTitle() : document.title;
  if (over !== undefined && asTitle(current) !== asTitle(over)) return;
  if (keeper) keeper.note(title);
  else document.title = title;
}
