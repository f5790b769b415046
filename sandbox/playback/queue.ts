import type { SandboxContext } from '../context';
import type { QueueTrack } from './player-state';

/**
 * Turns what PUT me/player/play names (a context URI, a list of track URIs)
 * into the tracks to queue, from the catalogue in SQLite.
 */

export type ContextKind = 'album' | 'playlist' | 'artist';

const CONTEXT_URI = /^spotify:(album|playlist|artist):([A-Za-z0-9]+)$/;
const TRACK_URI = /^spotify:track:([A-Za-z0-9]+)$/;
/** How many top tracks an artist context plays, as GET artists/{id}/top-tracks returns. */
const ARTIST_TOP_TRACKS = 10;

export function parseContextUri(uri: string): { kind: ContextKind; id: string } | null {
  const match = CONTEXT_URI.exec(uri);
  return match ? { kind: match[1] as ContextKind, id: match[2] as string } : null;
}

export function parseTrackUri(uri: string): string | null {
  return TRACK_URI.exec(uri)?.[1] ?? null;
}

export function createQueueSource(ctx: SandboxContext) {
  const q = {
    albumTracks: ctx.db.prepare(
      'SELECT id, duration_ms FROM tracks WHERE album_id = ? ORDER BY disc_number, track_number',
    ),
    // Playlist entries whose track is missing or nameless cannot be played; the provider skips them.
    playlistTracks: ctx.db.prepare(
      `SELECT t.id, t.duration_ms FROM playlist_items p JOIN tracks t ON t.id = p.track_id
       WHERE p.playlist_id = ? AND t.name <> '' ORDER BY p.position`,
    ),
    // The same list as GET artists/{id}/top-tracks: tracks where the artist is the main artist.
    artistTopTracks: ctx.db.prepare(
      `SELECT t.id, t.duration_ms FROM track_artists a JOIN tracks t ON t.id = a.track_id
       WHERE a.artist_id = ? AND a.position = 0 ORDER BY t.popularity DESC, t.id LIMIT ${ARTIST_TOP_TRACKS}`,
    ),
    track: ctx.db.prepare('SELECT id, duration_ms FROM tracks WHERE id = ?'),
  };
  type Row = { id: string; duration_ms: number };
  const toQueue = (rows: Row[]): QueueTrack[] =>
    rows.map((row) => ({ id: row.id, uri: `spotify:track:${row.id}`, durationMs: row.duration_ms }));

  return {
    /** The context's playable tracks in order, or null when the context does not exist. */
    contextTracks(uri: string): QueueTrack[] | null {
      const parsed = parseContextUri(uri);
      if (!parsed) return null;
      if (parsed.kind === 'album') {
        if (!ctx.objects.albumRow(parsed.id)) return null;
        return toQueue(q.albumTracks.all(parsed.id) as Row[]);
      }
      if (parsed.kind === 'playlist') {
        if (!ctx.objects.playlistRow(parsed.id)) return null;
        return toQueue(q.playlistTracks.all(parsed.id) as Row[]);
      }
      if (!ctx.objects.getArtistRow(parsed.id)) return null;
      return toQueue(q.artistTopTracks.all(parsed.id) as Row[]);
    },
    /** One track by id, or null. */
    track(id: string): QueueTrack | null {
      const row = q.track.get(id) as Row | undefined;
      return row ? toQueue([row])[0] ?? null : null;
    },
  };
}

export type QueueSource = ReturnType<typeof createQueueSource>;
