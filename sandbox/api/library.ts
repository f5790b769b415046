import type { Context, Hono } from 'hono';
import type { SandboxEnv } from '../context';
import { ApiFailure } from '../http/errors';
import { readIds, readLimit, readOffset } from '../http/params';
import { createPlaylistChanges } from '../catalogue/playlist-changes';
import { isCatalogueId } from '../catalogue/random';
import type { Kit } from './kit';
import { isUserId } from './users';

type Kind = 'album' | 'track' | 'artist' | 'user' | 'playlist';
const TABLES: Record<Kind, { table: string; column: string; at: string }> = {
  album: { table: 'saved_albums', column: 'album_id', at: 'added_at' },
  track: { table: 'saved_tracks', column: 'track_id', at: 'added_at' },
  artist: { table: 'followed_artists', column: 'artist_id', at: 'followed_at' },
  user: { table: 'followed_users', column: 'target_id', at: 'followed_at' },
  playlist: { table: 'followed_playlists', column: 'playlist_id', at: 'followed_at' },
};

/**
 * The user's library: saved albums and tracks, followed artists and users, both through the
 * seed's calls (me/albums, me/tracks, me/following) and the 2026 ones (me/library?uris=).
 */
export function registerLibrary(app: Hono<SandboxEnv>, kit: Kit): void {
  const { db, o, ctx } = kit;
  const read = ctx.requireAuth('user-library-read');
  const modify = ctx.requireAuth('user-library-modify');
  const followRead = ctx.requireAuth('user-follow-read');
  const followModify = ctx.requireAuth('user-follow-modify');
  const gone = kit.removedInDevelopment(403);
  const stmts = Object.fromEntries(
    (Object.keys(TABLES) as Kind[]).map((kind) => {
      const { table, column, at } = TABLES[kind];
      return [kind, {
        add: db.prepare(`INSERT OR IGNORE INTO ${table} (user_id, ${column}, ${at}) VALUES (?, ?, ?)`),
        remove: db.prepare(`DELETE FROM ${table} WHERE user_id = ? AND ${column} = ?`),
        has: db.prepare(`SELECT 1 FROM ${table} WHERE user_id = ? AND ${column} = ?`),
        page: db.prepare(`SELECT ${column} AS id, ${at} AS at FROM ${table} WHERE user_id = ? ORDER BY ${at} DESC, ${column} LIMIT ? OFFSET ?`),
        count: db.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`),
      }];
    }),
  ) as Record<Kind, Record<'add' | 'remove' | 'has' | 'page' | 'count', import('better-sqlite3').Statement>>;
  const now = () => new Date(ctx.now()).toISOString().replace(/\.\d+Z$/, 'Z');
  const playlistChanges = createPlaylistChanges(db);
  const ownershipOf = db.prepare('SELECT owner_id, owner_left FROM playlists WHERE id = ?');
  /** The user's own playlist's row (whether they took it out of their library), else undefined. */
  const ownPlaylist = (userId: string, id: string) => {
    const row = ownershipOf.get(id) as { owner_id: string; owner_left: number } | undefined;
    return row?.owner_id === userId ? row : undefined;
  };
  const apply = (c: Context<SandboxEnv>, kind: Kind, ids: string[], add: boolean) => {
    const userId = c.get('user').id;
    db.transaction(() => {
      for (const id of ids) {
        // A playlist its user owns leaves (and comes back to) their library as DELETE (PUT)
        // playlists/{id}/followers has it leave (come back): as theirs, not as one they follow.
        if (kind === 'playlist' && ownPlaylist(userId, id)) {
          if (add) playlistChanges.rejoinAsOwner(id);
          else playlistChanges.leaveAsOwner(id);
        }
        else if (add) stmts[kind].add.run(userId, id, now());
        else stmts[kind].remove.run(userId, id);
      }
    })();
  };
  // A playlist its user owns is in their library until they take it out (owner_left), not as a follow.
  const has = (userId: string, kind: Kind, id: string) => {
    const own = kind === 'playlist' ? ownPlaylist(userId, id) : undefined;
    return own ? own.owner_left === 0 : !!stmts[kind].has.get(userId, id);
  };
  const contains = (c: Context<SandboxEnv>, kind: Kind, ids: string[]) => ids.map((id) => has(c.get('user').id, kind, id));
  const saved = (c: Context<SandboxEnv>, kind: 'album' | 'track') => {
    const limit = readLimit(c, 20, 50);
    const offset = readOffset(c);
    const userId = c.get('user').id;
    const rows = stmts[kind].page.all(userId, limit, offset) as { id: string; at: string }[];
    const items = rows.map((r) =>
      kind === 'track' ? { added_at: r.at, track: o.track(r.id) } : { added_at: r.at, album: fullAlbum(r.id) },
    );
    return c.json(kit.page(c, items, (stmts[kind].count.get(userId) as { n: number }).n, limit, offset));
  };
  const tracksOf = db.prepare('SELECT * FROM tracks WHERE album_id = ? ORDER BY disc_number, track_number LIMIT 50');
  const fullAlbum = (id: string) => {
    const row = o.albumRow(id)!;
    const tracks = (tracksOf.all(id) as Parameters<typeof o.simplifiedTrackFromRow>[0][]).map(o.simplifiedTrackFromRow);
    const href = `${ctx.config.publicUrl}/v1/albums/${id}/tracks?offset=0&limit=50`;
    return o.fullAlbum(row, { href, items: tracks, limit: 50, next: null, offset: 0, previous: null, total: row.total_tracks });
  };

  for (const kind of ['album', 'track'] as const) {
    const path = `/v1/me/${kind}s`;
    const max = kind === 'album' ? 20 : 50;
    app.get(path, read, (c) => saved(c, kind));
    app.get(`${path}/contains`, read, gone, async (c) => c.json(contains(c, kind, await readIds(c, max))));
    app.put(path, modify, gone, async (c) => {
      const ids = await readIds(c, max, true);
      const exists = kind === 'album' ? o.albumRow : o.trackRow;
      if (ids.some((id) => !exists(id))) throw new ApiFailure(404, 'Resource not found');
      apply(c, kind, ids, true);
      return c.body(null, 200);
    });
    app.delete(path, modify, gone, async (c) => {
      apply(c, kind, await readIds(c, max, true), false);
      return c.body(null, 200);
    });
  }

  const followType = (c: Context): 'artist' | 'user' => {
    const type = c.req.query('type');
    if (type !== 'artist' && type !== 'user') throw new ApiFailure(400, 'type must be artist or user');
    return type;
  };
  const followIds = async (c: Context, type: 'artist' | 'user', fromBody: boolean) => {
    if (type === 'artist') return readIds(c, 50, fromBody);
    const raw = c.req.query('ids') ?? '';
    const ids = raw.split(',').map((s) => s.trim()).filter(Boolean);
    if (ids.length === 0) throw new ApiFailure(400, 'Missing required parameter: ids');
    if (ids.length > 50) throw new ApiFailure(400, 'Too many ids requested');
    if (ids.some((id) => !isUserId(id))) throw new ApiFailure(400, 'Invalid user id');
    return ids;
  };

  app.get('/v1/me/following', followRead, (c) => {
    if (c.req.query('type') !== 'artist') throw new ApiFailure(400, 'Only type=artist is supported');
    const limit = readLimit(c, 20, 50);
    const after = c.req.query('after');
    if (after !== undefined && !isCatalogueId(after)) throw new ApiFailure(400, 'Invalid after cursor');
    const userId = c.get('user').id;
    const all = db.prepare('SELECT artist_id AS id FROM followed_artists WHERE user_id = ? ORDER BY id').all(userId) as { id: string }[];
    const start = after ? all.findIndex((r) => r.id > after) : 0;
    const slice = start < 0 ? [] : all.slice(start, start + limit);
    const last = slice.at(-1)?.id ?? null;
    const base = `${ctx.config.publicUrl}/v1/me/following?type=artist`;
    const more = last !== null && all.at(-1)?.id !== last;
    return c.json({
      artists: {
        href: `${base}&limit=${limit}${after ? `&after=${after}` : ''}`,
        items: slice.map((r) => o.artist(r.id)),
        limit,
        next: more ? `${base}&after=${last}&limit=${limit}` : null,
        cursors: { after: more ? last : null },
        total: all.length,
      },
    });
  });
  app.get('/v1/me/following/contains', followRead, gone, async (c) => {
    const type = followType(c);
    return c.json(contains(c, type, await followIds(c, type, false)));
  });
  for (const method of ['put', 'delete'] as const) {
    app[method]('/v1/me/following', followModify, gone, async (c) => {
      const type = followType(c);
      const ids = await followIds(c, type, true);
      if (method === 'put' && ids.some((id) => !(type === 'artist' ? o.getArtistRow(id) : o.userRow(id)))) kit.notFound();
      apply(c, type, ids, method === 'put');
      return c.body(null, 204);
    });
  }

  registerLibraryUris(app, kit, { apply, contains, read });
}

interface LibraryOps {
  apply: (c: Context<SandboxEnv>, kind: Kind, ids: string[], add: boolean) => void;
  contains: (c: Context<SandboxEnv>, kind: Kind, ids: string[]) => boolean[];
  read: ReturnType<Kit['ctx']['requireAuth']>;
}

/** PUT/DELETE /me/library?uris= and GET /me/library/contains?uris= (at most 40 URIs, in the query string). */
function registerLibraryUris(app: Hono<SandboxEnv>, kit: Kit, ops: LibraryOps): void {
  const parse = (c: Context<SandboxEnv>) => {
    const raw = c.req.query('uris');
    if (!raw) throw new ApiFailure(400, 'Missing required parameter: uris');
    const uris = raw.split(',').map((s) => s.trim());
    if (uris.length > 40) throw new ApiFailure(400, 'Too many uris requested');
    return uris.map((uri) => {
      const match = /^spotify:(track|album|artist|user|playlist):([A-Za-z0-9._-]{1,64})$/.exec(uri);
      if (!match) throw new ApiFailure(400, `Invalid uri: ${uri.slice(0, 80)}`);
      const kind = match[1] as Kind;
      if (kind !== 'user' && !isCatalogueId(match[2]!)) throw new ApiFailure(400, `Invalid base62 id`);
      return { kind, id: match[2]! };
    });
  };
  const scopesFor = (c: Context<SandboxEnv>, items: { kind: Kind }[]) => {
    const scopes = c.get('token').scopes;
    for (const { kind } of items) {
      const needed = kind === 'artist' || kind === 'user' ? 'user-follow-modify' : kind === 'playlist' ? 'playlist-modify-public' : 'user-library-modify';
      if (!scopes.has(needed) && !(kind === 'playlist' && scopes.has('user-library-modify'))) throw new ApiFailure(403, 'Insufficient client scope');
    }
  };
  for (const method of ['put', 'delete'] as const) {
    app[method]('/v1/me/library', kit.ctx.requireAuth(), (c) => {
      const items = parse(c);
      scopesFor(c, items);
      for (const { kind, id } of items) ops.apply(c, kind, [id], method === 'put');
      return c.body(null, 200);
    });
  }
  app.get('/v1/me/library/contains', ops.read, (c) => c.json(parse(c).map(({ kind, id }) => ops.contains(c, kind, [id])[0])));
}
