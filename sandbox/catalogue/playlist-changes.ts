import { randomBytes } from 'node:crypto';
import type { SandboxDb } from '../db';
import type { PlaylistItemRow, PlaylistRow } from './rows';

/**
 * The identity of each entry, in order: its track, when and by whom it was added, and which of
 * the entries alike it is (a track added twice in one second). Stable through reorders, which is
 * what a version of the playlist is remembered by (playlist-changes.ts).
 */
export function entryKeys(items: readonly { track_id: string | null; added_at: string; added_by: string }[]): string[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const base = `${item.track_id ?? ''}|${item.added_at}|${item.added_by}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return `${base}|${n}`;
  });
}

/** How many versions of a playlist are kept for reorders made against an older one. */
const VERSIONS_KEPT = 50;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A new playlist id, 22 base62 characters like the catalogue's (random: user-made playlists are not part of the seed). */
export function newPlaylistId(): string {
  return [...randomBytes(22)].map((byte) => BASE62[byte % 62]).join('');
}

export interface NewPlaylist {
  name: string;
  description: string;
  ownerId: string;
  public: boolean;
  collaborative: boolean;
}

/**
 * Every write to playlists goes through here, so that each change bumps the snapshot and a
 * seeded playlist's first state is kept (playlist_backups) for POST /__sandbox/reset to restore.
 */
export function createPlaylistChanges(db: SandboxDb) {
  const q = {
    row: db.prepare('SELECT * FROM playlists WHERE id = ?'),
    items: db.prepare('SELECT * FROM playlist_items WHERE playlist_id = ? ORDER BY position'),
    backup: db.prepare('INSERT OR IGNORE INTO playlist_backups (playlist_id, row, items) VALUES (?, ?, ?)'),
    clearItems: db.prepare('DELETE FROM playlist_items WHERE playlist_id = ?'),
    insertItem: db.prepare('INSERT INTO playlist_items (playlist_id, position, track_id, added_at, added_by) VALUES (?, ?, ?, ?, ?)'),
    bump: db.prepare('UPDATE playlists SET snapshot = snapshot + 1 WHERE id = ?'),
    details: db.prepare(`UPDATE playlists SET name = coalesce(@name, name), description = coalesce(@description, description),
      public = coalesce(@public, public), collaborative = coalesce(@collaborative, collaborative) WHERE id = @id`),
    ownerLeft: db.prepare('UPDATE playlists SET owner_left = 1 WHERE id = ?'),
    ownerBack: db.prepare('UPDATE playlists SET owner_left = 0 WHERE id = ?'),
    insert: db.prepare(`INSERT INTO playlists (id, name, description, owner_id, public, collaborative, followers, has_image, user_made)
      VALUES (?, ?, ?, ?, ?, ?, 0, 0, 1)`),
    keepVersion: db.prepare('INSERT OR IGNORE INTO playlist_versions (playlist_id, snapshot, entries) VALUES (?, ?, ?)'),
    dropOldVersions: db.prepare('DELETE FROM playlist_versions WHERE playlist_id = ? AND snapshot <= ?'),
    version: db.prepare('SELECT entries FROM playlist_versions WHERE playlist_id = ? AND snapshot = ?'),
  };
  /** The playlist's version as it stands (its snapshot number, its entries' identities), kept once. */
  const keepVersion = (id: string) => {
    const row = q.row.get(id) as PlaylistRow | undefined;
    if (!row) return;
    const snapshot = row.snapshot ?? 1;
    q.keepVersion.run(id, snapshot, JSON.stringify(entryKeys(q.items.all(id) as PlaylistItemRow[])));
    q.dropOldVersions.run(id, snapshot - VERSIONS_KEPT);
  };
  const keepFirstState = (id: string) => {
    const row = q.row.get(id) as PlaylistRow | undefined;
    if (row && !row.user_made) q.backup.run(id, JSON.stringify(row), JSON.stringify(q.items.all(id)));
  };
  const change = <T>(id: string, work: () => T): T =>
    db.transaction(() => {
      keepFirstState(id);
      // The version before and the one after: a reorder may name either by its snapshot_id.
      keepVersion(id);
      const result = work();
      q.bump.run(id);
      keepVersion(id);
      return result;
    })();

  return {
    create(playlist: NewPlaylist): string {
      const id = newPlaylistId();
      q.insert.run(id, playlist.name, playlist.description, playlist.ownerId, playlist.public ? 1 : 0, playlist.collaborative ? 1 : 0);
      return id;
    },
    /** Replaces the entries with what `edit` makes of them (playlists are small; positions stay 0..n-1). */
    editItems(id: string, edit: (items: PlaylistItemRow[]) => PlaylistItemRow[]): void {
      change(id, () => {
        const next = edit(q.items.all(id) as PlaylistItemRow[]);
        q.clearItems.run(id);
        next.forEach((item, position) => q.insertItem.run(id, position, item.track_id, item.added_at, item.added_by));
      });
    },
    editDetails(id: string, details: { name?: string; description?: string; public?: boolean; collaborative?: boolean }): void {
      const flag = (value?: boolean) => (value === undefined ? null : value ? 1 : 0);
      change(id, () =>
        q.details.run({ id, name: details.name ?? null, description: details.description ?? null, public: flag(details.public), collaborative: flag(details.collaborative) }),
      );
    },
    /** A version of the playlist kept since its changes began (its entries' identities in order), or undefined. */
    versionOf(id: string, snapshot: number): string[] | undefined {
      const kept = q.version.get(id, snapshot) as { entries: string } | undefined;
      return kept ? (JSON.parse(kept.entries) as string[]) : undefined;
    },
    /** The owner removes their own playlist from the library: it stays (others may follow it) but leaves /me/playlists. */
    leaveAsOwner(id: string): void {
      change(id, () => q.ownerLeft.run(id));
    },
    /** The owner saves their own playlist to the library again: back in /me/playlists, as theirs. */
    rejoinAsOwner(id: string): void {
      change(id, () => q.ownerBack.run(id));
    },
  };
}

/** Deletes user-made playlists and puts every changed seeded playlist back as it was (part of the reset). */
export function undoPlaylistChanges(db: SandboxDb): void {
  db.exec('DELETE FROM playlist_items WHERE playlist_id IN (SELECT id FROM playlists WHERE user_made = 1)');
  db.exec('DELETE FROM playlists WHERE user_made = 1');
  const backups = db.prepare('SELECT * FROM playlist_backups').all() as { playlist_id: string; row: string; items: string }[];
  const restoreRow = db.prepare(`UPDATE playlists SET name = @name, description = @description, public = @public,
    collaborative = @collaborative, snapshot = @snapshot, owner_left = @owner_left WHERE id = @id`);
  const insertItem = db.prepare('INSERT INTO playlist_items (playlist_id, position, track_id, added_at, added_by) VALUES (?, ?, ?, ?, ?)');
  for (const backup of backups) {
    const row = JSON.parse(backup.row) as PlaylistRow;
    restoreRow.run({ ...row, snapshot: row.snapshot ?? 1, owner_left: row.owner_left ?? 0 });
    db.prepare('DELETE FROM playlist_items WHERE playlist_id = ?').run(backup.playlist_id);
    for (const item of JSON.parse(backup.items) as PlaylistItemRow[]) {
      insertItem.run(item.playlist_id, item.position, item.track_id, item.added_at, item.added_by);
    }
  }
  db.exec('DELETE FROM playlist_backups');
}
