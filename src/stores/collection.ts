import { likedSongsPage, myPlaylistsPage, savedAlbumsPage } from '../api/list-pages';
import { forgetOnChange } from './library';
import { listPageArea } from './list-area';

// Your Library's lists load when their pages are entered, and repaint from memory on return.
/** Saved Albums (/collection/albums, /user/me/saved-albums): a save or unsave makes what is remembered stale. */
export const { list: savedAlbumsList, area: savedAlbumsArea } = listPageArea(savedAlbumsPage, ['collectionAlbums', 'mySavedAlbums']);
forgetOnChange('album', savedAlbumsArea);
/** Liked Songs (/collection/tracks, /user/me/saved-tracks): a like or unlike makes what is remembered stale. */
export const { list: savedTracksList, area: savedTracksArea } = listPageArea(likedSongsPage, ['collectionTracks', 'mySavedTracks']);
forgetOnChange('track', savedTracksArea);
/** Your Library's playlists as remembered for a return to /collection; a playlist change forgets them. */
export const { list: myPlaylistsList, area: myPlaylistsArea } = listPageArea(myPlaylistsPage, ['collection']);
