import { getSavedAlbums } from '../api/albums';
import { getSavedTracks } from '../api/me';
import { getMyPlaylists } from '../api/playlists';
import type { Playlist, SavedAlbum, SavedTrack } from '../api/types';
import { forgetOnChange, knownInLibraryOf } from './library';
import { listArea } from './list-area';
import { createPagedList } from './paged-list';

/** Your Library's saved albums (/collection/albums), 20 per page. */
export const savedAlbumsList = createPagedList<SavedAlbum>((offset, limit) => getSavedAlbums(offset, limit), 20);

/** Your Library's liked songs (/collection/tracks), 20 per page. */
export const savedTracksList = createPagedList<SavedTrack>((offset, limit) => getSavedTracks(offset, limit), 20);

/** The user's playlists on /collection, 20 per page. */
export const myPlaylistsList = createPagedList<Playlist>((offset, limit) => getMyPlaylists(offset, limit), 20);

// Liked Songs and Saved Albums hold what is in the library only: no question needed.
knownInLibraryOf('track', savedTracksList.$state, (state) => state.list.map(({ track }) => track.id));
knownInLibraryOf('album', savedAlbumsList.$state, (state) => state.list.map(({ album }) => album.id));

// Your Library's lists load when their pages are entered, and repaint from memory on return.
/** Saved Albums (/collection/albums, /user/me/saved-albums): a save or unsave makes what is remembered stale. */
export const savedAlbumsArea = listArea(savedAlbumsList, ['collectionAlbums', 'mySavedAlbums']);
forgetOnChange('album', savedAlbumsArea);
/** Liked Songs (/collection/tracks, /user/me/saved-tracks): a like or unlike makes what is remembered stale. */
export const savedTracksArea = listArea(savedTracksList, ['collectionTracks', 'mySavedTracks']);
forgetOnChange('track', savedTracksArea);
/** Your Library's playlists as remembered for a return to /collection; a playlist change forgets them. */
export const myPlaylistsArea = listArea(myPlaylistsList, ['collection']);
