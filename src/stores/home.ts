import { map, onMount } from 'nanostores';
import { getNewReleases } from '../api/browse';
import { isCanceled, isUnavailable, statusOf } from '../api/errors';
import { getRecentlyPlayed } from '../api/me';
import { getPlaylistTracks } from '../api/playlists';
import { search } from '../api/search';
import type { Album, Playlist, Track } from '../api/types';
import { onRoute } from './route';
import { withTopLoading } from './ui';
import { checkLibraryOf, checkLikesOf } from './library';

/** SPEC §9: home asks 50 recent plays, 10 new releases and 5 tracks per trending list. */
const HOME_RECENT_PLAYS = 50;
export const HOME_NEW_RELEASES = 10;
export const HOME_TRENDING_TRACKS = 5;
/** The provider's own user, owner of the Top 50 and Daily Mix lists. */
const PROVIDER_USER_ID = 'spotify';

type TrendingLanguage = 'Hindi' | 'Punjabi' | 'English';
export const TRENDING_LANGUAGES: readonly TrendingLanguage[] = ['Hindi', 'Punjabi', 'English'];

/** A home section: 'unavailable' when the provider does not offer it to this app (DESIGN §2). */
export interface HomeSection<T> {
  status: 'idle' | 'loading' | 'ready' | 'error' | 'unavailable';
  items: T[];
}

interface HomeState {
  recentPlays: HomeSection<Track>;
  trending: Record<TrendingLanguage, HomeSection<Track>>;
  newReleases: HomeSection<Album>;
  dailyMix: HomeSection<Playlist>;
}

const idle = <T>(): HomeSection<T> => ({ status: 'idle', items: [] });

function initialHome(): HomeState {
  return {
    recentPlays: idle(),
    trending: { Hindi: idle(), Punjabi: idle(), English: idle() },
    newReleases: idle(),
    dailyMix: idle(),
  };
}

/** The home page's sections: Recent Played, Tranding Songs (three languages), New Release, Daily Mix. */
export const $home = map<HomeState>(initialHome());

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
  return playlists.filter((playlist) => playlist.owner.id === PROVIDER_USER_ID);
}

// SPEC §8: home fetch failures are logged only; a missing capability or a
// provider-owned list that development mode hides (403/404) makes the section 'unavailable'.
// A section that already shows items keeps them while it reloads: the page never blanks.
async function fill<T>(current: HomeSection<T>, assign: (section: HomeSection<T>) => void, load: () => Promise<T[] | null>): Promise<void> {
  if (current.status !== 'ready') assign({ status: 'loading', items: [] });
  try {
    const items = await load();
    assign(items === null ? { status: 'unavailable', items: [] } : { status: 'ready', items });
  } catch (error) {
    if (isCanceled(error)) return;
    const status = statusOf(error);
    if (isUnavailable(error) || status === 403 || status === 404) {
      assign({ status: 'unavailable', items: [] });
      return;
    }
    console.error('Home section failed to load', error);
    assign({ status: 'error', items: [] });
  }
}

/** sessionStorage key: the Top 50 playlist found for each language, so a later home asks one question, not two. */
const TOP_50_KEY = 'TOP_50_PLAYLISTS';

function rememberedTop50(): Partial<Record<TrendingLanguage, string>> {
  try {
    return JSON.parse((typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(TOP_50_KEY)) ?? '{}') as Partial<Record<TrendingLanguage, string>>;
  } catch {
    return {};
  }
}

function rememberTop50(language: TrendingLanguage, playlistId: string | null): void {
  if (typeof sessionStorage === 'undefined') return;
  const kept = rememberedTop50();
  if (playlistId) kept[language] = playlistId;
  else delete kept[language];
  sessionStorage.setItem(TOP_50_KEY, JSON.stringify(kept));
}

async function top50PlaylistId(language: TrendingLanguage): Promise<string | null> {
  const found = await search(`Top 50 - ${language}`, ['playlist'], 1, 0, `home-trending-${language}`);
  return found.playlists.items[0]?.id ?? null;
}

async function trendingTracks(language: TrendingLanguage): Promise<Track[] | null> {
  const kept = rememberedTop50()[language];
  const playlistId = kept ?? (await top50PlaylistId(language));
  if (!playlistId) return null;
  try {
    const entries = await getPlaylistTracks(playlistId, 0, HOME_TRENDING_TRACKS, `home-trending-${language}`);
    if ('unavailable' in entries) return null;
    rememberTop50(language, playlistId);
    return entries.items.map((entry) => entry.track);
  } catch (error) {
    // A remembered playlist may be gone: forget it, so the next home looks it up again.
    if (kept) rememberTop50(language, null);
    throw error;
  }
}

/** Loads only the recent plays (the /track/recent-played page). */
function loadRecentPlays(): Promise<void> {
  return fill<Track>(
    $home.get().recentPlays,
    (section) => $home.setKey('recentPlays', section),
    async () => dedupeRecentPlays((await getRecentlyPlayed(HOME_RECENT_PLAYS)).map((play) => play.track)),
  );
}

/**
 * How long what home shows stays fresh: going back to home within it paints from
 * the store with no request (the catalogue's lists change rarely; a play shows up
 * in Recent Played on the next visit after it).
 */
const HOME_FRESH_MS = 60_000;
let loadedAt = Number.NEGATIVE_INFINITY;
let homeLoad: Promise<void> = Promise.resolve();

/** Loads every home section at once (unless loaded within HOME_FRESH_MS); each section fails or hides on its own. */
export function loadHome(now: number = Date.now()): Promise<void> {
  // A second caller while home loads (or is fresh) shares that load instead of asking twice.
  if (now - loadedAt < HOME_FRESH_MS) return homeLoad;
  loadedAt = now;
  homeLoad = loadEveryHomeSection();
  return homeLoad;
}

async function loadEveryHomeSection(): Promise<void> {
  const setTrending = (language: TrendingLanguage) => (section: HomeSection<Track>) =>
    $home.setKey('trending', { ...$home.get().trending, [language]: section });
  await withTopLoading(Promise.all([
    loadRecentPlays(),
    ...TRENDING_LANGUAGES.map((language) =>
      fill<Track>($home.get().trending[language], setTrending(language), () => trendingTracks(language)),
    ),
    fill<Album>(
      $home.get().newReleases,
      (section) => $home.setKey('newReleases', section),
      async () => (await getNewReleases(0, HOME_NEW_RELEASES)).items,
    ),
    fill<Playlist>(
      $home.get().dailyMix,
      (section) => $home.setKey('dailyMix', section),
      async () => keepProviderPlaylists((await search('daily mix', ['playlist'], 10, 0, 'home-daily-mix')).playlists.items),
    ),
  ]));
  // A failed section is tried again on the next visit.
  const { recentPlays, trending, newReleases, dailyMix } = $home.get();
  if ([recentPlays, ...Object.values(trending), newReleases, dailyMix].some((section) => section.status === 'error')) {
    loadedAt = Number.NEGATIVE_INFINITY;
  }
}

/** Test seam (a reset between tests): back to the empty home, which the next visit loads afresh. */
export function resetHome(): void {
  loadedAt = Number.NEGATIVE_INFINITY;
  $home.set(initialHome());
}

// Home loads every section on entry; /track/recent-played loads only the recent plays.
onMount($home, () =>
  onRoute(['home', 'recentPlayed'], (route) => void (route.name === 'home' ? loadHome() : loadRecentPlays())),
);

// The hearts of the trending lists and Recent Played.
checkLikesOf($home, (home) => [home.recentPlays, ...Object.values(home.trending)].flatMap((section) => section.items.map((track) => track.id)));
// The Save buttons of the New Release row.
checkLibraryOf('album', $home, (home) => home.newReleases.items.map((album) => album.id));
