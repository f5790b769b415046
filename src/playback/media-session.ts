import type { Track } from '../api/types';
import { controlsAllowed, isSounding, type ControlsAllowed, type PlayerState } from '../stores/player-rules';
import { $player, nextTrack, previousTrack, seekToSecond } from '../stores/player';
import { togglePlay } from '../stores/play';

const ACTIONS = ['play', 'pause', 'nexttrack', 'previoustrack', 'seekto'] as const;
type Action = (typeof ACTIONS)[number];

/** The control each action of the system's media keys stands for (player-rules.ts controlsAllowed). */
const CONTROL_OF: Record<Action, keyof ControlsAllowed> = {
  play: 'play',
  pause: 'pause',
  nexttrack: 'next',
  previoustrack: 'previous',
  seekto: 'seek',
};

function metadataOf(track: Track): MediaMetadata {
  return new MediaMetadata({
    title: track.name,
    artist: track.artists.map((artist) => artist.name).join(', '),
    album: track.album?.name ?? '',
    artwork: (track.album?.images ?? []).map((image) => ({ src: image.url })),
  });
}

/**
 * Where the lock screen's scrubber stands, in seconds, or null when it has nothing to show (no
 * track, or one of no length). The browser refuses (throws) a position past the length.
 */
export function positionStateOf(player: Pick<PlayerState, 'currentPlayingTrack' | 'progressSeconds'>): MediaPositionState | null {
  const duration = (player.currentPlayingTrack?.durationMs ?? 0) / 1000;
  if (!(duration > 0)) return null;
  // The rate is the music's own speed: 0 is refused, and a paused session does not move by its state.
  return { duration, playbackRate: 1, position: Math.max(0, Math.min(duration, player.progressSeconds)) };
}

/** Tells the session where the music is; a browser without setPositionState, or one that refuses the values, changes nothing. */
function showPosition(session: MediaSession, position: MediaPositionState | null): void {
  if (typeof session.setPositionState !== 'function') return;
  try {
    // Without an argument, the session forgets the position (nothing to scrub).
    if (position) session.setPositionState(position);
    else session.setPositionState();
  } catch (error) {
    console.warn('The Media Session refused the position', error);
  }
}

/**
 * Mirrors the current track on the Media Session (lock screen, hardware keys)
 * and maps its keys to the player's actions (DESIGN §6). An action the player cannot take
 * now (player-rules.ts controlsAllowed: a restricted device, the provider's disallows) has no
 * handler, so the system greys it out rather than sending what the provider refuses. Returns
 * the cleanup.
 */
export function startMediaSession(): () => void {
  if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return () => undefined;
  const session = navigator.mediaSession;
  const isPlaying = () => isSounding($player.get());
  // Play and pause keys say what they want; togglePlay would invert a stale state.
  const handlers: Record<Action, MediaSessionActionHandler> = {
    play: () => void (isPlaying() ? undefined : togglePlay()),
    pause: () => void (isPlaying() ? togglePlay() : undefined),
    nexttrack: () => void nextTrack(),
    previoustrack: () => void previousTrack(),
    seekto: (details) => void seekToSecond(details.seekTime ?? 0),
  };
  const handled = new Map<Action, boolean>();
  const setHandlers = (controls: ControlsAllowed) => {
    for (const action of ACTIONS) {
      const allowed = controls[CONTROL_OF[action]];
      if (handled.get(action) === allowed) continue;
      handled.set(action, allowed);
      try {
        session.setActionHandler(action, allowed ? handlers[action] : null);
      } catch {
        // A browser that does not know the action: nothing to set.
      }
    }
  };
  let shownTrackId: string | null = null;
  let shownPosition: unknown[] = [];
  const unsubscribe = $player.subscribe((player) => {
    const { currentPlayingTrack, playback } = player;
    session.playbackState = playback ? (playback.isPlaying ? 'playing' : 'paused') : 'none';
    setHandlers(controlsAllowed(player));
    // The progress tick changes the store every second; the metadata only changes with the track.
    const trackId = currentPlayingTrack?.id ?? null;
    if (trackId !== shownTrackId) {
      shownTrackId = trackId;
      session.metadata = currentPlayingTrack ? metadataOf(currentPlayingTrack) : null;
    }
    // The lock screen's scrubber (after the track's metadata): its length and place follow the
    // track, its length, the second and the play state.
    const position = positionStateOf(player);
    const positionKey = [trackId, position?.duration, position?.position, session.playbackState];
    if (positionKey.some((value, index) => value !== shownPosition[index])) {
      shownPosition = positionKey;
      showPosition(session, position);
    }
  });
  return () => {
    unsubscribe();
    for (const action of ACTIONS) session.setActionHandler(action, null);
    showPosition(session, null);
  };
}
