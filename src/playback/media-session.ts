import { $player, nextTrack, previousTrack, setProgressSeconds, togglePlay } from '../stores/player';

/**
 * Mirrors the current track on the Media Session (lock screen, hardware keys)
 * and maps its keys to the player's actions (DESIGN §6). Returns the cleanup.
 */
export function startMediaSession(): () => void {
  if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return () => undefined;
  const session = navigator.mediaSession;
  const run = (action: () => Promise<void>) => () => void action().catch((error: unknown) => console.error(error));
  session.setActionHandler('play', run(togglePlay));
  session.setActionHandler('pause', run(togglePlay));
  session.setActionHandler('nexttrack', run(nextTrack));
  session.setActionHandler('previoustrack', run(previousTrack));
  session.setActionHandler('seekto', (details) => setProgressSeconds(details.seekTime ?? 0));
  const unsubscribe = $player.subscribe(({ currentPlayingTrack, playback }) => {
    session.playbackState = playback ? (playback.isPlaying ? 'playing' : 'paused') : 'none';
    if (!currentPlayingTrack) {
      session.metadata = null;
      return;
    }
    session.metadata = new MediaMetadata({
      title: currentPlayingTrack.name,
      artist: currentPlayingTrack.artists.map((artist) => artist.name).join(', '),
      album: currentPlayingTrack.album?.name ?? '',
      artwork: (currentPlayingTrack.album?.images ?? []).map((image) => ({ src: image.url })),
    });
  });
  return () => {
    unsubscribe();
    for (const action of ['play', 'pause', 'nexttrack', 'previoustrack', 'seekto'] as const) session.setActionHandler(action, null);
  };
}
