import { map } from 'nanostores';
import { getSavedAlbums } from '../api/albums';
import { checkInLibrary } from '../api/library';
import { getSavedTracks } from '../api/me';
import { getMyPlaylists } from '../api/playlists';
import type { Playlist, SavedAlbum, SavedTrack } from '../api/types';
import { flipInLibrary, logUnlessCanceled } from './detail';
import { createPagedList } from './paged-list';
import { listOnRoute } from './route';

/** Your Library's saved albums (/collection/albums), 20 per page. */
export const savedAlbumsList = createPagedList<SavedAlbum>((offset, limit) => getSavedAlbums(offset, limit), 20);

/** Your Library's liked songs (/collection/tracks), 20 per page. */
export const savedTracksList = createPagedList<SavedTrack>((offset, limit) => getSavedTracks(offset, limit), 20);

/** The user's playlists on /collection, 20 per page. */
export const myPlaylistsList = createPagedList<Playlist>((offset, limit) => getMyPlaylists(offset, limit), 20);

/** Whether each track seen so far is liked (true/false), by track id; absent means unknown. */
export const $likedTracks = map<Record<string, boolean>>({});

/** Track ids whose like heart is waiting for the provider. */
export const $likingTracks = map<Record<string, boolean>>({});

/** Asks the provider which of these tracks are liked (those not known yet). */
export async function checkLikedTracks(ids: readonly string[]): Promise<void> {
  const known = $likedTracks.get();
  const unknown = [...new Set(ids)].filter((id) => known[id] === undefined);
  if (unknown.length === 0) return;
  try {
    const flags = await checkInLibrary('track', unknown);
    $likedTracks.set({ ...$likedTracks.get(), ...Object.fromEntries(unknown.map((id, index) => [id, flags[index] === true])) });
  } catch (error) {
    logUnlessCanceled('Could not check liked tracks', error);
  }
}

/** Records a like state learnt elsewhere (the player's contains check). */
export function rememberLiked(id: string, liked: boolean): void {
  $likedTracks.setKey(id, liked);
}

/** Likes or unlikes a track (Save to Liked / Remove from Liked); flips only on the provider's 200/204. */
export async function toggleLikeTrack(id: string): Promise<boolean> {
  if ($likingTracks.get()[id]) return $likedTracks.get()[id] === true;
  $likingTracks.setKey(id, true);
  try {
    const liked = await flipInLibrary('track', id, $likedTracks.get()[id] === true);
    $likedTracks.setKey(id, liked);
    return liked;
  } catch (error) {
    logUnlessCanceled('Could not change the liked track', error);
    return $likedTracks.get()[id] === true;
  } finally {
    $likingTracks.setKey(id, false);
  }
}

// Your Library's lists load when their pages are entered.
listOnRoute(savedAlbumsList, ['collectionAlbums', 'mySavedAlbums']);
listOnRoute(savedTracksList, ['collectionTracks', 'mySavedTracks']);
listOnRoute(myPlaylistsList, ['collection']);
