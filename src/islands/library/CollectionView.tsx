import { PlaylistGrid } from '../../components/browse/Card';
import { PagedView } from '../../components/browse/PagedView';
import { CardSkeletons } from '../../components/browse/Skeletons';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { Icon } from '../../components/Icon';
import { myPlaylistsList } from '../../stores/library';
import '../../styles/content.css';
import '../../styles/library.css';

/**
 * /collection, Your Library: Liked Songs, Saved Albums, the Create Playlist
 * tile (SPEC §2: no action shown) and the user's playlists.
 */
function CollectionViewBody() {
  return (
    <>
      <h1 className="page-heading">Your Library</h1>
      <div className="card-grid">
        <a className="card library-tile" href="/collection/tracks">
          <img className="cover card__cover" src="/images/liked-songs.svg" alt="" width={180} height={180} />
          <span className="card__title">Liked Songs</span>
          <span className="card__subtitle">Playlist</span>
        </a>
        <a className="card library-tile" href="/collection/albums">
          <span className="cover card__cover library-tile__art library-tile__art--albums" aria-hidden="true">
            <Icon name="library" size={64} />
          </span>
          <span className="card__title">Saved Albums</span>
          <span className="card__subtitle">Albums</span>
        </a>
        <div className="card library-tile library-tile--inert">
          <span className="cover card__cover library-tile__art" aria-hidden="true">
            <Icon name="plus" size={64} />
          </span>
          <span className="card__title">Create Playlist</span>
        </div>
      </div>
      <section aria-labelledby="my-playlists" className="library-playlists">
        <h2 id="my-playlists" className="section-header__title">
          Playlists
        </h2>
        <PagedView list={myPlaylistsList} empty="No Playlist Available" skeleton={<CardSkeletons />}>
          {(playlists) => (
            <PlaylistGrid playlists={playlists} />
          )}
        </PagedView>
      </section>
    </>
  );
}

export const CollectionView = withErrorBoundary(CollectionViewBody);
