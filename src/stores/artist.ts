import { map, onMount } from 'nanostores';
import { getArtist, getArtistAlbums, getArtistTopTracks, getRelatedArtists } from '../api/artists';
import { isCanceled, isUnavailable } from '../api/errors';
import { isInLibrary } from '../api/library';
import type { Album, Artist, Track } from '../api/types';
import { createTicket, emptyDetail, flipInLibrary, loadingDetail, logUnlessCanceled, type DetailState } from './detail';
import { createPagedList } from './paged-list';
import { onRoute } from './route';
import { withTopLoading } from './ui';

/** SPEC §9: Verified when followers exceed 1000. */
export const VERIFIED_FOLLOWERS = 1000;

/** A section the page hides when it failed or is not offered (SPEC §4, DESIGN §2). */
export interface ArtistSection<T> {
  status: 'idle' | 'loading' | 'ready' | 'hidden';
  items: T[];
}

export interface ArtistState extends DetailState<Artist> {
  isFollowed: boolean;
  /** The Follow/Following button's loading state. */
  following: boolean;
  topTracks: ArtistSection<Track>;
  relatedArtists: ArtistSection<Artist>;
}

const idle = <T>(): ArtistSection<T> => ({ status: 'idle', items: [] });
const initial = (): ArtistState => ({
  ...emptyDetail<Artist>(),
  isFollowed: false,
  following: false,
  topTracks: idle(),
  relatedArtists: idle(),
});

/** The artist page: the artist, follow state, Popular Tracks and Fans Also like. */
export const $artist = map<ArtistState>(initial());

let artistId = '';
const ticket = createTicket();

/** Albums By {artist}: 10 per page (DESIGN §2). */
export const artistAlbums = createPagedList<Album>((offset, limit) => getArtistAlbums(artistId, offset, limit), 10);

/** Whether an artist shows the Verified label. */
export function isVerified(artist: Artist | null): boolean {
  return (artist?.followers ?? 0) > VERIFIED_FOLLOWERS;
}

/** Empties the artist area. */
export function resetArtist(): void {
  ticket.next();
  $artist.set(initial());
  artistAlbums.reset();
}

async function section<T>(mine: number, key: 'topTracks' | 'relatedArtists', load: () => Promise<T[]>): Promise<void> {
  $artist.setKey(key, { status: 'loading', items: [] } as ArtistState[typeof key]);
  try {
    const items = await load();
    if (ticket.isCurrent(mine)) $artist.setKey(key, { status: 'ready', items } as ArtistState[typeof key]);
  } catch (error) {
    if (isCanceled(error) || !ticket.isCurrent(mine)) return;
    if (!isUnavailable(error)) console.error(`Artist section ${key} failed`, error);
    $artist.setKey(key, { status: 'hidden', items: [] });
  }
}

/** Loads an artist: data, then follow state, top tracks, the first 10 albums and related artists. */
export async function loadArtist(id: string): Promise<void> {
  resetArtist();
  const mine = ticket.next();
  artistId = id;
  $artist.set({ ...initial(), ...loadingDetail<Artist>() });
  try {
    const artist = await withTopLoading(getArtist(id));
    if (!ticket.isCurrent(mine)) return;
    $artist.set({ ...$artist.get(), loading: false, data: artist });
  } catch (error) {
    if (!ticket.isCurrent(mine) || isCanceled(error)) return;
    $artist.set({ ...$artist.get(), loading: false, error });
    return;
  }
  await Promise.all([
    isInLibrary('artist', id)
      .then((followed) => ticket.isCurrent(mine) && $artist.setKey('isFollowed', followed))
      .catch((error: unknown) => logUnlessCanceled('Could not check the followed artist', error)),
    section(mine, 'topTracks', () => getArtistTopTracks(id)),
    artistAlbums.loadFirstPage(),
    section(mine, 'relatedArtists', () => getRelatedArtists(id)),
  ]);
}

/** Follows or unfollows the current artist; the flag flips only on the provider's 200/204. */
export async function toggleFollowArtist(): Promise<void> {
  const { data, isFollowed, following } = $artist.get();
  if (!data || following) return;
  $artist.setKey('following', true);
  try {
    const followed = await flipInLibrary('artist', data.id, isFollowed);
    if ($artist.get().data?.id === data.id) $artist.setKey('isFollowed', followed);
  } catch (error) {
    logUnlessCanceled('Could not change the followed artist', error);
  } finally {
    $artist.setKey('following', false);
  }
}

// The artist pages (detail, related artists, albums) load the artist on entry and reset on exit.
onMount($artist, () =>
  onRoute(['artist', 'relatedArtists', 'artistAlbums'], (route) => void loadArtist(route.params.artistId ?? ''), resetArtist),
);
