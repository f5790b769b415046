import { useStore } from '../../components/server-snapshot';
import { useRef, useState, type KeyboardEvent } from 'react';
import type { Playlist, Track } from '../../api/types';
import { ConfirmDialog, Dialog } from '../../components/browse/Dialog';
import { Icon } from '../../components/Icon';
import { filterPlaylists, showsPlaylistFilter } from '../../lib/playlist-filter';
import {
  $duplicatePrompt,
  $ownPlaylists,
  $ownPlaylistsFailed,
  $playlistPicker,
  $signInAgain,
  addToNewPlaylist,
  addToPlaylist,
  answerDuplicate,
  closePlaylistPicker,
  dismissSignInAgain,
  listOwnPlaylists,
} from '../../stores/my-playlists';
import { signOut } from '../../stores/session';

/** "Add to playlist": the user's own playlists and "New playlist", for the track it was opened for. */
function PlaylistPicker() {
  const track = useStore($playlistPicker);
  const own = useStore($ownPlaylists);
  if (!track) return null;
  return <PlaylistPickerDialog track={track} own={own} />;
}

/** Moves focus among the filter box and the picker's buttons with the arrow keys (Home and End too). */
function moveFocus(event: KeyboardEvent<HTMLElement>, list: HTMLElement | null): void {
  const stops = [...(list?.closest('.dialog')?.querySelectorAll<HTMLElement>('.playlist-picker__filter, .playlist-picker__item') ?? [])];
  const at = stops.indexOf(document.activeElement as HTMLElement);
  const moves: Record<string, number> = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: stops.length - 1 };
  // In the filter box, Home and End move the caret.
  if (!(event.key in moves) || (event.target instanceof HTMLInputElement && (event.key === 'Home' || event.key === 'End'))) return;
  event.preventDefault();
  stops[Math.max(0, Math.min(stops.length - 1, moves[event.key]!))]?.focus();
}

/** The open picker: its filter box appears once the user has more than a few playlists (PLAYLIST_FILTER_THRESHOLD). */
function PlaylistPickerDialog({ track, own }: { track: Track; own: Playlist[] | null }) {
  const failed = useStore($ownPlaylistsFailed);
  const [filter, setFilter] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const filtering = own !== null && showsPlaylistFilter(own.length);
  const shown = own && filtering ? filterPlaylists(own, filter) : own;
  return (
    <Dialog title="Add to playlist" id="playlist-picker-title" onClose={closePlaylistPicker} className="playlist-dialog">
      <p className="playlist-dialog__track">{track.name}</p>
      {filtering ? (
        <input
          type="search"
          className="playlist-picker__filter"
          aria-label="Filter your playlists"
          aria-controls="playlist-picker-list"
          placeholder="Find a playlist"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds to the first playlist the filter shows.
            const first = shown?.[0];
            if (event.key === 'Enter' && filter.trim() !== '' && first) {
              event.preventDefault();
              void addToPlaylist(first, track);
            } else {
              moveFocus(event, list.current);
            }
          }}
          autoFocus
        />
      ) : null}
      <ul className="playlist-picker" id="playlist-picker-list" aria-label="Your playlists" ref={list} onKeyDown={(event) => moveFocus(event, list.current)}>
        <li>
          <button type="button" className="menu-item playlist-picker__item" onClick={() => void addToNewPlaylist(track)} autoFocus={!filtering}>
            <Icon name="plus" /> New playlist
          </button>
        </li>
        {shown === null && failed ? (
          <li className="playlist-picker__note" role="status">
            Your playlists could not be loaded.{' '}
            <button type="button" className="button button--ghost" onClick={() => void listOwnPlaylists()}>
              Try again
            </button>
          </li>
        ) : shown === null ? (
          <li className="playlist-picker__note">Loading your playlists…</li>
        ) : shown.length === 0 && filtering ? (
          <li className="playlist-picker__note" role="status">
            No playlist matches "{filter.trim()}"
          </li>
        ) : (
          shown.map((playlist) => (
            <li key={playlist.id}>
              <button type="button" className="menu-item playlist-picker__item" onClick={() => void addToPlaylist(playlist, track)}>
                <Icon name="note" />
                {/* Two lines at most on screen; the button's name is the whole of it (playlists.css). */}
                <span className="playlist-picker__name">{playlist.name}</span>
              </button>
            </li>
          ))
        )}
      </ul>
    </Dialog>
  );
}

/** Asks before a track goes into a playlist a second time. */
function DuplicatePrompt() {
  const prompt = useStore($duplicatePrompt);
  if (!prompt) return null;
  return (
    <ConfirmDialog
      title="Already added"
      id="duplicate-title"
      onClose={() => void answerDuplicate(false)}
      cancel={{ label: 'Add anyway', onClick: () => void answerDuplicate(true) }}
      confirm={{ label: "Don't add", onClick: () => void answerDuplicate(false) }}
      focus="confirm"
      className="playlist-dialog"
    >
      This is already in your '{prompt.playlist.name}' playlist.
    </ConfirmDialog>
  );
}

/** A session from before playlists could be edited lacks the permission: it says so instead of failing quietly. */
function SignInAgain() {
  const open = useStore($signInAgain);
  if (!open) return null;
  return (
    <ConfirmDialog
      title="Sign in again"
      id="sign-in-again-title"
      onClose={dismissSignInAgain}
      cancel={{ label: 'Not now', onClick: dismissSignInAgain }}
      confirm={{ label: 'Sign in again', onClick: () => void signOut() }}
      focus="confirm"
      className="playlist-dialog"
    >
      To edit playlists, My Music needs a permission your sign-in did not give. Sign in again to allow it.
    </ConfirmDialog>
  );
}

/** The shell's playlist dialogs: the picker, the duplicate question and the sign-in-again prompt. */
export function PlaylistDialogViews() {
  return (
    <>
      <PlaylistPicker />
      <DuplicatePrompt />
      <SignInAgain />
    </>
  );
}
