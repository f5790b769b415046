import { cleanup, render } from '@testing-library/react';
import { playbackOf } from '../helpers/playback';
import { afterEach, describe, expect, it } from 'vitest';
import type { Playback, Track } from '../../../src/api/types';
import { renderToString } from 'react-dom/server';
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

  it('says "Paused" when the track it said plays pauses, and names it again as it resumes', () => {
    const player = (isPlaying: boolean): PlayerState => ({ ...initialPlayer(), visible: true, currentPlayingTrack: track, playback: playback(isPlaying) });
    const { container, rerender } = render(<NowPlayingAnnouncer player={player(true)} />);
    const region = container.querySelector('[data-now-playing]')!;
    expect(region.textContent).toBe('Now playing: Song by One, Two');
    rerender(<NowPlayingAnnouncer player={player(false)} />);
    expect(region.textContent).toBe('Paused');
    rerender(<NowPlayingAnnouncer player={player(true)} />);
    expect(region.textContent).toBe('Now playing: Song by One, Two');
    // The card closed (the player reset): nothing is paused any more.
    rerender(<NowPlayingAnnouncer player={initialPlayer()} />);
    expect(region.textContent).toBe('');
  });

  it('says nothing of a pause it did not hear: a track found paused, or one the browser held the sound of', () => {
    const found = (change: Partial<PlayerState>): PlayerState => ({ ...initialPlayer(), visible: true, currentPlayingTrack: track, ...change });
    const { container, rerender } = render(<NowPlayingAnnouncer player={found({ playback: playback(false) })} />);
    expect(container.querySelector('[data-now-playing]')!.textContent).toBe('');
    rerender(<NowPlayingAnnouncer player={found({ playback: playback(true), autoplayBlocked: true })} />);
    expect(container.querySelector('[data-now-playing]')!.textContent).toBe('');
  });

  it("renders on the server as the browser's first render does (what plays, named)", () => {
    expect(renderToString(<NowPlayingAnnouncer player={{ ...initialPlayer(), currentPlayingTrack: track, playback: playback(true) }} />)).toContain('Now playing: Song by One, Two');
  });
});
