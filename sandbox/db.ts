import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export type SandboxDb = Database.Database;

/**
 * Each migration runs once, in order, recorded in `user_version`. Add new
 * ones at the end; never edit one that has shipped, since data dirs outlive code.
 */
const MIGRATIONS: string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

  CREATE TABLE artists (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, followers INTEGER NOT NULL, popularity INTEGER NOT NULL,
    genres TEXT NOT NULL, has_image INTEGER NOT NULL, language TEXT NOT NULL
  );
  CREATE TABLE albums (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, album_type TEXT NOT NULL, release_date TEXT NOT NULL,
    release_date_precision TEXT NOT NULL, total_tracks INTEGER NOT NULL, label TEXT NOT NULL,
    popularity INTEGER NOT NULL, has_image INTEGER NOT NULL, upc TEXT NOT NULL
  );
  CREATE INDEX albums_by_release ON albums(release_date DESC);
  CREATE TABLE album_artists (album_id TEXT NOT NULL, artist_id TEXT NOT NULL, position INTEGER NOT NULL,
    PRIMARY KEY (album_id, position));
  CREATE INDEX album_artists_by_artist ON album_artists(artist_id);
  CREATE TABLE tracks (
    id TEXT PRIMARY KEY, album_id TEXT NOT NULL, name TEXT NOT NULL, track_number INTEGER NOT NULL,
    disc_number INTEGER NOT NULL, duration_ms INTEGER NOT NULL, explicit INTEGER NOT NULL,
    popularity INTEGER NOT NULL, isrc TEXT NOT NULL
  );
  CREATE INDEX tracks_by_album ON tracks(album_id, disc_number, track_number);
  CREATE TABLE track_artists (track_id TEXT NOT NULL, artist_id TEXT NOT NULL, position INTEGER NOT NULL,
    PRIMARY KEY (track_id, position));
  CREATE INDEX track_artists_by_artist ON track_artists(artist_id, position);

  CREATE TABLE users (
    id TEXT PRIMARY KEY, display_name TEXT, email TEXT, password TEXT, product TEXT NOT NULL,
    country TEXT NOT NULL, followers INTEGER NOT NULL, image_count INTEGER NOT NULL
  );
  CREATE TABLE playlists (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, description TEXT NOT NULL, owner_id TEXT NOT NULL,
    public INTEGER NOT NULL, collaborative INTEGER NOT NULL, followers INTEGER NOT NULL,
    has_image INTEGER NOT NULL, featured INTEGER NOT NULL DEFAULT 0, unavailable INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX playlists_by_owner ON playlists(owner_id);
  CREATE TABLE playlist_items (playlist_id TEXT NOT NULL, position INTEGER NOT NULL, track_id TEXT,
    added_at TEXT NOT NULL, added_by TEXT NOT NULL, PRIMARY KEY (playlist_id, position));
  CREATE TABLE categories (id TEXT PRIMARY KEY, name TEXT NOT NULL, position INTEGER NOT NULL, has_icon INTEGER NOT NULL);
  CREATE TABLE category_playlists (category_id TEXT NOT NULL, playlist_id TEXT NOT NULL, position INTEGER NOT NULL,
    PRIMARY KEY (category_id, position));

  CREATE VIRTUAL TABLE search_tracks USING fts5(name, artists, tokenize = 'unicode61 remove_diacritics 2');
  CREATE VIRTUAL TABLE search_artists USING fts5(name, tokenize = 'unicode61 remove_diacritics 2');
  CREATE VIRTUAL TABLE search_albums USING fts5(name, artists, tokenize = 'unicode61 remove_diacritics 2');
  CREATE VIRTUAL TABLE search_playlists USING fts5(name, owner, tokenize = 'unicode61 remove_diacritics 2');

  CREATE TABLE saved_tracks (user_id TEXT NOT NULL, track_id TEXT NOT NULL, added_at TEXT NOT NULL,
    PRIMARY KEY (user_id, track_id));
  CREATE TABLE saved_albums (user_id TEXT NOT NULL, album_id TEXT NOT NULL, added_at TEXT NOT NULL,
    PRIMARY KEY (user_id, album_id));
  CREATE TABLE followed_artists (user_id TEXT NOT NULL, artist_id TEXT NOT NULL, followed_at TEXT NOT NULL,
    PRIMARY KEY (user_id, artist_id));
  CREATE TABLE followed_users (user_id TEXT NOT NULL, target_id TEXT NOT NULL, followed_at TEXT NOT NULL,
    PRIMARY KEY (user_id, target_id));
  CREATE TABLE followed_playlists (user_id TEXT NOT NULL, playlist_id TEXT NOT NULL, followed_at TEXT NOT NULL,
    PRIMARY KEY (user_id, playlist_id));
  CREATE TABLE recent_plays (user_id TEXT NOT NULL, track_id TEXT NOT NULL, played_at TEXT NOT NULL, context_uri TEXT);
  CREATE INDEX recent_plays_by_user ON recent_plays(user_id, played_at DESC);

  CREATE TABLE auth_codes (code TEXT PRIMARY KEY, client_id TEXT NOT NULL, redirect_uri TEXT NOT NULL,
    user_id TEXT NOT NULL, scope TEXT NOT NULL, code_challenge TEXT NOT NULL, expires_at INTEGER NOT NULL,
    used INTEGER NOT NULL DEFAULT 0, consent_at INTEGER NOT NULL);
  CREATE TABLE access_tokens (token TEXT PRIMARY KEY, user_id TEXT NOT NULL, client_id TEXT NOT NULL,
    scope TEXT NOT NULL, expires_at INTEGER NOT NULL);
  CREATE TABLE refresh_tokens (token TEXT PRIMARY KEY, user_id TEXT NOT NULL, client_id TEXT NOT NULL,
    scope TEXT NOT NULL, consent_at INTEGER NOT NULL, revoked INTEGER NOT NULL DEFAULT 0);
  `,
  // The authorization code each token descends from (through every rotation), so a
  // replayed code can revoke them all (RFC 6749 §4.1.2).
  `
  ALTER TABLE access_tokens ADD COLUMN grant_code TEXT;
  ALTER TABLE refresh_tokens ADD COLUMN grant_code TEXT;
  CREATE INDEX access_tokens_by_grant ON access_tokens(grant_code);
  CREATE INDEX refresh_tokens_by_grant ON refresh_tokens(grant_code);
  `,
  // Playlists users make and change: a snapshot number per change, playlists made
  // through the API, an owner who removed their own playlist from the library, and the first
  // state of every seeded playlist a user changed, so a reset can put it back.
  `
  ALTER TABLE playlists ADD COLUMN snapshot INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE playlists ADD COLUMN user_made INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE playlists ADD COLUMN owner_left INTEGER NOT NULL DEFAULT 0;
  CREATE TABLE playlist_backups (playlist_id TEXT PRIMARY KEY, row TEXT NOT NULL, items TEXT NOT NULL);
  `,
  // Search ranked by popularity without sorting every match: tracks, albums and artists are
  // indexed under a rowid that orders them by popularity (sandbox/api/search-ranking.ts), and
  // prefix indexes answer the short prefixes people type. The catalogue is regenerated to fill them.
  `
  DROP TABLE search_tracks;
  DROP TABLE search_artists;
  DROP TABLE search_albums;
  CREATE VIRTUAL TABLE search_tracks USING fts5(name, artists, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
  CREATE VIRTUAL TABLE search_artists USING fts5(name, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
  CREATE VIRTUAL TABLE search_albums USING fts5(name, artists, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
  DELETE FROM meta WHERE key = 'catalogue';
  `,
  // The recent versions of each changed playlist, as its entries' identities in order, so a
  // reorder made against an older snapshot_id is applied as the provider rebases it.
  `
  CREATE TABLE playlist_versions (playlist_id TEXT NOT NULL, snapshot INTEGER NOT NULL, entries TEXT NOT NULL, PRIMARY KEY (playlist_id, snapshot));
  `,
];

/** The tables that hold what users did (as opposed to the generated catalogue); reset empties them. */
export const USER_STATE_TABLES = [
  'saved_tracks',
  'saved_albums',
  'followed_artists',
  'followed_users',
  'followed_playlists',
  'recent_plays',
  'playlist_backups',
  'playlist_versions',
] as const;

/** Opens (creating if needed) the sandbox database in `dataDir`, in WAL mode, migrated to the latest schema. */
export function openDatabase(dataDir: string): SandboxDb {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, 'sandbox.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = OFF');
  migrate(db);
  return db;
}

function migrate(db: SandboxDb): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (let version = current; version < MIGRATIONS.length; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version]!);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}

export function readMeta(db: SandboxDb, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

export function writeMeta(db: SandboxDb, key: string, value: string): void {
  db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, value);
}
