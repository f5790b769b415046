import type { Album, Artist, Playlist, SearchType, Track } from '../../api/types';
import { AlbumCard, ArtistCard, PlaylistCard } from '../../components/browse/Card';
import { PagedView } from '../../components/browse/PagedView';
import { RowSkeletons } from '../../components/browse/Skeletons';
import { TrackList } from '../../components/browse/TrackList';
import { usePageStartId } from '../../components/browse/list-page-start';
import { withCarriedSeed } from '../../components/carried-seed';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { seededAreaView, useStore } from '../../components/server-snapshot';
import { SEE_ALL_TITLES } from '../../lib/search-query';
import { $seeAll, seeAllList, seeAllPage, type SeeAllItem } from '../../stores/search';
import '../../styles/content.css';
import '../../styles/search.css';

/** SPEC §9: the see-all search shows 20 skeleton rows. */
export const SEE_ALL_SKELETON_ROWS = 20;

function Items({ type, items }: { type: SearchType; items: SeeAllItem[] }) {
  const pageStartId = usePageStartId();
  if (type === 'track') return <TrackList tracks={items as Track[]} showAlbum label={SEE_ALL_TITLES.track} />;
  return (
    <div className="card-grid">
      {items.map((item, index) =>
        type === 'artist' ? (
          <ArtistCard key={item.id} artist={item as Artist} toggle id={pageStartId(index)} />
        ) : type === 'album' ? (
          <AlbumCard key={item.id} album={item as Album} toggle id={pageStartId(index)} />
        ) : (
          <PlaylistCard key={item.id} playlist={item as Playlist} id={pageStartId(index)} />
        ),
      )}
    </div>
  );
}

/** /search/{type}/{query}: every result of one type, by infinite scroll; "No {type} Found" when none. */
function SeeAllViewBody() {
  const { type, query } = useStore($seeAll);
  return (
    <>
      {query !== '' ? (
        <h1 className="page-heading see-all-heading">
          {SEE_ALL_TITLES[type]} <span className="see-all-heading__query">“{query}”</span>
        </h1>
      ) : null}
      <PagedView
        list={seeAllList}
        empty={`No ${type} Found`}
        skeleton={<RowSkeletons count={SEE_ALL_SKELETON_ROWS} />}
      >
        {(items) => <Items type={type} items={items} />}
      </PagedView>
    </>
  );
}

/** The page as the server rendered it (its seed); the browser asks only for the pages after the first. */
export const SeeAllView = withErrorBoundary(withCarriedSeed(seededAreaView(seeAllPage, SeeAllViewBody)));
