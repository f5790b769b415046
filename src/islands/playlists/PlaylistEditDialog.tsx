import { useState, type ReactNode } from 'react';
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
        <CountedField label="Name" id="playlist-name" value={name} max={PLAYLIST_NAME_MAX} over={!!live.name && name !== ''} problem={problems.name}>
          {(described) => (
            <input
              name="name"
              value={name}
              autoFocus
              {...described}
              onChange={(event) => {
                setName(event.target.value);
                setProblems({});
              }}
            />
          )}
        </CountedField>
        <CountedField label="Description" id="playlist-description" value={description} max={PLAYLIST_DESCRIPTION_MAX} over={!!live.description} problem={problems.description}>
          {(described) => (
            <textarea
              name="description"
              rows={4}
              value={description}
              placeholder="Add an optional description"
              {...described}
              onChange={(event) => {
                setDescription(event.target.value);
                setProblems({});
              }}
            />
          )}
        </CountedField>
        <div className="dialog__actions">
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

interface CountedFieldProps {
  label: string;
  /** Names the field's problem message, for aria-describedby. */
  id: string;
  value: string;
  max: number;
  /** The count shows the limit passed, as the user types. */
  over: boolean;
  problem?: string;
  /** The control, given the attributes that tie it to its problem. */
  children: (described: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}

/** One field of the dialog: its label with the character count, the control, and the problem found on save. */
function CountedField({ label, id, value, max, over, problem, children }: CountedFieldProps) {
  const problemId = `${id}-problem`;
  return (
    <>
      <label className="playlist-edit__field">
        <span className="playlist-edit__label">
          {label}
          <span className={`playlist-edit__count${over ? ' is-over' : ''}`} aria-live="polite">
            {characterCount(value)}/{max}
          </span>
        </span>
        {children(problem ? { 'aria-invalid': true, 'aria-describedby': problemId } : {})}
      </label>
      {problem ? (
        <p className="playlist-edit__problem" id={problemId} role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}
