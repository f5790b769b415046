import type { ReadableAtom } from 'nanostores';
import { $otherDevice } from '../../stores/devices';
import { $miniPlayerAvailable } from '../../stores/mini-player';
import { $paletteOpen } from '../../stores/palette';
import { $duplicatePrompt, $playlistPicker, $signInAgain } from '../../stores/playlist-dialogs';
import { $limitSecondsLeft } from '../../stores/provider-limit';
import { $toasts } from '../../stores/toasts';
import { $ui } from '../../stores/ui';
import { wakeIslands } from '../../lib/intent-signals';

/** Calls `wake` (once) when `store` shows what `shows` says; returns the way to stop listening. */
type Watch = (wake: () => void) => () => void;
const whenShown =
  <T>(store: ReadableAtom<T>, shows: (value: T) => boolean): Watch =>
  (wake) =>
    store.subscribe((value) => {
      if (shows(value)) wake();
    });

/**
 * What the shell's islands (`client:intent="shell"` in App.astro: the top bar, the narrow
 * screen's buttons, the overlays, the side list) show without the user's input. The server
 * renders none of these: a toast, a dialog a call opened (sign in again), the
 * rate limit's countdown, the music on another device, the mini-player's button. Not the
 * browser's install offer: the shell's script enables the server's Install App buttons
 * (install-without-island.ts).
 */
const SHOWN_WITHOUT_INPUT: Watch[] = [
  whenShown($toasts, (toasts) => toasts.length > 0),
  whenShown($ui, (ui) => ui.openMoreOptionBottomSheet || ui.openDialogPremiumRequired || ui.openDialogImagePreview),
  whenShown($paletteOpen, (open) => open),
  whenShown($playlistPicker, (track) => track !== null),
  whenShown($duplicatePrompt, (prompt) => prompt !== null),
  whenShown($signInAgain, (asked) => asked),
  whenShown($limitSecondsLeft, (seconds) => seconds > 0),
  whenShown($otherDevice, (device) => device !== null),
  whenShown($miniPlayerAvailable, (available) => available),
];

/**
 * The shell's islands hydrate on the page's first input, or once one of their stores has
 * something to show (then all of them: they share one renderer and one chunk). Until then a
 * page nobody touches loads no React for its shell. Called once by the shell's script.
 */
export function wakeShellWhenItShows(): void {
  let woken = false;
  let stops: (() => void)[] = [];
  // Woken, the islands follow their stores themselves.
  const wake = () => {
    if (woken) return;
    woken = true;
    wakeIslands('shell');
    stops.forEach((stop) => stop());
  };
  stops = SHOWN_WITHOUT_INPUT.map((watch) => watch(wake));
  if (woken) stops.forEach((stop) => stop());
}
