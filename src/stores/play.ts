import { atom } from 'nanostores';
import * as playerApi from '../api/player';
import type { Track } from '../api/types';
import { whereaboutsOf } from '../api/playback-whereabouts';
import { playerClock } from '../lib/clock';
import { beforePlayOf, copiesNotPlaying, isSounding, playPressOf, resumePositionMs, resumesFromRow, type BeforePlay, type PlayPress } from './player-rules';
import { logUnlessCanceled } from './log';
import { $playingTrackId } from './now-playing';
import {
  $player,
  pausePlayback,
  refreshPlayback,
  resetPlayer,
  runPlayerCommand,
  showPlayAnswered,
  showPlayFailed,
  showPlayRequested,
  storedDeviceId,
  takeOverPlayback,
} from './player';
import { openPremiumPrompt } from './ui';
import { oneOnItsWay } from '../lib/one-on-its-way';

/**
 * How a play starts, apart from the card's state (stores/player.ts, which alone writes
 * $player): the SDK's audio activated inside the click, a device to play on, and one play
 * request on the wire at a time, the latest click winning.
 */

/** SPEC §5: a play with no device to go to (this tab's never came, none is stored) fails with this message. */
const DEVICE_NOT_AVAILABLE = 'Device is not available';

let activate: () => void = () => undefined;

/** Runs the SDK's `activateElement` (call it inside a click that may bring sound to this tab). */
export function activateAudio(): void {
  activate();
}

/**
 * The SDK's `activateElement`, installed by src/playback: every play runs it
 * first, inside the click, so browsers that block autoplay still play.
 */
export function setPlaybackActivator(activator: (() => void) | null): void {
  activate = activator ?? (() => undefined);
}

/**
 * How long a play waits for this tab's device (still registering as the page loads, or
 * registering again after the provider lost it: a dropped event stream, a provider restart)
 * before it gives up on that click.
 */
export const DEVICE_RENEWAL_TIMEOUT_MS = 10_000;

let renewDevice: () => void = () => undefined;

/** How src/playback registers this tab's device again (the SDK's disconnect, then connect). */
export function setDeviceRenewer(renewer: (() => void) | null): void {
  renewDevice = renewer ?? (() => undefined);
}

/** This tab's device on its way (the SDK loading or connecting): its id once registered, null if it will not be. */
let ownDeviceComing: Promise<string | null> | null = null;

/**
 * How src/playback says this tab's device is on its way (`arrival`, from the SDK's connect) or
 * no longer expected (null: disconnected, or it will not come). A play clicked meanwhile waits for it.
 */
export function expectOwnDevice(arrival: Promise<string | null> | null, instead?: Promise<string | null>): void {
  // `instead`: only in place of that arrival (a later connection's stays).
  if (instead !== undefined && ownDeviceComing !== instead) return;
  ownDeviceComing = arrival;
}

/**
 * This tab's device once the SDK says it is ready with an id other than `gone`, waited for
 * (DEVICE_RENEWAL_TIMEOUT_MS at most); null when not in time, or when the device on its way
 * will not come (the SDK said so). `renew` first registers the device again if it is ready now.
 */
function readyDeviceId(gone: string | null, renew = false): Promise<string | null> {
  const { device, deviceId: current } = $player.get();
  if (!renew && device === 'ready' && current && current !== gone) return Promise.resolve(current);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (deviceId: string | null) => {
      if (settled) return;
      settled = true;
      stop();
      resolve(deviceId);
    };
    const stop = $player.listen(({ device, deviceId }) => {
      if (device === 'ready' && deviceId && deviceId !== gone) settle(deviceId);
    });
    playerClock().setTimeout(() => settle(null), DEVICE_RENEWAL_TIMEOUT_MS);
    void ownDeviceComing?.then((arrived) => arrived === null && settle(null), () => settle(null));
    // A connection under way brings its own `ready`; cutting it short would lose that.
    if (renew && device === 'ready') renewDevice();
  });
}

/**
 * This tab's device after the provider answered a play on `gone` with 404 "Device not found":
 * the id the SDK has registered since; else, while the SDK is still connecting, the id it gets;
 * else the device registered again. Null when it is not ready within the wait.
 */
function renewedDeviceId(gone: string): Promise<string | null> {
  const { device, deviceId: current } = $player.get();
  if (device === 'ready' && current && current !== gone) return Promise.resolve(current);
  return readyDeviceId(gone, true);
}

/** Whether a play has a device to go to, now or once this tab's has registered (SPEC §5: else it fails). */
function hasPlayDevice(): boolean {
  return ownDeviceComing !== null || storedDeviceId() !== null;
}

/**
 * The device a play goes to: this tab's. While it is still registering (a page just loaded),
 * the one it gets, waited for: the stored id is then an earlier page's device, gone with it, or
 * another tab's, which would play there. Else the stored id (SPEC §7's device_id={stored}); null
 * when there is none.
 */
async function playDeviceId(): Promise<string | null> {
  const own = $player.get().deviceId;
  if (own) return own;
  return (ownDeviceComing ? await readyDeviceId(null) : null) ?? storedDeviceId();
}

/** SPEC §5: a play with no device resets the player, opens the Premium prompt and fails with 'Device is not available'. */
function failForNoDevice(): Error {
  resetPlayer();
  openPremiumPrompt();
  return new Error(DEVICE_NOT_AVAILABLE);
}

const isNoDevice = (error: unknown) => error instanceof Error && error.message === DEVICE_NOT_AVAILABLE;

/**
 * Logs a play that failed, its failure shown already. No device to play on (a free account's,
 * which the SDK refused) is an expected state the Premium prompt answered: a warning, no stack.
 */
function logPlayFailure(what: string, error: unknown): void {
  if (isNoDevice(error)) console.warn(DEVICE_NOT_AVAILABLE);
  else logUnlessCanceled(what, error);
}

/** Plays sent one after another, from a click until the provider has answered the latest. */
interface Round {
  /** The request on the wire. */
  key: string;
  played: Promise<void>;
  /** The card before the round's first click: what a failed play goes back to. */
  before: BeforePlay;
  /** The provider took one of the round's plays (a later one then failed): that one plays. */
  taken: boolean;
}

/** The play request on the wire: the provider has not answered it yet. */
let sending: Round | null = null;

/** The latest click made while a request was on the wire: sent once that one answers. */
let wanted: { key: string; press: PlayPress } | null = null;

/**
 * Sends the wanted request, then the one clicked meanwhile, if any: one request on the wire
 * at a time. Every play goes to this tab's device (playDeviceId); one the provider refused
 * because it lost that device (a dropped event stream, a provider restart) is sent once more,
 * to the device registered again, rather than failing the click. A context the provider
 * refused plays the press's `instead` (its track alone), as the same click. Any other refusal
 * (a 404 for an offset not in the context of a list's row too) fails the click.
 */
async function sendWanted(round: Round): Promise<void> {
  let renewed = false;
  while (wanted) {
    const { key, press } = wanted;
    wanted = null;
    round.key = key;
    const deviceId = await playDeviceId();
    // A click made while this tab's device registered wins, as any newer click does.
    if (wanted) continue;
    if (!deviceId) throw new Error(DEVICE_NOT_AVAILABLE);
    try {
      await playerApi.startPlayback({ ...press.play, deviceId }, { contextRefusalSettled: press.instead !== undefined });
      round.taken = true;
    } catch (error) {
      if (!wanted && press.instead && playerApi.isContextRefused(error)) {
        // The same click (its key stays), so pressed again meanwhile it is not sent twice.
        wanted = { key, press: { play: press.instead } };
        continue;
      }
      if (!wanted && !renewed && playerApi.isDeviceLost(error)) {
        renewed = true;
        // Sent again to the device registered anew, which is this tab's own from then on.
        const renewedId = await renewedDeviceId(deviceId);
        // A click made while the device came back wins, as any newer click does.
        if (renewedId && !wanted) wanted = { key, press };
        if (wanted) continue;
      }
      // A newer click supersedes the failed one (the API client has shown the failure).
      if (!wanted) throw error;
    }
  }
}

/**
 * Every play goes through here. Synchronous up to the request, so the
 * activation happens inside the click. A click while a request is on the wire
 * starts no second one beside it: the same request again is the same play, and
 * a different one is sent when the first answers (the latest click wins, as in
 * any player: a track clicked is never silently dropped). Once the provider has
 * answered, the next click is a new play, even while the playback is read again.
 */
function start(press: PlayPress, track: Track | null): Promise<void> {
  activate();
  if (!hasPlayDevice()) return Promise.reject(failForNoDevice());
  const key = JSON.stringify(press.play);
  const before = beforePlayOf($player.get());
  showPlayRequested(track);
  if (sending) {
    wanted = key === sending.key ? null : { key, press };
    return sending.played;
  }
  wanted = { key, press };
  const round: Round = { key, played: Promise.resolve(), before, taken: false };
  sending = round;
  const sent = sendWanted(round).finally(() => {
    if (sending === round) sending = null;
  });
  round.played = sent.then(showPlayAnswered, async (error: unknown) => {
    // An earlier click of the round plays: the card follows the provider to it.
    if (round.taken) await showPlayAnswered();
    // This tab's device never came and none is stored: SPEC §5's failure, over the card as it was.
    else if (isNoDevice(error)) {
      showPlayFailed(round.before);
      failForNoDevice();
    }
    else await showPlayFailedAndRead(round.before);
    throw error;
  });
  return round.played;
}

/**
 * The failed play's card goes back at once to what played before the press, then follows the
 * provider's own word (the click dropped any reading on its way, stores/player.ts).
 */
async function showPlayFailedAndRead(before: BeforePlay): Promise<void> {
  showPlayFailed(before);
  await refreshPlayback();
}

/**
 * The rows of the list a play started in that hold the playing track but are not known to play
 * (player-rules.ts copiesNotPlaying): a list that holds a track twice marks the copy clicked
 * while it plays on, and none of the copies once this tab cannot tell which plays (the provider
 * came back to the track through Next). Empty for a track the list holds once.
 */
export const $copiesNotPlaying = atom<ReadonlySet<Track>>(new Set());

/**
 * The list the last play from a list started in, when it holds a track more than once, and its
 * row that started (null once another track played). Only in this tab's memory: after a reload
 * no row is known to play, and a click on a copy starts that copy (playFromList).
 */
let listPlayed: { rows: readonly Track[]; started: Track | null } | null = null;

let stopFollowingCopies: (() => void) | null = null;

/** The copies of the playing track (`playingId`) the list played from shows as not playing. */
function showCopiesOf(playingId: string | null): void {
  if (!listPlayed) return $copiesNotPlaying.set(new Set());
  if (listPlayed.started?.id !== playingId) listPlayed = { ...listPlayed, started: null };
  $copiesNotPlaying.set(new Set(copiesNotPlaying(listPlayed.rows, playingId, listPlayed.started)));
}

/** Remembers that the row `started` of `rows` plays, and follows the playing track while the list holds one twice. */
function noteRowStarted(rows: readonly Track[], started: Track): void {
  stopFollowingCopies?.();
  stopFollowingCopies = null;
  const holdsCopies = new Set(rows.map((row) => row.id)).size < rows.length;
  listPlayed = holdsCopies ? { rows, started } : null;
  showCopiesOf(started.id);
  if (holdsCopies) stopFollowingCopies = $playingTrackId.listen(showCopiesOf);
}

/** A click on `row` failed: which copy of its track plays is not known any more (none is marked). */
function forgetRowStarted(row: Track): void {
  if (listPlayed?.started !== row) return;
  listPlayed = { ...listPlayed, started: null };
  showCopiesOf($playingTrackId.get());
}

/**
 * **Change** (docs/ARCHITECTURE.md, "A track starts in its list"; SPEC §7 sends one uri):
 * what every track list calls on a click: plays the track at `index`. An album
 * or playlist plays as its context (context_uri), so next and previous follow it;
 * any other list plays as its track uris, from the row's place (`offset: {position}`).
 * A context starts at the row's track (`offset: {uri}`), which holds whatever the provider
 * counts in its positions (entries it cannot play, local files); a track the list holds twice
 * starts at the row's place instead (its uri would start at the first copy): the list is the
 * context's playable tracks in order, an album's tracks, a playlist's entries less those with
 * no usable track, which the sandbox's context skips too. Call it straight from the
 * click handler (it activates the SDK's audio first). It never rejects: a missing
 * device (reset, premium prompt, 'Device is not available'), PREMIUM_REQUIRED (the
 * prompt) and other failures (the catalogue's toast) are shown already, and only
 * logged here.
 */
export async function playFromList(tracks: readonly Track[], index: number, contextUri?: string): Promise<void> {
  const track = tracks[index];
  if (!track) return;
  // A copy of the paused track not known to be the one that plays (another copy, or any copy
  // after a reload) is a play of its own, from its own place: resumed, the other copy played on.
  const knownCopy = !copiesNotPlaying(tracks, track.id, listPlayed?.started ?? null).includes(track);
  if (knownCopy && resumesFromRow($player.get(), track.id, contextUri)) return togglePlay();
  const copies = tracks.filter((other) => other.id === track.id).length;
  const offset = contextUri && copies === 1 ? { uri: track.uri } : { position: index };
  const play = contextUri ? { contextUri, offset, positionMs: 0 } : { uris: tracks.map((item) => item.uri), offset, positionMs: 0 };
  noteRowStarted(tracks, track);
  try {
    await start({ play }, track);
  } catch (error) {
    forgetRowStarted(track);
    logPlayFailure('Could not start playback', error);
  }
}

/**
 * A resume on its way that start() does not send (on another device, or a playback left behind
 * taken over here): Play pressed again meanwhile is the same press, as start() makes a repeat of
 * its play. Two presses in one tick (two taps held until the card hydrated, given to it one
 * after the other: the card had not yet shown the first as busy) sent the take-over's play twice.
 */
const resuming = oneOnItsWay();

/**
 * Play/pause: pause, or resume the current track from the current progress
 * (SPEC §4; to the millisecond while the bar shows the provider's second). While
 * the provider still holds that track, the resume sends only position_ms, so an
 * album, playlist or list keeps playing as one (next and previous follow it); the
 * last played track plays in the list it was played in; otherwise it plays the
 * current track uri (player-rules.ts playPressOf). Pressed again while a resume is on its way,
 * it sends nothing new (`resuming`; start() for the others).
 */
export function togglePlay(): Promise<void> {
  const resumingAlready = resuming.pending();
  if (resumingAlready) return resumingAlready;
  const player = $player.get();
  const { playback, currentPlayingTrack } = player;
  if (isSounding(player)) return pausePlayback();
  if (!currentPlayingTrack) return Promise.resolve();
  const positionMs = resumePositionMs(player);
  const where = whereaboutsOf(playback, storedDeviceId());
  const sameTrack = playback?.item?.id === currentPlayingTrack.id;
  if (where.at === 'elsewhere' && sameTrack) {
    // Inside the click: the device may prove gone (below), and the music then plays here.
    activate();
    // Another device holds the playback: resume it there, through the Web API.
    return resuming(() => runPlayerCommand('resume', async () => {
      try {
        await playerApi.startPlayback({ deviceId: where.device.id, positionMs });
      } catch (error) {
        // The provider had lost it (a tab closed or reloaded, said active by a reading made as it
        // went): the playback was left behind, and Play takes it over here, as for any left one.
        if (!playerApi.isDeviceLost(error)) throw error;
        return takeOverHere(currentPlayingTrack);
      }
      await refreshPlayback();
    }));
  }
  if (where.at === 'left' && sameTrack) return resuming(() => takeOverHere(currentPlayingTrack));
  return start(playPressOf(player, currentPlayingTrack, positionMs), currentPlayingTrack).catch((error: unknown) => logPlayFailure('Could not resume playback', error));
}

/**
 * A playback left paused by a device that went (a tab closed or reloaded): moves it to this
 * tab's device (as every command on it does, stores/player.ts takeOverPlayback), then resumes
 * it there from the second the bar shows (the provider kept where it stopped; a drag since
 * moved the bar). Activated inside the click, like every play.
 */
function takeOverHere(track: Track): Promise<void> {
  activate();
  if (!hasPlayDevice()) {
    failForNoDevice();
    console.warn(DEVICE_NOT_AVAILABLE);
    return Promise.resolve();
  }
  const player = $player.get();
  const before = beforePlayOf(player);
  const positionMs = resumePositionMs(player);
  showPlayRequested(track);
  const resumed = playDeviceId().then(async (deviceId) => {
    if (!deviceId) throw new Error(DEVICE_NOT_AVAILABLE);
    await takeOverPlayback(deviceId);
    await playerApi.startPlayback({ deviceId, positionMs });
  });
  return resumed.then(showPlayAnswered, async (error: unknown) => {
    if (isNoDevice(error)) {
      console.warn(DEVICE_NOT_AVAILABLE);
      showPlayFailed(before);
      failForNoDevice();
      return;
    }
    logUnlessCanceled('Could not resume playback here', error);
    await showPlayFailedAndRead(before);
  });
}
