import { atom, map, onMount, type ReadableAtom } from 'nanostores';
import { NARROW_SCREEN } from '../lib/screens';
import { readStored, STORAGE_KEYS, writeStored } from '../lib/storage';
import { $paletteOpen, closePalette } from './palette';
import { $route, routeKeyOf, type Route } from './route';

interface UiState {
  isTopLoading: boolean;
  /** 0 to 100, for the top loading bar. */
  topLoadingProgress: number;
  openMoreOptionBottomSheet: boolean;
  openDialogImagePreview: boolean;
  /** The image the preview dialog shows (the album cover that was clicked). */
  imagePreviewUrl: string | null;
  /** Whose picture the preview shows (its text alternative). */
  imagePreviewName: string | null;
  openDialogPremiumRequired: boolean;
}

/** The global UI flags of SPEC §3: top loading bar, bottom sheet, image preview, premium prompt. */
export const $ui = map<UiState>({
  isTopLoading: false,
  topLoadingProgress: 0,
  openMoreOptionBottomSheet: false,
  openDialogImagePreview: false,
  imagePreviewUrl: null,
  imagePreviewName: null,
  openDialogPremiumRequired: false,
});

/** Shows the top loading bar at a given progress (0 to 100). */
export function startTopLoading(progress = 10): void {
  $ui.set({ ...$ui.get(), isTopLoading: true, topLoadingProgress: progress });
}

/** Moves the top loading bar on. */
function setTopLoadingProgress(progress: number): void {
  $ui.setKey('topLoadingProgress', Math.max(0, Math.min(100, progress)));
}

/** Completes and hides the top loading bar. */
export function finishTopLoading(): void {
  $ui.set({ ...$ui.get(), isTopLoading: false, topLoadingProgress: 100 });
}

/** Opens the narrow screen's bottom sheet (Go Back, Go Forward, Install App, LogOut). */
export function openBottomSheet(): void {
  $ui.setKey('openMoreOptionBottomSheet', true);
}

/** Closes the bottom sheet. */
export function closeBottomSheet(): void {
  $ui.setKey('openMoreOptionBottomSheet', false);
}

// Reaction: the sheet is the narrow screen's (SPEC §2). A window made wide (a tablet turned, a
// desktop's window widened) closes it: the phone's full-width sheet stood over the wide layout,
// whose own controls (the top bar's) do what it offers. BottomSheet.tsx sees where the focus goes.
onMount($ui, () => {
  if (typeof matchMedia !== 'function') return;
  const narrow = matchMedia(NARROW_SCREEN);
  const onChange = () => {
    if (!narrow.matches && $ui.get().openMoreOptionBottomSheet) closeBottomSheet();
  };
  narrow.addEventListener('change', onChange);
  return () => narrow.removeEventListener('change', onChange);
});

/** Opens the image preview dialog on an image. */
export function openImagePreview(url: string | null = null, name: string | null = null): void {
  $ui.set({ ...$ui.get(), openDialogImagePreview: true, imagePreviewUrl: url, imagePreviewName: name });
}

/** Closes the image preview; SPEC §4: only its Close button calls this, not backdrop or Escape. */
export function closeImagePreview(): void {
  $ui.set({ ...$ui.get(), openDialogImagePreview: false, imagePreviewUrl: null, imagePreviewName: null });
}

/** Opens the 'Premium Required' prompt. */
export function openPremiumPrompt(): void {
  $ui.setKey('openDialogPremiumRequired', true);
}

/** Closes the 'Premium Required' prompt. */
export function closePremiumPrompt(): void {
  $ui.setKey('openDialogPremiumRequired', false);
}

/** The sheet listing the keyboard shortcuts ('?') is open. */
export const $shortcutsSheet = atom(false);

/** Opens or closes the keyboard shortcuts sheet. */
export function setShortcutsSheet(open: boolean): void {
  $shortcutsSheet.set(open);
}

/**
 * Whether the player's single-key shortcuts (L, Q, ?) listen: on unless the user turned them off
 * in the shortcuts sheet (WCAG 2.1.4: a speech-input user's words arrive as letters, and a brushed
 * key should not like a track). Kept in this browser.
 */
export const $singleKeyShortcuts = atom<boolean>(readStored<unknown>(STORAGE_KEYS.singleKeyShortcuts, true) !== false);

/** Turns the single-key shortcuts on or off, for this browser. */
export function setSingleKeyShortcuts(on: boolean): void {
  $singleKeyShortcuts.set(on);
  writeStored(STORAGE_KEYS.singleKeyShortcuts, on);
}

let pageLoads = 0;

/**
 * Shows the top loading bar while a page's data loads; loads that overlap keep
 * it up until the last one settles. Resolves like the promise it watches. With `shownAfterMs`,
 * only a load still running by then shows it: a page swap that answers at once does not flash it.
 */
export async function withTopLoading<T>(load: Promise<T>, shownAfterMs = 0): Promise<T> {
  if (shownAfterMs <= 0) return showTopLoadingWhile(load);
  const slow = setTimeout(() => void showTopLoadingWhile(load).catch(() => undefined), shownAfterMs);
  try {
    return await load;
  } finally {
    clearTimeout(slow);
  }
}

async function showTopLoadingWhile<T>(load: Promise<T>): Promise<T> {
  pageLoads++;
  startTopLoading(Math.max($ui.get().topLoadingProgress % 100, 30));
  try {
    return await load;
  } finally {
    pageLoads--;
    if (pageLoads === 0) finishTopLoading();
    else setTopLoadingProgress($ui.get().topLoadingProgress + (100 - $ui.get().topLoadingProgress) / 2);
  }
}

/**
 * What is opened over a page goes with it. The shell's modals live in its overlays, which the
 * client router keeps from page to page: Back (a phone's back gesture too) left the bottom sheet
 * open over the page before, and the Add to playlist picker over Home, still holding the last
 * page's track. A new address (a link, Back, Forward, the palette; a new q too, but not a #hash)
 * closes them all: the bottom sheet (its device picker with it, BottomSheet.tsx), the premium
 * prompt, the image preview (whose Close is otherwise its only way out: its page has gone), the
 * command palette, the shortcuts sheet and the playlist dialogs (playlist-dialogs.ts). A page's
 * own dialogs (Edit details, a track's menu) go with the page's islands. The player's panels stay
 * (its queue, its device picker, the Now Playing view's): the card goes on from page to page with
 * what it shows.
 *
 * `close` runs on every route change while `store` has a listener, the route's reading as it
 * mounts being no change: not from the module's import, before the page's address was set (a
 * test's or a server render's import). `$ui` has one from the shell's start (shell-wakes.ts), so
 * the router is mounted with the shell; its params decode without a throw (route.ts).
 */
export function closeOnRouteChange(store: ReadableAtom<unknown>, close: () => void): void {
  onMount(store, () => {
    let shownAddress = addressOf($route.get());
    return $route.listen((route) => {
      const address = addressOf(route);
      if (address === shownAddress) return;
      shownAddress = address;
      close();
    });
  });
}

const addressOf = (route: Route | null): string | null => (route ? routeKeyOf(route) : null);

closeOnRouteChange($ui, () => {
  const ui = $ui.get();
  if (ui.openMoreOptionBottomSheet) closeBottomSheet();
  if (ui.openDialogPremiumRequired) closePremiumPrompt();
  if (ui.openDialogImagePreview) closeImagePreview();
});
closeOnRouteChange($shortcutsSheet, () => setShortcutsSheet(false));
closeOnRouteChange($paletteOpen, closePalette);
