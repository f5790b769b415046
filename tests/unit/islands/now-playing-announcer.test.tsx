import { cleanup, render } from '@testing-library/react';
import { playbackOf } from '../helpers/playback';
import { afterEach, describe, expect, it } from 'vitest';
import type { Playback, Track } from '../../../src/api/types';
import { NowPlayingAnnouncer } from '../../../src/islands/player/NowPlayingAnnouncer';
import { initialPlayer, type PlayerState } from '../../../src/stores/player-rules';

const track: Track = { id: 't1', name: 'Song', uri: 'spotify:track:t1', durationMs: 200_500, artists: [{ id: 'a1', name: 'One' }, { id: 'a2', name: 'Two' }], album: null };

const playback = (isPlaying: boolean): Playback => playbackOf(track, isPlaying);

const announced = (change: Partial<PlayerState>) => {
  const { container } = render(<NowPlayingAnnouncer player={{ ...initialPlayer(), visible: true, currentPlayingTrack: track, ...change }} />);
  return container.querySelector('[data-now-playing]')!.textContent;
};

afterEach(cleanup);

describe('the live region that says what plays', () => {
  it('names the track that plays, with its artists', () => {
    expect(announced({ playback: playback(true) })).toBe('Now playing: Song by One, Two');
  });

  it('says nothing of a track the card shows that does not play: the last played one, a paused one, one whose sound the browser held back', () => {
    expect(announced({ playback: null })).toBe('');
    expect(announced({ playback: playback(false) })).toBe('');
    expect(announced({ playback: playback(true), autoplayBlocked: true })).toBe('');
  });
});
