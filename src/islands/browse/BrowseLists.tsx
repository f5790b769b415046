import { PlaylistGrid } from '../../components/browse/Card';
import { PagedView } from '../../components/browse/PagedView';
import { CardSkeletons, GRID_SKELETON_CARDS, RowSkeletons } from '../../components/browse/Skeletons';
import { TrackList } from '../../components/browse/TrackList';
import { withCarriedSeed } from '../../components/carried-seed';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { seededAreaView, SeededIsland, useStore } from '../../components/server-snapshot';
import { ErrorScreen } from '../../components/ErrorScreen';
import { PartBody } from '../../components/browse/PartBody';
import { sectionStateOf } from '../../lib/part-state';
import {
  $playlistListTitle,
  categoryPlaylistsArea,
  categoryPlaylistsList,
  featuredPlaylistsArea,
  featuredPlaylistsList,
} from '../../stores/browse';
import { $home, adoptRecentPlayed, loadRecentPlays, recentPlayedSnapshot } from '../../stores/home';
import { isListNotFound, isListUnavailable } from '../../stores/paged-list';
import type { RecentPlayedSeed } from '../../api/page-seeds';
import type { Playlist } from '../../api/types';
import '../../styles/content.css';

const playlistGrid = (playlists: Playlist[]) => <PlaylistGrid playlists={playlists} />;

/** /playlist/popular: the featured playlists under the provider's own title. */
function PopularPlaylistsBody() {
  const title = useStore($playlistListTitle);
  return (
    <>
      <h1 className="page-heading">{title || 'Popular Playlists'}</h1>
      <PagedView list={featuredPlaylistsList} empty="No Playlist Available" skeleton={<CardSkeletons count={GRID_SKELETON_CARDS} />}>
        {playlistGrid}
      </PagedView>
    </>
  );
}

/**
 * /category/{id}/playlists: the category's playlists where the provider still
 * serves them, SPEC's "Playlist not availbale" where it does not (the provider
 * removed the endpoint for new apps in November 2024) or has no such category.
 */
function CategoryPlaylistsBody() {
  const title = useStore($playlistListTitle);
  const state = useStore(categoryPlaylistsList.$state);
  // Gone for this app, an unknown or malformed category id, or no playlists: the same message.
  // Any other failure is the list's own error, with Try again (SPEC §4).
  if (isListUnavailable(state.error) || isListNotFound(state.error) || (state.loaded && !state.error && state.list.length === 0)) {
    // The page's whole content: its title is the page's heading.
    return <ErrorScreen kind="data_not_found" title="Playlist not availbale" level={1} />;
  }
  return (
    <>
      <h1 className="page-heading">{title || 'Playlists'}</h1>
      <PagedView list={categoryPlaylistsList} skeleton={<CardSkeletons count={GRID_SKELETON_CARDS} />}>
        {playlistGrid}
      </PagedView>
    </>
  );
}

/** /track/recent-played: the recent plays, de-duplicated by track, newest first. */
function RecentPlayedBody() {
  const { recentPlays } = useStore($home);
  return (
    <>
      <h1 className="page-heading">Recent Played</h1>
      <PartBody state={sectionStateOf(recentPlays)} skeleton={<RowSkeletons />} empty="No Recent Played Tracks Found" onRetry={() => void loadRecentPlays()}>
        {() => <TrackList tracks={recentPlays.items} showAlbum label="Recent Played" />}
      </PartBody>
    </>
  );
}

/** /track/recent-played while the server still asks the provider for it (the page streams, Streamed.astro). */
export function RecentPlayedSkeleton() {
  return (
    <>
      <h1 className="page-heading">Recent Played</h1>
      <RowSkeletons />
    </>
  );
}

// Each page as the server rendered it (its seed); the browser asks only for what comes after.
export const PopularPlaylistsView = withErrorBoundary(withCarriedSeed(seededAreaView(featuredPlaylistsArea, PopularPlaylistsBody)));
export const CategoryPlaylistsView = withErrorBoundary(withCarriedSeed(seededAreaView(categoryPlaylistsArea, CategoryPlaylistsBody)));
export const RecentPlayedView = withErrorBoundary(withCarriedSeed(function RecentPlayedView({ seed }: { seed: RecentPlayedSeed }) {
  return (
    <SeededIsland snapshot={() => recentPlayedSnapshot(seed)} adopt={() => adoptRecentPlayed(seed)}>
      <RecentPlayedBody />
    </SeededIsland>
  );
}));
