import { whereaboutsOf } from '../api/playback-whereabouts';
import type { PlayRequest } from '../api/player';
import type { Device, Playback, RepeatState, Track } from '../api/types';
import type { PlayingMark } from '../lib/playing-mark';

/**
 * The player card's rules as pure functions: each takes the card's state (and what was reported
 * or asked) and returns the next one. No store, no request, no timer: player.ts beside it holds the
 * state, applies these and does the effects (the provider's calls, the answer guard, the clock).
 */

/** SPEC §9: the SDK player starts at volume 0.5. */
const INITIAL_VOLUME_PERCENT = 50;

/** Where the SDK device is: not connected yet, ready, or lost and coming back with a new id. */
export type DeviceStatus = 'offline' | 'ready' | 'reconnecting';

export interface PlayerState {
  /** The player card is shown. */
  visible: boolean;
  isPlaybackLoading: boolean;
  /**
   * A pause sent and not answered yet: the middle button shows it is working (a slow provider
   * took seconds with no sign), and a press meanwhile sends no second pause (isPlayPauseBusy).
   * Absent is not pausing (the server's reading of the page, a reset).
   */
  pausing?: boolean;
  currentPlayingTrack: Track | null;
  playback: Playback | null;
  /** Whole seconds, 0 to the track's duration (SPEC §4's progress bar). */
  progressSeconds: number;
  /**
   * Where the music was, and when by this tab's clock: the provider's last word on the
   * position, or the second the user moved the bar to. The progress timer counts on from it
   * (withTick). None while no such moment is known (the server's reading of the page, a play
   * on its way): the timer then adds a second each tick.
   */
  progressAnchor?: ProgressAnchor;
  device: DeviceStatus;
  /** This tab's SDK device id (another tab's `ready` overwrites the stored one, never this). */
  deviceId: string | null;
  /** The browser refused to start sound without a click: the card offers play. */
  autoplayBlocked: boolean;
  volumePercent: number;
  /** The user closed the card: coming back to the tab does not bring it back; the next play does. */
  dismissed: boolean;
  /**
   * The album, playlist or artist the last played track was played in, set as the card shows
   * that track with no playback at the provider (withLastPlayed): Play resumes it there (playPressOf).
   */
  lastPlayedIn?: { trackId: string; contextUri: string };
}

/** A position in the track (ms) at a moment of this tab's clock (ms since the epoch), as sandbox/playback/player-state.ts anchors its own. */
export interface ProgressAnchor {
  positionMs: number;
  atMs: number;
}

/** What the SDK reports of this tab's player, already turned into our types (src/playback/sdk.ts). */
export interface DeviceReport {
  loading: boolean;
  paused: boolean;
  positionMs: number;
  track: Track | null;
  /**
   * Shuffle, repeat and what is disallowed, when the SDK's state carries them (the Web Playback
   * SDK's does, as does the sandbox's): a change made on another device shows while this tab plays.
   */
  modes?: PlaybackModes;
}

/** The playback's modes and what they allow (Next and Previous at a list's end follow repeat). */
export type PlaybackModes = Partial<Pick<Playback, 'shuffleState' | 'repeatState' | 'disallows'>>;

/** No player: the card hidden, nothing loaded; the device, its id and the volume are kept by the caller. */
export function initialPlayer(device: DeviceStatus = 'offline', volumePercent = INITIAL_VOLUME_PERCENT, deviceId: string | null = null): PlayerState {
  return {
    visible: false,
    isPlaybackLoading: false,
    currentPlayingTrack: null,
    playback: null,
    progressSeconds: 0,
    device,
    deviceId,
    autoplayBlocked: false,
    volumePercent,
    dismissed: false,
  };
}

/**
 * The browser's refusal to start sound (`autoplayBlocked`) is this tab's device's: a playback on
 * another device (moved to a phone, a transfer) is not held back by it. Kept, the flag made that
 * playback look silent here, so Pause never paused the phone and the status said to press play.
 */
function withAutoplayOfThisDevice(state: PlayerState): PlayerState {
  const device = state.playback?.device;
  if (!state.autoplayBlocked || !device || device.id === state.deviceId) return state;
  return { ...state, autoplayBlocked: false };
}

/**
 * Whether the middle button (play/pause) is working: a play on its way (SPEC §4: starting play
 * sets loading) or a pause the provider has not answered. It says so (aria-busy) and stays
 * pressable, keeping the keyboard's focus; a press meanwhile starts nothing new (stores/play.ts
 * sends one play at a time, stores/player.ts one pause).
 */
export function isPlayPauseBusy(player: Pick<PlayerState, 'isPlaybackLoading' | 'pausing'>): boolean {
  return player.isPlaybackLoading || player.pausing === true;
}

/** Whether the music is heard: the provider says it plays and the browser let the sound start. */
export function isSounding(player: Pick<PlayerState, 'playback' | 'autoplayBlocked'>): boolean {
  return player.playback?.isPlaying === true && !player.autoplayBlocked;
}

/**
 * Whether a click on a list's row resumes the card's paused track rather than starting it from
 * 0:00 (**Change** from SPEC §7's start at position 0): the row says 'Play {name}, paused', and
 * every music client resumes there. Only the card's own track, paused, in the same album or
 * playlist when the row is one's (a list of uris has no context to compare).
 */
export function resumesFromRow(player: Pick<PlayerState, 'playback' | 'autoplayBlocked' | 'currentPlayingTrack'>, trackId: string, contextUri?: string): boolean {
  const { playback, currentPlayingTrack } = player;
  if (!playback || isSounding(player) || currentPlayingTrack?.id !== trackId || playback.item?.id !== trackId) return false;
  return contextUri === undefined || playback.contextUri === contextUri;
}

/**
 * The rows of a list (`rows`) that hold the playing track (`playingId`) but are not known to be
 * the copy that plays (a playlist may hold a track twice): every copy but the row this tab
 * started (`started`, while its track plays on); every copy when this tab does not know which
 * plays (after a reload, or Next back to a track the list holds twice: the provider does not
 * say). None when the list holds the track once: that row is the one. Rows are told apart by
 * their object, as the playlist's edits tell its entries apart (stores/playlist-shown.ts).
 */
export function copiesNotPlaying<T extends { id: string }>(rows: readonly T[], playingId: string | null, started: T | null): T[] {
  const copies = rows.filter((row) => row.id === playingId);
  return copies.length > 1 ? copies.filter((row) => row !== started) : [];
}

/** The ids a list holds more than once (a playlist may hold a track twice): its rows of them are copies. */
export function idsHeldTwice(rows: readonly { id: string }[]): ReadonlySet<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const { id } of rows) (seen.has(id) ? twice : seen).add(id);
  return twice;
}

/**
 * Whether `copy`, a row of a track its list holds twice, is known to be the copy playing: the
 * other copies are known not to play (`notPlaying`, copiesNotPlaying's), and it is not one of
 * them. Not known (a reload, Next back to the track): no copy shows as playing, rather than all.
 */
export function isCopyKnownPlaying<T extends { id: string }>(notPlaying: ReadonlySet<T>, copy: T): boolean {
  if (notPlaying.has(copy)) return false;
  for (const other of notPlaying) if (other.id === copy.id) return true;
  return false;
}

/** Whole seconds of a track's length: the progress bar's end. */
function durationSeconds(track: Track | null): number {
  return Math.floor((track?.durationMs ?? 0) / 1000);
}

/**
 * How far apart the provider's position and the card's second may be and still be the same
 * moment of the music: the card counts on this tab's clock, to the nearest second, from the
 * provider's last word; the provider's word arrives a round trip late, and its position
 * follows the speaker, which may have started a moment late (the sandbox's follows the audio
 * element as it buffers). A seek moves the music further than this.
 */
const SAME_MOMENT_MS = 2000;

/** Whether a position the provider reports is the moment the bar shows (`second`), told a moment apart. */
function isSameMoment(second: number, positionMs: number): boolean {
  return Math.abs(positionMs - second * 1000) < SAME_MOMENT_MS;
}

/**
 * The bar's second and anchor for a position the provider reports of `track`, at `now` (null:
 * a moment this tab's clock does not know). The provider's position of the track the card
 * shows, a moment behind the second shown, is the same music: the bar keeps the second the
 * user saw. Shown as said, a pause took the time back (0:42, then 0:41), as the tick may have
 * counted the second a moment before the provider's clock reached it. A position ahead, or
 * further back (a seek, a restart), or another track's, is shown as the provider says it.
 */
function progressReported(state: PlayerState, track: Track | null, positionMs: number, now: number | null): Pick<PlayerState, 'progressSeconds' | 'progressAnchor'> {
  const said = Math.floor(positionMs / 1000);
  const seen = state.progressSeconds;
  const keepsSeen = track !== null && track.id === state.currentPlayingTrack?.id && said < seen && isSameMoment(seen, positionMs);
  return { progressSeconds: keepsSeen ? seen : said, progressAnchor: now === null ? undefined : { positionMs, atMs: now } };
}

/**
 * A reading of the playback; `now` is when it came (null: when is not known). With nothing
 * loaded any more (another device took it, a reconnect), the card keeps its track and where
 * it was, to resume from there.
 */
function withReading(state: PlayerState, playback: Playback | null, now: number | null): PlayerState {
  return withAutoplayOfThisDevice({
    ...state,
    playback,
    currentPlayingTrack: playback?.item ?? state.currentPlayingTrack,
    ...(playback && progressReported(state, playback.item, playback.progressMs, now)),
    volumePercent: playback?.device?.volumePercent ?? state.volumePercent,
  });
}

/** The provider's answer to GET me/player, come at `now` (see withReading). */
export function withPlaybackRead(state: PlayerState, playback: Playback | null, now: number): PlayerState {
  return withReading(state, playback, now);
}

/**
 * The contexts a play can start again at one of their tracks: an album, a playlist, an artist.
 * Not a show, nor Liked Songs' collection (spotify:user:{id}:collection): the type is the uri's
 * part before its id (a playlist's older uri, spotify:user:{id}:playlist:{id}, too).
 */
const RESUMABLE_CONTEXTS: ReadonlySet<string> = new Set(['album', 'playlist', 'artist']);

function isResumableContext(uri: string): boolean {
  return RESUMABLE_CONTEXTS.has(uri.split(':').at(-2) ?? '');
}

/**
 * The last played track, paused at its start, when the provider holds no playback, with the
 * context it was played in (`contextUri`, from recently-played): Play plays it here (playPressOf).
 */
export function withLastPlayed(state: PlayerState, track: Track, contextUri: string | null = null): PlayerState {
  const lastPlayedIn = contextUri && isResumableContext(contextUri) ? { trackId: track.id, contextUri } : undefined;
  return { ...state, visible: true, currentPlayingTrack: track, playback: null, progressSeconds: 0, progressAnchor: undefined, lastPlayedIn };
}

/** What the server found as the page loaded: the account's playback on any device, else its last played track and its context. */
export interface PlayingNow {
  playback: Playback | null;
  lastPlayed?: Track | null;
  lastPlayedContextUri?: string | null;
}

/**
 * The player as the server found it for this page (the card's first view, and where the
 * browser's stores start): the account's playback shows the card with its track; with none, the
 * last played track shows, paused at its start (as catching up does, stores/devices.ts). A user
 * who closed the card, or a tab that already holds a track, keeps what it has.
 */
export function withPlayingNow(state: PlayerState, { playback, lastPlayed = null, lastPlayedContextUri = null }: PlayingNow): PlayerState {
  if (state.dismissed) return state;
  // When the server read it, this tab's clock does not know: the timer counts from the next word.
  if (playback?.item) return { ...withReading(state, playback, null), visible: true };
  if (!lastPlayed || state.currentPlayingTrack) return state;
  return withLastPlayed(state, lastPlayed, lastPlayedContextUri);
}

/** What every list shows of the player (src/lib/playing-mark.ts): its current track, and whether that plays. */
export function playingMarkOf(state: PlayerState): PlayingMark {
  return { trackId: state.currentPlayingTrack?.id ?? null, isPlaying: state.playback?.isPlaying === true };
}

/** What every list shows for what the server found playing: as the browser's player will, once it starts from the same answer. */
export function playingMarkOfFound(found: PlayingNow): PlayingMark {
  return playingMarkOf(withPlayingNow(initialPlayer(), found));
}

/**
 * What the card and the phone's bar show of the player, to tell whether the server's HTML of
 * them still holds: the device's own coming and going (offline, ready) shows nowhere but in a
 * data attribute, and the volume only on the Now Playing view.
 */
export function cardPictureOf(state: PlayerState): unknown[] {
  const { visible, isPlaybackLoading, currentPlayingTrack, playback, progressSeconds, device, autoplayBlocked } = state;
  // Which controls are enabled shows too (a device that became restricted, Next allowed again).
  const controls = Object.values(controlsAllowed(state));
  return [visible, isPlaybackLoading, currentPlayingTrack?.id ?? null, playback?.isPlaying ?? false, playback?.shuffleState ?? false, playback?.repeatState ?? 'off', progressSeconds, device === 'reconnecting', autoplayBlocked, ...controls];
}

/**
 * The playback with its play state set. The provider's `pausing` and `resuming` disallows
 * describe the play state they came with (a playing playback disallows resuming): once the play
 * state changes here before the provider speaks again (a pause taken, the device lost), they
 * no longer say anything, and kept they would disable Play over a paused track. The next
 * reading or report brings the provider's own again.
 */
function withPlayState(playback: Playback, isPlaying: boolean): Playback {
  if (playback.isPlaying === isPlaying) return playback;
  return { ...playback, isPlaying, disallows: { ...playback.disallows, pausing: false, resuming: false } };
}

/**
 * The provider's playback as this tab takes it, knowing the device its last page had
 * (`leftDeviceId`: that page reloaded itself, an update's reload, and its device went with it).
 * The provider names a gone device active, even playing, for a few seconds more; the card showed
 * its Pause over silence. On that device the music stopped and nothing is active: the card shows
 * it paused, and a play takes it over here (api/playback-whereabouts.ts 'left').
 */
export function withoutLeftDevice(playback: Playback | null, leftDeviceId: string | null): Playback | null {
  const device = playback?.device;
  if (!playback || !device || leftDeviceId === null || device.id !== leftDeviceId) return playback;
  return { ...withPlayState(playback, false), device: { ...device, isActive: false } };
}

/**
 * The SDK's `not_ready`: the card says it is reconnecting. A playback on this tab's device
 * stopped with its connection (the SDK silenced it, the provider pauses it), so it shows
 * paused at once rather than a Pause button over silence. `stoppedHere` tells the caller
 * that a reading asked before the drop is stale: it would say the music still plays.
 */
export function withDeviceLost(state: PlayerState): { next: PlayerState; stoppedHere: boolean } {
  const { playback, deviceId } = state;
  const stoppedHere = playback?.isPlaying === true && deviceId !== null && playback.device?.id === deviceId;
  if (!stoppedHere) return { next: { ...state, device: 'reconnecting' }, stoppedHere };
  return { next: { ...state, device: 'reconnecting', playback: withPlayState(playback, false) }, stoppedHere };
}

/**
 * SPEC §4's reactions to a state the SDK reports (at `now`): a loading flag that differs is
 * copied; the playback's play state and position follow it (the bar as progressReported says);
 * once loading is over (or paused) a different track becomes the current one and shows the
 * card. `newTrack` tells the caller to read the playback again; the state is the same object
 * when nothing changed (a store announces nothing).
 */
export function withDeviceReport(state: PlayerState, report: DeviceReport, now: number): { next: PlayerState; newTrack: boolean } {
  let next = state;
  if (report.loading !== state.isPlaybackLoading) next = { ...next, isPlaybackLoading: report.loading };
  if (state.playback) {
    next = {
      ...next,
      playback: { ...withPlayState(state.playback, !report.paused), ...report.modes, progressMs: report.positionMs },
      ...progressReported(state, report.track, report.positionMs, now),
    };
  }
  const newTrack = (!report.loading || report.paused) && report.track !== null && report.track.id !== state.currentPlayingTrack?.id;
  if (newTrack) {
    // The SDK speaks for the playback on this device: its track is the playback's too, before
    // GET me/player says so. A resume in between then resumes it (stores/play.ts togglePlay)
    // rather than replacing the album or list with this one track.
    // A card the user closed stays closed (`dismissed`): only a play brings it back, not the
    // SDK's next report of the music it was closed over.
    next = { ...next, currentPlayingTrack: report.track, visible: next.visible || !state.dismissed };
    if (next.playback) next = { ...next, playback: { ...next.playback, item: report.track } };
  }
  return { next, newTrack };
}

/**
 * The SDK said this tab's device holds nothing any more (its null state: the playback moved to
 * another device, or stopped), and the provider was then asked where the music is: the card's
 * playback is its answer (or, when that reading failed, what the card held). A playback another
 * device holds, or left paused, stays on the card as it is ("Playing on {device}", or Play takes
 * it over); none, or one still said to be here, is SPEC §4's reset. **Change** from SPEC §4's
 * reset at once: the card, an open picker and the focused button went blank for that round trip.
 */
export function withPlaybackGone(state: PlayerState, ownDeviceId: string | null): PlayerState {
  const { at } = whereaboutsOf(state.playback, ownDeviceId);
  return at === 'elsewhere' || at === 'left' ? withAutoplayOfThisDevice(state) : initialPlayer(state.device, state.volumePercent, state.deviceId);
}

/**
 * SPEC §4's reset on an account error (a free account's SDK: this tab's device will not play).
 * What this device held is reset, as withPlaybackGone resets it; what the provider said of the
 * account stays, for an account error changes none of it: its playback on another device (or
 * left paused by one), else its last played track, paused. Issue 28: the card never stays empty
 * while the account has something to resume; kept, it is not asked for again either (reading it
 * anew cost every free account's page load a second reading of the playback).
 */
export function withAccountError(state: PlayerState, ownDeviceId: string | null): PlayerState {
  const lastPlayed = whereaboutsOf(state.playback, ownDeviceId).at === 'nowhere' && state.currentPlayingTrack !== null && !state.isPlaybackLoading;
  return lastPlayed ? { ...state, autoplayBlocked: false } : withPlaybackGone(state, ownDeviceId);
}

/**
 * A play was asked for (stores/play.ts): the card shows, loading, with the clicked track (else
 * the one it had), at its start: a new track showed the old one's elapsed time until the
 * provider answered (withTick holds it there meanwhile).
 */
export function withPlayRequested(state: PlayerState, track: Track | null): PlayerState {
  const newTrack = track !== null && track.id !== state.currentPlayingTrack?.id;
  return {
    ...state,
    visible: true,
    dismissed: false,
    isPlaybackLoading: true,
    autoplayBlocked: false,
    currentPlayingTrack: track ?? state.currentPlayingTrack,
    progressSeconds: newTrack ? 0 : state.progressSeconds,
    progressAnchor: newTrack ? undefined : state.progressAnchor,
  };
}

/** What a play puts aside as it shows the clicked track: the card as it was before the press. */
export type BeforePlay = Pick<PlayerState, 'visible' | 'currentPlayingTrack' | 'progressSeconds' | 'progressAnchor' | 'dismissed' | 'autoplayBlocked'>;

/** The card as it is before a play is asked (stores/play.ts keeps it until the provider answers). */
export function beforePlayOf({ visible, currentPlayingTrack, progressSeconds, progressAnchor, dismissed, autoplayBlocked }: PlayerState): BeforePlay {
  return { visible, currentPlayingTrack, progressSeconds, progressAnchor, dismissed, autoplayBlocked };
}

/**
 * A play that failed (refused, or no answer): the clicked track never played, so the card goes
 * back to what it showed before the press, with the playback's track as the provider or the SDK
 * last told it (else the one it showed). **Change** from SPEC §4's "failure hides it", which
 * holds for a first play only, from a card not shown (empty, or closed): a card shown before
 * the press stays, with its track paused or playing, so Play can be pressed again. Hidden over
 * a paused track the provider still held, a refused resume took the player away; hidden over
 * music that goes on, it said the music stopped (and the clicked row was marked as playing).
 */
export function withPlayFailed(state: PlayerState, before: BeforePlay): PlayerState {
  const shown = state.playback?.item ?? before.currentPlayingTrack;
  const visible = state.playback?.isPlaying === true || (before.visible && shown !== null);
  const sameTrack = shown?.id === before.currentPlayingTrack?.id;
  return {
    ...state,
    isPlaybackLoading: false,
    currentPlayingTrack: shown,
    // Back to the track it showed, at the second it showed (a reading of the playback follows a failure).
    progressSeconds: sameTrack ? before.progressSeconds : state.progressSeconds,
    progressAnchor: sameTrack ? before.progressAnchor : state.progressAnchor,
    autoplayBlocked: before.autoplayBlocked,
    visible,
    dismissed: visible ? false : before.dismissed,
  };
}

/**
 * SPEC §9's progress timer, one tick at `now` while playing: the whole second nearest to where
 * the music is, counted from the anchor (as sandbox/playback/player-state.ts computes its
 * progress), else one more; back to 0 past the track's end. It never goes back a second (a seek
 * or a new track does, by the provider's word or the user's). Counted +1 a tick, the first tick
 * after a reading added a whole second however little had played, and the bar ran up to a
 * second ahead of the music. The nearest second, not the one reached: the timer's phase is not
 * the music's, and the bar would lag up to a second, which a pause (the provider's position)
 * then made jump. Not while the card shows a track the playback does not hold yet (a play for
 * it is on its way): the second that would tick is the old track's.
 */
export function withTick(state: PlayerState, now: number): PlayerState {
  const { playback, currentPlayingTrack, progressSeconds, progressAnchor } = state;
  if (!playback?.isPlaying || !currentPlayingTrack || (playback.item && playback.item.id !== currentPlayingTrack.id)) return state;
  const reached = progressAnchor ? Math.round((progressAnchor.positionMs + Math.max(0, now - progressAnchor.atMs)) / 1000) : progressSeconds + 1;
  if (reached > durationSeconds(currentPlayingTrack)) return { ...state, progressSeconds: 0, progressAnchor: { positionMs: 0, atMs: now } };
  return reached > progressSeconds ? { ...state, progressSeconds: reached } : state;
}

/**
 * Where a resume starts, in ms: the playback's own position while the bar shows its moment
 * (a resume then loses no fraction of a second, nor skips one the pause kept on the bar),
 * else the second the bar was set to.
 */
export function resumePositionMs(state: Pick<PlayerState, 'playback' | 'progressSeconds'>): number {
  const { playback, progressSeconds } = state;
  if (playback && isSameMoment(progressSeconds, playback.progressMs)) return Math.round(playback.progressMs);
  return progressSeconds * 1000;
}

/** A play as the card asks it: the device is chosen as it is sent (stores/play.ts). */
export type PlayAsked = Omit<PlayRequest, 'deviceId'>;

/** What a press of Play sends: the play, and the one to send in its place when the provider refuses its context. */
export interface PlayPress {
  play: PlayAsked;
  instead?: PlayAsked;
}

/**
 * What Play sends for the card's track, from `positionMs`. **Change** from SPEC §4's play of
 * the current track uri (docs/ARCHITECTURE.md, "Resume keeps the context"): the provider's own
 * track resumes as it is (the position alone: its album, playlist or list goes on); the last
 * played track, with no playback at the provider, plays in the album, playlist or artist it was
 * played in, from that track, so Next goes on through it, or alone should the provider refuse
 * that context (a playlist deleted since); any other track plays alone.
 */
export function playPressOf({ playback, lastPlayedIn }: Pick<PlayerState, 'playback' | 'lastPlayedIn'>, track: Track, positionMs: number): PlayPress {
  if (playback?.item?.id === track.id) return { play: { positionMs } };
  const alone = { uris: [track.uri], positionMs };
  if (lastPlayedIn?.trackId !== track.id) return { play: alone };
  return { play: { contextUri: lastPlayedIn.contextUri, offset: { uri: track.uri }, positionMs }, instead: alone };
}

/** The elapsed second the progress bar was set to at `now`, in whole seconds within the track: the timer counts on from it. */
export function withProgress(state: PlayerState, seconds: number, now: number): PlayerState {
  const second = Math.max(0, Math.min(durationSeconds(state.currentPlayingTrack), Math.round(seconds)));
  return { ...state, progressSeconds: second, progressAnchor: { positionMs: second * 1000, atMs: now } };
}

/** The volume moved by `delta` percent, within 0 to 100. */
export function withVolumeChange(state: PlayerState, delta: number): PlayerState {
  return { ...state, volumePercent: Math.max(0, Math.min(100, state.volumePercent + delta)) };
}

const NEXT_REPEAT: Record<RepeatState, RepeatState> = { off: 'context', context: 'track', track: 'off' };

/** The repeat button's next mode: off, context, track, off. */
export function nextRepeat(playback: Pick<Playback, 'repeatState'> | null): RepeatState {
  return NEXT_REPEAT[playback?.repeatState ?? 'off'];
}

/** Repeat, shuffle and the volume as pressed here, while the provider has not answered that press. */
export type Pressed = Partial<Pick<Playback, 'repeatState' | 'shuffleState'> & Pick<PlayerState, 'volumePercent'>>;

/**
 * A reading of the playback or the SDK's report shown with what was pressed here and not answered
 * yet: asked or made while the press was on the wire, it may say what was before it.
 */
export function withPressed(state: PlayerState, pressed: Pressed): PlayerState {
  const { volumePercent, ...modes } = pressed;
  const shown = Object.keys(modes).length === 0 ? state : withPlaybackChange(state, modes);
  return volumePercent === undefined ? shown : { ...shown, volumePercent };
}

/**
 * The modes a new press steps on from: the newest press not answered yet, else the playback's.
 * Two quick presses are two steps (off, context, track), not the same step twice.
 */
export function modesNow(playback: Playback | null, pressed: Pressed): Pick<Playback, 'repeatState' | 'shuffleState'> {
  return {
    repeatState: pressed.repeatState ?? playback?.repeatState ?? 'off',
    shuffleState: pressed.shuffleState ?? playback?.shuffleState ?? false,
  };
}

/** The playback with its fields changed as a command the provider took changed them; none without a playback. */
export function withPlaybackChange(state: PlayerState, change: Partial<Pick<Playback, 'isPlaying' | 'repeatState' | 'shuffleState'>>): PlayerState {
  if (!state.playback) return state;
  const playback = change.isPlaying === undefined ? state.playback : withPlayState(state.playback, change.isPlaying);
  return { ...state, playback: { ...playback, ...change } };
}

/**
 * The pause the provider took at `now`: the playback paused where the music was then. The
 * playback's position is the provider's last word, read up to seconds before (another device's
 * every few seconds), and a resume from it replayed those seconds (SPEC §4: resume from the
 * current progress); the music was where the bar's moment (`progressAnchor`) has run to since.
 * This tab's own device says its position itself as it pauses (the SDK's report).
 */
export function withPausedAt(state: PlayerState, now: number): PlayerState {
  const paused = withPlaybackChange(state, { isPlaying: false });
  const { playback, progressAnchor, currentPlayingTrack } = state;
  if (!paused.playback || !playback?.isPlaying || !progressAnchor || !currentPlayingTrack || playback.item?.id !== currentPlayingTrack.id) return paused;
  const positionMs = Math.min(progressAnchor.positionMs + Math.max(0, now - progressAnchor.atMs), currentPlayingTrack.durationMs);
  return { ...paused, playback: { ...paused.playback, progressMs: positionMs }, progressAnchor: { positionMs, atMs: now } };
}

/** Which of the player's controls can act now; a disabled one keeps its place and its name. */
export interface ControlsAllowed {
  /**
   * The device that holds the music takes no Web API command (`is_restricted`, the provider's
   * reference): every command would be refused, so none is offered.
   */
  restricted: boolean;
  /** The middle button as it stands: Pause while the sound is heard, else Play. */
  playPause: boolean;
  play: boolean;
  pause: boolean;
  previous: boolean;
  next: boolean;
  shuffle: boolean;
  repeat: boolean;
  seek: boolean;
  /** The device commands drive can have its volume set (`supports_volume`) and says what it is. */
  volume: boolean;
}

/**
 * What can be controlled (the card, the Now Playing view, the mini-player, the shortcuts and
 * the Media Session read this one rule): with a restricted active device nothing; else each
 * control as the provider's disallows say. Before, every button stayed enabled and its command
 * failed silently.
 */
export function controlsAllowed(player: Pick<PlayerState, 'playback' | 'autoplayBlocked' | 'currentPlayingTrack'>): ControlsAllowed {
  const { playback, currentPlayingTrack } = player;
  const device = playback?.device ?? null;
  // Commands go to the active device; with none, to this tab's (stores/player.ts targetDeviceId).
  const target = device?.isActive ? device : null;
  const restricted = target?.isRestricted === true;
  const can = (disallowed: boolean | undefined) => !restricted && playback !== null && disallowed !== true;
  const disallows = playback?.disallows;
  // A resume of the provider's own paused track; another track on the card is played afresh.
  const resumesPlayback = playback !== null && !playback.isPlaying && playback.item?.id === currentPlayingTrack?.id;
  const play = !restricted && currentPlayingTrack !== null && !(resumesPlayback && disallows?.resuming === true);
  const pause = can(disallows?.pausing);
  // Each repeat step turns the context's repeat, the track's, or both, on or off.
  const repeatNow = playback?.repeatState ?? 'off';
  const repeatNext = nextRepeat(playback);
  const togglesContext = repeatNow === 'context' || repeatNext === 'context';
  const togglesTrack = repeatNow === 'track' || repeatNext === 'track';
  const repeat = can((togglesContext && disallows?.togglingRepeatContext) || (togglesTrack && disallows?.togglingRepeatTrack));
  return {
    restricted,
    playPause: isSounding(player) ? pause : play,
    play,
    pause,
    previous: can(disallows?.skippingPrev),
    next: can(disallows?.skippingNext),
    shuffle: can(disallows?.togglingShuffle),
    repeat,
    // With no playback a seek still goes to this tab's device, as it did.
    seek: !restricted && disallows?.seeking !== true,
    volume: !restricted && (target === null || (target.supportsVolume && target.volumePercent !== null)),
  };
}

/**
 * The device list as the playback stands now: the device it names active is the active one.
 * The picker's list is read when it opens; the playback is followed live (another device that
 * takes the music, a transfer), so the picker's mark went stale while "Playing" was live. With
 * no playback known, the list's own mark stands. The same list when nothing changes.
 */
export function devicesAsPlaying(list: Device[], playback: Playback | null): Device[] {
  if (!playback) return list;
  const activeId = playback.device?.isActive ? playback.device.id : null;
  if (list.every((device) => device.isActive === (device.id === activeId))) return list;
  return list.map((device) => (device.isActive === (device.id === activeId) ? device : { ...device, isActive: device.id === activeId }));
}
