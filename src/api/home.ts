import { getNewReleases } from './browse';
import { getRecentlyPlayed } from './me';
import { getPlaylistTracks } from './playlists';
import { search } from './search';
import type { Album, Playlist, Track } from './types';
import { isCanceled, isUnavailable, statusOf } from './errors';
import type { Section } from '../lib/part-state';

// Home's rules (SPEC §4, §9) and its four questions, each a few calls of the resource modules:
// shared by the server that renders home and the store that refreshes it in the browser.

/** SPEC §9: home asks 50 recent plays, 10 new releases and 5 tracks per trending list. */
export const HOME_RECENT_PLAYS = 50;
export const HOME_NEW_RELEASES = 10;
export const HOME_TRENDING_TRACKS = 5;
/** The provider's own user, owner of the Top 50 and Daily Mix lists. */
const PROVIDER_USER_ID = 'spotify';

export type TrendingLanguage = 'Hindi' | 'Punjabi' | 'English';
export const TRENDING_LANGUAGES: readonly TrendingLanguage[] = ['Hindi', 'Punjabi', 'English'];


/** Home's sections: Recent Played, Tranding Songs (three languages), New Release, Daily Mix. */
export interface HomeState {
  recentPlays: Section<Track>;
  trending: Record<TrendingLanguage, Section<Track>>;
  newReleases: Section<Album>;
  dailyMix: Section<Playlist>;
}

const idle = <T>(): Section<T> => ({ status: 'idle', items: [] });

export function initialHome(): HomeState {
  return { recentPlays: idle(), trending: { Hindi: idle(), Punjabi: idle(), English: idle() }, newReleases: idle(), dailyMix: idle() };
}

/** SPEC §4: recent plays de-duplicated by track id, keeping the last occurrence of each. */
export function dedupeRecentPlays(tracks: readonly Track[]): Track[] {
  const seen = new Set<string>();
  const kept: Track[] = [];
  for (let index = tracks.length - 1; index >= 0; index--) {
    const track = tracks[index]!;
    if (seen.has(track.id)) continue;
    seen.add(track.id);
    kept.push(track);
  }
  return kept.reverse();
}

/** SPEC §4: daily mix keeps only playlists owned by the music provider. */
export function keepProviderPlaylists(playlists: readonly Playlist[]): Playlist[] {
  return playlists.filter(isProviderPlaylist);
}

/** Whether the music provider owns the playlist (its Top 50s, its Daily Mixes), rather than a user. */
function isProviderPlaylist(playlist: Playlist): boolean {
  return playlist.owner.id === PROVIDER_USER_ID;
}

/**
 * A section once its load settled (SPEC §8: home fetch failures are logged only): its items,
 * 'unavailable' for a missing capability or a provider-owned list development mode hides
 * (403/404, or no list: null), 'error' otherwise.
 */
export function settledSection<T>(outcome: { items: T[] | null } | { error: unknown }): Section<T> {
  if ('items' in outcome) return outcome.items === null ? { status: 'unavailable', items: [] } : { status: 'ready', items: outcome.items };
  const status = statusOf(outcome.error);
  return isUnavailable(outcome.error) || status === 403 || status === 404 ? { status: 'unavailable', items: [] } : { status: 'error', items: [] };
}

/**
 * Runs a section's load and settles it (settledSection), logging a failure: the one way the
 * server's render and the browser's refresh fill a section. Null when the load was cancelled
 * (a newer load of the same name owns the section).
 */
export async function settleSection<T>(load: Promise<T[] | null>): Promise<Section<T> | null> {
  try {
    return settledSection({ items: await load });
  } catch (error) {
    if (isCanceled(error)) return null;
    const section = settledSection<T>({ error });
    if (section.status === 'error') console.error('Home section failed to load', error);
    return section;
  }
}

/** Recent Played: the last 50 plays' tracks, each once (SPEC §4). */
export async function getRecentPlayTracks(): Promise<Track[]> {
  return dedupeRecentPlays((await getRecentlyPlayed(HOME_RECENT_PLAYS)).map((play) => play.track));
}

/**
 * How many playlists the search for a Top 50 list looks through: a user's own list of the same
 * name may come before the provider's, or stand alone where development mode hides the provider's.
 */
const TRENDING_SEARCH_RESULTS = 5;

/**
 * A trending column: the first 5 tracks of the provider's "Top 50 - {language}" playlist,
 * found by search unless its id is known; null where there is none to show (development mode).
 * Only the provider's own list counts (DESIGN §2): a user's look-alike is neither shown under
 * "Tranding Songs" nor asked for.
 */
export async function getTrendingTracks(language: TrendingLanguage, knownPlaylistId?: string): Promise<{ tracks: Track[]; playlistId: string } | null> {
  const found = knownPlaylistId
    ? undefined
    : (await search(`Top 50 - ${language}`, ['playlist'], TRENDING_SEARCH_RESULTS, 0, `home-trending-${language}`)).playlists.items.find(isProviderPlaylist);
  const playlistId = knownPlaylistId ?? found?.id;
  if (!playlistId) return null;
  // The provider's own list is the same for every user: the server's catalogue cache may keep it.
  const entries = await getPlaylistTracks(playlistId, 0, HOME_TRENDING_TRACKS, `home-trending-${language}`, { shared: found !== undefined });
  return 'unavailable' in entries ? null : { tracks: entries.items.map((entry) => entry.track), playlistId };
}

/** New Release: the first 10 new albums. */
export async function getNewReleaseAlbums(): Promise<Album[]> {
  return (await getNewReleases(0, HOME_NEW_RELEASES)).items;
}

/** Daily Mix: the provider's own "daily mix" playlists (SPEC §4). */
export async function getDailyMixPlaylists(): Promise<Playlist[]> {
  return keepProviderPlaylists((await search('daily mix', ['playlist'], 10, 0, 'home-daily-mix')).playlists.items);
}
