import { useState } from 'react';
import { isSounding, type PlayerState } from '../../stores/player-rules';

type Heard = Pick<PlayerState, 'currentPlayingTrack' | 'playback' | 'autoplayBlocked'>;

/** What the region says of a pause of the track it said plays. */
export const PAUSED = 'Paused';

/**
 * What the region says of the player, given what it said last (pure): the track that plays, and
 * "Paused" once that track pauses, until it plays again or leaves the card. Only a track that
 * plays is named: the card may show one that does not (the last played, paused at its start, or
 * one the browser held the sound of), and "Now playing" over silence misleads; and a track found
 * paused says nothing, as no pause was heard.
 */
export function playerWords(player: Heard, said: string): string {
  const track = player.currentPlayingTrack;
  if (track && isSounding(player)) return `Now playing: ${track.name} by ${track.artists.map((artist) => artist.name).join(', ')}`;
  const paused = track !== null && player.playback?.isPlaying === false && !player.autoplayBlocked;
  return paused && said !== '' ? PAUSED : '';
}

/**
 * A polite live region, always on the page (a region added together with its text is often not
 * read), that tells screen readers which track now plays whenever it changes, and when it pauses
 * (Space, the card's Pause, another device): the Pause button that becomes Play is away from the
 * focus, and emptying the region said nothing.
 */
export function NowPlayingAnnouncer({ player }: { player: Heard }) {
  // What it said last: a pause is told only of a track it had said plays.
  const [said, setSaid] = useState('');
  const words = playerWords(player, said);
  if (words !== said) setSaid(words);
  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-now-playing>
      {words}
    </p>
  );
}
