import { atom, map, onMount, onNotify } from 'nanostores';
import { transferPlayback } from '../api/devices';
import { isCanceled, PREMIUM_REQUIRED } from '../api/errors';
import { isInLibrary } from '../api/library';
import * as playerApi from '../api/player';
import { takeOverTarget, whereaboutsOf } from '../api/playback-whereabouts';
import type { Track } from '../api/types';
import { createAnswerGuard } from '../lib/answer-guard';
import {
  controlsAllowed,
  initialPlayer,
  modesNow,
  nextRepeat,
  withAccountError,
  withDeviceLost,
  withDeviceReport,
  withLastPlayed,
  withPlaybackChange,
  withPlaybackGone,
  withPlaybackRead,
  withPlayFailed,
  withPlayRequested,
  withProgress,
  withPlayingNow,
  withTick,
  withVolumeChange,
  withoutLeftDevice,
  withPausedAt,
  type BeforePlay,
  type DeviceReport,
  type PlayerState,
  type PlayingNow,
  type Pressed,
  withPressed,
} from './player-rules';
import { readStored, STORAGE_KEYS } from '../lib/storage';
import { playerClock, wait } from '../lib/clock';
import { logUnlessCanceled } from './log';
import { $libraryPending, $likedTracks, changeInLibrary, checkLibrary, rememberLiked, type LibraryChange } from './library';
import { oneOnItsWay } from '../lib/one-on-its-way';

/**
 * The player card's state and its one writer: every change of $player is an action of this
 * file (what the provider or the SDK reports, a command's answer, the progress timer), and
 * what the change is, player-rules.ts decides. How a play starts (the click, the device,
 * one request on the wire) is stores/play.ts; how the SDK's events turn into these actions is
 * playback/device-state.ts.
 */

/** SPEC §9: closing the player resets it after 800 ms. */
const CLOSE_RESET_MS = 800;
/** SPEC §9: the progress timer ticks every 1000 ms. */
const PROGRESS_TICK_MS = 1000;

/** The player card's state: SPEC §3's currentPlayingTrack and isPlaybackLoading, the playback, progress and device (the like flag is the library store's). */
export const $player = map<PlayerState>(initialPlayer());

/**
 * How many times the provider took a change to what plays next (a shuffle, a repeat, a playback
 * taken over here, a mode changed on another device): an open queue reads it again
 * (stores/queue.ts), as no change of the playing track tells it to.
 */
export const $queueChanges = atom(0);

function noteQueueChange(): void {
  $queueChanges.set($queueChanges.get() + 1);
}

/** This tab's SDK device id: the one its player announced, else the one stored on ready, or null. */
export function storedDeviceId(): string | null {
  const own = $player.get().deviceId;
  if (own) return own;
  const id = readStored<unknown>(STORAGE_KEYS.deviceId, null);
  return typeof id === 'string' && id !== '' ? id : null;
}

/**
 * The device commands drive: the active one the provider names (maybe another tab or app),
 * else this tab's (a device that left its playback behind answers nothing any more).
 */
export function targetDeviceId(): string | undefined {
  const device = $player.get().playback?.device;
  return (device?.isActive ? device.id : null) ?? storedDeviceId() ?? undefined;
}

/** sessionStorage key (the tab's own): the device this tab's last page had, when that page loaded itself again. */
const LEFT_DEVICE_KEY = 'my-music-left-device';

/**
 * This page is about to load itself again (an update's reload, code a newer version removed):
 * its device, and the music on it, go with it. The tab's next page then shows no playing on that
 * device, which the provider reports for a few seconds more (player-rules.ts withoutLeftDevice).
 */
export function noteDeviceLeaving(): void {
  const id = $player.get().deviceId;
  try {
    if (id && typeof sessionStorage !== 'undefined') sessionStorage.setItem(LEFT_DEVICE_KEY, id);
  } catch {
    // Storage refused: the card follows the provider's word, as it does after any reload.
  }
}

/** The device this tab's last page had, gone with it (noteDeviceLeaving), or null. */
function leftDeviceId(): string | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(LEFT_DEVICE_KEY);
  } catch {
    return null;
  }
}

/** Back to no player (no state from the SDK, an account error, after closing); the device stays as it is. */
export function resetPlayer(): void {
  const { device, volumePercent, deviceId } = $player.get();
  $player.set(initialPlayer(device, volumePercent, deviceId));
}

/**
 * The playback's answers: a GET me/player is kept only while no later one was asked and no
 * change was seen here since (a command's answer, the SDK's state). Two reads may cross on
 * the wire (the reconnect's read and a catch-up's, say): the older answer is dropped.
 */
const playbackAnswers = createAnswerGuard();

/**
 * Records that the playback changed here (a command's answer, the SDK's
 * state): a GET me/player asked before then is stale and is dropped.
 */
export function notePlaybackChange(): void {
  playbackAnswers.forget();
}

/**
 * Repeat, shuffle and the volume as last pressed, until the provider answers that press. A second
 * press steps on from there, not from the provider's last word (which comes only with the first
 * press's answer), and a reading of the playback in between shows them as pressed (withPressed).
 */
let pressed: Pressed = {};
/** How many times each was pressed: only the newest press's answer ends its wait. */
const presses: Record<keyof Pressed, number> = { repeatState: 0, shuffleState: 0, volumePercent: 0 };

/**
 * Holds `change` as pressed. Returns its release, for once the provider answered (taken or
 * refused): the newest press of its kind waits no more, and the provider's word counts again;
 * says whether this press was the newest.
 */
function holdPress(kind: keyof Pressed, change: Pressed): () => boolean {
  const press = ++presses[kind];
  pressed = { ...pressed, ...change };
  return () => {
    if (presses[kind] !== press) return false;
    pressed = { ...pressed };
    delete pressed[kind];
    return true;
  };
}

/**
 * The user's own player actions (a play, a command, a close): a close's reset, 800 ms on,
 * runs only when no other came after it, so a track clicked meanwhile is not wiped.
 */
const playerActions = createAnswerGuard();

/** How a reading of the playback ended: its answer shown, dropped for a newer word (a later reading, a change seen here), or failed. */
export type PlaybackReading = 'shown' | 'stale' | 'failed';

/**
 * Reads the current playback (SPEC §7: GET me/player). Whether its track is liked is not
 * awaited here: the reaction at the end of this file asks it once, when it is not known,
 * beside what shows the track (a tab catching up shows the card one round trip sooner).
 */
export async function refreshPlayback(): Promise<PlaybackReading> {
  const asked = playbackAnswers.ask();
  try {
    const playback = await playerApi.getPlayback();
    if (!playbackAnswers.isCurrent(asked)) return 'stale';
    $player.set(withPressed(withPlaybackRead($player.get(), withoutLeftDevice(playback, leftDeviceId()), playerClock().now()), pressed));
    return 'shown';
  } catch (error) {
    logUnlessCanceled('Could not read the playback', error);
    // Cancelled by a newer reading, or overtaken by a change seen here: that one speaks.
    return isCanceled(error) || !playbackAnswers.isCurrent(asked) ? 'stale' : 'failed';
  }
}

/**
 * Asks again whether the card's track is liked, though this tab knows it: while the tab was
 * out of view the user may have liked or unliked it elsewhere (a phone, another tab). An
 * answer that a like or unlike made here overtook is dropped.
 */
export async function recheckPlayingLike(): Promise<void> {
  const id = $player.get().currentPlayingTrack?.id;
  if (!id) return;
  const known = $likedTracks.get()[id];
  // Not known (its first check failed, or is on its way): asked as any unknown heart is.
  if (known === undefined) return checkLibrary('track', [id]);
  try {
    const liked = await isInLibrary('track', id);
    if ($likedTracks.get()[id] === known && $libraryPending.track.get()[id] !== true) rememberLiked(id, liked);
  } catch (error) {
    logUnlessCanceled('Could not check the playing track in the library', error);
  }
}

/** The SDK's `ready`: this tab's device is connected, with this id (a new one after every reconnect). */
export function showDeviceReady(deviceId: string): void {
  $player.set({ ...$player.get(), device: 'ready', deviceId });
}

/** The SDK's `not_ready`: the card says it is reconnecting until the next `ready`, whose reading brings the provider's word. */
export function showDeviceLost(): void {
  const { next, stoppedHere } = withDeviceLost($player.get());
  if (stoppedHere) notePlaybackChange();
  $player.set(next);
}

/**
 * The SDK's `account_error` (a free account): SPEC §4's reset of the player, keeping what the
 * provider said of the account (player-rules.ts withAccountError), so nothing is read again.
 */
export function resetAfterAccountError(): void {
  $player.set(withAccountError($player.get(), storedDeviceId()));
}

/** The SDK's `autoplay_failed`: the browser wants a click before sound, so the card offers play. */
export function showAutoplayBlocked(): void {
  $player.setKey('autoplayBlocked', true);
}

/**
 * A state the SDK reports, followed (player-rules.ts withDeviceReport). Answers true when it
 * brought a new track that no skip under way reads the playback for, so the caller reads it again.
 */
export function followDeviceReport(report: DeviceReport): boolean {
  const current = $player.get();
  // The SDK's word on the playback is newer than any reading on the wire, but for a skip's: that
  // one was asked once the provider took the skip, which is what the SDK reports meanwhile.
  if (current.playback && skipsUnderWay === 0) notePlaybackChange();
  const { next: reported, newTrack } = withDeviceReport(current, report, playerClock().now());
  // A press the provider has not answered yet still shows as pressed (the state may predate it).
  const next = withPressed(reported, pressed);
  $player.set(next);
  // Shuffle or repeat changed on another device: what plays next changed with it.
  const [before, after] = [current.playback, next.playback];
  if (before && after && (before.shuffleState !== after.shuffleState || before.repeatState !== after.repeatState)) noteQueueChange();
  return newTrack && skipsUnderWay === 0;
}

/**
 * The SDK's null state, once the provider was asked where the music went (stores/devices.ts
 * followPlaybackAway): the card keeps a playback another device holds, and is reset otherwise
 * (player-rules.ts withPlaybackGone).
 */
export function showPlaybackGone(): void {
  $player.set(withPlaybackGone($player.get(), storedDeviceId()));
}

/** A play was asked for (stores/play.ts): the card shows, loading, with the clicked track. */
export function showPlayRequested(track: Track | null): void {
  playerActions.forget();
  $player.set(withPlayRequested($player.get(), track));
  // A reading of the playback asked before this click is stale.
  notePlaybackChange();
}

/** The provider took the play: loading is over, and the playback is read again. */
export async function showPlayAnswered(): Promise<void> {
  $player.setKey('isPlaybackLoading', false);
  await refreshPlayback();
}

/** Shows the card with what it holds (the account's playback, found on load or on another device). */
export function showPlayerCard(): void {
  $player.setKey('visible', true);
}

/**
 * The provider holds no playback: the card shows the last played track, paused at its
 * start, so Play plays it here, in the context it was played in (`contextUri`, the
 * recent play's), else alone (stores/play.ts togglePlay).
 */
export function showLastPlayed(track: Track, contextUri: string | null = null): void {
  $player.set(withLastPlayed($player.get(), track, contextUri));
}

/** The player as the server found it for this page (player-rules.ts withPlayingNow): the stores start from the card it rendered. */
export function showPlayingNow(found: PlayingNow): void {
  $player.set(withPlayingNow($player.get(), { ...found, playback: withoutLeftDevice(found.playback, leftDeviceId()) }));
}

/**
 * A play failed: the card shows again what it showed before the press (`before`, from
 * player-rules.ts beforePlayOf), with the track that plays or is paused; it hides only when it
 * was not shown and nothing plays (SPEC §4: a failed start hides the player).
 */
export function showPlayFailed(before: BeforePlay): void {
  $player.set(withPlayFailed($player.get(), before));
}

/**
 * A player command. Its failure was already shown by the API client (SPEC §8's
 * toast); the card then reads GET me/player again so it shows what really plays.
 */
export function runPlayerCommand(what: string, run: (deviceId: string | undefined) => Promise<void>): Promise<void> {
  playerActions.forget();
  return sendCommand(what, run);
}

/**
 * A command on the playback (next, previous, seek, shuffle, repeat), as runPlayerCommand sends
 * it, but a playback left behind by a device that went (a reload) is first taken over here: the
 * provider refused every command on it (404 NO_ACTIVE_DEVICE, silent), so buttons did nothing.
 */
function runPlaybackCommand(what: string, run: (deviceId: string | undefined) => Promise<void>): Promise<void> {
  playerActions.forget();
  return sendCommand(what, run, true);
}

/** A take-over on its way: a command pressed meanwhile waits for it (a second transfer, of the same name, would cancel it). */
let takingOver: Promise<void> | null = null;

/**
 * Moves a playback left behind (src/api/playback-whereabouts.ts, 'left') to this tab's device,
 * paused as it is: PUT me/player with play false, so a command that is no play starts no sound
 * (the provider keeps the position; a seek or a play then sets the one the bar shows). An open
 * queue reads the provider's again: it lists one only for an active device.
 */
export function takeOverPlayback(deviceId: string): Promise<void> {
  takingOver ??= transferPlayback(deviceId, false)
    .then(() => {
      notePlaybackChange();
      noteQueueChange();
    })
    .finally(() => {
      takingOver = null;
    });
  return takingOver;
}

/**
 * Takes a playback left behind by a device that went over to this tab's device (paused), when it
 * is one: what acts on the playback (a command, an add to the queue) then reaches the provider.
 * The take-over on its way, or null with none to make: a command then goes out at once, in the
 * same task as the press.
 */
export function takeOverIfLeft(): Promise<void> | null {
  const own = storedDeviceId();
  const target = takeOverTarget(whereaboutsOf($player.get().playback, own), own);
  return target ? takeOverPlayback(target) : null;
}

/** A command as runPlayerCommand sends it, but no user action of its own (the close's pause). */
async function sendCommand(what: string, run: (deviceId: string | undefined) => Promise<void>, onPlayback = false): Promise<void> {
  try {
    const takingOver = onPlayback ? takeOverIfLeft() : null;
    if (takingOver) await takingOver;
    await run(targetDeviceId());
    // The card learns the playback is here now (the device, what the command changed).
    if (takingOver) await refreshPlayback();
  } catch (error) {
    // A newer command of the same name took its place (a burst of volume steps): that one reports.
    if (isCanceled(error)) return;
    logUnlessCanceled(`Player command failed: ${what}`, error);
    await refreshPlayback();
  }
}

/** The pause on its way (the card's `pausing`): a second press shares it rather than sending another. */
const pausing = oneOnItsWay();

/**
 * Pause on the device that plays; the card shows it paused once the provider took it, and
 * shows it is pausing until then (player-rules.ts isPlayPauseBusy). A press while a pause is
 * on its way is the same pause: a slow provider got one call per press.
 */
export function pausePlayback(): Promise<void> {
  return pausing(() => {
    $player.setKey('pausing', true);
    return runPlayerCommand('pause', async (deviceId) => {
      await playerApi.pausePlayback(deviceId);
      notePlaybackChange();
      $player.set(withPausedAt($player.get(), playerClock().now()));
    }).finally(() => {
      // Removed rather than false: the card's state is as it was before the press.
      $player.setKey('pausing', undefined);
    });
  });
}

/**
 * How many skips (next, previous) are on their way, or reading the playback once the provider
 * took them. The SDK reports the track a skip brings, before or after the skip's answer: that
 * report is the skip's own change, which the skip's reading (asked once the provider took it)
 * holds, so it neither reads the playback again nor drops that reading. Each reported it
 * before, and every skip read the playback twice.
 */
let skipsUnderWay = 0;

/** A skip: the card reads the playback once the provider took it (see skipsUnderWay). */
function skip(what: string, send: (deviceId: string | undefined) => Promise<void>): Promise<void> {
  // A reading asked before the press would bring back the track the skip leaves.
  notePlaybackChange();
  return runPlaybackCommand(what, async (deviceId) => {
    skipsUnderWay++;
    try {
      await send(deviceId);
      await refreshPlayback();
    } finally {
      skipsUnderWay--;
    }
  });
}

/** Next track. */
export function nextTrack(): Promise<void> {
  return skip('next', (deviceId) => playerApi.skipToNext(deviceId));
}

/** Previous track. */
export function previousTrack(): Promise<void> {
  return skip('previous', (deviceId) => playerApi.skipToPrevious(deviceId));
}

/**
 * A repeat or shuffle press: shown at once, and sent. Its call has a name, so a quicker
 * second press cancels it and the newest is the one the provider keeps (api/player.ts).
 */
function pressMode(what: string, mode: 'repeatState' | 'shuffleState', change: Pick<Pressed, 'repeatState' | 'shuffleState'>, send: (deviceId: string | undefined) => Promise<void>): Promise<void> {
  const release = holdPress(mode, change);
  // The card changed here: a reading asked before the press would put it back.
  notePlaybackChange();
  $player.set(withPlaybackChange($player.get(), change));
  return runPlaybackCommand(what, async (deviceId) => {
    let newest = false;
    try {
      await send(deviceId);
    } finally {
      // Taken or refused (a refusal reads the playback again, runPlayerCommand).
      newest = release();
    }
    if (!newest) return;
    notePlaybackChange();
    $player.set(withPlaybackChange($player.get(), change));
    // What the change moves with it shows too: whether Next and Previous can go on (repeat at
    // a list's end) and the order an open queue lists, which stayed as before until the track changed.
    noteQueueChange();
    await refreshPlayback();
  });
}

/** Repeat cycles off, context, track, off, on from the last press. */
export function cycleRepeat(): Promise<void> {
  const repeatState = nextRepeat(modesNow($player.get().playback, pressed));
  return pressMode('repeat', 'repeatState', { repeatState }, (deviceId) => playerApi.setRepeatMode(repeatState, deviceId));
}

/** Shuffle toggles, from the last press. */
export function toggleShuffle(): Promise<void> {
  const shuffleState = !modesNow($player.get().playback, pressed).shuffleState;
  return pressMode('shuffle', 'shuffleState', { shuffleState }, (deviceId) => playerApi.setShuffle(shuffleState, deviceId));
}

/**
 * The player's like heart: like or unlike, then reload the current playback (SPEC §4); the heart
 * is the toggle's answer, not asked again. Resolves to what it did (changeInLibrary): 'added',
 * 'removed', or null for nothing (no track, a press while its like is on its way, a refusal, or
 * an unknown heart the provider says is liked already).
 */
export async function likeCurrentTrack(): Promise<LibraryChange> {
  const track = $player.get().currentPlayingTrack;
  // A press while its like is on its way is no new like (the heart stays pressable: LikeButton.tsx).
  if (!track || $libraryPending.track.get()[track.id]) return null;
  const done = await changeInLibrary('track', track.id);
  await refreshPlayback();
  return done;
}

/** Sets the elapsed second (dragging the progress bar, or its input changing). */
export function setProgressSeconds(seconds: number): void {
  $player.set(withProgress($player.get(), seconds, playerClock().now()));
}

/** The player as the user's drag of the progress bar began, while one is held (holdProgressAt). */
let beforeProgressHold: PlayerState | null = null;

/** The progress bar held at `seconds` under the user's hand: the elapsed second follows it (SPEC §4), and nothing is sent until it is let go (seekToSecond). */
export function holdProgressAt(seconds: number): void {
  beforeProgressHold ??= $player.get();
  setProgressSeconds(seconds);
}

/**
 * A hold of the progress bar dropped unsent (the browser cancelled the pointer: a finger that
 * began on the bar went on as a scroll): the elapsed second goes back to where the music has got
 * to since, by the timer's own rule (withTick), unless a new track came meanwhile, which has its
 * own. It stood frozen at the finger's second while the music played on.
 */
export function dropProgressHold(): void {
  const before = beforeProgressHold;
  beforeProgressHold = null;
  if (before && before.currentPlayingTrack?.id === $player.get().currentPlayingTrack?.id) setProgressSeconds(withTick(before, playerClock().now()).progressSeconds);
}

/**
 * Releasing the progress bar: the elapsed second, and the music follows it.
 * **Change** from SPEC §5 (its seek listener does nothing): the music follows the bar.
 */
export function seekToSecond(seconds: number): Promise<void> {
  beforeProgressHold = null;
  setProgressSeconds(seconds);
  // As pause, repeat and shuffle: a reading asked before the seek (or while it is on the
  // wire) would put the bar back where the music was.
  notePlaybackChange();
  const positionMs = $player.get().progressSeconds * 1000;
  return runPlaybackCommand('seek', async (deviceId) => {
    await playerApi.seekTo(positionMs, deviceId);
    notePlaybackChange();
  });
}

/**
 * Volume up or down by `delta` percent (the Shift+Up/Down shortcuts, the slider). Nothing for a
 * device whose volume cannot be set (`supports_volume` false, its volume not known, or one
 * restricted): the provider refused it with a silent 403, and the slider moved for nothing.
 */
export function changeVolume(delta: number): Promise<void> {
  if (!controlsAllowed($player.get()).volume) return Promise.resolve();
  const next = withVolumeChange($player.get(), delta);
  // A reading asked before the change would put the volume back; one asked while it is on the
  // wire may answer before the provider took it, and shows it as pressed.
  const release = holdPress('volumePercent', { volumePercent: next.volumePercent });
  notePlaybackChange();
  $player.set(next);
  return runPlayerCommand('volume', async (deviceId) => {
    try {
      await playerApi.setVolume(next.volumePercent, deviceId);
    } finally {
      release();
    }
    notePlaybackChange();
  });
}

/** One tick of the progress timer (player-rules.ts withTick). */
function tickProgress(): void {
  // An unchanged state (nothing plays) is the same object, which the store does not announce.
  $player.set(withTick($player.get(), playerClock().now()));
}

/**
 * Closing the player: pause what plays, then reset after 800 ms (SPEC §4). **Change** from
 * SPEC §4's "pauses": only a playback that plays is paused, and the reset is skipped when the
 * user played or pressed something meanwhile (a track clicked within the 800 ms keeps its card).
 */
export async function closePlayer(): Promise<void> {
  const closing = playerActions.ask();
  // Only what plays is paused: a paused card, or a free account's last played track, has
  // nothing to pause, and a free account's pause is refused (403 PREMIUM_REQUIRED). Its music on
  // a phone is paused if the provider lets it; closing a card offers no Premium either way.
  // SPEC §4/§9: the reset comes 800 ms after the click, not after the pause's round trip too
  // (up to the 30 s time-out): the pause goes on its way meanwhile.
  const paused = $player.get().playback?.isPlaying === true ? sendCommand('pause', (deviceId) => playerApi.pausePlayback(deviceId, [PREMIUM_REQUIRED])) : null;
  await wait(CLOSE_RESET_MS);
  if (playerActions.isCurrent(closing)) {
    // A reading asked before the reset would bring the closed card's track back.
    notePlaybackChange();
    resetPlayer();
    $player.setKey('dismissed', true);
  }
  await paused;
}

// Reaction: the progress timer ticks every 1000 ms while something shows the player.
onMount($player, () => {
  const clock = playerClock();
  const timer = clock.setInterval(tickProgress, PROGRESS_TICK_MS);
  return () => clock.clearInterval(timer);
});

// Reaction: a new track on the card (a play, the SDK's next track, another device's, the last
// played one) gets its heart asked, once and only when this tab does not know it yet
// (library.ts checkLibrary). Not on every change of $player: the progress ticks each second,
// and a check that failed must not be sent again each second.
onNotify($player, ({ oldValue }) => {
  const id = $player.get().currentPlayingTrack?.id;
  if (id && id !== oldValue?.currentPlayingTrack?.id) void checkLibrary('track', [id]);
});
