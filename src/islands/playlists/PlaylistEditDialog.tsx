import { useState } from 'react';
import type { Playlist } from '../../api/types';
import { Dialog } from '../../components/browse/Dialog';
import {
  characterCount,
  checkPlaylistDetails,
  PLAYLIST_DESCRIPTION_MAX,
  PLAYLIST_NAME_MAX,
  type PlaylistDetailsProblems,
} from '../../lib/playlist-details';
import { savePlaylistDetails } from '../../stores/my-playlists';

/**
 * Edit details: the name (at most 100 characters) and description (at most 300), plain
 * text, with counts as the user types; empty or over-long is refused here, before any request.
 */
export function PlaylistEditDialog({ playlist, onClose }: { playlist: Playlist; onClose: () => void }) {
  const [name, setName] = useState(playlist.name);
  const [description, setDescription] = useState(playlist.description);
  const [problems, setProblems] = useState<PlaylistDetailsProblems>({});
  const live = checkPlaylistDetails({ name, description });

  // Shown at once: a valid change closes the dialog before the provider answers (a refusal rolls back with a toast).
  const save = () => {
    const found = checkPlaylistDetails({ name, description });
    if (found.name || found.description) setProblems(found);
    else {
      onClose();
      void savePlaylistDetails(playlist.id, { name, description });
    }
  };

  return (
    <Dialog title="Edit details" id="playlist-edit-title" onClose={onClose} className="playlist-dialog playlist-edit">
      <form
        className="playlist-edit__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <label className="playlist-edit__field">
          <span className="playlist-edit__label">
            Name
            <span className={`playlist-edit__count${live.name && name !== '' ? ' is-over' : ''}`} aria-live="polite">
              {characterCount(name)}/{PLAYLIST_NAME_MAX}
            </span>
          </span>
          <input
            name="name"
            value={name}
            autoFocus
            aria-invalid={problems.name ? true : undefined}
            aria-describedby={problems.name ? 'playlist-name-problem' : undefined}
            onChange={(event) => {
              setName(event.target.value);
              setProblems({});
            }}
          />
        </label>
        {problems.name ? (
          <p className="playlist-edit__problem" id="playlist-name-problem" role="alert">
            {problems.name}
          </p>
        ) : null}
        <label className="playlist-edit__field">
          <span className="playlist-edit__label">
            Description
            <span className={`playlist-edit__count${live.description ? ' is-over' : ''}`} aria-live="polite">
              {characterCount(description)}/{PLAYLIST_DESCRIPTION_MAX}
            </span>
          </span>
          <textarea
            name="description"
            rows={4}
            value={description}
            placeholder="Add an optional description"
            aria-invalid={problems.description ? true : undefined}
            aria-describedby={problems.description ? 'playlist-description-problem' : undefined}
            onChange={(event) => {
              setDescription(event.target.value);
              setProblems({});
            }}
          />
        </label>
        {problems.description ? (
          <p className="playlist-edit__problem" id="playlist-description-problem" role="alert">
            {problems.description}
          </p>
        ) : null}
        <div className="playlist-dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button">
            Save
          </button>
        </div>
      </form>
    </Dialog>
  );
}
