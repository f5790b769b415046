import { decodeCharacterReferences } from '../lib/html-text';
import type {
  Album,
  AlbumRef,
  Artist,
  ArtistRef,
  Category,
  Device,
  Image,
  Page,
  Playback,
  PlaybackDisallows,
  Playlist,
  PlaylistEntry,
  RepeatState,
  Track,
  UserProfile,
  UserRef,
} from './types';

/**
 * Provider JSON of either API profile into the product's types, in one place.
 * The input is untrusted: every field is read defensively, so a missing or
 * oddly typed field gives an empty value instead of a crash on a page.
 */
type Raw = Record<string, unknown>;

/** An object to read fields from; anything else reads as empty. */
export function record(value: unknown): Raw {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : {};
}

/** An array, or empty for anything else. */
export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A string field, or the fallback. */
export function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** `followers.total` and friends: null when the object or its total is absent. */
function total(value: unknown): number | null {
  return count(record(value).total);
}

/**
 * Whether an image URL is a picture on the web (http or https). Any other scheme (a
 * `javascript:`, a `data:` or `blob:` one, a relative path) is no image of the provider's: the
 * image is taken as absent, and the default one shows.
 */
function isWebUrl(url: unknown): url is string {
  if (typeof url !== 'string') return false;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Images with a usable url. */
function toImages(value: unknown): Image[] {
  return list(value)
    .map(record)
    .filter((image) => isWebUrl(image.url))
    .map((image) => ({ url: image.url as string, width: count(image.width), height: count(image.height) }));
}

/**
 * An object's id, or the last part of its `spotify:{type}:{id}` uri: the
 * Web Playback SDK's track objects give their album and artists only a uri.
 */
export function idOf(object: Raw): string {
  if (typeof object.id === 'string' && object.id !== '') return object.id;
  const uri = text(object.uri);
  return uri.split(':').length === 3 ? (uri.split(':')[2] ?? '') : '';
}

/** The id and name of each artist. */
function toArtistRefs(value: unknown): ArtistRef[] {
  return list(value)
    .map(record)
    .map((artist) => ({ id: idOf(artist), name: text(artist.name) }));
}

/** A track's album (id, name, images), or null. */
function toAlbumRef(value: unknown): AlbumRef | null {
  const album = record(value);
  const id = idOf(album);
  if (id === '') return null;
  return { id, name: text(album.name), images: toImages(album.images) };
}

/** A track, or null for the null or id-less entries real lists contain. */
export function toTrack(value: unknown, album: AlbumRef | null = null): Track | null {
  const track = record(value);
  const id = idOf(track);
  if (id === '') return null;
  return {
    id,
    name: text(track.name),
    uri: text(track.uri, `spotify:track:${id}`),
    durationMs: count(track.duration_ms) ?? 0,
    artists: toArtistRefs(track.artists),
    album: toAlbumRef(track.album) ?? album,
  };
}

/** An album, or null without an id. */
export function toAlbum(value: unknown): Album | null {
  const album = record(value);
  if (typeof album.id !== 'string' || album.id === '') return null;
  const releaseDate = text(album.release_date);
  return {
    id: album.id,
    name: text(album.name),
    uri: text(album.uri, `spotify:album:${album.id}`),
    type: text(album.type, 'album'),
    albumType: text(album.album_type, 'album'),
    images: toImages(album.images),
    releaseDate,
    year: releaseDate.slice(0, 4),
    artists: toArtistRefs(album.artists),
    totalTracks: count(album.total_tracks) ?? total(album.tracks) ?? 0,
    label: textOrNull(album.label),
  };
}

/** An artist; followers and popularity stay null when development mode leaves them out. */
export function toArtist(value: unknown): Artist | null {
  const artist = record(value);
  if (typeof artist.id !== 'string' || artist.id === '') return null;
  return {
    id: artist.id,
    name: text(artist.name),
    uri: text(artist.uri, `spotify:artist:${artist.id}`),
    type: text(artist.type, 'artist'),
    images: toImages(artist.images),
    followers: total(artist.followers),
    popularity: count(artist.popularity),
    genres: list(artist.genres).filter((genre): genre is string => typeof genre === 'string'),
  };
}

function toUserRef(value: unknown): UserRef {
  const user = record(value);
  return { id: text(user.id), displayName: text(user.display_name, text(user.id)) };
}

/** A playlist, or null (search results may hold null playlists). */
export function toPlaylist(value: unknown): Playlist | null {
  const playlist = record(value);
  if (typeof playlist.id !== 'string' || playlist.id === '') return null;
  return {
    id: playlist.id,
    name: text(playlist.name),
    uri: text(playlist.uri, `spotify:playlist:${playlist.id}`),
    type: text(playlist.type, 'playlist'),
    // Escaped by the provider; ours is the text itself (lib/html-text.ts).
    description: decodeCharacterReferences(text(playlist.description)),
    images: toImages(playlist.images),
    owner: toUserRef(playlist.owner),
    // Development mode renames the playlist's `tracks` to `items` (DESIGN §2).
    totalTracks: total(playlist.tracks) ?? total(playlist.items),
    followers: total(playlist.followers),
    collaborative: playlist.collaborative === true,
    snapshotId: textOrNull(playlist.snapshot_id),
  };
}

/**
 * A playlist entry with `item` (development mode) or `track`, standing at `position` in the
 * playlist; null when it has no usable track.
 */
export function toPlaylistEntry(value: unknown, position = 0): PlaylistEntry | null {
  const entry = record(value);
  const track = toTrack(entry.item ?? entry.track);
  // SPEC §4: playlist track lists drop entries with an empty track name.
  if (!track || track.name.trim() === '') return null;
  return { track, addedAt: textOrNull(entry.added_at), position };
}

/** A page of a playlist's entries, each with its position (the page's offset plus its place in the page). */
export function toPlaylistEntryPage(value: unknown): Page<PlaylistEntry> {
  const offset = count(record(value).offset) ?? 0;
  return toPage(value, (item, index) => toPlaylistEntry(item, offset + index));
}

/** A user profile; email, product, country and followers stay null when absent. */
export function toUserProfile(value: unknown): UserProfile | null {
  const user = record(value);
  if (typeof user.id !== 'string' || user.id === '') return null;
  return {
    id: user.id,
    displayName: text(user.display_name, user.id),
    uri: text(user.uri, `spotify:user:${user.id}`),
    images: toImages(user.images),
    followers: total(user.followers),
    email: textOrNull(user.email),
    product: textOrNull(user.product),
    country: textOrNull(user.country),
  };
}

/** A category with its icons. */
export function toCategory(value: unknown): Category | null {
  const category = record(value);
  if (typeof category.id !== 'string' || category.id === '') return null;
  return { id: category.id, name: text(category.name), icons: toImages(category.icons) };
}

/** A playback device. */
export function toDevice(value: unknown): Device | null {
  const device = record(value);
  if (typeof device.id !== 'string' || device.id === '') return null;
  return {
    id: device.id,
    name: text(device.name),
    type: text(device.type),
    isActive: device.is_active === true,
    volumePercent: count(device.volume_percent),
    isRestricted: device.is_restricted === true,
    // Left out (an older answer), the device is taken to accept volume, as every device did before the field.
    supportsVolume: device.supports_volume !== false,
  };
}

function toRepeatState(value: unknown): RepeatState {
  return value === 'context' || value === 'track' ? value : 'off';
}

/**
 * What the provider disallows on the playback, from a Web API answer's `actions.disallows` or
 * the Web Playback SDK's `disallows` (the same names): each action listed as true is disallowed,
 * and one left out is allowed (the provider lists only the disallowed ones).
 */
export function toDisallows(value: unknown): PlaybackDisallows {
  const disallows = record(value);
  return {
    skippingPrev: disallows.skipping_prev === true,
    skippingNext: disallows.skipping_next === true,
    pausing: disallows.pausing === true,
    resuming: disallows.resuming === true,
    seeking: disallows.seeking === true,
    togglingShuffle: disallows.toggling_shuffle === true,
    togglingRepeatContext: disallows.toggling_repeat_context === true,
    togglingRepeatTrack: disallows.toggling_repeat_track === true,
  };
}

/** The current playback, or null when nothing plays (an empty 204 answer). */
export function toPlayback(value: unknown): Playback | null {
  const state = record(value);
  if (Object.keys(state).length === 0) return null;
  // The provider's answers wrap the flags in `disallows`; its reference puts them on `actions` itself: either is read.
  const actions = record(state.actions);
  const disallows = actions.disallows ?? actions;
  return {
    item: toTrack(state.item),
    progressMs: count(state.progress_ms) ?? 0,
    isPlaying: state.is_playing === true,
    repeatState: toRepeatState(state.repeat_state),
    shuffleState: state.shuffle_state === true,
    disallows: toDisallows(disallows),
    device: toDevice(state.device),
    contextUri: textOrNull(record(state.context).uri),
  };
}

/**
 * A paged list; entries the converter rejects (null playlists in search
 * results, null tracks) are dropped while offset, limit and total stay the
 * provider's, so paging still advances correctly.
 */
export function toPage<T>(value: unknown, convert: (item: unknown, index: number) => T | null): Page<T> {
  const page = record(value);
  const items = list(page.items)
    .map((item, index) => convert(item, index))
    .filter((item): item is T => item !== null);
  return {
    items,
    offset: count(page.offset) ?? 0,
    limit: count(page.limit) ?? items.length,
    total: count(page.total) ?? items.length,
  };
}
