/**
 * Where the player shows: the draggable card (wide screens), the one-line bar (phones), both
 * (the server's HTML, which cannot know the screen: the style sheet shows the one that fits,
 * src/styles/player.css), or nowhere.
 */
export type PlayerPlacement = 'card' | 'bar' | 'both' | 'none';

interface PlacementInput {
  /** The store says the card shows (something plays, or was asked to). */
  visible: boolean;
  /** /player is open: the Now Playing view shows the player itself, so it is not shown twice. */
  onNowPlaying: boolean;
  /** The mini-player window holds it (Document Picture-in-Picture). */
  miniOpen: boolean;
  /** The screen is the narrow one; null where that is not known (the server, hydrating). */
  narrow: boolean | null;
}

/**
 * SPEC §2's floating card on wide screens; on phones a 350 px card covered a quarter of
 * the list, so there the same player is a one-line bar above the bottom navigation. Either
 * shows exactly when the card would.
 */
export function playerPlacement({ visible, onNowPlaying, miniOpen, narrow }: PlacementInput): PlayerPlacement {
  if (!visible || onNowPlaying || miniOpen) return 'none';
  if (narrow === null) return 'both';
  return narrow ? 'bar' : 'card';
}
