import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useRef } from 'react';
import type { Track } from '../../../src/api/types';
import { useMiniPlayer } from '../../../src/islands/player/use-mini-player';
import { QueuePanel } from '../../../src/islands/player/QueuePanel';
import { $queue } from '../../../src/stores/queue';

const track = (id: string, name: string): Track => ({
  id,
  name,
  uri: `spotify:track:${id}`,
  durationMs: 1000,
  artists: [{ id: `a-${id}`, name: `Artist ${id}` }],
  album: { id: `al-${id}`, name: 'Album', images: [{ url: `/img/${id}.svg`, width: 64, height: 64 }] },
});

afterEach(() => {
  cleanup();
  $queue.set({ open: false, loading: false, failed: false, loaded: false, nowPlaying: null, nextUp: [] });
  delete (window as unknown as { documentPictureInPicture?: unknown }).documentPictureInPicture;
});

describe('the queue panel', () => {
  it('shows Now playing and Next up with covers, names and artists', () => {
    $queue.set({ open: true, loading: false, failed: false, loaded: true, nowPlaying: track('1', 'First'), nextUp: [track('2', 'Second'), track('3', 'Third')] });
    render(<QueuePanel />);
    const panel = screen.getByRole('complementary', { name: 'Queue' });
    expect(panel.querySelectorAll('img')).toHaveLength(3);
    expect(screen.getByRole('list', { name: 'Next up' }).textContent).toBe('SecondArtist 2ThirdArtist 3');
    expect(screen.getByRole('link', { name: 'Artist 1' }).getAttribute('href')).toBe('/artist/a-1');
  });

  it('says when the queue is empty, and is gone once closed', () => {
    $queue.set({ open: true, loading: false, failed: false, loaded: true, nowPlaying: null, nextUp: [] });
    render(<QueuePanel />);
    expect(screen.getByText('Your queue is empty.')).toBeTruthy();
    expect(screen.getByText('Nothing is playing.')).toBeTruthy();
    act(() => $queue.setKey('open', false));
    expect(screen.queryByRole('complementary', { name: 'Queue' })).toBeNull();
  });
});

function MiniButton() {
  const mini = useMiniPlayer(useRef<HTMLElement>(null));
  return mini.supported ? <button type="button">Open mini player</button> : null;
}

describe('the mini-player button', () => {
  it('is not offered where the browser lacks Document Picture-in-Picture', () => {
    render(<MiniButton />);
    expect(screen.queryByRole('button', { name: 'Open mini player' })).toBeNull();
  });

  it('is offered where it exists', () => {
    (window as unknown as { documentPictureInPicture: object }).documentPictureInPicture = { requestWindow: () => Promise.reject(new Error('unused')) };
    render(<MiniButton />);
    expect(screen.getByRole('button', { name: 'Open mini player' })).toBeTruthy();
  });
});
