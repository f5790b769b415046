import type { Hono } from 'hono';
import type { CategoryRow, PlaylistRow } from '../catalogue/rows';
import type { SandboxEnv } from '../context';
import { ApiFailure } from '../http/errors';
import { checkMarket, readLimit, readOffset } from '../http/params';
import type { Kit } from './kit';

/**
 * The provider lists only the latest releases, a few hundred at most. Two hundred here,
 * so that the client's own stop at offset 80 (SPEC §4), not the list's end, ends its scroll.
 */
const NEW_RELEASES = 200;

/** Browse: new releases, featured playlists, categories and their playlists (all gone in development mode). */
export function registerBrowse(app: Hono<SandboxEnv>, kit: Kit): void {
  const { db, o, ctx } = kit;
  const auth = ctx.requireAuth();
  const q = {
    newReleases: db.prepare('SELECT id FROM albums ORDER BY release_date DESC, id LIMIT ? OFFSET ?'),
    albumCount: db.prepare('SELECT count(*) AS n FROM albums'),
    featured: db.prepare('SELECT * FROM playlists WHERE featured = 1 ORDER BY followers DESC, id LIMIT ? OFFSET ?'),
    featuredCount: db.prepare('SELECT count(*) AS n FROM playlists WHERE featured = 1'),
    categories: db.prepare('SELECT * FROM categories ORDER BY position LIMIT ? OFFSET ?'),
    categoryCount: db.prepare('SELECT count(*) AS n FROM categories'),
    categoryPlaylists: db.prepare(`SELECT p.* FROM category_playlists cp JOIN playlists p ON p.id = cp.playlist_id
      WHERE cp.category_id = ? ORDER BY cp.position LIMIT ? OFFSET ?`),
    categoryPlaylistCount: db.prepare('SELECT count(*) AS n FROM category_playlists WHERE category_id = ?'),
  };
  const count = (statement: { get: (...args: unknown[]) => unknown }, ...args: unknown[]) => (statement.get(...args) as { n: number }).n;
  const category = (id: string | undefined): CategoryRow => {
    if (!id || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw new ApiFailure(400, 'Invalid category id');
    return o.categoryRow(id) ?? kit.notFound();
  };

  app.get('/v1/browse/new-releases', auth, kit.removedInDevelopment(403), (c) => {
    checkMarket(c);
    const limit = readLimit(c, 20, 50);
    const offset = readOffset(c);
    const total = Math.min(NEW_RELEASES, count(q.albumCount));
    const take = Math.max(0, Math.min(limit, total - offset));
    const ids = q.newReleases.all(take, offset) as { id: string }[];
    return c.json({ albums: kit.page(c, ids.map((r) => o.simplifiedAlbum(r.id)), total, limit, offset) });
  });

  app.get('/v1/browse/featured-playlists', auth, kit.removedInDevelopment(404), (c) => {
    const limit = readLimit(c, 20, 50);
    const offset = readOffset(c);
    const rows = q.featured.all(limit, offset) as PlaylistRow[];
    return c.json({ message: 'Popular Playlists', playlists: kit.page(c, rows.map(o.simplifiedPlaylist), count(q.featuredCount), limit, offset) });
  });

  app.get('/v1/browse/categories', auth, kit.removedInDevelopment(403), (c) => {
    const limit = readLimit(c, 20, 50);
    const offset = readOffset(c);
    const rows = q.categories.all(limit, offset) as CategoryRow[];
    return c.json({ categories: kit.page(c, rows.map(o.categoryFromRow), count(q.categoryCount), limit, offset) });
  });

  app.get('/v1/browse/categories/:category_id', auth, kit.removedInDevelopment(403), (c) =>
    c.json(o.categoryFromRow(category(c.req.param('category_id')))),
  );

  app.get('/v1/browse/categories/:category_id/playlists', auth, kit.removedInDevelopment(404), (c) => {
    checkMarket(c);
    const limit = readLimit(c, 20, 50);
    const offset = readOffset(c);
    const row = category(c.req.param('category_id'));
    const rows = q.categoryPlaylists.all(row.id, limit, offset) as PlaylistRow[];
    return c.json({ message: row.name, playlists: kit.page(c, rows.map(o.simplifiedPlaylist), count(q.categoryPlaylistCount, row.id), limit, offset) });
  });
}
