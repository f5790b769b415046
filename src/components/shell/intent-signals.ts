/**
 * What the shell's script and the `client:intent` directive (hydrate-on-intent.ts) tell each
 * other. A module of its own, so that the shell's bundle carries these few lines, not a second
 * copy of the directive that Astro already inlines into the page.
 */

/** The event an island sends when its code could not be loaded: the shell reports the lost connection. */
export const ISLAND_UNLOADED = 'my-music:island-unloaded';

/** The event the shell sends when the player's current track changes (its id, or null). */
export const PLAYING_TRACK = 'my-music:playing-track';

type SignalWindow = Window & { __myMusicPlayingTrack?: string | null };

/** The shell's script says which track the player holds; kept on the window for islands a later page brings. */
export function notePlayingTrack(id: string | null): void {
  (window as SignalWindow).__myMusicPlayingTrack = id;
  document.dispatchEvent(new CustomEvent<string | null>(PLAYING_TRACK, { detail: id }));
}

/** The player's current track, as the shell's script last said. */
export function playingTrack(): string | null {
  return (window as SignalWindow).__myMusicPlayingTrack ?? null;
}
