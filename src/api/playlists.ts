import { NOT_FOUND } from '../lib/page-not-found';
import { askAboutAnother } from './capability-probe';
import { callApi, isCapabilityUsable } from './client';
import { ApiError, statusOf, UNAVAILABLE_MESSAGE } from './errors';
import { toPage, toPlaylist, toPlaylistEntryPage } from './normalize';
import type { Page, Playlist, PlaylistEntry, Unavailable, UserProfile } from './types';
import type { DetailPage, DetailSeed } from './page-shapes';

/** SPEC §9: playlist tracks are 10 per page. */
const PLAYLIST_TRACKS_PAGE = 10;

/** GET playlists/{id}. */
export async function getPlaylist(id: string): Promise<Playlist> {
  const playlist = toPlaylist(await callApi({ path: `playlists/${encodeURIComponent(id)}`, name: 'playlist' }));
  if (!playlist) throw new ApiError('http', NOT_FOUND.playlist, 404);
  return playlist;
}

async function getItems(id: string, offset: number, limit: number, name: string, shared: boolean): Promise<Page<PlaylistEntry> | Unavailable> {
  try {
    const body = await callApi({
      path: `playlists/${encodeURIComponent(id)}/items`,
      query: { limit, offset },
      name,
      quietStatuses: [403],
      ...(shared ? { catalogue: true } : {}),
    });
    return toPlaylistEntryPage(body);
  } catch (error) {
    // Development mode: a playlist the user neither owns nor collaborates on shows metadata only.
    if (statusOf(error) === 403) return { unavailable: true };
    throw error;
  }
}

/**
 * The playlist's entries: the seed's GET playlists/{id}/tracks first, then
 * development mode's GET playlists/{id}/items (DESIGN §2). Entries without a
 * track or with an empty track name are dropped (SPEC §4). `name` keeps
 * lists loaded side by side (home's three Top 50s) from cancelling each other.
 * `shared`: the provider's own list (its Top 50s), whose entries are the same for every user
 * and change only by the provider's hand, so the server may keep them in the catalogue cache;
 * a user's playlist never is (its owner expects an edit to show on the next load).
 */
export async function getPlaylistTracks(
  id: string,
  offset = 0,
  limit = PLAYLIST_TRACKS_PAGE,
  name = 'playlist-tracks',
  { shared = false }: { shared?: boolean } = {},
): Promise<Page<PlaylistEntry> | Unavailable> {
  if (await isCapabilityUsable('legacyPlaylistTracks')) {
    try {
      const body = await callApi({
        path: `playlists/${encodeURIComponent(id)}/tracks`,
        query: { limit, offset },
        name,
        capability: 'legacyPlaylistTracks',
        // A first 404 may be "no such playlist for this user" (another user's private playlist, a
        // deleted one, a hand-typed address), not DESIGN §2's development mode, which answers 404
        // for every playlist: unasked, it was learnt as the endpoint gone for the session.
        probe: () => askAboutAnother('playlist', id, 'tracks', { limit: 1, offset: 0 }),
        ...(shared ? { catalogue: true } : {}),
      });
      return toPlaylistEntryPage(body);
    } catch (error) {
      if (await isCapabilityUsable('legacyPlaylistTracks')) throw error;
    }
  }
  return getItems(id, offset, limit, name, shared);
}

/**
 * GET me/playlists: the user's playlists. Your Library's list pages through them under one name;
 * the list of the user's own (the side navigation, the picker: stores/my-playlists.ts) reads them
 * under another, so that neither cancels the other.
 */
export async function getMyPlaylists(offset = 0, limit = 20, name = 'my-playlists', { unseen = false } = {}): Promise<Page<Playlist>> {
  return toPage(await callApi({ path: 'me/playlists', query: { limit, offset }, name, unseen }), toPlaylist);
}

/** A page of a playlist's entries; development mode shows the header of a playlist the user does not own, not its tracks. */
async function playlistEntries(id: string, offset: number, limit: number): Promise<Page<PlaylistEntry>> {
  const page = await getPlaylistTracks(id, offset, limit);
  if ('unavailable' in page) throw new ApiError('unavailable', UNAVAILABLE_MESSAGE);
  return page;
}

/** /playlist/{id}: the playlist and its entries with their hearts, 10 per page; not shared between sessions (owners change them). */
export const playlistPage: DetailPage<Playlist, Record<string, never>, { tracks: PlaylistEntry }> = {
  load: getPlaylist,
  lists: { tracks: { load: playlistEntries, limit: PLAYLIST_TRACKS_PAGE, library: { kind: 'track', idOf: (entry) => entry.track.id } } },
};

/**
 * What the server renders for /playlist/{id}, with the signed-in user (whether the playlist is
 * theirs to edit), whether other users' profiles are open to this app (the owner as a link) and,
 * for the user's own, whether they took it out of their library (Save in place of Remove).
 */
export type PlaylistSeed = DetailSeed<typeof playlistPage> & {
  viewer: UserProfile | null;
  usersOpen: boolean;
  /** For the user's own playlist, whether it is in their library; null for another's, in the head, or when unknown. */
  inLibrary: boolean | null;
};
