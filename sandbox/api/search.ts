import type { Statement } from 'better-sqlite3';
import type { Hono } from 'hono';
import type { ArtistRow, PlaylistRow, TrackRow } from '../catalogue/rows';
import { POPULARITY_KEY_SQL, rowidOfKey } from '../catalogue/search-key';
import type { SandboxEnv } from '../context';
import { ApiFailure } from '../http/errors';
import { checkMarket, readLimit, readOffset } from '../http/params';
import type { Kit } from './kit';
import { COUNT_CAP, rankPage, toFtsQuery, toNameStartQuery } from './search-ranking';

const TYPES = ['album', 'artist', 'playlist', 'track', 'show', 'episode', 'audiobook'] as const;
type SearchType = (typeof TYPES)[number];

/** GET /v1/search: FTS5 over names, ranked by sandbox/api/search-ranking.ts (exact, name start, the rest; by popularity). */
export function registerSearch(app: Hono<SandboxEnv>, kit: Kit): void {
  const { db, o, ctx, dev } = kit;
  // In development mode the provider's own playlists are not returned (they would 404 anyway).
  const hideProvider = dev ? "AND p.owner_id <> 'spotify'" : '';
  const keyed = (table: string, fts: string, build: (rowid: number) => unknown) => {
    return {
      exact: db.prepare(`SELECT ${POPULARITY_KEY_SQL} AS key FROM ${table} WHERE lower(name) = lower(?) ORDER BY popularity DESC, rowid LIMIT ?`),
      match: db.prepare(`SELECT rowid AS key FROM ${fts} WHERE ${fts} MATCH ? ORDER BY rowid LIMIT ?`),
      count: db.prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM ${fts} WHERE ${fts} MATCH ? LIMIT ${COUNT_CAP})`),
      item: (key: number) => build(rowidOfKey(key)),
    };
  };
  const rowOf = (table: string) => db.prepare(`SELECT * FROM ${table} WHERE rowid = ?`);
  const trackRow = rowOf('tracks');
  const albumRow = rowOf('albums');
  const artistRow = rowOf('artists');
  const playlistRow = rowOf('playlists');
  // Playlists are few (and their followers change), so they are ranked by a join, not by rowid.
  const playlistFrom = `FROM search_playlists s JOIN playlists p ON p.rowid = s.rowid WHERE search_playlists MATCH ? AND p.public = 1 ${hideProvider}`;
  const searches = {
    track: keyed('tracks', 'search_tracks', (rowid) => o.trackFromRow(trackRow.get(rowid) as TrackRow)),
    album: keyed('albums', 'search_albums', (rowid) => o.simplifiedAlbum((albumRow.get(rowid) as { id: string }).id)),
    artist: keyed('artists', 'search_artists', (rowid) => o.artistFromRow(artistRow.get(rowid) as ArtistRow)),
    playlist: {
      exact: db.prepare(`SELECT p.rowid AS key FROM playlists p WHERE lower(p.name) = lower(?) AND p.public = 1 ${hideProvider} ORDER BY p.followers DESC, p.rowid LIMIT ?`),
      match: db.prepare(`SELECT p.rowid AS key ${playlistFrom} ORDER BY p.followers DESC, p.rowid LIMIT ?`),
      count: db.prepare(`SELECT count(*) AS n ${playlistFrom}`),
      // The provider answers null for a playlist it no longer serves; the client drops those.
      item: (key: number) => {
        const row = playlistRow.get(key) as PlaylistRow;
        return row.unavailable ? null : o.simplifiedPlaylist(row);
      },
    },
  };
  const keys = (statement: Statement, ...args: unknown[]) => (statement.all(...args) as { key: number }[]).map((r) => r.key);

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
    const nameStart = toNameStartQuery(text);
    const result: Record<string, unknown> = {};
    for (const type of new Set(types) as Set<SearchType>) {
      let items: unknown[] = [];
      let total = 0;
      if (query && nameStart && (type === 'track' || type === 'artist' || type === 'album' || type === 'playlist')) {
        const search = searches[type];
        const page = rankPage(
          {
            exact: (limit) => keys(search.exact, text.trim(), limit),
            nameStart: (limit) => keys(search.match, nameStart, limit),
            any: (limit) => keys(search.match, query, limit),
          },
          offset,
          limit,
        );
        total = page.total ?? (search.count.get(query) as { n: number }).n;
        items = page.keys.map((key) => search.item(key));
      }
      result[`${type}s`] = kit.page(c, items, total, limit, offset);
    }
    return c.json(result);
  });
}
