import { useState } from 'react';
import type { Playlist } from '../../api/types';
import { Dialog } from '../../components/browse/Dialog';
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
        <Dialog title="Remove from Your Library?" id="playlist-remove-title" onClose={() => setOpen(null)} className="playlist-dialog">
          <p>This will remove '{playlist.name}' from Your Library.</p>
          <div className="playlist-dialog__actions">
            <button type="button" className="button button--ghost" onClick={() => setOpen(null)} autoFocus>
              Cancel
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                // At once: the library opens without it; a refusal puts it back there.
                setOpen(null);
                void removePlaylist(playlist.id);
              }}
            >
              Remove
            </button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
