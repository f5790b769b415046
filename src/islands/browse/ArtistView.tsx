import { NOT_FOUND } from '../../lib/page-not-found';
import { hrefOf } from '../../lib/routes';
import { seeAllHref } from '../../lib/search-query';
import { hasSeeAll, hasSeeAllAtLeast, SECTION_SIZE } from '../../lib/see-all';
import { AlbumCard, ArtistCard } from '../../components/browse/Card';
import { DetailHeader } from '../../components/browse/DetailHeader';
import { DetailPage } from '../../components/browse/DetailPage';
import { LibraryButton } from '../../components/browse/LibraryButton';
import { SectionHeader } from '../../components/browse/SectionHeader';
import { PartBody } from '../../components/browse/PartBody';
import { CardSkeletons, RowSkeletons } from '../../components/browse/Skeletons';
import { TrackList } from '../../components/browse/TrackList';
import { withCarriedSeed } from '../../components/carried-seed';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { seededAreaView, useStore } from '../../components/server-snapshot';
import { formatCount } from '../../lib/format';
import { sectionStateOf, showsSection } from '../../lib/part-state';
import type { Artist } from '../../api/types';
import { $artist, artistAlbums, artistArea, isVerified } from '../../stores/artist';
import { listPartState } from '../../stores/paged-list';
import '../../styles/content.css';

/** The artist's header: picture, Verified, name, monthly listeners and Follow. */
function ArtistHeader({ artist, background }: { artist: Artist; background: string }) {
  return (
    <DetailHeader
      images={artist.images}
      type="Artist"
      name={artist.name}
      round
      background={background}
      badge={
        isVerified(artist) ? (
          <span className="verified">
            <img src="/images/verified.svg" alt="" width={20} height={20} />
            Verified
          </span>
        ) : null
      }
      meta={formatCount(artist.followers, 'monthly listeners') || null}
      action={<LibraryButton kind="artist" id={artist.id} name={artist.name} />}
    />
  );
}

/** /artist/{id}: cover, Verified, monthly listeners, Follow, Popular Tracks, Albums By {artist}, Fans Also like. */
function ArtistViewBody() {
  const state = useStore($artist);
  const { topTracks, relatedArtists } = state.sections;
  // The first 10 albums, no paging here (the full list is /artist/{id}/albums); a failed load hides the section.
  const albums = useStore(artistAlbums.$state);
  const albumRow = albums.list.slice(0, SECTION_SIZE);
  const topState = sectionStateOf(topTracks);
  const albumsState = listPartState(albums);
  const relatedState = sectionStateOf(relatedArtists);
  return (
    <DetailPage state={state} notFound={NOT_FOUND.artist} reload={artistArea.load}>
      {(artist) => {
        const params = { artistId: artist.id };
        return (
          <>
            <ArtistHeader artist={artist} background={state.background} />
            <div className="page-stack">
              {showsSection(topState) ? (
                <section aria-labelledby="popular-tracks">
                  <SectionHeader
                    id="popular-tracks"
                    title="Popular Tracks"
                    seeAllHref={hasSeeAll(topTracks.items.length) ? seeAllHref('track', artist.name) : null}
                  />
                  <PartBody state={topState} skeleton={<RowSkeletons />}>
                    {() => <TrackList tracks={topTracks.items} label={`Popular tracks of ${artist.name}`} menuContext={{ artistId: artist.id }} />}
                  </PartBody>
                </section>
              ) : null}
              {showsSection(albumsState, { saysEmpty: true }) ? (
                <section aria-labelledby="artist-albums">
                  <SectionHeader
                    id="artist-albums"
                    title={`Albums By ${artist.name}`}
                    seeAllHref={hasSeeAll(albumRow.length) ? hrefOf('artistAlbums', params) : null}
                  />
                  <PartBody compact state={albumsState} skeleton={<CardSkeletons row />} empty="No Albums Available.">
                    {() => (
                      <div className="card-row">
                        {albumRow.map((album) => (
                          <AlbumCard key={album.id} album={album} toggle />
                        ))}
                      </div>
                    )}
                  </PartBody>
                </section>
              ) : null}
              {showsSection(relatedState, { saysEmpty: true }) ? (
                <section aria-labelledby="fans-also-like">
                  <SectionHeader
                    id="fans-also-like"
                    title="Fans Also like"
                    seeAllHref={hasSeeAllAtLeast(relatedArtists.items.length) ? hrefOf('relatedArtists', params) : null}
                  />
                  <PartBody compact state={relatedState} skeleton={<CardSkeletons row />} empty="No Related Artists Found.">
                    {() => (
                      <div className="card-row">
                        {relatedArtists.items.slice(0, SECTION_SIZE).map((related) => (
                          <ArtistCard key={related.id} artist={related} toggle />
                        ))}
                      </div>
                    )}
                  </PartBody>
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
export const ArtistView = withErrorBoundary(withCarriedSeed(seededAreaView(artistArea, ArtistViewBody)));

/**
 * The artist page while the server still asks for its sections (the page streams,
 * Streamed.astro): the header as it will be, skeletons where the sections come. Rendered once,
 * on the server, without ids or an island: the page that follows it carries them.
 */
function ArtistHeadBody() {
  const state = useStore($artist);
  return (
    <DetailPage state={state} notFound={NOT_FOUND.artist}>
      {(artist) => (
        <>
          <ArtistHeader artist={artist} background={state.background} />
          <div className="page-stack">
            <RowSkeletons />
            <CardSkeletons row />
          </div>
        </>
      )}
    </DetailPage>
  );
}

/** The artist page's first part, from the head of its seed (the artist and its Follow flag). */
export const ArtistHead = seededAreaView(artistArea, ArtistHeadBody);
