import type { SandboxDb } from '../db';
import type { SandboxConfig } from '../env';
import type { CategoryRow, PlaylistItemRow, PlaylistRow, UserRow } from './rows';

export type Json = Record<string, unknown>;
type ImageKind = 'album' | 'artist' | 'playlist' | 'category' | 'user';

/** href, external_urls, id, type and uri as the provider writes them, and image lists on the public URL. */
export function linkBuilders(base: string) {
  const href = (path: string) => `${base}/v1/${path}`;
  const links = (kind: string, id: string) => ({
    external_urls: { spotify: `${base}/open/${kind}/${id}` },
    href: href(`${kind === 'user' ? 'users' : `${kind}s`}/${id}`),
    id,
    type: kind,
    uri: `spotify:${kind}:${id}`,
  });
  const images = (kind: ImageKind, id: string, present: number, sizes: number[]) =>
    present ? sizes.map((size) => ({ url: `${base}/img/${kind}/${id}.svg`, height: size, width: size })) : [];
  return { href, links, images };
}

interface Shared extends ReturnType<typeof linkBuilders> {
  track: (id: string) => Json | undefined;
}

/** Users, playlists (and their entries) and categories; the development profile drops the removed fields. */
export function createPeopleBuilders(db: SandboxDb, config: SandboxConfig, { href, links, images, track }: Shared) {
  const base = config.publicUrl;
  const dev = config.apiProfile === 'development';
  const q = {
    user: db.prepare('SELECT * FROM users WHERE id = ?'),
    playlist: db.prepare('SELECT * FROM playlists WHERE id = ?'),
    category: db.prepare('SELECT * FROM categories WHERE id = ?'),
    playlistTotal: db.prepare('SELECT count(*) AS n FROM playlist_items WHERE playlist_id = ?'),
  };

  function userRow(id: string) {
    return q.user.get(id) as UserRow | undefined;
  }
  function userImages(row: UserRow) {
    // Two images, as the provider gives: the client shows image 0 on the own profile, image 1 elsewhere.
    return row.image_count > 0 ? images('user', row.id, 1, [64, 300]) : [];
  }
  function publicUser(row: UserRow): Json {
    const object: Json = { display_name: row.display_name, ...links('user', row.id), images: userImages(row) };
    if (!dev) object.followers = { href: null, total: row.followers };
    return object;
  }
  function privateUser(row: UserRow, scopes: Set<string>): Json {
    const object: Json = { ...publicUser(row) };
    if (dev) return object;
    if (scopes.has('user-read-email')) object.email = row.email ?? '';
    if (scopes.has('user-read-private')) {
      object.country = row.country;
      object.product = row.product;
      object.explicit_content = { filter_enabled: false, filter_locked: false };
    }
    return object;
  }
  function playlistOwner(ownerId: string): Json {
    const row = userRow(ownerId);
    return { ...links('user', ownerId), display_name: row?.display_name ?? null };
  }

  function playlistRow(id: string) {
    return q.playlist.get(id) as PlaylistRow | undefined;
  }
  function playlistTotal(id: string) {
    return (q.playlistTotal.get(id) as { n: number }).n;
  }
  /** Opaque to clients; a new one after every change (playlist-changes.ts bumps the number). */
  function snapshotId(row: PlaylistRow) {
    return Buffer.from(`${row.id}:${row.snapshot ?? 1}`).toString('base64url');
  }
  function simplifiedPlaylist(row: PlaylistRow): Json {
    const ref = { href: href(`playlists/${row.id}/${dev ? 'items' : 'tracks'}`), total: playlistTotal(row.id) };
    return {
      collaborative: row.collaborative === 1,
      description: row.description,
      ...links('playlist', row.id),
      images: images('playlist', row.id, row.has_image, [640]),
      name: row.name,
      owner: playlistOwner(row.owner_id),
      public: row.public === 1,
      snapshot_id: snapshotId(row),
      [dev ? 'items' : 'tracks']: ref,
    };
  }
  /** One playlist entry; `withItem` adds the development profile's `item` beside the old `track`. */
  function playlistEntry(row: PlaylistItemRow, withItem: boolean): Json {
    const entry: Json = {
      added_at: row.added_at,
      added_by: links('user', row.added_by),
      is_local: false,
      track: row.track_id ? (track(row.track_id) ?? null) : null,
    };
    if (withItem) entry.item = entry.track;
    return entry;
  }

  function categoryFromRow(row: CategoryRow): Json {
    return {
      href: href(`browse/categories/${row.id}`),
      icons: row.has_icon ? [{ url: `${base}/img/category/${row.id}.svg`, height: 274, width: 274 }] : [],
      id: row.id,
      name: row.name,
    };
  }
  function categoryRow(id: string) {
    return q.category.get(id) as CategoryRow | undefined;
  }

  return {
    userRow,
    publicUser,
    privateUser,
    playlistRow,
    simplifiedPlaylist,
    playlistEntry,
    playlistTotal,
    snapshotId,
    categoryRow,
    categoryFromRow,
  };
}
