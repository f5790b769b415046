import { hrefOf } from '../../lib/routes';
import { DetailHeader } from '../../components/browse/DetailHeader';
import { DetailPage } from '../../components/browse/DetailPage';
import { NotAvailable } from '../../components/browse/NotAvailable';
import { PagedView } from '../../components/browse/PagedView';
import { RowSkeletons } from '../../components/browse/Skeletons';
import { TrackList } from '../../components/browse/TrackList';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { SeededIsland, useSeededStore } from '../../components/server-snapshot';
import { formatCount } from '../../lib/format';
import { $capabilities, markCapabilityMissing } from '../../stores/capabilities';
import { isListUnavailable } from '../../stores/paged-list';
import { $ownsShownPlaylist } from '../../stores/my-playlists';
import { $changesShownItems, moveShownEntry } from '../../stores/playlist-order';
import { $playlist, isDescriptionShown, playlistArea, playlistTracks, type PlaylistSeed } from '../../stores/playlist';
import { adoptMe } from '../../stores/profile';
import { OwnerActions } from '../playlists/OwnerActions';
import '../../styles/content.css';

/**
 * /playlist/{id}: cover, type, name, description (plain text, hidden when it
 * holds a link), owner, song count and saves; compact rows on narrow screens,
 * album and date-added columns on wide ones.
 */
function PlaylistViewBody() {
  const state = useSeededStore($playlist);
  const tracks = useSeededStore(playlistTracks.$state);
  // Development mode: other users' profiles are gone, so the owner stays plain text (DESIGN §2).
  const usersOpen = useSeededStore($capabilities).otherUsers !== 'missing';
  const owns = useSeededStore($ownsShownPlaylist);
  const reorders = useSeededStore($changesShownItems);
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
                    onMove={reorders ? (from, before) => void moveShownEntry(from, before) : undefined}
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

/** The playlist page as the server rendered it (`seed`), with the signed-in user: whether it is theirs to edit. */
function PlaylistViewSeeded({ seed }: { seed: PlaylistSeed }) {
  const snapshot = () => {
    const owns = !!seed.viewer && seed.data?.owner.id === seed.viewer.id;
    return playlistArea
      .snapshotOf(seed)
      .set($capabilities, seed.usersOpen ? {} : { otherUsers: 'missing' })
      .set($ownsShownPlaylist, owns)
      .set($changesShownItems, owns || !!seed.data?.collaborative);
  };
  const adopt = () => {
    adoptMe(seed.viewer);
    if (!seed.usersOpen) markCapabilityMissing('otherUsers');
    playlistArea.adopt(seed);
  };
  return (
    <SeededIsland snapshot={snapshot} adopt={adopt}>
      <PlaylistViewBody />
    </SeededIsland>
  );
}

export const PlaylistView = withErrorBoundary(PlaylistViewSeeded);
