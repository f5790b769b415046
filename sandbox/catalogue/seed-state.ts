import { readMeta, USER_STATE_TABLES, writeMeta, type SandboxDb } from '../db';
import type { SandboxConfig } from '../env';
import { generateCatalogue } from './generate';
import { undoPlaylistChanges } from './playlist-changes';
import { between, pick, seededRandom, type Random } from './random';

const DAY = 86_400_000;
const CATALOGUE_TABLES = [
  'artists', 'albums', 'album_artists', 'tracks', 'track_artists', 'users', 'playlists', 'playlist_items',
  'categories', 'category_playlists', 'search_tracks', 'search_artists', 'search_albums', 'search_playlists',
];
/** Secondary indexes, dropped while the catalogue is written and built once afterwards (cheaper than row by row). */
const CATALOGUE_INDEXES: Record<string, string> = {
  albums_by_release: 'albums(release_date DESC)',
  album_artists_by_artist: 'album_artists(artist_id)',
  tracks_by_album: 'tracks(album_id, disc_number, track_number)',
  track_artists_by_artist: 'track_artists(artist_id, position)',
  // Search's exact-name tier, most popular first (lower() as the query writes it, so the index serves it).
  tracks_by_name: 'tracks(lower(name), popularity DESC)',
  albums_by_name: 'albums(lower(name), popularity DESC)',
  artists_by_name: 'artists(lower(name), popularity DESC)',
};
/** Bump when the generator changes, so old data directories are regenerated rather than half-matching. */
const GENERATOR_VERSION = 3;

/**
 * Generates the catalogue on first start (or when seed, size or generator changed) and
 * seeds the accounts' library and history; otherwise leaves the data, and what users did, alone.
 * Returns whether it generated.
 */
export function ensureCatalogue(db: SandboxDb, config: SandboxConfig, now: number): boolean {
  const wanted = `${config.seed}:${config.size}:${GENERATOR_VERSION}`;
  if (readMeta(db, 'catalogue') === wanted) return false;
  // A bigger page cache keeps the random-id B-trees in memory while a large catalogue is written.
  const cacheSize = db.pragma('cache_size', { simple: true }) as number;
  db.pragma('cache_size = -262144');
  db.transaction(() => {
    for (const table of [...CATALOGUE_TABLES, ...USER_STATE_TABLES]) db.exec(`DELETE FROM ${table}`);
    for (const name of Object.keys(CATALOGUE_INDEXES)) db.exec(`DROP INDEX IF EXISTS ${name}`);
    generateCatalogue(db, config.seed, config.size);
    for (const [name, on] of Object.entries(CATALOGUE_INDEXES)) db.exec(`CREATE INDEX ${name} ON ${on}`);
    seedUserState(db, config.seed, now);
    writeMeta(db, 'catalogue', wanted);
  })();
  db.pragma(`cache_size = ${cacheSize}`);
  return true;
}

/** Undoes playlist changes, empties every user's library and history and seeds the accounts' again (POST /__sandbox/reset). */
export function resetUserState(db: SandboxDb, config: SandboxConfig, now: number): void {
  db.transaction(() => {
    undoPlaylistChanges(db);
    for (const table of USER_STATE_TABLES) db.exec(`DELETE FROM ${table}`);
    seedUserState(db, config.seed, now);
  })();
}

function iso(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
}

function sampleIds(random: Random, ids: string[], count: number): string[] {
  const chosen = new Set<string>();
  while (chosen.size < Math.min(count, ids.length)) chosen.add(pick(random, ids));
  return [...chosen];
}

interface Amounts {
  albums: number;
  tracks: number;
  artists: number;
  users: string[];
  playlists: string[];
  plays: number;
}

const AMOUNTS: Record<string, Amounts> = {
  guest: { albums: 30, tracks: 60, artists: 25, users: ['aarav.sharma', 'simran.kaur', 'minjun.kim'], playlists: ['Daily Mix 1', 'Top 50 - Hindi', 'Bollywood Hits'], plays: 120 },
  free: { albums: 5, tracks: 10, artists: 5, users: ['guest'], playlists: ['Top 50 - English'], plays: 20 },
};

/** The accounts' saved albums and tracks, follows and recent plays, dated relative to `now`. */
function seedUserState(db: SandboxDb, seed: number, now: number): void {
  const random = seededRandom(seed ^ 0xacc0);
  const ids = (sql: string) => (db.prepare(sql).all() as { id: string }[]).map((r) => r.id);
  const popularTracks = ids('SELECT id FROM tracks WHERE name <> \'\' ORDER BY popularity DESC, id LIMIT 3000');
  const albums = ids('SELECT id FROM albums ORDER BY popularity DESC, id LIMIT 2000');
  const artists = ids('SELECT id FROM artists ORDER BY id');
  const playlistId = db.prepare('SELECT id FROM playlists WHERE name = ? ORDER BY id LIMIT 1');
  const save = {
    album: db.prepare('INSERT OR IGNORE INTO saved_albums VALUES (?, ?, ?)'),
    track: db.prepare('INSERT OR IGNORE INTO saved_tracks VALUES (?, ?, ?)'),
    artist: db.prepare('INSERT OR IGNORE INTO followed_artists VALUES (?, ?, ?)'),
    user: db.prepare('INSERT OR IGNORE INTO followed_users VALUES (?, ?, ?)'),
    playlist: db.prepare('INSERT OR IGNORE INTO followed_playlists VALUES (?, ?, ?)'),
    play: db.prepare('INSERT INTO recent_plays VALUES (?, ?, ?, ?)'),
  };
  for (const [userId, amounts] of Object.entries(AMOUNTS)) {
    const when = () => iso(now - between(random, 1, 200) * DAY - between(random, 0, DAY));
    for (const id of sampleIds(random, albums, amounts.albums)) save.album.run(userId, id, when());
    for (const id of sampleIds(random, popularTracks, amounts.tracks)) save.track.run(userId, id, when());
    for (const id of sampleIds(random, artists, amounts.artists)) save.artist.run(userId, id, when());
    for (const id of amounts.users) save.user.run(userId, id, when());
    for (const name of amounts.playlists) {
      const row = playlistId.get(name) as { id: string } | undefined;
      if (row) save.playlist.run(userId, row.id, when());
    }
    // Plays come from a small set of favourites, so top tracks and artists have a clear order;
    // the newest three are A, B, A: a track played twice, as the client must de-duplicate.
    const favourites = sampleIds(random, popularTracks, 40);
    let at = now - 60_000;
    const newest = [favourites[0]!, favourites[1]!, favourites[0]!];
    for (const trackId of newest) {
      save.play.run(userId, trackId, iso(at), null);
      at -= between(random, 3, 6) * 60_000;
    }
    for (let i = newest.length; i < amounts.plays; i++) {
      const index = Math.floor(favourites.length * random() ** 2);
      save.play.run(userId, favourites[index]!, iso(at), null);
      at -= between(random, 3, 300) * 60_000;
    }
  }
}
