import { hrefOf } from '../../lib/routes';
import { hasSeeAll, hasSeeAllAtLeast, SECTION_SIZE } from '../../lib/see-all';
import type { ReactNode } from 'react';
import { PartBody } from '../../components/browse/PartBody';
import { sectionStateOf } from '../../lib/part-state';
import { AlbumCard, PlaylistCard } from '../../components/browse/Card';
import { SectionHeader } from '../../components/browse/SectionHeader';
import { FIRST_SCREEN_TILES } from '../../components/browse/Cover';
import { CardSkeletons, RowSkeletons } from '../../components/browse/Skeletons';
import { TrackCard } from '../../components/browse/TrackCard';
import { TrackList } from '../../components/browse/TrackList';
import { withCarriedSeed } from '../../components/carried-seed';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { SeededIsland, useStore } from '../../components/server-snapshot';
import { $home, adoptHome, HOME_NEW_RELEASES, HOME_TRENDING_TRACKS, TRENDING_LANGUAGES, type HomeSeed } from '../../stores/home';
import type { TrendingLanguage } from '../../api/home';
import { librarySnapshot } from '../../stores/library';
import { playFrom } from '../../components/browse/play';
import '../../styles/content.css';

const TRENDING_COLORS = { Hindi: '#e8115b', Punjabi: '#148a08', English: '#2d46b9' } as const;

/** "Tranding Songs": a column per language, in its colour and under its name, around what `children` puts in it. */
function TrendingColumns({ children }: { children: (language: TrendingLanguage) => ReactNode }) {
  return (
    <div className="trending">
      {TRENDING_LANGUAGES.map((language) => (
        <div key={language} className="trending__column" style={{ '--column-color': TRENDING_COLORS[language] } as React.CSSProperties}>
          <h3 className="trending__title">{language}</h3>
          {children(language)}
        </div>
      ))}
    </div>
  );
}

/** Home: Recent Played, "Tranding Songs" in Hindi, Punjabi and English, New Release (SPEC §2). */
function HomeViewBody() {
  const home = useStore($home);
  const recent = home.recentPlays;
  return (
    <div className="page-stack">
      <section aria-labelledby="recent-played">
        {/* The row shows the first SECTION_SIZE plays; See all when it is full (SPEC §9). */}
        <SectionHeader id="recent-played" title="Recent Played" seeAllHref={hasSeeAll(Math.min(recent.items.length, SECTION_SIZE)) ? hrefOf('recentPlayed') : null} />
        <PartBody compact state={sectionStateOf(recent)} skeleton={<CardSkeletons row />} empty="No Recent Played Tracks Found">
          {() => (
            <div className="card-row">
              {recent.items.slice(0, SECTION_SIZE).map((track, index) => (
                <TrackCard key={track.id} track={track} onPlay={() => playFrom(recent.items, index)} eager={index < FIRST_SCREEN_TILES} />
              ))}
            </div>
          )}
        </PartBody>
      </section>
      <section aria-labelledby="trending">
        <SectionHeader id="trending" title="Tranding Songs" />
        <TrendingColumns>
          {(language) => (
            <PartBody compact state={sectionStateOf(home.trending[language])} skeleton={<RowSkeletons count={HOME_TRENDING_TRACKS} />} empty="No Playlist Available">
              {() => <TrackList tracks={home.trending[language].items} numbered={false} label={`Tranding Songs: ${language}`} />}
            </PartBody>
          )}
        </TrendingColumns>
      </section>
      <section aria-labelledby="new-release">
        <SectionHeader
          id="new-release"
          title="New Release"
          seeAllHref={hasSeeAllAtLeast(home.newReleases.items.length) ? hrefOf('newRelease') : null}
        />
        <PartBody compact state={sectionStateOf(home.newReleases)} skeleton={<CardSkeletons row />} empty="No New Release Albums Available.">
          {() => (
            <div className="card-row">
              {home.newReleases.items.slice(0, HOME_NEW_RELEASES).map((album) => (
                <AlbumCard key={album.id} album={album} toggle />
              ))}
            </div>
          )}
        </PartBody>
      </section>
      {home.dailyMix.items.length > 0 ? (
        <section aria-labelledby="daily-mix">
          <SectionHeader id="daily-mix" title="Daily Mix" />
          <div className="card-row">
            {home.dailyMix.items.map((playlist) => (
              <PlaylistCard key={playlist.id} playlist={playlist} />
            ))}
          </div>
        </section>
      ) : null}
    </div>
  );
}

/**
 * Home while the server still asks the provider for it (the page streams, Streamed.astro):
 * its sections' titles over their skeletons, in the places the sections take. Rendered once,
 * on the server, without ids: the sections that follow it carry them.
 */
export function HomeSkeleton() {
  return (
    <div className="page-stack">
      <section>
        <SectionHeader title="Recent Played" />
        <CardSkeletons row />
      </section>
      <section>
        <SectionHeader title="Tranding Songs" />
        <TrendingColumns>{() => <RowSkeletons count={HOME_TRENDING_TRACKS} />}</TrendingColumns>
      </section>
      <section>
        <SectionHeader title="New Release" />
        <CardSkeletons row />
      </section>
    </div>
  );
}

/** Home as the server rendered it (`seed`). */
function HomeViewSeeded({ seed }: { seed: HomeSeed }) {
  const snapshot = () => new Map<unknown, unknown>([[$home, seed.home], ...librarySnapshot(seed.flags)]);
  return (
    <SeededIsland snapshot={snapshot} adopt={() => adoptHome(seed)}>
      <HomeViewBody />
    </SeededIsland>
  );
}

export const HomeView = withErrorBoundary(withCarriedSeed(HomeViewSeeded));
