import { describe, expect, it } from 'vitest';
import { characterCount, checkPlaylistDetails, detailsChanged, nextPlaylistName } from '../../src/lib/playlist-details';

describe('the playlist edit rules', () => {
  it('needs a name of at most 100 characters and a description of at most 300, counted as the user sees them', () => {
    expect(checkPlaylistDetails({ name: 'Road Trip', description: '' })).toEqual({});
    expect(checkPlaylistDetails({ name: '   ', description: '' }).name).toBe('Playlist name is required.');
    expect(checkPlaylistDetails({ name: 'a'.repeat(100), description: 'd'.repeat(300) })).toEqual({});
    expect(checkPlaylistDetails({ name: 'a'.repeat(101), description: '' }).name).toBe('Playlist name can be at most 100 characters.');
    expect(checkPlaylistDetails({ name: 'x', description: 'd'.repeat(301) }).description).toBe('Description can be at most 300 characters.');
    // An emoji is one character to the user, two UTF-16 units to JavaScript.
    expect(characterCount('🎵🎵')).toBe(2);
    expect(checkPlaylistDetails({ name: '🎵'.repeat(100), description: '' })).toEqual({});
    // Markup is plain text: allowed, and counted as typed.
    expect(checkPlaylistDetails({ name: '<b>Bold</b>', description: '<script>x</script>' })).toEqual({});
  });

  it('names a new playlist "My Playlist #N", one more than the user\'s own', () => {
    expect(nextPlaylistName(0)).toBe('My Playlist #1');
    expect(nextPlaylistName(4)).toBe('My Playlist #5');
  });
});

describe('a save of the details', () => {
  const before = { name: 'Road Trip', description: 'for the drive' };

  it('refuses to empty a description the playlist has (the provider answers 400), but not to leave one empty', () => {
    expect(checkPlaylistDetails({ name: 'Road Trip', description: '  ' }, before).description).toBe('A description can be changed but not removed.');
    expect(checkPlaylistDetails({ name: 'Road Trip', description: '' }, { name: 'Road Trip', description: '' })).toEqual({});
  });

  it('sends only what changed, trimmed, and never an empty description', () => {
    expect(detailsChanged({ name: ' Road Trip ', description: 'for the drive' }, before)).toEqual({});
    expect(detailsChanged({ name: 'Drive', description: 'for the drive' }, before)).toEqual({ name: 'Drive' });
    expect(detailsChanged({ name: 'Drive', description: '' }, { name: 'Road Trip', description: '' })).toEqual({ name: 'Drive' });
    expect(detailsChanged({ name: 'Road Trip', description: ' late ' }, before)).toEqual({ description: 'late' });
  });
});
