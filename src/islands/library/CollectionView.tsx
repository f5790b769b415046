import { PlaylistGrid } from '../../components/browse/Card';
import { hrefOf } from '../../lib/routes';
import { PagedView } from '../../components/browse/PagedView';
import { CardSkeletons } from '../../components/browse/Skeletons';
import { withCarriedSeed } from '../../components/carried-seed';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { Icon } from '../../components/Icon';
import { seededAreaView, useStore } from '../../components/server-snapshot';
import { myPlaylistsArea, myPlaylistsList } from '../../stores/collection';
import { createPlaylistAndOpen } from '../../stores/playlist-actions';
import { $creatingPlaylist } from '../../stores/playlist-dialogs';
import '../../styles/content.css';
import '../../styles/library.css';

/**
 * /collection, Your Library: Liked Songs, Saved Albums, the Create Playlist
 * tile (it makes "My Playlist #N" and opens it) and the user's playlists.
 */
function CollectionViewBody() {
  const creating = useStore($creatingPlaylist);
  return (
    <>
      <h1 className="page-heading">Your Library</h1>
      <div className="card-grid">
        <a className="card library-tile" href={hrefOf('collectionTracks')}>
          <img className="cover card__cover" src="/images/liked-songs.svg" alt="" width={180} height={180} />
          <span className="card__title">Liked Songs</span>
          <span className="card__subtitle">Playlist</span>
        </a>
        <a className="card library-tile" href={hrefOf('collectionAlbums')}>
          <span className="cover card__cover library-tile__art library-tile__art--albums" aria-hidden="true">
            <Icon name="library" size={64} />
          </span>
          <span className="card__title">Saved Albums</span>
          <span className="card__subtitle">Albums</span>
        </a>
        <button type="button" className="card library-tile library-tile--create" data-needs-script disabled={creating} onClick={createPlaylistAndOpen}>
          <span className="cover card__cover library-tile__art" aria-hidden="true">
            <Icon name="plus" size={64} />
          </span>
          <span className="card__title">Create Playlist</span>
        </button>
      </div>
      <section aria-labelledby="my-playlists" className="library-playlists">
        <div className="library-playlists__header">
          <h2 id="my-playlists" className="section-header__title">
            Playlists
          </h2>
          <button
            type="button"
            className="icon-button"
            aria-label="Create playlist"
            data-needs-script
            disabled={creating}
            onClick={createPlaylistAndOpen}
          >
            <Icon name="plus" />
          </button>
        </div>
        <PagedView list={myPlaylistsList} empty="No Playlist Available" skeleton={<CardSkeletons />}>
          {(playlists) => (
            <PlaylistGrid playlists={playlists} />
          )}
        </PagedView>
      </section>
    </>
  );
}

/** The page as the server rendered it (its seed); the browser asks only for the pages after the first. */
export const CollectionView = withErrorBoundary(withCarriedSeed(seededAreaView(myPlaylistsArea, CollectionViewBody)));
