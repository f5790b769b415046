import { atom, map } from 'nanostores';
import { readStored, STORAGE_KEYS, writeStored } from '../lib/storage';

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
