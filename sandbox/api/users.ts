import type { Context, Hono } from 'hono';
import type { PlaylistRow, UserRow } from '../catalogue/rows';
import type { SandboxEnv } from '../context';
import { ApiFailure } from '../http/errors';
import { readLimit, readOffset } from '../http/params';
import type { Kit } from './kit';

/** Provider user ids are free-form but short; anything else is a 400 rather than a lookup. */
export function isUserId(value: string): boolean {
  return /^[A-Za-z0-9._-]{1,64}$/.test(value);
}

/** Profiles: the signed-in user (/me), other users and their public playlists (gone in development mode). */
export function registerUsers(app: Hono<SandboxEnv>, kit: Kit): void {
  const { db, o, ctx, dev } = kit;
  const q = {
    publicPlaylists: db.prepare('SELECT * FROM playlists WHERE owner_id = ? AND public = 1 AND unavailable = 0 ORDER BY rowid LIMIT ? OFFSET ?'),
    publicCount: db.prepare('SELECT count(*) AS n FROM playlists WHERE owner_id = ? AND public = 1 AND unavailable = 0'),
    // Own and followed playlists, own first (the newest made first); the provider's own are gone for development-mode apps.
    mine: db.prepare(`SELECT p.* FROM playlists p LEFT JOIN followed_playlists f ON f.playlist_id = p.id AND f.user_id = @user
      WHERE ((p.owner_id = @user AND p.owner_left = 0) OR f.user_id IS NOT NULL) AND p.unavailable = 0 AND (@dev = 0 OR p.owner_id <> 'spotify')
      AND (@privateToo = 1 OR p.public = 1 OR p.owner_id <> @user)
      ORDER BY (p.owner_id = @user) DESC, p.user_made DESC, CASE WHEN p.user_made = 1 THEN -p.rowid ELSE p.rowid END LIMIT @limit OFFSET @offset`),
    mineCount: db.prepare(`SELECT count(*) AS n FROM playlists p LEFT JOIN followed_playlists f ON f.playlist_id = p.id AND f.user_id = @user
      WHERE ((p.owner_id = @user AND p.owner_left = 0) OR f.user_id IS NOT NULL) AND p.unavailable = 0 AND (@dev = 0 OR p.owner_id <> 'spotify')
      AND (@privateToo = 1 OR p.public = 1 OR p.owner_id <> @user)`),
  };
  const userOr404 = (c: Context): UserRow => {
    const id = c.req.param('user_id') ?? '';
    if (!isUserId(id)) throw new ApiFailure(400, 'Invalid username');
    return o.userRow(id) ?? kit.notFound();
  };

  app.get('/v1/me', ctx.requireAuth(), (c) => c.json(o.privateUser(c.get('user'), c.get('token').scopes)));

  app.get('/v1/me/playlists', ctx.requireAuth(), (c) => {
    const limit = readLimit(c, 20, 50);
    const offset = readOffset(c);
    const userId = c.get('user').id;
    const privateToo = c.get('token').scopes.has('playlist-read-private') ? 1 : 0;
    const rows = q.mine.all({ user: userId, dev: dev ? 1 : 0, privateToo, limit, offset }) as PlaylistRow[];
    const total = (q.mineCount.get({ user: userId, dev: dev ? 1 : 0, privateToo }) as { n: number }).n;
    return c.json(kit.page(c, rows.map(o.simplifiedPlaylist), total, limit, offset));
  });

  app.get('/v1/users/:user_id', ctx.requireAuth(), kit.removedInDevelopment(403), (c) => c.json(o.publicUser(userOr404(c))));

  app.get('/v1/users/:user_id/playlists', ctx.requireAuth(), kit.removedInDevelopment(403), (c) => {
    const limit = readLimit(c, 20, 50);
    const offset = readOffset(c);
    const user = userOr404(c);
    const rows = q.publicPlaylists.all(user.id, limit, offset) as PlaylistRow[];
    const total = (q.publicCount.get(user.id) as { n: number }).n;
    return c.json(kit.page(c, rows.map(o.simplifiedPlaylist), total, limit, offset));
  });
}
