import { afterEach, describe, expect, it } from 'vitest';
import type { Playback, Track } from '../../src/api/types';
import type { PlayingMark } from '../../src/lib/playing-mark';
import { followPlayingMark } from '../../src/stores/now-playing';
import { $player } from '../../src/stores/player';
import { initialPlayer } from '../../src/stores/player-rules';

const track = (id: string): Track => ({ id, name: id, uri: `spotify:track:${id}`, durationMs: 1_000, artists: [], album: null });
const playing = (id: string, isPlaying: boolean) => ({ currentPlayingTrack: track(id), playback: { item: track(id), isPlaying, progressMs: 0 } as Playback });

afterEach(() => $player.set(initialPlayer()));

describe("the player's mark, as the shell tells the lists' islands", () => {
  it('is told at once, then once per change of the track or of whether it plays: a new track that starts is one change, a tick none', () => {
    const told: PlayingMark[] = [];
    const stop = followPlayingMark((mark) => told.push(mark));
    expect(told).toEqual([{ trackId: null, isPlaying: false }]);
    $player.set({ ...$player.get(), ...playing('a', false) });
    // A new track that starts playing in the same change: one mark, not the track first and its start after.
    $player.set({ ...$player.get(), ...playing('b', true) });
    $player.set({ ...$player.get(), progressSeconds: 3 });
    $player.set({ ...$player.get(), ...playing('b', false) });
    expect(told).toEqual([
      { trackId: null, isPlaying: false },
      { trackId: 'a', isPlaying: false },
      { trackId: 'b', isPlaying: true },
      { trackId: 'b', isPlaying: false },
    ]);
    stop();
    $player.set({ ...$player.get(), ...playing('c', true) });
    expect(told).toHaveLength(4);
  });
});
