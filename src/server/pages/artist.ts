import { getArtist, getArtistAlbums, getArtistTopTracks, getRelatedArtists } from '../../api/artists';
import type { ArtistSeed } from '../../api/page-seeds';
import { SECTION_SIZE } from '../../lib/see-all';
import { detailEntityOf, idsOf, libraryFlagsOf, partOf, type PageParts } from '../page-data';

// The three artist pages ask only for what each shows. A section or list a page does not ask
// for is absent from its seed, and the artist area leaves it unasked ('idle') rather than
// failed (src/stores/detail-area.ts).

/** The artist, or how it failed: every artist page's heading and status. */
const artistOf = (id: string): Promise<ArtistSeed> => detailEntityOf(id, getArtist(id));

/** The artist's first albums (one page, the size of a section) and their Save flags. */
function firstAlbumsOf(id: string) {
  const albums = partOf(getArtistAlbums(id, 0, SECTION_SIZE));
  return { albums, saved: albums.then((page) => libraryFlagsOf('album', idsOf(page?.items))) };
}

/** Fans Also like and their Follow flags. */
function relatedArtistsOf(id: string) {
  const related = partOf(getRelatedArtists(id));
  return { related, followed: related.then((items) => libraryFlagsOf('artist', idsOf(items))) };
}

/**
 * /artist/{id}: every call starts at once, side by side: the artist, its Follow flag, Popular
 * Tracks, Fans Also like and the first albums (a section the provider refuses is hidden,
 * DESIGN §2), then the flags of what each section shows (hearts, the albums' Save, the related
 * artists' Follow) as soon as that section is known. The head is ready after one answer, where
 * the sections need two in a row (a list, then its flags), so the page may stream them. The
 * head: the artist and its Follow flag; the whole: with Popular Tracks, Fans Also like, the
 * first albums and the flags of what they show.
 */
export function startArtistPage(id: string): PageParts<ArtistSeed> {
  const artist = artistOf(id);
  const follows = libraryFlagsOf('artist', [id]);
  const topTracks = partOf(getArtistTopTracks(id));
  const likes = topTracks.then((items) => libraryFlagsOf('track', idsOf(items)));
  const { related, followed } = relatedArtistsOf(id);
  const { albums, saved } = firstAlbumsOf(id);
  const head = Promise.all([artist, follows]).then(([found, follow]): ArtistSeed => (found.data ? { ...found, flags: { artist: follow } } : found));
  const whole = Promise.all([head, topTracks, likes, related, followed, albums, saved]).then(
    ([first, tracks, liked, fans, followedFans, firstAlbums, savedAlbums]): ArtistSeed => {
      if (!first.data) return first;
      return {
        ...first,
        sections: { topTracks: tracks, relatedArtists: fans },
        lists: { albums: firstAlbums },
        flags: { track: liked, album: savedAlbums, artist: { ...followedFans, ...first.flags?.artist } },
      };
    },
  );
  return { head, whole };
}

/** /artist/{id}/albums: the artist (its heading) and the first page of its albums, with their Save flags. */
export async function loadArtistAlbumsPage(id: string): Promise<ArtistSeed> {
  const { albums, saved } = firstAlbumsOf(id);
  const [artist, firstAlbums, savedAlbums] = await Promise.all([artistOf(id), albums, saved]);
  return artist.data ? { ...artist, lists: { albums: firstAlbums }, flags: { album: savedAlbums } } : artist;
}

/** /artist/{id}/related-artists: the artist (its heading) and Fans Also like in full, with their Follow flags. */
export async function loadRelatedArtistsPage(id: string): Promise<ArtistSeed> {
  const { related, followed } = relatedArtistsOf(id);
  const [artist, fans, followedFans] = await Promise.all([artistOf(id), related, followed]);
  return artist.data ? { ...artist, sections: { relatedArtists: fans }, flags: { artist: followedFans } } : artist;
}
