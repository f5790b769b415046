import type { SandboxDb } from '../db';
import type { SandboxConfig } from '../env';
import type { AlbumRow, ArtistRow, TrackRow } from './rows';

import { createPeopleBuilders, linkBuilders, type Json } from './people-objects';

/** Markets every sandbox item is available in; the client asks for market=IN. */
const MARKETS = ['IN', 'US', 'GB', 'DE', 'BR', 'JP'];

/**
 * Builders for the provider's object model (simplified and full objects), shared by the
 * core API and playback. The catalogue never changes while the process runs, so artists
 * and albums are cached; the development profile drops the fields the provider removed.
 */
export function createObjectBuilders(db: SandboxDb, config: SandboxConfig) {
  const base = config.publicUrl;
  const dev = config.apiProfile === 'development';
  const q = {
    artist: db.prepare('SELECT * FROM artists WHERE id = ?'),
    album: db.prepare('SELECT * FROM albums WHERE id = ?'),
    track: db.prepare('SELECT * FROM tracks WHERE id = ?'),
    albumArtists: db.prepare('SELECT artist_id FROM album_artists WHERE album_id = ? ORDER BY position'),
    trackArtists: db.prepare('SELECT artist_id FROM track_artists WHERE track_id = ? ORDER BY position'),
  };
  const simplifiedArtists = new Map<string, Json>();
  const simplifiedAlbums = new Map<string, Json>();
  // Credits are read for every track of every page; cached because the catalogue never changes.
  const trackCredits = new Map<string, Json[]>();

  const { href, links, images } = linkBuilders(base);

  function getArtistRow(id: string) {
    return q.artist.get(id) as ArtistRow | undefined;
  }
  function simplifiedArtist(id: string): Json {
    let cached = simplifiedArtists.get(id);
    if (!cached) {
      const row = getArtistRow(id);
      cached = { ...links('artist', id), name: row?.name ?? '' };
      simplifiedArtists.set(id, cached);
    }
    return cached;
  }
  function artistFromRow(row: ArtistRow): Json {
    const object: Json = { ...links('artist', row.id), name: row.name, genres: JSON.parse(row.genres) as string[] };
    object.images = images('artist', row.id, row.has_image, [640, 320, 160]);
    if (!dev) {
      object.followers = { href: null, total: row.followers };
      object.popularity = row.popularity;
    }
    return object;
  }
  function artist(id: string): Json | undefined {
    const row = getArtistRow(id);
    return row && artistFromRow(row);
  }

  function albumArtistIds(id: string) {
    return (q.albumArtists.all(id) as { artist_id: string }[]).map((r) => r.artist_id);
  }
  function albumBase(row: AlbumRow): Json {
    const object: Json = {
      album_type: row.album_type,
      total_tracks: row.total_tracks,
      ...(dev ? {} : { available_markets: MARKETS }),
      ...links('album', row.id),
      images: images('album', row.id, row.has_image, [640, 300, 64]),
      name: row.name,
      release_date: row.release_date,
      release_date_precision: row.release_date_precision,
      artists: albumArtistIds(row.id).map(simplifiedArtist),
    };
    return object;
  }
  function simplifiedAlbum(id: string): Json | undefined {
    let cached = simplifiedAlbums.get(id);
    if (!cached) {
      const row = q.album.get(id) as AlbumRow | undefined;
      if (!row) return undefined;
      cached = albumBase(row);
      simplifiedAlbums.set(id, cached);
    }
    return cached;
  }
  function albumRow(id: string) {
    return q.album.get(id) as AlbumRow | undefined;
  }
  /** The full album, with its first page of simplified tracks supplied by the caller. */
  function fullAlbum(row: AlbumRow, tracks: Json): Json {
    const object: Json = {
      ...albumBase(row),
      tracks,
      copyrights: [{ text: `© ${row.release_date.slice(0, 4)} ${row.label}`, type: 'C' }],
      external_ids: { upc: row.upc },
      genres: [],
    };
    if (!dev) {
      object.label = row.label;
      object.popularity = row.popularity;
    }
    return object;
  }

  function trackArtists(id: string): Json[] {
    let credits = trackCredits.get(id);
    if (!credits) {
      credits = (q.trackArtists.all(id) as { artist_id: string }[]).map((r) => simplifiedArtist(r.artist_id));
      trackCredits.set(id, credits);
    }
    return credits;
  }
  function simplifiedTrackFromRow(row: TrackRow): Json {
    return {
      artists: trackArtists(row.id),
      ...(dev ? {} : { available_markets: MARKETS }),
      disc_number: row.disc_number,
      duration_ms: row.duration_ms,
      explicit: row.explicit === 1,
      ...links('track', row.id),
      is_playable: true,
      is_local: false,
      name: row.name,
      preview_url: null,
      track_number: row.track_number,
    };
  }
  function trackFromRow(row: TrackRow): Json {
    const object: Json = {
      ...simplifiedTrackFromRow(row),
      album: simplifiedAlbum(row.album_id),
      external_ids: { isrc: row.isrc },
    };
    if (!dev) object.popularity = row.popularity;
    return object;
  }
  function trackRow(id: string) {
    return q.track.get(id) as TrackRow | undefined;
  }
  function track(id: string): Json | undefined {
    const row = trackRow(id);
    return row && trackFromRow(row);
  }

  return {
    /** Drops the cached artists and albums (the test-only text hook, sandbox/faults/texts.ts, changes names). */
    forgetCached(): void {
      simplifiedArtists.clear();
      simplifiedAlbums.clear();
      trackCredits.clear();
    },
    href,
    artist,
    artistFromRow,
    getArtistRow,
    simplifiedArtist,
    albumRow,
    simplifiedAlbum,
    fullAlbum,
    trackRow,
    track,
    trackFromRow,
    simplifiedTrackFromRow,
    ...createPeopleBuilders(db, config, { href, links, images, track }),
  };
}

export type ObjectBuilders = ReturnType<typeof createObjectBuilders>;
