import { useStore } from '@nanostores/react';
import { hrefOf } from '../../lib/routes';
import { DetailHeader } from '../../components/browse/DetailHeader';
import { DetailPage } from '../../components/browse/DetailPage';
import { NotAvailable } from '../../components/browse/NotAvailable';
import { PagedView } from '../../components/browse/PagedView';
import { RowSkeletons } from '../../components/browse/Skeletons';
import { TrackList } from '../../components/browse/TrackList';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { formatCount } from '../../lib/format';
import { $capabilities } from '../../stores/capabilities';
import { isListUnavailable } from '../../stores/paged-list';
import { $ownsShownPlaylist } from '../../stores/my-playlists';
import { $playlist, isDescriptionShown, playlistTracks } from '../../stores/playlist';
import { OwnerActions } from '../playlists/OwnerActions';
import '../../styles/content.css';

/**
 * /playlist/{id}: cover, type, name, description (plain text, hidden when it
 * holds a link), owner, song count and saves; compact rows on narrow screens,
 * album and date-added columns on wide ones.
 */
function PlaylistViewBody() {
  const state = useStore($playlist);
  const tracks = useStore(playlistTracks.$state);
  // Development mode: other users' profiles are gone, so the owner stays plain text (DESIGN §2).
  const usersOpen = useStore($capabilities).otherUsers !== 'missing';
  const owns = useStore($ownsShownPlaylist);
  return (
    <DetailPage state={state} notFound="Playlist Not Found">
      {(playlist) => {
        const count = playlist.totalTracks ?? tracks.list.length;
        const owner = playlist.owner.displayName || playlist.owner.id;
        return (
          <>
            <DetailHeader
              images={playlist.images}
              type={playlist.type}
              name={playlist.name}
              background={state.background}
              action={owns ? <OwnerActions playlist={playlist} /> : undefined}
              meta={
                <>
                  {isDescriptionShown(playlist.description) ? (
                    <span className="detail-header__description">{playlist.description}</span>
                  ) : null}
                  {isDescriptionShown(playlist.description) ? <br /> : null}
                  {usersOpen && playlist.owner.id ? (
                    <a href={hrefOf('user', { userId: playlist.owner.id })}>{owner}</a>
                  ) : (
                    <strong>{owner}</strong>
                  )}
                  {` • ${count} ${count === 1 ? 'song' : 'songs'}`}
                  {formatCount(playlist.followers, 'saves') ? ` • ${formatCount(playlist.followers, 'saves')}` : ''}
                </>
              }
            />
            {isListUnavailable(tracks.error) ? (
              <NotAvailable what="This playlist's tracks" />
            ) : (
              <PagedView list={playlistTracks} empty="No Playlist Available" skeleton={<RowSkeletons />}>
                {(entries) => (
                  <TrackList
                    tracks={entries.map((entry) => entry.track)}
                    addedAt={entries.map((entry) => entry.addedAt)}
                    showAlbum
                    contextUri={playlist.uri}
                    label={`Tracks of ${playlist.name}`}
                    menuContext={{ playlistId: playlist.id }}
                  />
                )}
              </PagedView>
            )}
          </>
        );
      }}
    </DetailPage>
  );
}

export const PlaylistView = withErrorBoundary(PlaylistViewBody);
