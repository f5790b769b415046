import { hrefOf } from '../../lib/routes';
import { seeAllHref } from '../../lib/search-query';
import { hasSeeAll, hasSeeAllAtLeast, SECTION_SIZE } from '../../lib/see-all';
import { AlbumCard, ArtistCard } from '../../components/browse/Card';
import { DetailHeader } from '../../components/browse/DetailHeader';
import { DetailPage } from '../../components/browse/DetailPage';
import { LibraryButton } from '../../components/browse/LibraryButton';
import { SectionHeader } from '../../components/browse/SectionHeader';
import { CardSkeletons, RowSkeletons } from '../../components/browse/Skeletons';
import { TrackList } from '../../components/browse/TrackList';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { seededAreaView, useSeededStore } from '../../components/server-snapshot';
import { formatCount } from '../../lib/format';
import { $artist, artistAlbums, artistArea, isVerified } from '../../stores/artist';
import '../../styles/content.css';

/** /artist/{id}: cover, Verified, monthly listeners, Follow, Popular Tracks, Albums By {artist}, Fans Also like. */
function ArtistViewBody() {
  const state = useSeededStore($artist);
  const { topTracks, relatedArtists } = state.sections;
  // The first 10 albums, no paging here (the full list is /artist/{id}/albums); a failed load hides the section.
  const albums = useSeededStore(artistAlbums.$state);
  const albumRow = albums.list.slice(0, SECTION_SIZE);
  return (
    <DetailPage state={state} notFound="Artist Not Found">
      {(artist) => {
        const listeners = formatCount(artist.followers, 'monthly listeners');
        const params = { artistId: artist.id };
        return (
          <>
            <DetailHeader
              images={artist.images}
              type="Artist"
              name={artist.name}
              round
              background={state.background}
              badge={
                isVerified(artist) ? (
                  <span className="verified">
                    <img src="/images/verified.svg" alt="" width={20} height={20} />
                    Verified
                  </span>
                ) : null
              }
              meta={listeners || null}
              action={<LibraryButton kind="artist" id={artist.id} name={artist.name} />}
            />
            <div className="page-stack">
              {topTracks.status !== 'hidden' ? (
                <section aria-labelledby="popular-tracks">
                  <SectionHeader
                    id="popular-tracks"
                    title="Popular Tracks"
                    seeAllHref={hasSeeAll(topTracks.items.length) ? seeAllHref('track', artist.name) : null}
                  />
                  {topTracks.status === 'ready' ? (
                    <TrackList tracks={topTracks.items} label={`Popular tracks of ${artist.name}`} />
                  ) : (
                    <RowSkeletons />
                  )}
                </section>
              ) : null}
              {albums.error ? null : (
                <section aria-labelledby="artist-albums">
                  <SectionHeader
                    id="artist-albums"
                    title={`Albums By ${artist.name}`}
                    seeAllHref={hasSeeAll(albumRow.length) ? hrefOf('artistAlbums', params) : null}
                  />
                  {!albums.loaded ? (
                    <CardSkeletons row />
                  ) : albumRow.length === 0 ? (
                    <p className="not-available">No Albums Available.</p>
                  ) : (
                    <div className="card-row">
                      {albumRow.map((album) => (
                        <AlbumCard key={album.id} album={album} toggle />
                      ))}
                    </div>
                  )}
                </section>
              )}
              {relatedArtists.status !== 'hidden' ? (
                <section aria-labelledby="fans-also-like">
                  <SectionHeader
                    id="fans-also-like"
                    title="Fans Also like"
                    seeAllHref={hasSeeAllAtLeast(relatedArtists.items.length) ? hrefOf('relatedArtists', params) : null}
                  />
                  {relatedArtists.status === 'ready' ? (
                    relatedArtists.items.length > 0 ? (
                      <div className="card-row">
                        {relatedArtists.items.slice(0, SECTION_SIZE).map((related) => (
                          <ArtistCard key={related.id} artist={related} toggle />
                        ))}
                      </div>
                    ) : (
                      <p className="not-available">No Related Artists Found.</p>
                    )
                  ) : (
                    <CardSkeletons row />
                  )}
                </section>
              ) : null}
            </div>
          </>
        );
      }}
    </DetailPage>
  );
}

/** The page as the server rendered it (its seed); the browser asks only for what comes after. */
export const ArtistView = withErrorBoundary(seededAreaView(artistArea, ArtistViewBody));
