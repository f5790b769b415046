import type { Artist, SavedAlbum, SavedTrack, Track } from '../../api/types';
import { AlbumGrid, ArtistGrid } from '../../components/browse/Card';
import { PagedView } from '../../components/browse/PagedView';
import { CardSkeletons, RowSkeletons } from '../../components/browse/Skeletons';
import { TrackList } from '../../components/browse/TrackList';
import { withCarriedSeed } from '../../components/carried-seed';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { seededAreaView } from '../../components/server-snapshot';
import type { PagedList } from '../../stores/paged-list';
import { followingArea, followingList, topArtistsArea, topArtistsList, topTracksArea, topTracksList } from '../../stores/profile';
import { savedAlbumsArea, savedAlbumsList, savedTracksArea, savedTracksList } from '../../stores/collection';
import '../../styles/content.css';
import '../../styles/library.css';

/** A page of album tiles with its heading. */
function AlbumPage({ title, list, empty }: { title: string; list: PagedList<SavedAlbum>; empty: string }) {
  return (
    <>
      <h1 className="page-heading">{title}</h1>
      <PagedView list={list} empty={empty} skeleton={<CardSkeletons count={12} />}>
        {(saved) => <AlbumGrid albums={saved.map(({ album }) => album)} />}
      </PagedView>
    </>
  );
}

/** A page of artist tiles with its heading. */
function ArtistPage({ title, list }: { title: string; list: PagedList<Artist> }) {
  return (
    <>
      <h1 className="page-heading">{title}</h1>
      <PagedView list={list} skeleton={<CardSkeletons count={12} />}>
        {(artists) => <ArtistGrid artists={artists} />}
      </PagedView>
    </>
  );
}

/** A page of track rows with its heading; the list plays from the clicked track. */
function TrackPage<T>({ title, list, empty, trackOf }: { title: string; list: PagedList<T>; empty?: string; trackOf: (item: T) => Track }) {
  return (
    <>
      <h1 className="page-heading">{title}</h1>
      <PagedView list={list} empty={empty} skeleton={<RowSkeletons />}>
        {(items) => <TrackList tracks={items.map(trackOf)} showAlbum label={title} />}
      </PagedView>
    </>
  );
}

const savedTrack = (saved: SavedTrack) => saved.track;
const sameTrack = (track: Track) => track;

function SavedAlbums() {
  return <AlbumPage title="Saved Albums" list={savedAlbumsList} empty="No Saved Albums Found." />;
}

function LikedSongs() {
  return <TrackPage title="Liked Songs" list={savedTracksList} empty="No Liked Tracks Found" trackOf={savedTrack} />;
}

function TopTracks() {
  return <TrackPage title="Top tracks this month" list={topTracksList} trackOf={sameTrack} />;
}

function TopArtists() {
  return <ArtistPage title="Top artists this month" list={topArtistsList} />;
}

function Following() {
  return <ArtistPage title="Your Following" list={followingList} />;
}

// Each page as the server rendered it (its seed); the browser asks only for the pages after the first.
/** /collection/albums and /user/me/saved-albums. */
export const SavedAlbumsView = withErrorBoundary(withCarriedSeed(seededAreaView(savedAlbumsArea, SavedAlbums)));
/** /collection/tracks and /user/me/saved-tracks: the liked songs. */
export const LikedSongsView = withErrorBoundary(withCarriedSeed(seededAreaView(savedTracksArea, LikedSongs)));
/** /user/me/top-tracks. */
export const TopTracksView = withErrorBoundary(withCarriedSeed(seededAreaView(topTracksArea, TopTracks)));
/** /user/me/top-artists. */
export const TopArtistsView = withErrorBoundary(withCarriedSeed(seededAreaView(topArtistsArea, TopArtists)));
/** /user/me/following: the followed artists. */
export const FollowingView = withErrorBoundary(withCarriedSeed(seededAreaView(followingArea, Following)));
