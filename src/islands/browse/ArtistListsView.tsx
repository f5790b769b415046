import { NOT_FOUND } from '../../lib/page-not-found';
import { sectionStateOf } from '../../lib/part-state';
import { shownName } from '../../lib/page-title';
import { hrefOf } from '../../lib/routes';
import { AlbumGrid, ArtistGrid } from '../../components/browse/Card';
import { DetailPage } from '../../components/browse/DetailPage';
import { PagedView } from '../../components/browse/PagedView';
import { PartBody } from '../../components/browse/PartBody';
import { CardSkeletons, GRID_SKELETON_CARDS } from '../../components/browse/Skeletons';
import { withCarriedSeed } from '../../components/carried-seed';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { seededAreaView, useStore } from '../../components/server-snapshot';
import { $artist, artistAlbums, artistArea } from '../../stores/artist';
import '../../styles/content.css';

/** /artist/{id}/albums: every album of the artist, paged by infinite scroll. */
function ArtistAlbumsBody() {
  const state = useStore($artist);
  return (
    <DetailPage state={state} notFound={NOT_FOUND.artist} reload={artistArea.load}>
      {(artist) => (
        <>
          <h1 className="page-heading">
            Albums By <a href={hrefOf('artist', { artistId: artist.id })}>{shownName(artist.name, 'Artist')}</a>
          </h1>
          <PagedView list={artistAlbums} empty="No Albums Available." skeleton={<CardSkeletons count={GRID_SKELETON_CARDS} />}>
            {(albums) => (
              <AlbumGrid albums={albums} />
            )}
          </PagedView>
        </>
      )}
    </DetailPage>
  );
}

/** /artist/{id}/related-artists: Fans Also like, in full. */
function RelatedArtistsBody() {
  const state = useStore($artist);
  const related = state.sections.relatedArtists;
  const relatedState = sectionStateOf(related);
  return (
    <DetailPage state={state} notFound={NOT_FOUND.artist} reload={artistArea.load}>
      {(artist) => (
        <>
          <h1 className="page-heading">Fans Also like {shownName(artist.name, 'Artist')}</h1>
          {/* The list is this page's whole content: a section that failed, or is not offered, says
              so here; one that failed offers Try again, as every list page does, which asks for
              that list alone. */}
          <PartBody
            state={relatedState}
            skeleton={<CardSkeletons count={GRID_SKELETON_CARDS} />}
            empty="No Related Artists Found."
            onRetry={() => void artistArea.retrySection('relatedArtists')}
          >
            {() => <ArtistGrid artists={related.items} />}
          </PartBody>
        </>
      )}
    </DetailPage>
  );
}

// Each page's seed holds the artist and the one list it shows (`artistAlbumsOnly`,
// `relatedArtistsOnly` in src/api/artists.ts); the area leaves the sections a page did not ask
// for unasked.
export const ArtistAlbumsView = withErrorBoundary(withCarriedSeed(seededAreaView(artistArea, ArtistAlbumsBody)));
export const RelatedArtistsView = withErrorBoundary(withCarriedSeed(seededAreaView(artistArea, RelatedArtistsBody)));
