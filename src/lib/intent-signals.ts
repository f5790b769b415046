import type { PlayingMark } from './playing-mark';

/**
 * What the shell's script and the `client:intent` directive (hydrate-on-intent.ts) tell each
 * other. A module of its own, so that the shell's bundle carries these few lines, not a second
 * copy of the directive that Astro already inlines into the page.
 */

/** The event an island sends when its code could not be loaded: the shell reports the lost connection. */
export const ISLAND_UNLOADED = 'my-music:island-unloaded';

/** The event the shell sends when what the lists show of the player changes: its current track, or whether it plays. */
export const PLAYING_MARK = 'my-music:playing-mark';

/** The event the shell sends to wake the islands of a name (`client:intent="shell"`): what they show has changed. */
export const WAKE_ISLANDS = 'my-music:wake-islands';

/** The names islands wait under besides the user's first input: the shell's own (its top bar, overlays, side list), the player card. */
export type WakeName = 'shell' | 'player';

/**
 * The mark a page's content island carries when it is to hydrate as it comes, input or not: the
 * shell's script marks the islands of a page shown again whose lists hold more than its HTML
 * (page-memory.ts `showsMoreThanItsHtml`), so the list shows whole at once.
 */
export const HYDRATES_AS_IT_COMES = 'data-hydrates-as-it-comes';

type SignalWindow = Window & { __myMusicPlayingMark?: PlayingMark; __myMusicWoken?: Set<WakeName>; __myMusicPressed?: EventTarget | null; __myMusicFocusing?: Element | null };

/** The shell's script says which track the player holds and whether it plays; kept on the window for islands a later page brings. */
export function notePlayingMark(mark: PlayingMark): void {
  (window as SignalWindow).__myMusicPlayingMark = mark;
  document.dispatchEvent(new CustomEvent<PlayingMark>(PLAYING_MARK, { detail: mark }));
}

/** The player's mark, as the shell's script last said; undefined before it has said (the stores have not yet started from the page's answer). */
export function playingMark(): PlayingMark | undefined {
  return (window as SignalWindow).__myMusicPlayingMark;
}

/**
 * The shell's script says that the islands waiting under `name` have something to show that the
 * server's HTML has not (a toast, the rate limit's countdown): they hydrate now, input or not.
 * Kept on the window: an island whose directive runs later hydrates at once.
 */
export function wakeIslands(name: WakeName): void {
  const win = window as SignalWindow;
  (win.__myMusicWoken ??= new Set()).add(name);
  document.dispatchEvent(new CustomEvent<WakeName>(WAKE_ISLANDS, { detail: name }));
}

/** Whether the islands of `name` were woken in this document. */
export function isWoken(name: string): boolean {
  return (window as SignalWindow).__myMusicWoken?.has(name as WakeName) ?? false;
}

/**
 * The directive hears every key and pointer press from the page's first parse (before any island
 * has hydrated): what the last press was on, or null when the last input was a key.
 */
export function noteLastInput(event: Event): void {
  (window as SignalWindow).__myMusicPressed = event.type === 'pointerdown' ? event.target : null;
}

/**
 * Whether the user's last input was a press (a click, a tap) on `element` or inside it: so a
 * focus it has is the pointer's, not the keyboard's (Tab), nor a script's (a dialog closing gives
 * focus back), nor the window's coming back (Alt+Tab).
 */
export function pressedLast(element: Element | null): boolean {
  const pressed = (window as SignalWindow).__myMusicPressed;
  return element !== null && pressed instanceof Node && element.contains(pressed);
}

/**
 * The shell's script gives `element` the focus (the new page's content after a swap, WCAG 2.4.3):
 * a script's focus, not the user's input, so the directive does not take it for one
 * (`focusGivenByScript`). Focus events fire within `focus()`, so the mark lasts that call only.
 */
export function focusWithoutIntent(element: HTMLElement, options?: FocusOptions): void {
  const win = window as SignalWindow;
  win.__myMusicFocusing = element;
  try {
    element.focus(options);
  } finally {
    win.__myMusicFocusing = null;
  }
}

/** The element the shell's script is giving the focus this moment (`focusWithoutIntent`), or null. */
export function focusGivenByScript(): Element | null {
  return (window as SignalWindow).__myMusicFocusing ?? null;
}
