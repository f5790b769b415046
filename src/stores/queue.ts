import { computed, map, onMount, onNotify } from 'nanostores';
import { isCanceled, statusOf } from '../api/errors';
import * as queueApi from '../api/queue';
import type { PlayQueue, Track } from '../api/types';
import { $devices, toggleDevicePicker, type PickerPlace } from './devices';
import { followPlayingMark } from './now-playing';
import { $player, $queueChanges, takeOverIfLeft, targetDeviceId } from './player';
import { $limitSecondsLeft } from './provider-limit';
import { queueAsPlayerShows, queueReadDue, QUEUE_REREAD_MS, type PlayerShown } from './queue-rules';
import { $route } from './route';
import { closeOnRouteChange } from './ui';
import { showToast } from './toasts';
import { createAnswerGuard } from '../lib/answer-guard';
import { playerClock } from '../lib/clock';
import { NARROW_SCREEN } from '../lib/screens';

/** Said when a track is added to the queue with nothing playing (the provider's 404 NO_ACTIVE_DEVICE). */
export const START_PLAYBACK_FIRST = 'Start playback first';
/** The toast confirming an "Add to queue". */
export const ADDED_TO_QUEUE = 'Added to queue';

interface QueueState {
  /** The queue panel is open. */
  open: boolean;
  loading: boolean;
  failed: boolean;
  /** Whether an answer arrived since the panel opened (before it, the panel shows skeletons). */
  loaded: boolean;
  nowPlaying: Track | null;
  nextUp: Track[];
}

/** The queue panel: GET me/player/queue's Now playing and Next up. */
export const $queue = map<QueueState>({ open: false, loading: false, failed: false, loaded: false, nowPlaying: null, nextUp: [] });

/** The player's track and whether the user closed it: each its own store, so the progress's ticks change neither. */
const $shownTrack = computed($player, (player) => player.currentPlayingTrack);
const $playerClosed = computed($player, (player) => player.dismissed);

/** The queue panel as it shows beside the player: $queue as the player shows it (queue-rules.ts queueAsPlayerShows). */
export const $queueShown = computed([$queue, $shownTrack, $playerClosed], (queue, track, closed) => queueAsPlayerShows(queue, { track, closed }));

/** The queue the server read for the Now Playing view, as its panel shows it beside the player the server rendered. */
export function queueShownAsServed(answer: PlayQueue | null, player: PlayerShown): QueueState {
  return queueAsPlayerShows(queueAsServed(answer), player);
}

const answers = createAnswerGuard();
/** When the last read was asked, on the player's clock (queue-rules.ts queueReadDue). */
let askedAt: number | null = null;

/**
 * Reads the queue again; an older answer arriving after a newer question is dropped. A read that
 * fails leaves the lists shown as they were: only a panel with no answer yet (the read as it
 * opens) says the queue could not be read. `background`: asked behind the user's back (the open
 * panel's rhythm, the tab's return), its failure shows no toast and does not mark the page as
 * having lost its connection (which would load it again once the network is back), and a panel
 * that said it could not read the queue says so until an answer comes.
 */
export async function refreshQueue({ background = false } = {}): Promise<void> {
  const mine = answers.ask();
  askedAt = playerClock().now();
  $queue.set({ ...$queue.get(), loading: true, ...(background ? {} : { failed: false }) });
  try {
    const answer = await queueApi.getQueue({ unseen: background });
    if (!answers.isCurrent(mine)) return;
    $queue.set({ ...$queue.get(), loading: false, failed: false, loaded: true, nowPlaying: answer.currentlyPlaying, nextUp: answer.queue });
  } catch (error) {
    if (!answers.isCurrent(mine)) return;
    const held = $queue.get();
    $queue.set({ ...held, loading: false, failed: !held.loaded && (held.failed || !isCanceled(error)) });
  }
}

/** The queue the server read for the Now Playing view, open, as that view renders it (null: the call failed; the view reads it again once it runs). */
export function queueAsServed(answer: PlayQueue | null): QueueState {
  return { open: true, loading: false, failed: answer === null, loaded: answer !== null, nowPlaying: answer?.currentlyPlaying ?? null, nextUp: answer?.queue ?? [] };
}

/**
 * The server's queue (the Now Playing view's seed) stands in until this tab reads its own, so
 * the panel the view opens shows it rather than 'Loading…' while it is read again. An answer
 * this tab has already had is newer, and kept. The panel's open state stays the view's to set.
 */
export function adoptQueue(answer: PlayQueue | null): void {
  const held = $queue.get();
  if (!answer || held.loaded) return;
  $queue.set({ ...held, failed: false, loaded: true, nowPlaying: answer.currentlyPlaying, nextUp: answer.queue });
}

const tabInView = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';
const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * An open panel catches up with what plays next when changed elsewhere (another tab's or
 * device's "Add to queue"): read again, behind the user's back, when queue-rules.ts queueReadDue
 * says so. The tab's return calls it (playback/catch-up.ts), and so does the panel's interval below.
 */
export function catchUpQueue(): void {
  const { open, loading } = $queue.get();
  const { playback } = $player.get();
  const reading = {
    open,
    followsPlayback: Boolean(playback?.item) && playback?.device?.isActive === true,
    visible: tabInView(),
    online: browserOnline(),
    limited: $limitSecondsLeft.get() > 0,
    reading: loading,
    askedAt,
  };
  if (queueReadDue(reading, playerClock().now())) void refreshQueue({ background: true });
}

/**
 * Whether the queue panel and a device picker would take one place: the panel, docked beside the
 * page down to the card, covered the card's and the top bar's pickers (both buttons pressed, the
 * list of devices out of sight). Not the bottom sheet's picker, a dialog over everything, nor on
 * /player, whose own view shows the queue as part of its page.
 */
const sharesThePickersPlace = (place: PickerPlace) => place !== 'sheet' && $route.get()?.name !== 'player';

/**
 * Opens or closes the queue panel (the card's button, the Q key); opening reads it. The panel and
 * a picker in its place show one at a time, as one panel beside the player: opening one closes
 * the other (here, and as the picker opens: onMount below).
 */
export function toggleQueue(open = !$queue.get().open): void {
  const picker = $devices.get();
  if (open && picker.open && sharesThePickersPlace(picker.place)) toggleDevicePicker(false);
  $queue.set({ ...$queue.get(), open, ...(open ? {} : { loaded: false }) });
  if (open) void refreshQueue();
}

/**
 * On a narrow screen the card's panel takes the page's place (queue.css): a new page (the bottom
 * navigation, an artist's link in the panel) takes its place back, closing it. Not on /player,
 * whose own view shows the queue as part of its page; not on a wide screen, where the page makes
 * room beside the panel and it goes on from page to page, as the card does.
 */
closeOnRouteChange($queue, () => {
  const narrow = typeof matchMedia === 'function' && matchMedia(NARROW_SCREEN).matches;
  if ($queue.get().open && narrow && $route.get()?.name !== 'player') toggleQueue(false);
});

/**
 * "Add to queue": the track plays next on the device that plays. Confirmed by a
 * toast; with nothing playing it says "Start playback first" rather than an error.
 * The free account's PREMIUM_REQUIRED opens the premium prompt (the API client).
 */
export async function addTrackToQueue(track: Track): Promise<void> {
  try {
    // A playback a reload left behind takes no add (404): it is taken over here first, as a command is.
    const takingOver = takeOverIfLeft();
    if (takingOver) await takingOver;
    await queueApi.addToQueue(track.uri, targetDeviceId());
    showToast(ADDED_TO_QUEUE, 'success');
    if ($queue.get().open) void refreshQueue();
  } catch (error) {
    if (statusOf(error) === 404) showToast(START_PLAYBACK_FIRST, 'info');
    else if (!isCanceled(error)) console.warn('Could not add to the queue', error);
  }
}

// Reaction: an open panel follows the playing track. It reads again when the player's mark moves
// (a new track, or a play or pause) to a track other than the one it shows: a track resumed on a
// device the provider had dropped comes back with its queue, while a pause of the track it shows
// asks nothing. Not as it opens: it was just read. It reads again, too, when the provider took a
// change to what plays next with the same track (a shuffle, a repeat, the playback taken over
// here: stores/player.ts $queueChanges). What another tab or device adds shows within
// QUEUE_REREAD_MS: the open panel reads again at that rhythm while the tab is in view (as the card
// follows another device's playback, stores/devices.ts), and as the tab comes back (catchUpQueue).
// The card's panel closes with the player; the Now Playing view's stays, as the view does, and
// says nothing plays ($queueShown).
onMount($queue, () => {
  let opening = true;
  const stop = followPlayingMark((mark) => {
    const { open, nowPlaying } = $queue.get();
    if (!opening && open && (nowPlaying?.id ?? null) !== mark.trackId) void refreshQueue();
  });
  opening = false;
  const stopChanges = $queueChanges.listen(() => {
    if ($queue.get().open) void refreshQueue();
  });
  const stopClosing = $playerClosed.listen((closed) => {
    if (closed && $queue.get().open && $route.get()?.name !== 'player') toggleQueue(false);
  });
  // A picker opening in the panel's place closes the panel (toggleQueue): on its opening only, so
  // a queue and a picker both open on /player stay so as the user goes on to another page.
  let pickerWasOpen = $devices.get().open;
  const stopPicker = $devices.listen(({ open, place }) => {
    if (open && !pickerWasOpen && $queue.get().open && sharesThePickersPlace(place)) toggleQueue(false);
    pickerWasOpen = open;
  });
  // The rhythm follows the panel's open state through the store's own notices: a listener of its
  // own would keep $queue mounted for ever, and with it this interval and $player's progress tick.
  let timer: unknown = null;
  const keepRhythm = (open: boolean) => {
    if (open && timer === null) timer = playerClock().setInterval(catchUpQueue, QUEUE_REREAD_MS);
    else if (!open && timer !== null) {
      playerClock().clearInterval(timer);
      timer = null;
    }
  };
  keepRhythm($queue.get().open);
  const stopRhythm = onNotify($queue, () => keepRhythm($queue.get().open));
  return () => {
    stop();
    stopChanges();
    stopClosing();
    stopPicker();
    stopRhythm();
    keepRhythm(false);
  };
});
