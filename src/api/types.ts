/**
 * The product's own types for SPEC §3's entities. The resource modules turn
 * the provider's JSON of either API profile (DESIGN §2) into these; stores and
 * islands never see provider JSON. A field the provider may leave out in
 * development mode (followers, popularity, email, product, label) is null
 * rather than 0, so the page can hide it instead of showing a false zero.
 */
export interface Image {
  url: string;
  width: number | null;
  height: number | null;
}

export interface ArtistRef {
  id: string;
  name: string;
}

export interface AlbumRef {
  id: string;
  name: string;
  images: Image[];
}

export interface Track {
  id: string;
  name: string;
  uri: string;
  durationMs: number;
  artists: ArtistRef[];
  album: AlbumRef | null;
}

export interface Album {
  id: string;
  name: string;
  uri: string;
  type: string;
  /** album, single, compilation. */
  albumType: string;
  images: Image[];
  /** As the provider gives it: YYYY, YYYY-MM or YYYY-MM-DD. */
  releaseDate: string;
  /** The first 4 characters of the release date (SPEC §3). */
  year: string;
  artists: ArtistRef[];
  totalTracks: number;
  label: string | null;
}

export interface Artist {
  id: string;
  name: string;
  uri: string;
  type: string;
  images: Image[];
  followers: number | null;
  popularity: number | null;
  genres: string[];
}

export interface UserRef {
  id: string;
  displayName: string;
}

export interface Playlist {
  id: string;
  name: string;
  uri: string;
  type: string;
  description: string;
  images: Image[];
  owner: UserRef;
  /** tracks.total, or items.total in development mode; null when neither is given. */
  totalTracks: number | null;
  followers: number | null;
  /** Anyone may change its items, not only its owner. */
  collaborative: boolean;
  /** The version of the playlist this is (the provider's snapshot_id); null when not given. */
  snapshotId: string | null;
}

/** A playlist entry: its track (from `track` or development mode's `item`) and when it was added. */
export interface PlaylistEntry {
  track: Track;
  addedAt: string | null;
  /** Where it stands in the provider's playlist: entries without a usable track are dropped, so not the list's index. */
  position: number;
}

export interface UserProfile {
  id: string;
  displayName: string;
  uri: string;
  images: Image[];
  followers: number | null;
  email: string | null;
  product: string | null;
  country: string | null;
}

export interface Category {
  id: string;
  name: string;
  icons: Image[];
}

/** A paged list (SPEC §3): items, offset, limit, total. */
export interface Page<T> {
  items: T[];
  offset: number;
  limit: number;
  total: number;
}

export interface CategoryPlaylists {
  /** Used as the page title. */
  message: string;
  playlists: Page<Playlist>;
}

export type { SearchType } from '../lib/search-query';

export interface SearchResults {
  tracks: Page<Track>;
  artists: Page<Artist>;
  albums: Page<Album>;
  playlists: Page<Playlist>;
}

export interface SavedAlbum {
  addedAt: string | null;
  album: Album;
}

export interface SavedTrack {
  addedAt: string | null;
  track: Track;
}

export interface RecentPlay {
  playedAt: string | null;
  track: Track;
  /** The album, playlist, artist (or other list) it was played in, as the provider names it; null when none. */
  contextUri: string | null;
}

export interface Device {
  id: string;
  name: string;
  type: string;
  isActive: boolean;
  volumePercent: number | null;
  /** The provider takes no Web API command for it (`is_restricted`): playback cannot be moved there from here. */
  isRestricted: boolean;
  /** Its volume can be set through the Web API (`supports_volume`): else a volume command is refused. */
  supportsVolume: boolean;
}

export type RepeatState = 'off' | 'context' | 'track';

/** What the provider says cannot be done to the playback now (its `actions.disallows`, each true when disallowed). */
export interface PlaybackDisallows {
  skippingPrev: boolean;
  skippingNext: boolean;
  pausing: boolean;
  resuming: boolean;
  seeking: boolean;
  togglingShuffle: boolean;
  togglingRepeatContext: boolean;
  togglingRepeatTrack: boolean;
}

/** SPEC §3's current playback. */
export interface Playback {
  item: Track | null;
  progressMs: number;
  isPlaying: boolean;
  repeatState: RepeatState;
  shuffleState: boolean;
  disallows: PlaybackDisallows;
  device: Device | null;
  contextUri: string | null;
}

/** GET me/player/queue: the current track and what plays after it (added tracks first). */
export interface PlayQueue {
  currentlyPlaying: Track | null;
  queue: Track[];
}

/** A list a development-mode provider will not show this app (DESIGN §2). */
export interface Unavailable {
  unavailable: true;
}
