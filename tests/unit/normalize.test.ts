import { describe, expect, it } from 'vitest';
import { toAlbum, toArtist, toDevice, toPage, toPlaylist, toPlaylistEntry, toPlayback, toTrack, toUserProfile } from '../../src/api/normalize';

const track = (id: string, name = `Song ${id}`) => ({ id, name, uri: `spotify:track:${id}`, duration_ms: 1000, artists: [{ id: 'a', name: 'A' }] });

describe('provider JSON of either profile into our types', () => {
  it("takes ids from uris where the playback SDK's track objects give only uris", () => {
    const sdkTrack = {
      id: 't1',
      uri: 'spotify:track:t1',
      name: 'Song',
      album: { uri: 'spotify:album:al1', name: 'Album', images: [{ url: 'https://img/a.svg' }] },
      artists: [{ uri: 'spotify:artist:ar1', name: 'Artist' }],
    };
    const converted = toTrack(sdkTrack);
    expect(converted?.album?.id).toBe('al1');
    expect(converted?.artists).toEqual([{ id: 'ar1', name: 'Artist' }]);
    expect(toTrack({ uri: 'spotify:track:t2', name: 'No id' })?.id).toBe('t2');
    expect(toTrack({ uri: 'not-a-uri', name: 'Nothing' })).toBeNull();
  });

  it('keeps only http and https images: any other scheme is as if absent, and the default image shows', () => {
    const images = [
      { url: 'javascript:alert(1)', width: 640, height: 640 },
      { url: 'data:image/svg+xml,<svg onload="alert(1)"/>' },
      { url: 'blob:https://music.example/1' },
      { url: 'file:///etc/passwd' },
      { url: '/relative.png' },
      { url: '' },
      { url: 42 },
      { url: 'http://img.example/b.jpg', width: 300, height: 300 },
      { url: 'HTTPS://img.example/c.jpg' },
    ];
    expect(toAlbum({ id: 'al', name: 'Album', images })?.images).toEqual([
      { url: 'http://img.example/b.jpg', width: 300, height: 300 },
      { url: 'HTTPS://img.example/c.jpg', width: null, height: null },
    ]);
    expect(toArtist({ id: 'ar', name: 'Artist', images: [{ url: 'javascript:void 0' }] })?.images).toEqual([]);
  });

  it('reads a playlist entry from `item` (development) or `track` (extended)', () => {
    expect(toPlaylistEntry({ added_at: '2024-01-01T00:00:00Z', item: track('1') })?.track.id).toBe('1');
    expect(toPlaylistEntry({ added_at: null, track: track('2') })?.track.id).toBe('2');
    expect(toPlaylistEntry({ item: track('3'), track: track('3') })?.track.id).toBe('3');
  });

  it('drops entries whose track is null or has an empty name, keeping the page total', () => {
    const page = toPage(
      { items: [{ track: null }, { track: track('1', '  ') }, { track: track('2') }], offset: 0, limit: 10, total: 3 },
      toPlaylistEntry,
    );
    expect(page.items.map((entry) => entry.track.id)).toEqual(['2']);
    expect(page).toMatchObject({ offset: 0, limit: 10, total: 3 });
  });

  it("reads a playlist's track count from `tracks` or development mode's `items`", () => {
    const base = { id: 'p', name: 'P', owner: { id: 'spotify', display_name: 'Spotify' } };
    expect(toPlaylist({ ...base, tracks: { total: 50 } })?.totalTracks).toBe(50);
    expect(toPlaylist({ ...base, items: { total: 7 } })?.totalTracks).toBe(7);
    expect(toPlaylist({ ...base })?.totalTracks).toBeNull();
    expect(toPlaylist(null)).toBeNull();
  });

  it('keeps absent counts and profile fields as null, not 0', () => {
    expect(toArtist({ id: 'a', name: 'A' })).toMatchObject({ followers: null, popularity: null, genres: [] });
    expect(toArtist({ id: 'a', name: 'A', followers: { total: 0 } })?.followers).toBe(0);
    expect(toUserProfile({ id: 'u' })).toMatchObject({ displayName: 'u', email: null, product: null, followers: null });
    expect(toAlbum({ id: 'b', release_date: '2019-05-01', total_tracks: 12 })).toMatchObject({ year: '2019', totalTracks: 12, label: null });
  });

  it('reads the current playback with its disallows', () => {
    const playback = toPlayback({
      item: track('1'),
      progress_ms: 61_000,
      is_playing: true,
      repeat_state: 'context',
      shuffle_state: true,
      actions: { disallows: { skipping_prev: true } },
      device: { id: 'd', name: 'My Music', type: 'Computer', is_active: true, volume_percent: 50 },
    });
    expect(playback).toMatchObject({ progressMs: 61_000, isPlaying: true, repeatState: 'context', shuffleState: true });
    const allowed = { seeking: false, togglingShuffle: false, togglingRepeatContext: false, togglingRepeatTrack: false };
    expect(playback?.disallows).toEqual({ skippingPrev: true, skippingNext: false, pausing: false, resuming: false, ...allowed });
    expect(playback?.device?.id).toBe('d');
    expect(toPlayback(undefined)).toBeNull();
    // The shape of the provider's reference (the flags on `actions` itself) reads the same.
    expect(toPlayback({ item: track('1'), actions: { skipping_next: true, resuming: true } })?.disallows).toEqual({
      skippingPrev: false,
      skippingNext: true,
      pausing: false,
      resuming: true,
      ...allowed,
    });
  });

  it('reads the seeking, shuffle and repeat disallows, which the controls follow', () => {
    const disallows = { seeking: true, toggling_shuffle: true, toggling_repeat_context: true, toggling_repeat_track: true };
    expect(toPlayback({ item: track('1'), actions: { disallows } })?.disallows).toMatchObject({ seeking: true, togglingShuffle: true, togglingRepeatContext: true, togglingRepeatTrack: true });
  });

  it("reads whether a device's volume can be set (`supports_volume`), taking a device that does not say as one that can", () => {
    const device = { id: 'd', name: 'Speaker', type: 'Speaker', is_active: true, volume_percent: null };
    expect(toDevice({ ...device, supports_volume: false })).toMatchObject({ supportsVolume: false, volumePercent: null });
    expect(toDevice({ ...device, supports_volume: true })?.supportsVolume).toBe(true);
    expect(toDevice(device)?.supportsVolume).toBe(true);
  });
});
