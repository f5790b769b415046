import { getArtist, getArtistAlbums, getArtistTopTracks, getRelatedArtists } from '../../api/artists';
import type { ArtistSeed } from '../../api/page-seeds';
import { SECTION_SIZE } from '../../lib/see-all';
import { detailSeed, entityOf, idsOf, libraryFlagsOf, partOf } from '../page-data';

/** An artist page's two parts: what the page's first bytes need, and the whole page. */
export interface ArtistPageParts {
  /** The artist and its Follow flag: the page's status, and its header while the sections come. */
  head: Promise<ArtistSeed>;
  /** The head with Popular Tracks, Fans Also like, the first albums and the flags of what they show. */
  whole: Promise<ArtistSeed>;
}

/**
 * /artist/{id}: every call starts at once, side by side: the artist, its Follow flag, Popular
 * Tracks, Fans Also like and the first albums (a section the provider refuses is hidden,
 * DESIGN §2), then the flags of what each section shows (hearts, the albums' Save, the related
 * artists' Follow) as soon as that section is known. The head is ready after one answer, where
 * the sections need two in a row (a list, then its flags), so the page streams them.
 */
export function startArtistPage(id: string): ArtistPageParts {
  const base = detailSeed(id);
  const entity = entityOf(getArtist(id));
  const followed = libraryFlagsOf('artist', [id]);
  const topTracks = partOf(getArtistTopTracks(id));
  const relatedArtists = partOf(getRelatedArtists(id));
  const albums = partOf(getArtistAlbums(id, 0, SECTION_SIZE));
  const head = Promise.all([entity, followed]).then(([found, follows]): ArtistSeed =>
    found.data ? { ...base, ...found, flags: { artist: follows } } : { ...base, ...found },
  );
  const whole = Promise.all([
    head,
    topTracks,
    relatedArtists,
    albums,
    topTracks.then((items) => libraryFlagsOf('track', idsOf(items))),
    albums.then((page) => libraryFlagsOf('album', idsOf(page?.items))),
    relatedArtists.then((items) => libraryFlagsOf('artist', idsOf(items))),
  ]).then(([first, tracks, related, firstAlbums, likes, saved, followedRelated]): ArtistSeed => {
    if (!first.data) return first;
    return {
      ...first,
      sections: { topTracks: tracks, relatedArtists: related },
      lists: { albums: firstAlbums },
      flags: { track: likes, album: saved, artist: { ...followedRelated, ...first.flags?.artist } },
    };
  });
  return { head, whole };
}

/** The whole artist page at once, for a page that does not stream it (its albums, its related artists). */
export function loadArtistPage(id: string): Promise<ArtistSeed> {
  return startArtistPage(id).whole;
}
