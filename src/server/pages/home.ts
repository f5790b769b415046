import { getDailyMixPlaylists, getNewReleaseAlbums, getRecentPlayTracks, getTrendingTracks } from '../../api/home';
import { settledSection, TRENDING_LANGUAGES, type HomeSection } from '../../api/home';
import type { HomeSeed } from '../../api/page-seeds';
import { libraryFlagsOf } from '../page-data';

/** A section once its load settled; a failure is logged only (SPEC §8), the page shows the rest. */
async function sectionOf<T>(load: Promise<T[] | null>): Promise<HomeSection<T>> {
  try {
    return settledSection({ items: await load });
  } catch (error) {
    const section = settledSection<T>({ error });
    if (section.status === 'error') console.error('Home section failed to load', error);
    return section;
  }
}

/**
 * / (home): Recent Played, the three trending columns, New Release and Daily Mix side by side
 * (the catalogue's parts come from the shared cache), then the hearts and Save flags of what
 * they show.
 */
export async function loadHomePage(): Promise<HomeSeed> {
  const [recentPlays, newReleases, dailyMix, ...trending] = await Promise.all([
    sectionOf(getRecentPlayTracks()),
    sectionOf(getNewReleaseAlbums()),
    sectionOf(getDailyMixPlaylists()),
    ...TRENDING_LANGUAGES.map((language) => sectionOf(getTrendingTracks(language).then((found) => found?.tracks ?? null))),
  ]);
  const shownTracks = [...recentPlays.items, ...trending.flatMap((section) => section.items)];
  const [track, album] = await Promise.all([
    libraryFlagsOf('track', shownTracks.map((one) => one.id)),
    libraryFlagsOf('album', newReleases.items.map((one) => one.id)),
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
