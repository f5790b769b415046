import { NOT_FOUND } from '../../lib/page-not-found';
import { ArtistLinks } from '../../components/browse/ArtistLinks';
import { DetailHeader } from '../../components/browse/DetailHeader';
import { DetailPage } from '../../components/browse/DetailPage';
import { LibraryButton } from '../../components/browse/LibraryButton';
import { metaLine } from '../../components/browse/meta-line';
import { PagedView } from '../../components/browse/PagedView';
import { RowSkeletons } from '../../components/browse/Skeletons';
import { TrackList } from '../../components/browse/TrackList';
import { withCarriedSeed } from '../../components/carried-seed';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { seededAreaView, useStore } from '../../components/server-snapshot';
import type { Album } from '../../api/types';
import { formatSongCount } from '../../lib/format';
import { shownName } from '../../lib/page-title';
import { $album, albumArea, albumTracks } from '../../stores/album';
import '../../styles/content.css';

/** The album's header: cover, type, name, year, artists, track count, album type and Save. */
function AlbumHeader({ album, background }: { album: Album; background: string }) {
  const name = shownName(album.name, 'Album');
  return (
    <DetailHeader
      images={album.images}
      type={album.type}
      name={name}
      background={background}
      meta={metaLine([
        album.year,
        album.artists.length > 0 ? <ArtistLinks artists={album.artists} /> : null,
        formatSongCount(album.totalTracks),
        album.albumType,
      ])}
      action={<LibraryButton kind="album" id={album.id} name={name} />}
    />
  );
}

/** /album/{id}: the header and the numbered tracks. */
function AlbumViewBody() {
  const state = useStore($album);
  return (
    <DetailPage state={state} notFound={NOT_FOUND.album} reload={albumArea.load}>
      {(album) => (
        <>
          <AlbumHeader album={album} background={state.background} />
          <PagedView list={albumTracks} skeleton={<RowSkeletons />}>
            {(tracks) => <TrackList tracks={tracks} contextUri={album.uri} label={`Tracks of ${shownName(album.name, 'Album')}`} menuContext={{ albumId: album.id }} />}
          </PagedView>
        </>
      )}
    </DetailPage>
  );
}

/** The page as the server rendered it (its seed); the browser asks only for what comes after. */
export const AlbumView = withErrorBoundary(withCarriedSeed(seededAreaView(albumArea, AlbumViewBody)));

/**
 * The album page while the server still asks for its tracks (the page streams, Streamed.astro):
 * the header as it will be, skeleton rows where the tracks come. Rendered once, on the server,
 * without an island: the page that follows it carries one.
 */
function AlbumHeadBody() {
  const state = useStore($album);
  return (
    <DetailPage state={state} notFound={NOT_FOUND.album}>
      {(album) => (
        <>
          <AlbumHeader album={album} background={state.background} />
          <RowSkeletons />
        </>
      )}
    </DetailPage>
  );
}

/** The album page's first part, from the head of its seed (the album and its Save flag). */
export const AlbumHead = seededAreaView(albumArea, AlbumHeadBody);
