/** Where the player shows: the draggable card (wide screens), the one-line bar (phones), or nowhere. */
export type PlayerPlacement = 'card' | 'bar' | 'none';

interface PlacementInput {
  /** The store says the card shows (something plays, or was asked to). */
  visible: boolean;
  /** /player is open: the Now Playing view shows the player itself, so it is not shown twice. */
  onNowPlaying: boolean;
  /** The mini-player window holds it (Document Picture-in-Picture). */
  miniOpen: boolean;
  narrow: boolean;
}

/**
 * SPEC §2's floating card on wide screens; on phones a 350 px card covered a quarter of
 * the list, so there the same player is a one-line bar above the bottom navigation. Either
 * shows exactly when the card would.
 */
export function playerPlacement({ visible, onNowPlaying, miniOpen, narrow }: PlacementInput): PlayerPlacement {
  if (!visible || onNowPlaying || miniOpen) return 'none';
  return narrow ? 'bar' : 'card';
}
