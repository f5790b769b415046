import { callApi } from './client';
import { ApiError, statusOf } from './errors';
import { list, record, toPlaylist, toPlaylistEntry } from './normalize';
import type { Playlist } from './types';

// Refusals the playlist store turns into its own state (a rollback with a toast, or "sign in
// again"), so the catalogue's "403 on a bad request" never signs the user out over an edit.
const QUIET = [400, 403, 404];

/** A refusal the API client passed on quietly: the caller says so itself (other failures were already toasted). */
export function isQuietRefusal(error: unknown): boolean {
  return QUIET.includes(statusOf(error) ?? 0);
}

/** The provider's answer when the token lacks a scope (a session signed in before playlist-modify-* was asked). */
export function isScopeMissing(error: unknown): boolean {
  return statusOf(error) === 403 && error instanceof ApiError && /scope/i.test(error.providerMessage ?? '');
}

const path = (id: string, rest = '') => `playlists/${encodeURIComponent(id)}${rest}`;

function snapshotOf(body: unknown): string {
  const value = record(body).snapshot_id;
  return typeof value === 'string' ? value : '';
}

/** POST me/playlists: a new playlist of the user's, answered in full. */
export async function createPlaylist(name: string): Promise<Playlist> {
  const playlist = toPlaylist(await callApi({ method: 'POST', path: 'me/playlists', body: { name }, quietStatuses: QUIET }));
  if (!playlist) throw new ApiError('http', 'The provider answered no playlist', 500);
  return playlist;
}

/** POST playlists/{id}/items: appends tracks (at most 100 uris a call, as the provider allows); the new snapshot id. */
export async function addPlaylistItems(id: string, uris: readonly string[]): Promise<string> {
  return snapshotOf(await callApi({ method: 'POST', path: path(id, '/items'), body: { uris }, quietStatuses: QUIET }));
}

/** DELETE playlists/{id}/items: removes every occurrence of each uri; the new snapshot id. */
export async function removePlaylistItems(id: string, uris: readonly string[]): Promise<string> {
  const body = { items: uris.map((uri) => ({ uri })) };
  return snapshotOf(await callApi({ method: 'DELETE', path: path(id, '/items'), body, quietStatuses: QUIET }));
}

/**
 * PUT playlists/{id}/items: moves the entry at `rangeStart` to before `insertBefore` (positions in
 * the provider's playlist), against the version the client saw when it knows one; the new snapshot id.
 */
export async function reorderPlaylistItems(id: string, move: { rangeStart: number; insertBefore: number; snapshotId?: string | null }): Promise<string> {
  const body = {
    range_start: move.rangeStart,
    insert_before: move.insertBefore,
    range_length: 1,
    ...(move.snapshotId ? { snapshot_id: move.snapshotId } : {}),
  };
  return snapshotOf(await callApi({ method: 'PUT', path: path(id, '/items'), body, quietStatuses: QUIET }));
}

/** PUT playlists/{id}: the name, the description or both (plain text); what is left out stays. */
export async function changePlaylistDetails(id: string, details: { name?: string; description?: string }): Promise<void> {
  await callApi({ method: 'PUT', path: path(id), body: details, quietStatuses: QUIET });
}

/**
 * PUT (DELETE) playlists/{id}/followers: puts the playlist (back) in the user's library, or takes
 * it out, the owner's own too. The provider deprecated it for PUT (DELETE) me/library with the
 * playlist's URI, and client libraries report it gone for development-mode apps since February
 * 2026: a 403 or 404 from it asks the replacement.
 */
async function setPlaylistInLibrary(id: string, method: 'PUT' | 'DELETE'): Promise<void> {
  try {
    await callApi({ method, path: path(id, '/followers'), quietStatuses: QUIET });
  } catch (error) {
    const status = statusOf(error);
    if (status !== 403 && status !== 404) throw error;
    await callApi({ method, path: 'me/library', query: { uris: `spotify:playlist:${id}` }, quietStatuses: QUIET });
  }
}

/** Takes the playlist out of the user's library (setPlaylistInLibrary). */
export const removePlaylistFromLibrary = (id: string): Promise<void> => setPlaylistInLibrary(id, 'DELETE');

/** Puts the playlist (back) in the user's library (setPlaylistInLibrary). */
export const savePlaylistToLibrary = (id: string): Promise<void> => setPlaylistInLibrary(id, 'PUT');

/**
 * How many entries a playlist has now (one entry asked, for its `total`): what a removal left
 * when it may have taken copies the page had not loaded.
 */
export async function getPlaylistTotal(id: string): Promise<number | null> {
  // Unseen: the count shown stays as it was when it cannot be asked, with no toast.
  const total = record(await callApi({ path: path(id, '/items'), query: { limit: 1, offset: 0 }, quietStatuses: QUIET, unseen: true })).total;
  return typeof total === 'number' ? total : null;
}

/**
 * Every track id of a playlist, in order (50 a page, the most development mode gives), for the
 * duplicate check. Unnamed: each is a read for one add, and two adds in a row each need theirs (a
 * name would cancel the first add's check, and that add with it).
 */
export async function getPlaylistTrackIds(id: string): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; offset < 2000; offset += 50) {
    const body = record(await callApi({ path: path(id, '/items'), query: { limit: 50, offset }, quietStatuses: QUIET }));
    const items = list(body.items);
    for (const item of items) {
      const entry = toPlaylistEntry(item);
      if (entry) ids.push(entry.track.id);
    }
    const total = body.total;
    if (items.length < 50 || typeof total !== 'number' || offset + 50 >= total) break;
  }
  return ids;
}
