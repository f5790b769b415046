import { $player, changeVolume, likeCurrentTrack, nextTrack, previousTrack } from '../stores/player';
import { $singleKeyShortcuts, setShortcutsSheet } from '../stores/ui';
import { OPEN_MODAL } from '../lib/modal';
import { togglePlay } from '../stores/play';
import { controlsAllowed, type ControlsAllowed, type PlayerState } from '../stores/player-rules';
import { toggleQueue } from '../stores/queue';
import { showToast } from '../stores/toasts';
import { announce } from '../lib/announce';

/** Volume step of Shift+Up and Shift+Down, in percent. */
const VOLUME_STEP = 10;

/** What each key does; the '?' sheet lists these. */
export const SHORTCUTS = [
  { keys: 'Space', label: 'Play or pause' },
  { keys: 'Shift + →', label: 'Next track' },
  { keys: 'Shift + ←', label: 'Previous track' },
  { keys: 'Shift + ↑', label: 'Volume up' },
  { keys: 'Shift + ↓', label: 'Volume down' },
  { keys: 'L', label: 'Like or unlike the playing track' },
  { keys: 'Q', label: 'Show or hide the queue' },
  { keys: '?', label: 'Show keyboard shortcuts' },
  // Listened for by the shell's script (stores/palette.ts listenForPaletteKey), on every page and in text fields too.
  { keys: 'Ctrl + K', label: 'Command palette (⌘ + K on a Mac)' },
] as const;

export type ShortcutAction = 'toggle' | 'next' | 'previous' | 'volumeUp' | 'volumeDown' | 'like' | 'queue' | 'help';

type KeyInfo = Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'> & { target: EventTarget | null };

/** The nearest element from the key's target up that matches `selector`, or null (a target that is no element: the window, a test's plain object). */
function closestTo(target: EventTarget | null, selector: string): Element | null {
  return target && typeof (target as Element).closest === 'function' ? (target as Element).closest(selector) : null;
}

/** True while the user types: a text field, a select, or editable content has the key. */
function isTyping(target: EventTarget | null): boolean {
  if ((target as HTMLElement | null)?.isContentEditable) return true;
  if (closestTo(target, 'textarea, select, [contenteditable="true"]')) return true;
  const input = closestTo(target, 'input') as HTMLInputElement | null;
  return input !== null && !['checkbox', 'radio', 'button', 'submit', 'reset', 'range'].includes(input.type);
}

/**
 * A slider (the Seek and Volume ranges) moves on its arrows with Shift as without: there they are
 * its own, and a keyboard user seeking must not skip the track. Its other keys stay shortcuts
 * (L, Q; Space on a native range, which does nothing with it, plays or pauses).
 */
const SLIDER = 'input[type="range"], [role="slider"]';

/** The keys that are one character alone (WCAG 2.1.4): they listen only while the user leaves them on. */
export const SINGLE_KEYS = ['L', 'Q', '?'] as const;

/**
 * The shortcut a key press means, or null (typing, a modifier combination, another key, or a
 * single-character key the user turned off: `singleKeys`).
 */
export function shortcutFor(event: KeyInfo, singleKeys = true): ShortcutAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return null;
  if (!singleKeys && SINGLE_KEYS.some((key) => key === event.key.toUpperCase())) return null;
  if (event.key === '?') return 'help';
  if (event.shiftKey) {
    if (closestTo(event.target, SLIDER)) return null;
    const shifted: Record<string, ShortcutAction> = { ArrowRight: 'next', ArrowLeft: 'previous', ArrowUp: 'volumeUp', ArrowDown: 'volumeDown' };
    return shifted[event.key] ?? null;
  }
  if (event.key === ' ') {
    // Space on a button or link presses it; that is not the shortcut.
    return closestTo(event.target, 'button, a, [role="button"], [role="slider"]') ? null : 'toggle';
  }
  if (event.key === 'l' || event.key === 'L') return 'like';
  if (event.key === 'q' || event.key === 'Q') return 'queue';
  return null;
}

/**
 * L: likes or unlikes the playing track, and says which, as a toast (its list is a polite live
 * region): the heart that changes is on the player card, away from the focus, and a screen reader
 * heard nothing, while Space and Shift's left and right arrows are told by the player's announcer
 * ("Now playing", "Paused"), and its up and down arrows below. Said from what the like
 * did (the provider's answer), not from the heart: another tab may move it meanwhile, and an
 * unknown heart the provider says is liked already was left as it was. Nothing done says nothing
 * (a refusal's toast is the client's).
 */
async function likeFromKey(): Promise<void> {
  const done = await likeCurrentTrack();
  if (done) showToast(done === 'added' ? 'Added to Liked Songs' : 'Removed from Liked Songs', 'success');
}

/** How long the volume's words stay in the region once said: a screen reader's reading of the page later does not come upon them. */
const VOLUME_SAID_MS = 3_000;

/**
 * Shift+Up and Shift+Down: change the volume and say where it is now, politely, in the shell's
 * live region (App.astro, kept through every page): nothing on screen shows the volume but on
 * Now Playing, and a screen reader heard nothing. Never from the volume slider, whose keys are its
 * own (SLIDER) and which reads its own value as it moves.
 */
function changeVolumeFromKey(delta: number): Promise<void> {
  const done = changeVolume(delta);
  announce(`Volume ${$player.get().volumePercent}%`, { forMs: VOLUME_SAID_MS });
  return done;
}

const RUN: Record<ShortcutAction, () => unknown> = {
  toggle: togglePlay,
  next: nextTrack,
  previous: previousTrack,
  volumeUp: () => changeVolumeFromKey(VOLUME_STEP),
  volumeDown: () => changeVolumeFromKey(-VOLUME_STEP),
  like: likeFromKey,
  queue: () => toggleQueue(),
  help: () => setShortcutsSheet(true),
};

/** The control each player key stands for: a key whose control is disabled does nothing, as the button would. */
const CONTROL_OF: Partial<Record<ShortcutAction, keyof ControlsAllowed>> = {
  toggle: 'playPause',
  next: 'next',
  previous: 'previous',
  volumeUp: 'volume',
  volumeDown: 'volume',
};

/**
 * Whether a shortcut acts on the player as it is. Player keys only mean something with a track;
 * '?' and the queue (which says when it is empty) always work. A key whose button is disabled
 * (player-rules.ts controlsAllowed: a restricted device, a disallowed skip, a device whose
 * volume cannot be set) is left to the page (Shift+arrows then select text as they would),
 * rather than sending a command the provider refuses in silence.
 */
export function shortcutActs(action: ShortcutAction, player: Pick<PlayerState, 'playback' | 'autoplayBlocked' | 'currentPlayingTrack'>): boolean {
  if (action === 'help' || action === 'queue') return true;
  if (!player.currentPlayingTrack) return false;
  const control = CONTROL_OF[action];
  return control === undefined || controlsAllowed(player)[control];
}

/** Listens for the player's keyboard shortcuts on the whole page. Returns the cleanup. */
export function startShortcuts(): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.repeat) return;
    const action = shortcutFor(event, $singleKeyShortcuts.get());
    if (!action) return;
    // A modal dialog is all there is meanwhile: L would like, Q open the queue, behind it.
    if (document.querySelector(OPEN_MODAL)) return;
    if (!shortcutActs(action, $player.get())) return;
    event.preventDefault();
    void RUN[action]();
  };
  document.addEventListener('keydown', onKey);
  return () => document.removeEventListener('keydown', onKey);
}
