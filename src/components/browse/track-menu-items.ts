import { useStore } from '@nanostores/react';
import { hrefOf } from '../../lib/routes';
import type { Track } from '../../api/types';
import { navigateTo } from '../../lib/navigation';
import { $ownsShownPlaylist, openPlaylistPicker, removeFromPlaylist } from '../../stores/my-playlists';
import { addTrackToQueue } from '../../stores/queue';
import type { IconName } from '../icon-paths';

/** Where a track row is shown, for the actions that depend on it. */
export interface TrackMenuContext {
  /** The album page the row is on: "Go to album" would go nowhere. */
  albumId?: string;
  /** The playlist page the row is on (removal takes every entry of the track, as the provider does). */
  playlistId?: string;
}

/** One action of a track row's "More" menu. */
export interface TrackMenuItem {
  label: string;
  icon?: IconName;
  onSelect: () => void;
}

/**
 * The one list of what a track's "More" menu offers, in order. A hook, so that
 * an item may depend on a store (whether the user owns the playlist); it runs
 * only while a menu is open, never once per row.
 */
export function useTrackMenuItems(track: Track, context: TrackMenuContext): TrackMenuItem[] {
  const items: TrackMenuItem[] = [];
  const ownsPlaylist = useStore($ownsShownPlaylist);
  const album = track.album;
  if (album && album.id !== context.albumId) {
    items.push({ label: 'Go to album', icon: 'album', onSelect: () => navigateTo(hrefOf('album', { albumId: album.id })) });
  }
  const artist = track.artists[0];
  if (artist) {
    items.push({ label: 'Go to artist', icon: 'profile', onSelect: () => navigateTo(hrefOf('artist', { artistId: artist.id })) });
  }
  items.push({ label: 'Add to queue', icon: 'queue', onSelect: () => void addTrackToQueue(track) });
  items.push({ label: 'Add to playlist', icon: 'plus', onSelect: () => openPlaylistPicker(track) });
  const playlistId = context.playlistId;
  if (playlistId && ownsPlaylist) {
    items.push({ label: 'Remove from this playlist', icon: 'close', onSelect: () => void removeFromPlaylist(playlistId, track) });
  }
  return items;
}
