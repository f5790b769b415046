import { map, onMount } from 'nanostores';
import { getAlbum, getAlbumTracks } from '../api/albums';
import { isCanceled } from '../api/errors';
import { isInLibrary } from '../api/library';
import type { Album, Track } from '../api/types';
import { createTicket, emptyDetail, flipInLibrary, loadingDetail, logUnlessCanceled, type DetailState } from './detail';
import { createPagedList } from './paged-list';
import { onRoute } from './route';
import { withTopLoading } from './ui';

/** SPEC §7: the album page asks 20 tracks first, then 10 per page. */
export const ALBUM_FIRST_TRACKS = 20;

export interface AlbumState extends DetailState<Album> {
  isSaved: boolean;
  /** The Save/Saved button's loading state. */
  saving: boolean;
}

/** The album page: the album, whether it is saved, the header colour. */
export const $album = map<AlbumState>({ ...emptyDetail<Album>(), isSaved: false, saving: false });

let albumId = '';
const ticket = createTicket();

/** The album page's numbered track list (SPEC §4's paging). */
export const albumTracks = createPagedList<Track>(
  (offset, limit) => getAlbumTracks(albumId, offset, offset === 0 ? ALBUM_FIRST_TRACKS : limit, $album.get().data),
  10,
);

/** Empties the album area (on entry and exit). */
export function resetAlbum(): void {
  ticket.next();
  $album.set({ ...emptyDetail<Album>(), isSaved: false, saving: false });
  albumTracks.reset();
}

/** Loads an album: its data, then whether it is saved and its first 20 tracks. */
export async function loadAlbum(id: string): Promise<void> {
  resetAlbum();
  const mine = ticket.next();
  albumId = id;
  $album.set({ ...loadingDetail<Album>(), isSaved: false, saving: false });
  try {
    const album = await withTopLoading(getAlbum(id));
    if (!ticket.isCurrent(mine)) return;
    $album.set({ ...$album.get(), loading: false, data: album });
  } catch (error) {
    if (!ticket.isCurrent(mine) || isCanceled(error)) return;
    $album.set({ ...$album.get(), loading: false, error });
    return;
  }
  await Promise.all([
    albumTracks.loadFirstPage(),
    isInLibrary('album', id)
      .then((saved) => ticket.isCurrent(mine) && $album.setKey('isSaved', saved))
      .catch((error: unknown) => logUnlessCanceled('Could not check the saved album', error)),
  ]);
}

/** Saves or unsaves the current album; the flag flips only on the provider's 200/204. */
export async function toggleSaveAlbum(): Promise<void> {
  const { data, isSaved, saving } = $album.get();
  if (!data || saving) return;
  $album.setKey('saving', true);
  try {
    const saved = await flipInLibrary('album', data.id, isSaved);
    if ($album.get().data?.id === data.id) $album.setKey('isSaved', saved);
  } catch (error) {
    logUnlessCanceled('Could not change the saved album', error);
  } finally {
    $album.setKey('saving', false);
  }
}

// The album page loads itself when its route is entered while something shows $album, and resets on exit.
onMount($album, () => onRoute(['album'], (route) => void loadAlbum(route.params.albumId ?? ''), resetAlbum));
