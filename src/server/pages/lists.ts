import { getSavedAlbums } from '../../api/albums';
import { getCategoryPlaylists, getFeaturedPlaylists, getNewReleases } from '../../api/browse';
import { getFollowingPage, getSavedTracks, getTopArtists, getTopTracks } from '../../api/me';
import type { ListSeed } from '../../api/page-seeds';
import { getMyPlaylists } from '../../api/playlists';
import type { Album, Artist, Playlist, SavedAlbum, SavedTrack, Track } from '../../api/types';
import { askedFlags, heldFlags, idsOf, listSeedOf } from '../page-data';

/**
 * The pages that show one paged list, each its first page (the size the browser's list asks,
 * so the next page continues from it) and the flags of what it shows.
 */
const FIRST_PAGE = 20;

/** /album/new-release: the first new releases and their Save flags. */
export function loadNewReleasesPage(): Promise<ListSeed<Album>> {
  return listSeedOf(getNewReleases(0, FIRST_PAGE), askedFlags('album'));
}

/** A list of playlists under the provider's own title: the featured ones, or a category's. */
async function titledPlaylists(load: ReturnType<typeof getFeaturedPlaylists>): Promise<ListSeed<Playlist>> {
  const seed = await listSeedOf(load.then((found) => found.playlists));
  // The answer is in already (or failed, and the page says so under its own title).
  const title = await load.then((found) => found.message).catch(() => '');
  return { ...seed, title };
}

/** /playlist/popular: the featured playlists under the provider's title. */
export function loadPopularPlaylistsPage(): Promise<ListSeed<Playlist>> {
  return titledPlaylists(getFeaturedPlaylists(0, FIRST_PAGE));
}

/** /category/{id}/playlists: the category's playlists (an unknown category: 404). */
export function loadCategoryPlaylistsPage(categoryId: string): Promise<ListSeed<Playlist>> {
  return titledPlaylists(getCategoryPlaylists(categoryId, 0, FIRST_PAGE));
}

/** /collection/albums and /user/me/saved-albums: saved, by definition. */
export function loadSavedAlbumsPage(): Promise<ListSeed<SavedAlbum>> {
  return listSeedOf(getSavedAlbums(0, FIRST_PAGE), async (saved) => ({ album: heldFlags(saved.map(({ album }) => album.id)) }));
}

/** /collection/tracks and /user/me/saved-tracks: Liked Songs, liked by definition. */
export function loadLikedSongsPage(): Promise<ListSeed<SavedTrack>> {
  return listSeedOf(getSavedTracks(0, FIRST_PAGE), async (saved) => ({ track: heldFlags(saved.map(({ track }) => track.id)) }));
}

/** /user/me/top-tracks with their hearts. */
export function loadTopTracksPage(): Promise<ListSeed<Track>> {
  return listSeedOf(getTopTracks(0, FIRST_PAGE), askedFlags('track'));
}

/** /user/me/top-artists with their Follow flags. */
export function loadTopArtistsPage(): Promise<ListSeed<Artist>> {
  return listSeedOf(getTopArtists(0, FIRST_PAGE), askedFlags('artist'));
}

/** /user/me/following: one page of 50 followed artists (SPEC §7), followed by definition. */
export function loadFollowingPage(): Promise<ListSeed<Artist>> {
  return listSeedOf(getFollowingPage(), async (artists) => ({ artist: heldFlags(idsOf(artists)) }));
}

/** Your Library's playlists (/collection). */
export function loadMyPlaylistsPage(): Promise<ListSeed<Playlist>> {
  return listSeedOf(getMyPlaylists(0, FIRST_PAGE));
}
