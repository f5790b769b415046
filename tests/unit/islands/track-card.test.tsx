import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Playback, Track } from '../../../src/api/types';
import { TrackCard } from '../../../src/components/browse/TrackCard';
import { $player, resetPlayer } from '../../../src/stores/player';

const track = (id: string): Track => ({
  id,
  name: `Song ${id}`,
  uri: `spotify:track:${id}`,
  durationMs: 1000,
  artists: [{ id: `a-${id}`, name: `Artist ${id}` }],
  album: { id: `al-${id}`, name: 'Album', images: [] },
});

const playback = (item: Track, isPlaying: boolean): Playback => ({
  item, progressMs: 0, isPlaying, repeatState: 'off', shuffleState: false, device: null, contextUri: null,
  disallows: { skippingPrev: false, skippingNext: false, pausing: false, resuming: false, seeking: false, togglingShuffle: false, togglingRepeatContext: false, togglingRepeatTrack: false },
});

afterEach(() => {
  cleanup();
  resetPlayer();
});

describe("home's Recent Played tile", () => {
  it('marks the playing track as every list does: aria-current, and the equaliser only while it plays', () => {
    const { container } = render(
      <>
        <TrackCard track={track('1')} onPlay={() => undefined} />
        <TrackCard track={track('2')} onPlay={() => undefined} />
      </>,
    );
    const tile = (id: string) => container.querySelector(`[data-track-id="${id}"]`)!;
    expect(tile('1').getAttribute('aria-current')).toBeNull();
    act(() => $player.set({ ...$player.get(), currentPlayingTrack: track('1'), playback: playback(track('1'), true) }));
    expect(tile('1').getAttribute('aria-current')).toBe('true');
    expect(tile('1').querySelector('.equalizer')).not.toBeNull();
    expect(tile('2').getAttribute('aria-current')).toBeNull();
    expect(tile('2').querySelector('.equalizer')).toBeNull();
    // Paused: still the current track, without the equaliser; the play button keeps its name.
    act(() => $player.setKey('playback', playback(track('1'), false)));
    expect(tile('1').getAttribute('aria-current')).toBe('true');
    expect(tile('1').querySelector('.equalizer')).toBeNull();
    expect(screen.getByRole('button', { name: 'Play Song 1' })).toBeTruthy();
  });
});
