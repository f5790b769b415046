// The drag of a track: where a row of the playlist on screen would go, and what a drop asks for.
import { afterEach, describe, expect, it } from 'vitest';
import type { Track } from '../../src/api/types';
import { $dropBefore, $dropPlaylist, $trackDrag, dragOverPlaylist, dragOverRows, dropOnRows, endTrackDrag, startTrackDrag } from '../../src/stores/track-drag';

const track: Track = { id: 't1', name: 'Blue Hour', uri: 'spotify:track:t1', durationMs: 1000, artists: [], album: null };

afterEach(endTrackDrag);

describe('dragging a track', () => {
  it('shows where a row of the playlist would go, but not where it would not move', () => {
    startTrackDrag(track, 1);
    expect(dragOverRows(3)).toBe(true);
    expect($dropBefore.get()).toBe(3);
    // Onto itself, or just after itself: nowhere to show.
    expect(dragOverRows(1)).toBe(true);
    expect($dropBefore.get()).toBeNull();
    expect(dragOverRows(2)).toBe(true);
    expect($dropBefore.get()).toBeNull();
    expect(dragOverRows(0)).toBe(true);
    expect(dropOnRows()).toEqual({ from: 1, before: 0 });
    expect($trackDrag.get()).toBeNull();
    expect($dropBefore.get()).toBeNull();
  });

  it('is no move within the playlist when it comes from elsewhere (another list, the player card)', () => {
    startTrackDrag(track);
    expect(dragOverRows(2)).toBe(false);
    expect($dropBefore.get()).toBeNull();
    expect(dropOnRows()).toBeNull();
  });

  it('marks the playlist it is over, and forgets it when the drag ends', () => {
    startTrackDrag(track);
    dragOverPlaylist('p1');
    expect($dropPlaylist.get()).toBe('p1');
    dragOverPlaylist(null);
    expect($dropPlaylist.get()).toBeNull();
    dragOverPlaylist('p2');
    endTrackDrag();
    expect($dropPlaylist.get()).toBeNull();
    expect($trackDrag.get()).toBeNull();
  });
});
