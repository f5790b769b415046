import { useStore } from '../server-snapshot';
import { hrefOf } from '../../lib/routes';
import type { Track } from '../../api/types';
import { navigateTo } from '../../lib/navigation';
import { openPlaylistPicker, removeFromPlaylist } from '../../stores/my-playlists';
import { playlistTracks } from '../../stores/playlist';
import { $changesShownItems, hasEntryBelow, moveEntryDown, moveEntryUp } from '../../stores/playlist-order';
import { addTrackToQueue } from '../../stores/queue';
import type { IconName } from '../icon-paths';

/** Where a track row is shown, for the actions that depend on it. */
export interface TrackMenuContext {
  /** The album page the row is on: "Go to album" would go nowhere. */
  albumId?: string;
  /** The artist page the row is on: "Go to artist" goes to another of the track's artists, if it has one. */
  artistId?: string;
  /** The playlist page the row is on (removal takes every entry of the track, as the provider does). */
  playlistId?: string;
  /** The row's place in its list (Move up, Move down). */
  index?: number;
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
  const changesItems = useStore($changesShownItems);
  const shownEntries = useStore(playlistTracks.$state);
  const album = track.album;
  if (album && album.id !== context.albumId) {
    items.push({ label: 'Go to album', icon: 'album', onSelect: () => navigateTo(hrefOf('album', { albumId: album.id })) });
  }
  // The track's first artist, unless that is the page's own artist: then the next one (a track
  // it made with others leads to them), and none for a track it made alone.
  const artist = track.artists.find((candidate) => candidate.id !== context.artistId);
  if (artist) {
    items.push({ label: 'Go to artist', icon: 'profile', onSelect: () => navigateTo(hrefOf('artist', { artistId: artist.id })) });
  }
  items.push({ label: 'Add to queue', icon: 'queue', onSelect: () => void addTrackToQueue(track) });
  items.push({ label: 'Add to playlist', icon: 'plus', onSelect: () => openPlaylistPicker(track) });
  const { playlistId, index } = context;
  // The provider lets the owner, or anyone on a collaborative playlist, change its items.
  if (playlistId && changesItems) {
    if (index !== undefined && index > 0) items.push({ label: 'Move up', icon: 'arrow-up', onSelect: () => void moveEntryUp(index) });
    if (index !== undefined && hasEntryBelow(shownEntries, index)) items.push({ label: 'Move down', icon: 'arrow-down', onSelect: () => void moveEntryDown(index) });
    items.push({ label: 'Remove from this playlist', icon: 'close', onSelect: () => void removeFromPlaylist(playlistId, track) });
  }
  return items;
}
