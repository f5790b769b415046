import type { Hono } from 'hono';
import type { ArtistRow, PlaylistRow } from '../catalogue/rows';
import type { SandboxEnv } from '../context';
import { ApiFailure } from '../http/errors';
import { checkMarket, readLimit, readOffset } from '../http/params';
import type { Kit } from './kit';

const TYPES = ['album', 'artist', 'playlist', 'track', 'show', 'episode', 'audiobook'] as const;
type SearchType = (typeof TYPES)[number];
/** Field filters people type (artist:Name); the words after them still count, the filter names do not. */
const FIELD_FILTER = /\b(artist|album|track|year|genre|tag|isrc|upc|playlist):/giu;

/**
 * Turns free text into a safe FTS5 query: only letters, marks and digits survive (so quotes,
 * operators and emoji cannot break the syntax), every word must match, the last as a prefix.
 */
export function toFtsQuery(text: string): string | null {
  const words = text.normalize('NFKC').replace(FIELD_FILTER, ' ').toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const used = words.slice(0, 12);
  if (used.length === 0) return null;
  return used.map((word, i) => `"${word}"${i === used.length - 1 ? '*' : ''}`).join(' ');
}

/** GET /v1/search: FTS5 over names, ranked by relevance weighted by popularity. */
export function registerSearch(app: Hono<SandboxEnv>, kit: Kit): void {
  const { db, o, ctx, dev } = kit;
  // In development mode the provider's own playlists are not returned (they would 404 anyway).
  const hideProvider = dev ? "AND p.owner_id <> 'spotify'" : '';
  const sql = {
    track: {
      rows: `SELECT t.id FROM search_tracks s JOIN tracks t ON t.rowid = s.rowid WHERE search_tracks MATCH ?
        ORDER BY bm25(search_tracks, 10.0, 1.0) * (1 + t.popularity / 100.0) LIMIT ? OFFSET ?`,
      count: 'SELECT count(*) AS n FROM search_tracks WHERE search_tracks MATCH ?',
    },
    artist: {
      rows: `SELECT a.* FROM search_artists s JOIN artists a ON a.rowid = s.rowid WHERE search_artists MATCH ?
        ORDER BY (lower(a.name) = lower(?)) DESC, s.rank * (1 + a.popularity / 100.0) LIMIT ? OFFSET ?`,
      count: 'SELECT count(*) AS n FROM search_artists WHERE search_artists MATCH ?',
    },
    album: {
      rows: `SELECT a.id FROM search_albums s JOIN albums a ON a.rowid = s.rowid WHERE search_albums MATCH ?
        ORDER BY (lower(a.name) = lower(?)) DESC, s.rank * (1 + a.popularity / 100.0) LIMIT ? OFFSET ?`,
      count: 'SELECT count(*) AS n FROM search_albums WHERE search_albums MATCH ?',
    },
    playlist: {
      rows: `SELECT p.* FROM search_playlists s JOIN playlists p ON p.rowid = s.rowid WHERE search_playlists MATCH ? AND p.public = 1 ${hideProvider}
        ORDER BY (lower(p.name) = lower(?)) DESC, s.rank * (1 + log(p.followers + 1) / 15.0) LIMIT ? OFFSET ?`,
      count: `SELECT count(*) AS n FROM search_playlists s JOIN playlists p ON p.rowid = s.rowid WHERE search_playlists MATCH ? AND p.public = 1 ${hideProvider}`,
    },
  };
  const statements = Object.fromEntries(
    Object.entries(sql).map(([type, s]) => [type, { rows: db.prepare(s.rows), count: db.prepare(s.count) }]),
  ) as Record<keyof typeof sql, { rows: import('better-sqlite3').Statement; count: import('better-sqlite3').Statement }>;

  const toItem = {
    track: (row: { id: string }) => o.track(row.id),
    artist: (row: ArtistRow) => o.artistFromRow(row),
    album: (row: { id: string }) => o.simplifiedAlbum(row.id),
    // The provider answers null for a playlist it no longer serves; the client drops those.
    playlist: (row: PlaylistRow) => (row.unavailable ? null : o.simplifiedPlaylist(row)),
  };

  app.get('/v1/search', ctx.requireAuth(), (c) => {
    const text = c.req.query('q');
    if (text === undefined || text.trim() === '') throw new ApiFailure(400, 'No search query');
    const typeParam = c.req.query('type');
    if (!typeParam) throw new ApiFailure(400, 'Missing parameter type');
    const types = typeParam.split(',').map((t) => t.trim());
    if (types.some((t) => !(TYPES as readonly string[]).includes(t))) throw new ApiFailure(400, 'Bad search type field');
    checkMarket(c);
    const limit = readLimit(c, dev ? 5 : 20, dev ? 10 : 50);
    const offset = readOffset(c, 1000);
    const query = toFtsQuery(text);
    const result: Record<string, unknown> = {};
    for (const type of new Set(types) as Set<SearchType>) {
      let items: unknown[] = [];
      let total = 0;
      if (query && (type === 'track' || type === 'artist' || type === 'album' || type === 'playlist')) {
        total = (statements[type].count.get(query) as { n: number }).n;
        // An exact name match comes first, as people expect when they type a whole name. Tracks are
        // too many to compare every match (the cost at the large size doubles); there a match in the
        // name weighs ten times one in the artists, which puts exact names near the top anyway.
        const args = type === 'track' ? [query, limit, offset] : [query, text.trim(), limit, offset];
        const rows = statements[type].rows.all(...args) as never[];
        items = rows.map((row) => toItem[type](row));
      }
      result[`${type}s`] = kit.page(c, items, total, limit, offset);
    }
    return c.json(result);
  });
}
