import { NOT_FOUND } from '../../lib/page-not-found';
import { useEffect, type ComponentType } from 'react';
import type { Playlist } from '../../api/types';
import { announce } from '../../lib/announce';
import { hrefOf } from '../../lib/routes';
import { DetailHeader } from '../../components/browse/DetailHeader';
import { DetailPage } from '../../components/browse/DetailPage';
import { metaLine } from '../../components/browse/meta-line';
import { NotAvailable } from '../../components/browse/NotAvailable';
import { PagedView } from '../../components/browse/PagedView';
import { RowSkeletons } from '../../components/browse/Skeletons';
import { TrackList } from '../../components/browse/TrackList';
import { withCarriedSeed } from '../../components/carried-seed';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { SeededIsland, useStore } from '../../components/server-snapshot';
import { formatCount, formatSongCount } from '../../lib/format';
import { $capabilities, markCapabilityMissing } from '../../stores/capabilities';
import { isListUnavailable } from '../../stores/paged-list';
import { $ownsShownPlaylist, $shownPlaylistInLibrary, notePlaylistInLibrary } from '../../stores/my-playlists';
import { $changesShownItems, $moveTold, moveShownEntry } from '../../stores/playlist-order';
import type { PlaylistSeed } from '../../api/playlists';
import { $playlist, isDescriptionShown, playlistArea, playlistTracks, songCountOf } from '../../stores/playlist';
import { adoptMe } from '../../stores/profile';
import { OwnerActions } from '../playlists/OwnerActions';
import '../../styles/content.css';

/**
 * The playlist's header: cover, type, name, description (plain text, hidden when it holds a
 * link), owner, song count and saves, and the owner's actions. `count` is null while the
 * entries are still coming and the playlist does not say how many it holds.
 */
function PlaylistHeader({ playlist, background, count }: { playlist: Playlist; background: string; count: number | null }) {
  // Development mode: other users' profiles are gone, so the owner stays plain text (DESIGN §2).
  const usersOpen = useStore($capabilities).otherUsers !== 'missing';
  const owns = useStore($ownsShownPlaylist);
  const owner = playlist.owner.displayName || playlist.owner.id;
  const saves = formatCount(playlist.followers, 'saves');
  const songs = formatSongCount(count);
  return (
    <DetailHeader
      images={playlist.images}
      type={playlist.type}
      name={playlist.name}
      description={isDescriptionShown(playlist.description) ? playlist.description : undefined}
      background={background}
      action={owns ? <OwnerActions playlist={playlist} /> : undefined}
      meta={metaLine([
        usersOpen && playlist.owner.id ? (
          <a dir="auto" href={hrefOf('user', { userId: playlist.owner.id })}>
            {owner}
          </a>
        ) : (
          <strong dir="auto">{owner}</strong>
        ),
        songs,
        saves,
      ])}
    />
  );
}

/** How long a move's words stay in the shell's announcer (then it is emptied, lib/announce.ts). */
const MOVE_TOLD_MS = 3_000;

/**
 * Says each move the provider took ("Moved to position 3 of 12") in the shell's one announcer:
 * the row's focus stays on its control, and a screen reader heard nothing of where it went.
 */
function useMovesTold(): void {
  useEffect(() => $moveTold.listen((told) => told && announce(told.words, { forMs: MOVE_TOLD_MS })), []);
}

/** /playlist/{id}: the header, then its entries: compact rows on narrow screens, album and date-added columns on wide ones. */
function PlaylistViewBody() {
  const state = useStore($playlist);
  const tracks = useStore(playlistTracks.$state);
  const reorders = useStore($changesShownItems);
  useMovesTold();
  return (
    <DetailPage state={state} notFound={NOT_FOUND.playlist} reload={playlistArea.load}>
      {(playlist) => (
        <>
          <PlaylistHeader playlist={playlist} background={state.background} count={songCountOf(playlist.totalTracks, tracks)} />
          {isListUnavailable(tracks.error) ? (
            <NotAvailable what="This playlist's tracks" />
          ) : (
            <PagedView list={playlistTracks} empty="No Playlist Available" emptyView={reorders ? <EmptyPlaylistInvite /> : undefined} skeleton={<RowSkeletons />}>
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
      )}
    </DetailPage>
  );
}

/**
 * A playlist the user may add to (theirs, or a collaborative one) with nothing in it yet, as one
 * just made opens: what to do next, not the catalogue's "No Playlist Available" under its header.
 */
function EmptyPlaylistInvite() {
  return (
    <div className="error-screen playlist-empty">
      <h2 className="error-screen__title">Let's find something for your playlist</h2>
      <p className="error-screen__text">Search for songs, then add them here from a song's More options.</p>
      <a className="button button--ghost" href={hrefOf('search')}>
        Search
      </a>
    </div>
  );
}

/**
 * The playlist page while the server still asks for its entries (the page streams,
 * Streamed.astro): the header as it will be, skeleton rows where the entries come. Rendered
 * once, on the server, without an island: the page that follows it carries one.
 */
function PlaylistHeadBody() {
  const state = useStore($playlist);
  return (
    <DetailPage state={state} notFound={NOT_FOUND.playlist}>
      {(playlist) => (
        <>
          <PlaylistHeader playlist={playlist} background={state.background} count={playlist.totalTracks ?? null} />
          <RowSkeletons />
        </>
      )}
    </DetailPage>
  );
}

/**
 * A playlist page's part as the server rendered it (`seed`), with the signed-in user: whether
 * the playlist is theirs to edit, and whether other users' profiles are open to this app.
 */
function seededPlaylistView(Body: ComponentType) {
  return function PlaylistViewSeeded({ seed }: { seed: PlaylistSeed }) {
    const snapshot = () => {
      const owns = !!seed.viewer && seed.data?.owner.id === seed.viewer.id;
      return playlistArea
        .snapshotOf(seed)
        .set($capabilities, seed.usersOpen ? {} : { otherUsers: 'missing' })
        .set($ownsShownPlaylist, owns)
        .set($shownPlaylistInLibrary, seed.inLibrary)
        .set($changesShownItems, owns || !!seed.data?.collaborative);
    };
    const adopt = () => {
      adoptMe(seed.viewer);
      if (!seed.usersOpen) markCapabilityMissing('otherUsers');
      if (seed.data) notePlaylistInLibrary(seed.data.id, seed.inLibrary);
      playlistArea.adopt(seed);
    };
    return (
      <SeededIsland snapshot={snapshot} adopt={adopt}>
        <Body />
      </SeededIsland>
    );
  };
}

/** The playlist page as the server rendered it; the browser asks only for what comes after. */
export const PlaylistView = withErrorBoundary(withCarriedSeed(seededPlaylistView(PlaylistViewBody)));
/** The playlist page's first part, from the head of its seed (the playlist and the signed-in user). */
export const PlaylistHead = seededPlaylistView(PlaylistHeadBody);
