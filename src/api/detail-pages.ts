import { ALBUM_FIRST_TRACKS, ALBUM_TRACKS_PAGE, getAlbum, getAlbumTracks, withAlbum } from './albums';
import { ARTIST_ALBUMS_PAGE, getArtist, getArtistAlbums, getArtistTopTracks, getRelatedArtists } from './artists';
import { ApiError, UNAVAILABLE_MESSAGE } from './errors';
import type { LibraryKind } from './library';
import { ownId, type ItemFlag } from './list-pages';
import { getFollowedArtists, getMe, getTopArtists, getTopTracks } from './me';
import type { AreaSeed } from './page-seeds';
import { getPlaylist, getPlaylistTracks } from './playlists';
import type { Album, Artist, Page, Playlist, PlaylistEntry, Track, UserProfile } from './types';
import { getUser, getUserPlaylists } from './users';
import { SECTION_SIZE } from '../lib/see-all';

/** A section of a detail page: one answer, shown whole (Popular Tracks, Fans Also like), hidden when it fails. */
export interface DetailSection<T> {
  load: (id: string) => Promise<T[]>;
  library?: ItemFlag<T>;
}

/** A paged list of a detail page (an album's tracks): its first page, then the browser's next ones. */
export interface DetailList<T, E> {
  load: (id: string, offset: number, limit: number) => Promise<Page<T>>;
  /** The size of every page the browser asks after the first. */
  limit: number;
  /** The first page's size when it differs (the album page shows 20 tracks first). */
  firstLimit?: number;
  /** What the entity adds to a page of the list (an album's tracks carry no album of their own). */
  ofEntity?: (page: Page<T>, entity: E) => Page<T>;
  library?: ItemFlag<T>;
}

/**
 * A detail page (album, artist, playlist, user, own profile) as both sides need it: the server
 * renders its entity, sections and first pages (`startDetailPage`, src/server/page-data.ts) and
 * the browser's area asks for the next pages and for ids not rendered (`createDetailArea`,
 * src/stores/detail-area.ts). One definition, so the two cannot disagree on a page's size or on
 * how the flags of what it shows are known.
 */
export interface DetailPage<T, S extends Record<string, unknown> = Record<string, never>, L extends Record<string, unknown> = Record<string, never>> {
  /** The entity; a rejection is the page's failure (not found, unavailable, the error screen). */
  load: (id: string) => Promise<T>;
  /** The page's own Save or Follow button. */
  library?: LibraryKind;
  sections?: { [K in keyof S]: DetailSection<S[K]> };
  lists?: { [K in keyof L]: DetailList<L[K], T> };
}

/** The parts of a detail page a route shows (the artist's albums page shows its albums and heading only); all of them when not said. */
export interface DetailAsk<S, L> {
  sections?: readonly (keyof S)[];
  lists?: readonly (keyof L)[];
  /** The page's own Save or Follow button. */
  own?: boolean;
}

/** What the server renders for a detail page: its seed, which the area's stores adopt. */
export type DetailSeed<P> = P extends DetailPage<infer T, infer S, infer L> ? AreaSeed<T, S, L> : never;

/** /album/{id}: the album (Save), its numbered tracks with their hearts. */
export const albumPage: DetailPage<Album, Record<string, never>, { tracks: Track }> = {
  load: getAlbum,
  library: 'album',
  lists: {
    tracks: {
      load: (id, offset, limit) => getAlbumTracks(id, offset, limit),
      limit: ALBUM_TRACKS_PAGE,
      firstLimit: ALBUM_FIRST_TRACKS,
      ofEntity: withAlbum,
      library: { kind: 'track', idOf: ownId },
    },
  },
};

/**
 * The artist pages: the artist (Follow), Popular Tracks and Fans Also like (each hidden when it
 * fails, DESIGN §2), Albums By {artist} 10 per page (development mode's most, DESIGN §2).
 */
export const artistPage: DetailPage<Artist, ArtistSections, ArtistLists> = {
  load: getArtist,
  library: 'artist',
  sections: {
    topTracks: { load: (id) => getArtistTopTracks(id), library: { kind: 'track', idOf: ownId } },
    relatedArtists: { load: (id) => getRelatedArtists(id), library: { kind: 'artist', idOf: ownId } },
  },
  lists: { albums: { load: getArtistAlbums, limit: ARTIST_ALBUMS_PAGE, library: { kind: 'album', idOf: ownId } } },
};

type ArtistSections = { topTracks: Track; relatedArtists: Artist };
type ArtistLists = { albums: Album };

/** /artist/{id}/albums: the artist (its heading) and the first page of its albums with their Saves. */
export const artistAlbumsOnly: DetailAsk<ArtistSections, ArtistLists> = { sections: [], own: false };
/** /artist/{id}/related-artists: the artist (its heading) and Fans Also like in full with their Follows. */
export const relatedArtistsOnly: DetailAsk<ArtistSections, ArtistLists> = { sections: ['relatedArtists'], lists: [], own: false };

/** A page of a playlist's entries; development mode shows the header of a playlist the user does not own, not its tracks. */
async function playlistEntries(id: string, offset: number, limit: number): Promise<Page<PlaylistEntry>> {
  const page = await getPlaylistTracks(id, offset, limit);
  if ('unavailable' in page) throw new ApiError('unavailable', UNAVAILABLE_MESSAGE);
  return page;
}

/** /playlist/{id}: the playlist and its entries with their hearts, 10 per page; not shared between sessions (owners change them). */
export const playlistPage: DetailPage<Playlist, Record<string, never>, { tracks: PlaylistEntry }> = {
  load: getPlaylist,
  lists: { tracks: { load: playlistEntries, limit: 10, library: { kind: 'track', idOf: (entry) => entry.track.id } } },
};

/** /user/{id}: another user (Follow) and their public playlists, 20 per page (gone in development mode, DESIGN §2). */
export const userPage: DetailPage<UserProfile, Record<string, never>, { playlists: Playlist }> = {
  load: getUser,
  library: 'user',
  lists: { playlists: { load: getUserPlaylists, limit: 20 } },
};

/**
 * /user/me: the profile (asked afresh: its follower count changes), Top artists and Top tracks
 * this month and Your Following, 10 each (SPEC §9); Your Following is followed by definition.
 */
export const myProfilePage: DetailPage<UserProfile, { topArtists: Artist; topTracks: Track; following: Artist }> = {
  load: () => getMe(),
  sections: {
    topArtists: { load: async () => (await getTopArtists(0, SECTION_SIZE)).items, library: { kind: 'artist', idOf: ownId } },
    topTracks: { load: async () => (await getTopTracks(0, SECTION_SIZE)).items, library: { kind: 'track', idOf: ownId } },
    following: { load: () => getFollowedArtists(SECTION_SIZE), library: { kind: 'artist', idOf: ownId, held: true } },
  },
};

/** What the server renders for /album/{id}. */
export type AlbumSeed = DetailSeed<typeof albumPage>;
/** What the server renders for the artist pages (each asks only what it shows). */
export type ArtistSeed = DetailSeed<typeof artistPage>;
/** What the server renders for /user/{id}. */
export type UserSeed = DetailSeed<typeof userPage>;
/** What the server renders for /user/me (id 'me'). */
export type ProfileSeed = DetailSeed<typeof myProfilePage>;
/**
 * What the server renders for /playlist/{id}, with the signed-in user (whether the playlist is
 * theirs to edit) and whether other users' profiles are open to this app (the owner as a link).
 */
export type PlaylistSeed = DetailSeed<typeof playlistPage> & { viewer: UserProfile | null; usersOpen: boolean };
