import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Playlist, Track } from '../../../src/api/types';
import { PlaylistDialogViews } from '../../../src/islands/playlists/PlaylistDialogViews';
import { PLAYLIST_FILTER_THRESHOLD } from '../../../src/lib/playlist-filter';
import { $ownPlaylists, $ownPlaylistsFailed, $playlistPicker } from '../../../src/stores/playlist-dialogs';

const track: Track = { id: 't1', name: 'Blue Hour', uri: 'spotify:track:t1', durationMs: 1000, artists: [], album: null };
const playlist = (name: string, n: number): Playlist => ({
  id: `p${n}`,
  name,
  uri: `spotify:playlist:p${n}`,
  type: 'playlist',
  description: '',
  images: [],
  owner: { id: 'guest', displayName: 'Guest' },
  totalTracks: 0,
  followers: null,
  collaborative: false,
  snapshotId: null,
});
const names = ['Road Trip', 'Chill Evenings', 'Café Mornings', 'Trip Hop', 'Workout', 'Rainy Days', 'Roadhouse Blues'];

afterEach(() => {
  cleanup();
  $playlistPicker.set(null);
  $ownPlaylists.set(null);
  $ownPlaylistsFailed.set(false);
});

function open(count: number) {
  $ownPlaylists.set(names.slice(0, count).map(playlist));
  $playlistPicker.set(track);
  render(<PlaylistDialogViews />);
  return () => screen.getByRole('list', { name: 'Your playlists' }).querySelectorAll('button');
}

describe('the Add to playlist picker', () => {
  it('has no filter box with a few playlists, and New playlist takes the focus', () => {
    const buttons = open(PLAYLIST_FILTER_THRESHOLD);
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(buttons()).toHaveLength(PLAYLIST_FILTER_THRESHOLD + 1);
    expect(document.activeElement).toBe(buttons()[0]);
  });

  it('filters with more than a few, focused at once; the arrows move between the box and the list', () => {
    const buttons = open(PLAYLIST_FILTER_THRESHOLD + 1);
    const filter = screen.getByRole('searchbox', { name: 'Filter your playlists' });
    expect(document.activeElement).toBe(filter);
    fireEvent.change(filter, { target: { value: 'road' } });
    expect([...buttons()].map((button) => button.textContent?.trim())).toEqual(['New playlist', 'Road Trip', 'Roadhouse Blues']);
    fireEvent.keyDown(filter, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons()[0]);
    fireEvent.keyDown(buttons()[0]!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(buttons()[1]);
    fireEvent.keyDown(buttons()[1]!, { key: 'End' });
    expect(document.activeElement).toBe(buttons()[2]);
    fireEvent.keyDown(buttons()[2]!, { key: 'Home' });
    expect(document.activeElement).toBe(filter);
    fireEvent.change(filter, { target: { value: 'jazz' } });
    expect(screen.getByRole('status').textContent).toBe('No playlist matches "jazz"');
  });

  it("says so when the user's playlists could not be listed, and offers to try again, rather than 'Loading' for ever", () => {
    $ownPlaylistsFailed.set(true);
    $playlistPicker.set(track);
    render(<PlaylistDialogViews />);
    expect(screen.queryByText('Loading your playlists…')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Your playlists could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    // New playlist stays offered: it lists them itself first.
    expect(screen.getByRole('button', { name: 'New playlist' })).toBeTruthy();
  });

  it('names a long playlist whole by its button, once: no tooltip says it again (read twice, and out of reach of a finger or a key)', () => {
    const long = 'Songs for the longest drive home through the hills after rain, with the windows down and nowhere to be';
    $ownPlaylists.set([playlist(long, 1)]);
    $playlistPicker.set(track);
    render(<PlaylistDialogViews />);
    const button = screen.getByRole('button', { name: long });
    expect(button.querySelector('.playlist-picker__name')?.textContent).toBe(long);
    expect(button.closest('[title]')).toBeNull();
    expect(button.querySelector('[title]')).toBeNull();
  });
});
