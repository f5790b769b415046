import { ArtistLinks } from '../../components/browse/ArtistLinks';
import { DetailHeader } from '../../components/browse/DetailHeader';
import { DetailPage } from '../../components/browse/DetailPage';
import { LibraryButton } from '../../components/browse/LibraryButton';
import { PagedView } from '../../components/browse/PagedView';
import { RowSkeletons } from '../../components/browse/Skeletons';
import { TrackList } from '../../components/browse/TrackList';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { seededAreaView, useSeededStore } from '../../components/server-snapshot';
import { $album, albumArea, albumTracks } from '../../stores/album';
import '../../styles/content.css';

/** /album/{id}: cover, type, name, year, artists, track count, album type, Save, the numbered tracks. */
function AlbumViewBody() {
  const state = useSeededStore($album);
  return (
    <DetailPage state={state} notFound="Album Not Found">
      {(album) => (
        <>
          <DetailHeader
            images={album.images}
            type={album.type}
            name={album.name}
            background={state.background}
            meta={
              <>
                {album.year ? `${album.year} • ` : ''}
                <ArtistLinks artists={album.artists} />
                {` • ${album.totalTracks} ${album.totalTracks === 1 ? 'song' : 'songs'} • ${album.albumType}`}
              </>
            }
            action={<LibraryButton kind="album" id={album.id} name={album.name} />}
          />
          <PagedView list={albumTracks} skeleton={<RowSkeletons />}>
            {(tracks) => <TrackList tracks={tracks} contextUri={album.uri} label={`Tracks of ${album.name}`} menuContext={{ albumId: album.id }} />}
          </PagedView>
        </>
      )}
    </DetailPage>
  );
}

/** The page as the server rendered it (its seed); the browser asks only for what comes after. */
export const AlbumView = withErrorBoundary(seededAreaView(albumArea, AlbumViewBody));
