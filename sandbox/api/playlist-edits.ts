import type { Context, Hono } from 'hono';
import { createPlaylistChanges, entryKeys } from '../catalogue/playlist-changes';
import type { PlaylistItemRow, PlaylistRow } from '../catalogue/rows';
import type { SandboxEnv } from '../context';
import { ApiFailure } from '../http/errors';
import type { Kit } from './kit';
import { readReorder, rebasedReorder, reorderItems } from './playlist-reorder';

interface PlaylistAccess {
  visible: (c: Context<SandboxEnv>) => PlaylistRow;
  fullPlaylist: (c: Context<SandboxEnv>, row: PlaylistRow) => Record<string, unknown>;
  ownsOrCollaborates: (c: Context<SandboxEnv>, row: PlaylistRow) => boolean;
}

const MAX_URIS = 100;
const TRACK_URI = /^spotify:track:([0-9A-Za-z]{22})$/;

/** The request's JSON object body; none at all is `{}`, anything but an object is a 400. */
async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiFailure(400, 'Error parsing JSON.');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiFailure(400, 'Error parsing JSON.');
  return body as Record<string, unknown>;
}

/**
 * Playlists users make and change, with the provider's rules: create (`POST
 * /me/playlists`), add and remove items, change details, remove from the library; the older
 * `/users/{id}/playlists` and `/tracks` forms answer only in the extended profile. Only the owner
 * (or anyone, on a collaborative playlist) changes items (add, remove, reorder, replace); only the
 * owner changes details. Each change answers a new `snapshot_id`.
 */
export function registerPlaylistEdits(app: Hono<SandboxEnv>, kit: Kit, access: PlaylistAccess): void {
  const { db, o, ctx } = kit;
  const changes = createPlaylistChanges(db);
  const auth = ctx.requireAuth();
  const olderForm = kit.removedInDevelopment(403);
  const now = () => new Date(ctx.now()).toISOString().replace(/\.\d+Z$/, 'Z');

  /** Public playlists need playlist-modify-public, private ones playlist-modify-private. */
  const checkScope = (c: Context<SandboxEnv>, isPublic: boolean) => {
    if (!c.get('token').scopes.has(isPublic ? 'playlist-modify-public' : 'playlist-modify-private')) {
      throw new ApiFailure(403, 'Insufficient client scope');
    }
  };
  const editable = (c: Context<SandboxEnv>, verb: string) => {
    const row = access.visible(c);
    checkScope(c, row.public === 1);
    if (!access.ownsOrCollaborates(c, row)) throw new ApiFailure(403, `You cannot ${verb} a playlist you don't own.`);
    return row;
  };
  const readUris = (list: unknown, field: string): string[] => {
    if (!Array.isArray(list) || list.length === 0) throw new ApiFailure(400, `Missing required field: ${field}`);
    if (list.length > MAX_URIS) throw new ApiFailure(400, `You can add or remove a maximum of ${MAX_URIS} items per request.`);
    return list.map((uri) => {
      const match = typeof uri === 'string' ? TRACK_URI.exec(uri) : null;
      if (!match) throw new ApiFailure(400, `Invalid track uri: ${String(uri).slice(0, 80)}`);
      if (!o.trackRow(match[1]!)) throw new ApiFailure(400, 'Payload contains a non-existing ID');
      return match[1]!;
    });
  };
  const snapshot = (c: Context<SandboxEnv>, id: string, status: 200 | 201) => c.json({ snapshot_id: o.snapshotId(o.playlistRow(id)!) }, status);

  const create = async (c: Context<SandboxEnv>) => {
    const body = await jsonBody(c);
    if (typeof body.name !== 'string' || body.name.trim() === '') throw new ApiFailure(400, 'Missing required field: name');
    if (body.description !== undefined && typeof body.description !== 'string') throw new ApiFailure(400, 'description must be a string');
    const isPublic = body.public !== false;
    checkScope(c, isPublic);
    const id = changes.create({
      name: body.name,
      description: (body.description as string | undefined) ?? '',
      ownerId: c.get('user').id,
      public: isPublic,
      collaborative: body.collaborative === true && !isPublic,
    });
    return c.json(access.fullPlaylist(c, o.playlistRow(id)!), 201);
  };
  app.post('/v1/me/playlists', auth, create);
  app.post('/v1/users/:user_id/playlists', auth, olderForm, (c) => {
    if (c.req.param('user_id') !== c.get('user').id) throw new ApiFailure(403, 'You cannot create a playlist for another user.');
    return create(c);
  });

  const add = async (c: Context<SandboxEnv>) => {
    const row = editable(c, 'add items to');
    const body = await jsonBody(c);
    const query = c.req.query('uris');
    const ids = readUris(query !== undefined ? query.split(',').map((s) => s.trim()) : body.uris, 'uris');
    const rawPosition = c.req.query('position') ?? body.position;
    const userId = c.get('user').id;
    changes.editItems(row.id, (items) => {
      const position = rawPosition === undefined ? items.length : Number(rawPosition);
      if (!Number.isInteger(position) || position < 0 || position > items.length) throw new ApiFailure(400, 'Index out of bounds');
      const added = ids.map((track_id): PlaylistItemRow => ({ playlist_id: row.id, position: 0, track_id, added_at: now(), added_by: userId }));
      return [...items.slice(0, position), ...added, ...items.slice(position)];
    });
    return snapshot(c, row.id, 201);
  };
  const remove = (field: 'items' | 'tracks') => async (c: Context<SandboxEnv>) => {
    const row = editable(c, 'remove items from');
    const list = (await jsonBody(c))[field];
    if (!Array.isArray(list)) throw new ApiFailure(400, `Missing required field: ${field}`);
    const gone = new Set(readUris(list.map((entry: unknown) => (entry as { uri?: unknown } | null)?.uri), field));
    // Removal by uri removes every occurrence, as the provider does.
    changes.editItems(row.id, (items) => items.filter((item) => !item.track_id || !gone.has(item.track_id)));
    return snapshot(c, row.id, 200);
  };
  /**
   * A snapshot_id names the version the client saw: its number, or undefined without one. One
   * this playlist never had (another playlist's, a later one, not ours at all) is 400.
   */
  const checkSnapshot = (row: PlaylistRow, snapshotId: string | undefined): number | undefined => {
    if (snapshotId === undefined) return undefined;
    const [id, version] = Buffer.from(snapshotId, 'base64url').toString().split(':');
    const n = Number(version);
    if (id !== row.id || !Number.isInteger(n) || n < 1 || n > (row.snapshot ?? 1)) throw new ApiFailure(400, 'Invalid snapshot id');
    return n;
  };
  /** PUT: `range_start`/`insert_before`/`range_length` reorder; `uris` (body or query) replaces every entry instead. */
  const reorderOrReplace = async (c: Context<SandboxEnv>) => {
    const row = editable(c, 'reorder items in');
    const body = await jsonBody(c);
    const query = c.req.query('uris');
    const uris = query !== undefined ? query.split(',').map((s) => s.trim()).filter(Boolean) : body.uris;
    if (uris !== undefined) {
      if (body.range_start !== undefined || body.insert_before !== undefined) throw new ApiFailure(400, 'Replace and reorder cannot be combined.');
      // An empty list clears the playlist, as the provider allows.
      const ids = Array.isArray(uris) && uris.length === 0 ? [] : readUris(uris, 'uris');
      const userId = c.get('user').id;
      changes.editItems(row.id, () => ids.map((track_id): PlaylistItemRow => ({ playlist_id: row.id, position: 0, track_id, added_at: now(), added_by: userId })));
      return snapshot(c, row.id, 200);
    }
    const reorder = readReorder(body);
    const seen = checkSnapshot(row, reorder.snapshotId);
    // An older version the client saw (another tab changed the playlist since) is rebased, as the
    // provider does: the entries it named move, wherever they are now. One no longer kept (or never
    // changed here) is applied to the entries as they are.
    const older = seen !== undefined && seen < (row.snapshot ?? 1) ? changes.versionOf(row.id, seen) : undefined;
    changes.editItems(row.id, (items) => (older ? rebasedReorder(older, items, entryKeys(items), reorder) : reorderItems(items, reorder)));
    return snapshot(c, row.id, 200);
  };
  app.post('/v1/playlists/:playlist_id/items', auth, add);
  app.delete('/v1/playlists/:playlist_id/items', auth, remove('items'));
  app.put('/v1/playlists/:playlist_id/items', auth, reorderOrReplace);
  app.post('/v1/playlists/:playlist_id/tracks', auth, olderForm, add);
  app.delete('/v1/playlists/:playlist_id/tracks', auth, olderForm, remove('tracks'));
  app.put('/v1/playlists/:playlist_id/tracks', auth, olderForm, reorderOrReplace);

  app.put('/v1/playlists/:playlist_id', auth, async (c) => {
    const row = access.visible(c);
    checkScope(c, row.public === 1);
    if (row.owner_id !== c.get('user').id) throw new ApiFailure(403, "You cannot change details of a playlist you don't own.");
    const body = await jsonBody(c);
    const text = (key: 'name' | 'description') => {
      const value = body[key];
      if (value === undefined) return undefined;
      if (typeof value !== 'string') throw new ApiFailure(400, `${key} must be a string`);
      return value;
    };
    const flag = (key: 'public' | 'collaborative') => {
      const value = body[key];
      if (value === undefined || value === null) return undefined;
      if (typeof value !== 'boolean') throw new ApiFailure(400, `${key} must be a boolean`);
      return value;
    };
    const name = text('name');
    if (name !== undefined && name.trim() === '') throw new ApiFailure(400, 'name must not be empty');
    // As Spotify answers it (spotify/web-api#1011): a description cannot be emptied.
    const description = text('description');
    if (description === '') throw new ApiFailure(400, 'Attribute description is empty.');
    changes.editDetails(row.id, { name, description, public: flag('public'), collaborative: flag('collaborative') });
    return c.body(null, 200);
  });

  app.put('/v1/playlists/:playlist_id/followers', auth, (c) => {
    const row = access.visible(c);
    checkScope(c, row.public === 1);
    if (row.owner_id === c.get('user').id) changes.rejoinAsOwner(row.id);
    else db.prepare('INSERT OR IGNORE INTO followed_playlists (user_id, playlist_id, followed_at) VALUES (?, ?, ?)').run(c.get('user').id, row.id, now());
    return c.body(null, 200);
  });

  app.delete('/v1/playlists/:playlist_id/followers', auth, (c) => {
    const row = access.visible(c);
    checkScope(c, row.public === 1);
    if (row.owner_id === c.get('user').id) changes.leaveAsOwner(row.id);
    else db.prepare('DELETE FROM followed_playlists WHERE user_id = ? AND playlist_id = ?').run(c.get('user').id, row.id);
    return c.body(null, 200);
  });
}
