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
import { CHANGE_REFUSED, savePlaylistDetails } from '../../stores/my-playlists';

/**
 * Edit details: the name (at most 100 characters) and description (at most 300), plain
 * text, with counts as the user types; empty or over-long is refused here, before any request,
 * and the dialog closes once the provider saved it.
 */
export function PlaylistEditDialog({ playlist, onClose }: { playlist: Playlist; onClose: () => void }) {
  const [name, setName] = useState(playlist.name);
  const [description, setDescription] = useState(playlist.description);
  const [problems, setProblems] = useState<PlaylistDetailsProblems>({});
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState(false);
  const live = checkPlaylistDetails({ name, description });

  // The page shows the change at once; the dialog stays until the provider agreed, so a refusal
  // (rolled back on the page, with a toast) keeps what the user typed here to try again.
  const save = async () => {
    if (saving) return;
    const before = { name: playlist.name, description: playlist.description };
    const found = checkPlaylistDetails({ name, description }, before);
    if (found.name || found.description) return setProblems(found);
    setSaving(true);
    setRefused(false);
    const outcome = await savePlaylistDetails(playlist.id, { name, description }, before);
    setSaving(false);
    if (outcome === 'saved') onClose();
    else if (outcome === 'refused') setRefused(true);
    else setProblems(outcome);
  };

  return (
    <Dialog title="Edit details" id="playlist-edit-title" onClose={onClose} className="playlist-dialog playlist-edit">
      <form
        className="playlist-edit__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
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
        {refused ? (
          <p className="playlist-edit__problem" role="alert">
            {CHANGE_REFUSED}. Try again.
          </p>
        ) : null}
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" aria-busy={saving}>
            {saving ? 'Saving…' : 'Save'}
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
  /** The control, given its name and the attributes that tie it to its count and its problem. */
  children: (described: { 'aria-label': string; 'aria-invalid'?: true; 'aria-describedby': string }) => ReactNode;
}

/** One field of the dialog: its label with the character count, the control, and the problem found on save. */
function CountedField({ label, id, value, max, over, problem, children }: CountedFieldProps) {
  const problemId = `${id}-problem`;
  const countId = `${id}-count`;
  // The field is named by its label alone (the count beside it is its description, read when
  // the field is reached): a count in its name, or in a live region, was read out at every key.
  const described = { 'aria-label': label, 'aria-describedby': problem ? `${countId} ${problemId}` : countId };
  return (
    <>
      <label className="playlist-edit__field">
        <span className="playlist-edit__label">
          {label}
          <span className={`playlist-edit__count${over ? ' is-over' : ''}`} id={countId}>
            {characterCount(value)}/{max}
          </span>
        </span>
        {children(problem ? { ...described, 'aria-invalid': true } : described)}
      </label>
      {problem ? (
        <p className="playlist-edit__problem" id={problemId} role="alert">
          {problem}
        </p>
      ) : null}
    </>
  );
}
