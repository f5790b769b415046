/**
 * One user's playback as a pure state machine. Progress is never ticked: it is
 * computed from the moment the position was last known (the anchor), so the
 * state is exact at any instant and survives with no timer running. Every
 * function takes `now` and returns a new state plus the plays that finished,
 * which the caller records in recent plays.
 */

export type RepeatState = 'off' | 'context' | 'track';

export interface QueueTrack {
  id: string;
  uri: string;
  durationMs: number;
}

export interface PlayerState {
  contextUri: string | null;
  /** The context's tracks in their own order. */
  tracks: readonly QueueTrack[];
  /** Play order: indices into tracks (shuffled when shuffle is on). */
  order: readonly number[];
  /** Position in order of the current track. */
  cursor: number;
  playing: boolean;
  /** Position in the current track at anchorMs. */
  positionMs: number;
  anchorMs: number;
  shuffle: boolean;
  repeat: RepeatState;
  /** Time actually listened to the current track before anchorMs (seeking does not count). */
  listenedMs: number;
  /** Whether the current track's play is already in recent plays. */
  recorded: boolean;
  /** When the state last changed: play, pause, skip, seek, new song. */
  changedAt: number;
  /** Tracks the user added (POST me/player/queue): they play next, before the rest of the context. */
  added: readonly QueueTrack[];
  /** An added track now playing; `cursor` stays on the context track played before it. */
  interlude: QueueTrack | null;
}

export interface Play {
  trackId: string;
  playedAt: number;
  contextUri: string | null;
}

export interface Transition {
  state: PlayerState;
  plays: Play[];
}

/** A play counts once the track has played this long, or to its end. */
export const PLAY_THRESHOLD_MS = 30_000;
/** Previous within this much of a track's start goes to the previous track; later it restarts. */
export const RESTART_THRESHOLD_MS = 3_000;

/** How many tracks GET me/player/queue lists after the current one. */
export const QUEUE_VIEW_LIMIT = 20;

export function currentTrack(state: PlayerState): QueueTrack | null {
  return state.interlude ?? state.tracks[state.order[state.cursor] ?? -1] ?? null;
}

/** The context a play of the current track counts for: none for an added track. */
function playedContext(state: PlayerState): string | null {
  return state.interlude ? null : state.contextUri;
}

/**
 * What plays after the current track, in order: the added tracks, then the rest of
 * the context in play order (shuffled under shuffle), wrapping round under repeat context.
 */
export function upcoming(state: PlayerState, limit = QUEUE_VIEW_LIMIT): QueueTrack[] {
  const list = [...state.added];
  const count = state.order.length;
  const rest = state.repeat === 'context' ? count - 1 + (state.interlude ? 1 : 0) : count - state.cursor - 1;
  for (let step = 1; step <= rest && list.length < limit; step++) {
    const track = state.tracks[state.order[(state.cursor + step) % count] ?? -1];
    if (track) list.push(track);
  }
  return list.slice(0, limit);
}

export function progressMs(state: PlayerState, now: number): number {
  const track = currentTrack(state);
  if (!track) return 0;
  const elapsed = state.playing ? Math.max(0, now - state.anchorMs) : 0;
  return Math.min(track.durationMs, state.positionMs + elapsed);
}

function shuffledOrder(length: number, first: number, random: () => number): number[] {
  const rest = [...Array(length).keys()].filter((i) => i !== first);
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [rest[i], rest[j]] = [rest[j] as number, rest[i] as number];
  }
  return [first, ...rest];
}

export interface StartOptions {
  contextUri: string | null;
  tracks: readonly QueueTrack[];
  /** Index in tracks to start at; null lets shuffle choose, or starts at the first. */
  offset: number | null;
  positionMs: number;
  shuffle: boolean;
  repeat: RepeatState;
  /** The user's added tracks, which outlive a new context as they do at the provider. */
  added?: readonly QueueTrack[];
}

/** Loads a context or a list of tracks and starts playing (PUT me/player/play). */
export function startPlayback(options: StartOptions, now: number, random: () => number = Math.random): Transition {
  const count = options.tracks.length;
  const first = options.offset ?? (options.shuffle ? Math.floor(random() * count) : 0);
  const order = options.shuffle ? shuffledOrder(count, first, random) : [...Array(count).keys()];
  const state: PlayerState = {
    contextUri: options.contextUri,
    tracks: options.tracks,
    order,
    cursor: options.shuffle ? 0 : first,
    playing: true,
    positionMs: 0,
    anchorMs: now,
    shuffle: options.shuffle,
    repeat: options.repeat,
    listenedMs: 0,
    recorded: false,
    changedAt: now,
    added: options.added ?? [],
    interlude: null,
  };
  return seek(state, options.positionMs, now);
}

/** Moves to the track at cursor, from its start (an interlude stays: repeat track replays it). */
function moveTo(state: PlayerState, cursor: number, at: number, playing: boolean): PlayerState {
  return { ...state, cursor, playing, positionMs: 0, anchorMs: at, listenedMs: 0, recorded: false, changedAt: at };
}

/**
 * The track after the current one: the first added track, else the next in play
 * order, wrapping under repeat; past the end (repeat off) the provider stops on the first track.
 */
function advance(state: PlayerState, at: number, playing: boolean): PlayerState {
  const [first, ...rest] = state.added;
  if (first) return { ...moveTo(state, state.cursor, at, playing), interlude: first, added: rest };
  const back = { ...state, interlude: null };
  if (state.cursor + 1 < state.order.length) return moveTo(back, state.cursor + 1, at, playing);
  return moveTo(back, 0, at, playing && state.repeat !== 'off');
}

/**
 * Brings the state up to `now`: records plays that crossed the threshold and
 * walks through tracks that ended, following repeat. Every other action settles first.
 */
export function settle(state: PlayerState, now: number): Transition {
  const plays: Play[] = [];
  let current = state;
  for (;;) {
    const track = currentTrack(current);
    if (!track || !current.playing) break;
    const elapsed = Math.max(0, now - current.anchorMs);
    const remaining = Math.max(0, track.durationMs - current.positionMs);
    const untilThreshold = PLAY_THRESHOLD_MS - current.listenedMs;
    if (!current.recorded && untilThreshold <= Math.min(elapsed, remaining)) {
      plays.push({ trackId: track.id, playedAt: current.anchorMs + Math.max(0, untilThreshold), contextUri: playedContext(current) });
      current = { ...current, recorded: true };
    }
    if (elapsed < remaining) break;
    const endedAt = current.anchorMs + remaining;
    if (!current.recorded) plays.push({ trackId: track.id, playedAt: endedAt, contextUri: playedContext(current) });
    current = current.repeat === 'track' ? moveTo(current, current.cursor, endedAt, true) : advance(current, endedAt, true);
  }
  return { state: current, plays };
}

/** Freezes progress and listened time at `now` (state must be settled). */
function anchor(state: PlayerState, now: number): PlayerState {
  if (!state.playing) return { ...state, anchorMs: now };
  const elapsed = Math.max(0, now - state.anchorMs);
  return { ...state, positionMs: progressMs(state, now), listenedMs: state.listenedMs + elapsed, anchorMs: now };
}

function apply(state: PlayerState, now: number, change: (settled: PlayerState) => PlayerState): Transition {
  const settled = settle(state, now);
  return { state: change(anchor(settled.state, now)), plays: settled.plays };
}

export function pause(state: PlayerState, now: number): Transition {
  return apply(state, now, (s) => ({ ...s, playing: false, changedAt: now }));
}

export function resume(state: PlayerState, now: number): Transition {
  return apply(state, now, (s) => ({ ...s, playing: currentTrack(s) !== null, changedAt: now }));
}

/** Seeks in the current track; past its end starts the next one, as the provider does. */
export function seek(state: PlayerState, positionMs: number, now: number): Transition {
  const settled = settle(state, now);
  const track = currentTrack(settled.state);
  if (track && positionMs >= track.durationMs) {
    const skipped = next(settled.state, now);
    return { state: skipped.state, plays: [...settled.plays, ...skipped.plays] };
  }
  const moved = { ...anchor(settled.state, now), positionMs: Math.max(0, positionMs), changedAt: now };
  return { state: moved, plays: settled.plays };
}

export function canSkipNext(state: PlayerState): boolean {
  return currentTrack(state) !== null && (state.added.length > 0 || state.cursor + 1 < state.order.length || state.repeat !== 'off');
}

export function canSkipPrevious(state: PlayerState): boolean {
  return currentTrack(state) !== null && (state.interlude !== null || state.cursor > 0 || state.repeat !== 'off');
}

/** Skips to the next track: an added one first, then play order (wrapping under repeat); the caller checks canSkipNext. */
export function next(state: PlayerState, now: number): Transition {
  return apply(state, now, (s) => advance(s, now, s.playing));
}

/**
 * Restarts the track after its first seconds; otherwise goes back one track (wrapping
 * under repeat). From an added track, back is the context track played before it.
 */
export function previous(state: PlayerState, now: number): Transition {
  return apply(state, now, (s) => {
    if (s.positionMs > RESTART_THRESHOLD_MS || !canSkipPrevious(s)) return { ...moveTo(s, s.cursor, now, s.playing), recorded: s.recorded };
    if (s.interlude) return moveTo({ ...s, interlude: null }, s.cursor, now, s.playing);
    const cursor = s.cursor > 0 ? s.cursor - 1 : s.order.length - 1;
    return moveTo(s, cursor, now, s.playing);
  });
}

/** Adds a track to play next, after tracks added before it (POST me/player/queue). */
export function addToQueue(state: PlayerState, track: QueueTrack, now: number): Transition {
  return apply(state, now, (s) => ({ ...s, added: [...s.added, track] }));
}

/** Shuffle on keeps the current track and shuffles the rest after it; off returns to context order. */
export function setShuffle(state: PlayerState, shuffle: boolean, now: number, random: () => number = Math.random): Transition {
  return apply(state, now, (s) => {
    const index = s.order[s.cursor] ?? 0;
    if (shuffle === s.shuffle) return s;
    const order = shuffle ? shuffledOrder(s.tracks.length, index, random) : [...Array(s.tracks.length).keys()];
    return { ...s, shuffle, order, cursor: shuffle ? 0 : index, changedAt: now };
  });
}

export function setRepeat(state: PlayerState, repeat: RepeatState, now: number): Transition {
  return apply(state, now, (s) => ({ ...s, repeat, changedAt: now }));
}

/** When something next happens on its own (a play to record, a track to end), or null. */
export function nextEventAt(state: PlayerState): number | null {
  const track = currentTrack(state);
  if (!track || !state.playing) return null;
  const end = state.anchorMs + track.durationMs - state.positionMs;
  const threshold = state.recorded ? Infinity : state.anchorMs + PLAY_THRESHOLD_MS - state.listenedMs;
  return Math.min(end, threshold);
}

export interface Disallows {
  pausing: boolean;
  resuming: boolean;
  seeking: boolean;
  skipping_next: boolean;
  skipping_prev: boolean;
}

export function disallows(state: PlayerState): Disallows {
  const loaded = currentTrack(state) !== null;
  return {
    pausing: !state.playing,
    resuming: state.playing || !loaded,
    seeking: !loaded,
    skipping_next: !canSkipNext(state),
    skipping_prev: !canSkipPrevious(state),
  };
}
