import { useState } from 'react';
import type { Playlist } from '../../api/types';
import { ConfirmDialog } from '../../components/browse/Dialog';
import { removePlaylist } from '../../stores/my-playlists';
import { PlaylistEditDialog } from './PlaylistEditDialog';
import '../../styles/playlists.css';

/** The actions of a playlist the user owns, under its header: Edit details, and Remove from Your Library (asked first). */
export function OwnerActions({ playlist }: { playlist: Playlist }) {
  const [open, setOpen] = useState<'edit' | 'remove' | null>(null);
  return (
    <div className="playlist-owner-actions">
      <button type="button" className="button button--ghost" onClick={() => setOpen('edit')}>
        Edit details
      </button>
      <button type="button" className="button button--ghost" onClick={() => setOpen('remove')}>
        Remove from Your Library
      </button>
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
          className="playlist-dialog"
        >
          This will remove '{playlist.name}' from Your Library.
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
