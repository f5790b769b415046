import { useStore } from '@nanostores/react';
import { ConfirmDialog, Dialog } from '../../components/browse/Dialog';
import { Icon } from '../../components/Icon';
import {
  $duplicatePrompt,
  $ownPlaylists,
  $playlistPicker,
  $signInAgain,
  addToNewPlaylist,
  addToPlaylist,
  answerDuplicate,
  closePlaylistPicker,
  dismissSignInAgain,
} from '../../stores/my-playlists';
import { signOut } from '../../stores/session';

/** "Add to playlist": the user's own playlists and "New playlist", for the track it was opened for. */
function PlaylistPicker() {
  const track = useStore($playlistPicker);
  const own = useStore($ownPlaylists);
  if (!track) return null;
  return (
    <Dialog title="Add to playlist" id="playlist-picker-title" onClose={closePlaylistPicker} className="playlist-dialog">
      <p className="playlist-dialog__track">{track.name}</p>
      <ul className="playlist-picker" aria-label="Your playlists">
        <li>
          <button type="button" className="menu-item playlist-picker__item" onClick={() => void addToNewPlaylist(track)} autoFocus>
            <Icon name="plus" /> New playlist
          </button>
        </li>
        {own === null ? (
          <li className="playlist-picker__note">Loading your playlists…</li>
        ) : (
          own.map((playlist) => (
            <li key={playlist.id}>
              <button type="button" className="menu-item playlist-picker__item" onClick={() => void addToPlaylist(playlist, track)}>
                <Icon name="note" /> {playlist.name}
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
