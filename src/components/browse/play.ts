import type { Track } from '../../api/types';
import { playFromList } from '../../stores/play';

/**
 * A click on a track: the player store shows every failure itself (the
 * premium prompt, the catalogue's toast), so the rejection needs no second report.
 */
export function playFrom(tracks: readonly Track[], index: number, contextUri?: string): void {
  playFromList(tracks, index, contextUri).catch(() => undefined);
}
