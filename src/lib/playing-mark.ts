/**
 * What every list shows of the player: which track is marked as the player's (aria-current,
 * green), and whether it plays (the equaliser) rather than being paused.
 *
 * A page the browser loads whole is rendered by a server that found what plays beside the page's
 * own calls (src/middleware.ts), so its rows show the mark in the HTML. A list's island then has
 * to hydrate only when the player's mark differs from what its HTML shows (`rendersAgainFor`),
 * not whenever the player's track is one of its rows: on most loads (the last played track on
 * the recent plays, on /user/me, in its album) nothing differs, and the page loads no React.
 */
export interface PlayingMark {
  trackId: string | null;
  isPlaying: boolean;
}

/**
 * The attribute of an island's seed block (src/components/carried-seed.tsx) that says which
 * mark the island's HTML shows; absent when the server did not know (a page the client router
 * fetched, a late answer), and then no row is marked.
 */
export const SHOWN_MARK_ATTRIBUTE = 'data-playing-mark';

/** Where a server seed holds the mark its page is rendered with (src/server/page-data.ts): a symbol, so no JSON of the seed carries it twice. */
export const SHOWN_MARK = Symbol('shown playing mark');

/** A seed, with the mark its page's rows are rendered with when the server knew it. */
export type Marked<S> = S & { [SHOWN_MARK]?: PlayingMark };

/** The mark an island's SHOWN_MARK_ATTRIBUTE says, or null (none, or not one we wrote). */
export function markFromAttribute(value: string | null): PlayingMark | null {
  if (!value) return null;
  try {
    const mark = JSON.parse(value) as Partial<PlayingMark>;
    return (typeof mark.trackId === 'string' || mark.trackId === null) && typeof mark.isPlaying === 'boolean' ? { trackId: mark.trackId, isPlaying: mark.isPlaying } : null;
  } catch {
    return null;
  }
}

/**
 * Whether a list rendered with the `shown` mark (null: none) must render again to show the
 * player's: a row it marked is no longer the player's track or plays no longer (or now does), or
 * a row it left unmarked holds the player's track. `holds` says whether the list has a row of a
 * track. A list that holds neither track shows nothing of the player.
 */
export function rendersAgainFor(shown: PlayingMark | null, player: PlayingMark, holds: (trackId: string) => boolean): boolean {
  if (shown?.trackId != null && holds(shown.trackId) && (player.trackId !== shown.trackId || player.isPlaying !== shown.isPlaying)) return true;
  return player.trackId !== null && player.trackId !== (shown?.trackId ?? null) && holds(player.trackId);
}
