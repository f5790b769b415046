import type { Context, Hono } from 'hono';
import type { PlaylistItemRow, PlaylistRow } from '../catalogue/rows';
import type { SandboxEnv } from '../context';
import { ApiFailure } from '../http/errors';
import { catalogueIdParam, checkMarket, readLimit, readOffset } from '../http/params';
import type { Kit } from './kit';
import { registerPlaylistEdits } from './playlist-edits';

/**
 * Playlists: the object, its entries under the old name (/tracks, entries carry `track`)
 * and the new one (/items, entries carry `item` and still `track`), per DESIGN §2.
 */
export function registerPlaylists(app: Hono<SandboxEnv>, kit: Kit): void {
  const { db, o, ctx, dev } = kit;
  const auth = ctx.requireAuth();
  const entries = db.prepare('SELECT * FROM playlist_items WHERE playlist_id = ? ORDER BY position LIMIT ? OFFSET ?');
  const isFollower = db.prepare('SELECT 1 FROM followed_playlists WHERE user_id = ? AND playlist_id = ?');

  /** A playlist the caller may see; in development mode the provider's own playlists are gone. */
  const visible = (c: Context<SandboxEnv>): PlaylistRow => {
    const row = o.playlistRow(catalogueIdParam(c, 'playlist_id'));
    if (!row || row.unavailable) return kit.notFound();
    if (dev && row.owner_id === 'spotify') return kit.notFound();
    if (!row.public && row.owner_id !== c.get('user').id && !row.collaborative && !isFollower.get(c.get('user').id, row.id)) {
      return kit.notFound();
    }
    return row;
  };
  const ownsOrCollaborates = (c: Context<SandboxEnv>, row: PlaylistRow) => row.owner_id === c.get('user').id || row.collaborative === 1;
  const entryPage = (c: Context<SandboxEnv>, row: PlaylistRow, limit: number, offset: number, withItem: boolean) => {
    const rows = entries.all(row.id, limit, offset) as PlaylistItemRow[];
    return kit.page(c, rows.map((r) => o.playlistEntry(r, withItem)), o.playlistTotal(row.id), limit, offset);
  };

  /** The full playlist object as GET answers it (and playlist creation, with 201). */
  const fullPlaylist = (c: Context<SandboxEnv>, row: PlaylistRow) => {
    const object = { ...o.simplifiedPlaylist(row), followers: { href: null, total: row.followers } } as Record<string, unknown>;
    const base = `${ctx.config.publicUrl}/v1/playlists/${row.id}`;
    if (dev) {
      // Development mode: `tracks` is renamed `items`, and only the owner or a collaborator sees the entries.
      delete object.items;
      if (ownsOrCollaborates(c, row)) object.items = { ...entryPage(c, row, 100, 0, true), href: `${base}/items?offset=0&limit=100` };
    } else {
      const first = entryPage(c, row, 100, 0, false);
      object.tracks = { ...first, href: `${base}/tracks?offset=0&limit=100`, next: first.next && `${base}/tracks?offset=100&limit=100` };
    }
    return object;
  };

  app.get('/v1/playlists/:playlist_id', auth, (c) => {
    checkMarket(c);
    return c.json(fullPlaylist(c, visible(c)));
  });

  app.get('/v1/playlists/:playlist_id/tracks', auth, kit.removedInDevelopment(404), (c) => {
    checkMarket(c);
    const limit = readLimit(c, 100, 100);
    const offset = readOffset(c);
    return c.json(entryPage(c, visible(c), limit, offset, false));
  });

  app.get('/v1/playlists/:playlist_id/items', auth, (c) => {
    checkMarket(c);
    const limit = readLimit(c, dev ? 20 : 100, dev ? 50 : 100);
    const offset = readOffset(c);
    const row = visible(c);
    if (dev && !ownsOrCollaborates(c, row)) throw new ApiFailure(403, 'Forbidden');
    return c.json(entryPage(c, row, limit, offset, true));
  });

  registerPlaylistEdits(app, kit, { visible, fullPlaylist, ownsOrCollaborates });
}
