import { map, onMount } from 'nanostores';
import { getDailyMixPlaylists, getNewReleaseAlbums, getRecentPlayTracks, getTrendingTracks } from '../api/home';
import type { Album, Playlist, Track } from '../api/types';
import type { Section } from '../lib/part-state';
import { initialHome, settleSection, TRENDING_LANGUAGES, type HomeState, type TrendingLanguage } from '../api/home';
import type { HomeSeed, RecentPlayedSeed } from '../api/page-seeds';
import { $pageAsOf } from './page-memory';
import { onRoute } from './route';
import { withTopLoading } from './ui';
import { adoptLibraryFlags, checkLibraryOf, checkLikesOf, librarySnapshot } from './library';
import { createAdoptionMark } from './adoption-mark';

export { dedupeRecentPlays, HOME_NEW_RELEASES, HOME_TRENDING_TRACKS, keepProviderPlaylists, TRENDING_LANGUAGES } from '../api/home';
export type { HomeSeed } from '../api/page-seeds';

/** The home page's sections: Recent Played, Tranding Songs (three languages), New Release, Daily Mix. */
export const $home = map<HomeState>(initialHome());

// SPEC §8: home fetch failures are logged only (api/home.ts settles each section). A section
// that already shows items keeps them while it reloads: the page never blanks.
async function fill<T>(current: Section<T>, assign: (section: Section<T>) => void, load: () => Promise<T[] | null>): Promise<void> {
  if (current.status !== 'ready') assign({ status: 'loading', items: [] });
  const section = await settleSection(load());
  if (section) assign(section);
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

async function trendingTracks(language: TrendingLanguage): Promise<Track[] | null> {
  const kept = rememberedTop50()[language];
  try {
    const found = await getTrendingTracks(language, kept);
    rememberTop50(language, found?.playlistId ?? null);
    return found?.tracks ?? null;
  } catch (error) {
    // A remembered playlist may be gone: forget it, so the next home looks it up again.
    if (kept) rememberTop50(language, null);
    throw error;
  }
}

/** Loads only the recent plays: the /track/recent-played page, and its Try again after a failure. */
export function loadRecentPlays(): Promise<void> {
  return fill<Track>(
    $home.get().recentPlays,
    (section) => $home.setKey('recentPlays', section),
    getRecentPlayTracks,
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
  const setTrending = (language: TrendingLanguage) => (section: Section<Track>) =>
    $home.setKey('trending', { ...$home.get().trending, [language]: section });
  await withTopLoading(Promise.all([
    loadRecentPlays(),
    ...TRENDING_LANGUAGES.map((language) =>
      fill<Track>($home.get().trending[language], setTrending(language), () => trendingTracks(language)),
    ),
    fill<Album>(
      $home.get().newReleases,
      (section) => $home.setKey('newReleases', section),
      getNewReleaseAlbums,
    ),
    fill<Playlist>(
      $home.get().dailyMix,
      (section) => $home.setKey('dailyMix', section),
      getDailyMixPlaylists,
    ),
  ]));
  // A failed section is tried again on the next visit.
  const { recentPlays, trending, newReleases, dailyMix } = $home.get();
  if ([recentPlays, ...Object.values(trending), newReleases, dailyMix].some((section) => section.status === 'error')) {
    loadedAt = Number.NEGATIVE_INFINITY;
  }
}

/** Shows home as the server rendered it (fresh: the route's entry asks nothing for HOME_FRESH_MS). */
export function adoptHome(seed: HomeSeed, now: number = Date.now()): void {
  // Fresh first: setting the store mounts it (its reactions read it), and the mount's route
  // entry must find home loaded already.
  loadedAt = now;
  homeLoad = Promise.resolve();
  serverRenderAdopted.mark('home'); // its route's name
  adoptLibraryFlags(seed.flags, $pageAsOf.get());
  $home.set(seed.home);
}

// Marked when home or /track/recent-played adopted what the server rendered: its route entry
// then asks nothing, nor while the page's island is on its way with the server's answer.
const serverRenderAdopted = createAdoptionMark();

/** Shows /track/recent-played as the server rendered it. */
export function adoptRecentPlayed(seed: RecentPlayedSeed): void {
  serverRenderAdopted.mark('recentPlayed'); // its route's name
  adoptLibraryFlags(seed.flags, $pageAsOf.get());
  $home.setKey('recentPlays', seed.recentPlays);
}

/** The stores /track/recent-played reads, as the server rendered them. */
export function recentPlayedSnapshot(seed: RecentPlayedSeed): Map<unknown, unknown> {
  return new Map<unknown, unknown>([[$home, { ...initialHome(), recentPlays: seed.recentPlays }], ...librarySnapshot(seed.flags)]);
}

/** Test seam (a reset between tests): back to the empty home, which the next visit loads afresh. */
export function resetHome(): void {
  loadedAt = Number.NEGATIVE_INFINITY;
  $home.set(initialHome());
}

// Home loads every section on entry; /track/recent-played loads only the recent plays. Neither
// asks for what the server rendered: from /track/recent-played to home, the store was still
// mounted as the route changed, and the browser asked for all of home beside the server.
onMount($home, () =>
  onRoute(
    ['home', 'recentPlayed'],
    (route) => {
      if (serverRenderAdopted.take(route.name)) return;
      if (route.name === 'home') void loadHome();
      else void loadRecentPlays();
    },
    () => serverRenderAdopted.clear(),
  ),
);

// The hearts of the trending lists and Recent Played.
checkLikesOf($home, (home) => [home.recentPlays, ...Object.values(home.trending)].flatMap((section) => section.items.map((track) => track.id)));
// The Save buttons of the New Release row.
checkLibraryOf('album', $home, (home) => home.newReleases.items.map((album) => album.id));
