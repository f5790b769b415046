import type { Track } from '../api/types';
import { isSounding } from '../stores/player-rules';
import { $player, nextTrack, previousTrack, seekToSecond } from '../stores/player';
import { togglePlay } from '../stores/play';

const ACTIONS = ['play', 'pause', 'nexttrack', 'previoustrack', 'seekto'] as const;

function metadataOf(track: Track): MediaMetadata {
  return new MediaMetadata({
    title: track.name,
    artist: track.artists.map((artist) => artist.name).join(', '),
    album: track.album?.name ?? '',
    artwork: (track.album?.images ?? []).map((image) => ({ src: image.url })),
  });
}

/**
 * Mirrors the current track on the Media Session (lock screen, hardware keys)
 * and maps its keys to the player's actions (DESIGN §6). Returns the cleanup.
 */
export function startMediaSession(): () => void {
  if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return () => undefined;
  const session = navigator.mediaSession;
  const isPlaying = () => isSounding($player.get());
  // Play and pause keys say what they want; togglePlay would invert a stale state.
  session.setActionHandler('play', () => void (isPlaying() ? undefined : togglePlay()));
  session.setActionHandler('pause', () => void (isPlaying() ? togglePlay() : undefined));
  session.setActionHandler('nexttrack', () => void nextTrack());
  session.setActionHandler('previoustrack', () => void previousTrack());
  session.setActionHandler('seekto', (details) => void seekToSecond(details.seekTime ?? 0));
  let shownTrackId: string | null = null;
  const unsubscribe = $player.subscribe(({ currentPlayingTrack, playback }) => {
    session.playbackState = playback ? (playback.isPlaying ? 'playing' : 'paused') : 'none';
    // The progress tick changes the store every second; the metadata only changes with the track.
    const trackId = currentPlayingTrack?.id ?? null;
    if (trackId === shownTrackId) return;
    shownTrackId = trackId;
    session.metadata = currentPlayingTrack ? metadataOf(currentPlayingTrack) : null;
  });
  return () => {
    unsubscribe();
    for (const action of ACTIONS) session.setActionHandler(action, null);
  };
}
