import { getDailyMixPlaylists, getNewReleaseAlbums, getRecentPlayTracks, getTrendingTracks, settleSection, settledSection, TRENDING_LANGUAGES } from '../../api/home';
import type { Section } from '../../lib/part-state';
import type { HomeSeed, RecentPlayedSeed } from '../../api/page-seeds';
import { loggedOnly } from '../page-calls';
import { idsOf, libraryFlagsOf } from '../page-data';

/** A section once its load settled; a failure is logged only (SPEC §8), the page shows the rest. */
async function sectionOf<T>(load: Promise<T[] | null>): Promise<Section<T>> {
  // Nothing is cancelled on the server; a null would only mean that.
  return (await settleSection(load)) ?? settledSection<T>({ error: new Error('cancelled') });
}

/** A home section, whose failures SPEC §8 has logged only: no toast (a 5xx's message showed over home); the section shows its own error state. */
function homeSectionOf<T>(load: () => Promise<T[] | null>): Promise<Section<T>> {
  return loggedOnly(() => sectionOf(load()));
}

/**
 * / (home): Recent Played, the three trending columns, New Release and Daily Mix side by side
 * (the catalogue's parts come from the shared cache), then the hearts and Save flags of what
 * they show.
 */
export async function loadHomePage(): Promise<HomeSeed> {
  const [recentPlays, newReleases, dailyMix, ...trending] = await Promise.all([
    homeSectionOf(getRecentPlayTracks),
    homeSectionOf(getNewReleaseAlbums),
    homeSectionOf(getDailyMixPlaylists),
    ...TRENDING_LANGUAGES.map((language) => homeSectionOf(() => getTrendingTracks(language).then((found) => found?.tracks ?? null))),
  ]);
  const shownTracks = [...recentPlays.items, ...trending.flatMap((section) => section.items)];
  const [track, album] = await Promise.all([
    libraryFlagsOf('track', idsOf(shownTracks)),
    libraryFlagsOf('album', idsOf(newReleases.items)),
  ]);
  return {
    home: {
      recentPlays,
      trending: { Hindi: trending[0]!, Punjabi: trending[1]!, English: trending[2]! },
      newReleases,
      dailyMix,
    },
    flags: { track, album },
    failure: null,
  };
}

/** /track/recent-played: the recent plays (de-duplicated, newest first) and their hearts. */
export async function loadRecentPlayedPage(): Promise<RecentPlayedSeed> {
  const recentPlays = await sectionOf(getRecentPlayTracks());
  const track = await libraryFlagsOf('track', idsOf(recentPlays.items));
  return { recentPlays, flags: { track }, failure: null };
}
