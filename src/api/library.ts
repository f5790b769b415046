import { callApi, isCapabilityUsable, type HttpMethod } from './client';
import { PROBE_QUIET_STATUSES } from './errors';
import { list } from './normalize';

/** What can be saved, liked or followed. */
export type LibraryKind = 'album' | 'track' | 'artist' | 'user';

// SPEC §4: a toggle's flag flips only when the provider answered 200 or 204.
const TOGGLE_DONE = [200, 204] as const;

// Development mode takes at most 40 URIs per call (DESIGN §2); the seed's id lists allow 20 for albums.
const CHUNK = 20;

function chunks(ids: readonly string[]): string[][] {
  const result: string[][] = [];
  for (let start = 0; start < ids.length; start += CHUNK) result.push(ids.slice(start, start + CHUNK));
  return result;
}

function legacyPath(kind: LibraryKind): { path: string; type?: string } {
  if (kind === 'album') return { path: 'me/albums' };
  if (kind === 'track') return { path: 'me/tracks' };
  return { path: 'me/following', type: kind };
}

const uriOf = (kind: LibraryKind | 'playlist', id: string): string => `spotify:${kind}:${id}`;

/**
 * The seed's call first (me/albums, me/tracks, me/following); when it is gone
 * (403/404, learnt once) the replacement /me/library with URIs in the query.
 */
async function withFallback<T>(legacy: () => Promise<T>, replacement: () => Promise<T>): Promise<T> {
  if (await isCapabilityUsable('legacyLibrary')) {
    try {
      return await legacy();
    } catch (error) {
      if (await isCapabilityUsable('legacyLibrary')) throw error;
    }
  }
  return replacement();
}

async function change(method: HttpMethod, kind: LibraryKind, ids: readonly string[]): Promise<void> {
  for (const part of chunks(ids)) {
    const { path, type } = legacyPath(kind);
    const query = { type, ids: part.join(',') };
    await withFallback(
      // The ids in the body as the reference now asks, and in the query as the seed sent them.
      // A first 404 may be an album or artist no longer there, not the endpoint gone (DESIGN §2):
      // its probe asks the same family's contains about the same ids, which answers for any id.
      () =>
        callApi({
          method,
          path,
          query,
          body: { ids: part },
          capability: 'legacyLibrary',
          probe: () => callApi({ path: `${path}/contains`, query, quietStatuses: PROBE_QUIET_STATUSES }),
          okStatuses: TOGGLE_DONE,
        }),
      () => callApi({ method, path: 'me/library', query: { uris: part.map((id) => uriOf(kind, id)).join(',') }, okStatuses: TOGGLE_DONE }),
    );
  }
}

/** Saves albums, likes tracks, follows artists or users; resolves only on the provider's 200/204. */
export function addToLibrary(kind: LibraryKind, ids: readonly string[]): Promise<void> {
  return change('PUT', kind, ids);
}

/** Unsaves, unlikes or unfollows; resolves only on the provider's 200/204. */
export function removeFromLibrary(kind: LibraryKind, ids: readonly string[]): Promise<void> {
  return change('DELETE', kind, ids);
}

/** GET …/contains: one boolean per id, in order. */
export async function checkInLibrary(kind: LibraryKind, ids: readonly string[]): Promise<boolean[]> {
  const answers: boolean[] = [];
  for (const part of chunks(ids)) {
    const { path, type } = legacyPath(kind);
    const body = await withFallback(
      () => callApi({ path: `${path}/contains`, query: { type, ids: part.join(',') }, capability: 'legacyLibrary' }),
      () => callApi({ path: 'me/library/contains', query: { uris: part.map((id) => uriOf(kind, id)).join(',') } }),
    );
    const flags = list(body);
    answers.push(...part.map((_id, index) => flags[index] === true));
  }
  return answers;
}

/**
 * Whether a playlist is in the user's library, their own included (they may have taken it out):
 * GET me/library/contains with its URI, the one form that answers for playlists. Unseen: a page
 * that cannot learn it offers removal, as before it asked, with no toast.
 */
export async function isPlaylistInLibrary(id: string): Promise<boolean> {
  const answer = await callApi({ path: 'me/library/contains', query: { uris: uriOf('playlist', id) }, quietStatuses: [400, 403, 404], unseen: true });
  return list(answer)[0] === true;
}

/** One id's contains answer (SPEC §7 reads the first item). */
export async function isInLibrary(kind: LibraryKind, id: string): Promise<boolean> {
  return (await checkInLibrary(kind, [id]))[0] ?? false;
}
