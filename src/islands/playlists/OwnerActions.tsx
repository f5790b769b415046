import { useState } from 'react';
import type { Playlist } from '../../api/types';
import { ConfirmDialog } from '../../components/browse/Dialog';
import { Icon } from '../../components/Icon';
import { useStore } from '../../components/server-snapshot';
import { $savingPlaylist, $shownPlaylistInLibrary, removePlaylist, savePlaylist } from '../../stores/my-playlists';
import { PlaylistEditDialog } from './PlaylistEditDialog';
import { shownName } from '../../lib/page-title';
import { libraryFormButton } from '../../lib/library-form';
import '../../styles/playlists.css';

/**
 * The actions of a playlist the user owns, under its header: Edit details, and Remove from Your
 * Library (asked first); once it is not in their library, Save in its place, the library
 * button's look (LibraryButton), which puts it back. With JavaScript off, Save submits the page's
 * library form (src/lib/library-form.ts), and the two others, a script's dialogs, are not shown
 * (data-needs-script).
 */
export function OwnerActions({ playlist }: { playlist: Playlist }) {
  const [open, setOpen] = useState<'edit' | 'remove' | null>(null);
  // Unknown (null, or a server render) offers removal: a playlist of the user's mostly is there.
  const removed = useStore($shownPlaylistInLibrary) === false;
  const saving = useStore($savingPlaylist);
  return (
    <div className="playlist-owner-actions">
      <button type="button" className="button button--ghost" data-needs-script onClick={() => setOpen('edit')}>
        Edit details
      </button>
      {removed ? (
        <button
          {...libraryFormButton('playlist', playlist.id, false)}
          className="button button--ghost library-button"
          aria-busy={saving}
          aria-label={`Save ${shownName(playlist.name, 'Playlist')}`}
          onClick={(event) => {
            event.preventDefault();
            void savePlaylist(playlist);
          }}
        >
          {saving ? <span className="spinner" aria-hidden="true" /> : <Icon name="plus" size={16} />}
          <span>Save</span>
        </button>
      ) : (
        <button type="button" className="button button--ghost" data-needs-script onClick={() => setOpen('remove')}>
          Remove from Your Library
        </button>
      )}
      {open === 'edit' ? <PlaylistEditDialog playlist={playlist} onClose={() => setOpen(null)} /> : null}
      {open === 'remove' ? (
        <ConfirmDialog
          title="Remove from Your Library?"
          id="playlist-remove-title"
          onClose={() => setOpen(null)}
          cancel={{ label: 'Cancel', onClick: () => setOpen(null) }}
          confirm={{
            label: 'Remove',
            onClick: () => {
              // At once: the library opens without it; a refusal puts it back there.
              setOpen(null);
              void removePlaylist(playlist.id);
            },
          }}
          focus="cancel"
          destructive
          className="playlist-dialog"
        >
          This will remove '{playlist.name}' from Your Library.
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
