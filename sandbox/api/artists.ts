import type { Hono } from 'hono';
import type { AlbumRow, ArtistRow } from '../catalogue/rows';
import type { SandboxEnv } from '../context';
import { ApiFailure } from '../http/errors';
import { catalogueIdParam, checkMarket, readIds, readLimit, readOffset } from '../http/params';
import type { Kit } from './kit';

const GROUPS = ['album', 'single', 'compilation', 'appears_on'];

/** Artists: one, several, their albums, top tracks and related artists. */
export function registerArtists(app: Hono<SandboxEnv>, kit: Kit): void {
  const { db, o, ctx } = kit;
  const auth = ctx.requireAuth();
  const q = {
    albums: db.prepare(`SELECT a.*, aa.position AS position FROM album_artists aa JOIN albums a ON a.id = aa.album_id
      WHERE aa.artist_id = ? ORDER BY a.release_date DESC, a.id`),
    topTracks: db.prepare(`SELECT t.id FROM track_artists ta JOIN tracks t ON t.id = ta.track_id
      WHERE ta.artist_id = ? AND ta.position = 0 ORDER BY t.popularity DESC, t.id LIMIT 10`),
    related: db.prepare(`SELECT * FROM artists WHERE language = ? AND id <> ?
      ORDER BY abs(popularity - ?), id LIMIT 20`),
  };
  const artistOr404 = (id: string): ArtistRow => o.getArtistRow(id) ?? kit.notFound();

  app.get('/v1/artists', auth, async (c) => {
    const ids = await readIds(c, 50);
    return c.json({ artists: ids.map((id) => o.artist(id) ?? null) });
  });

  app.get('/v1/artists/:id', auth, (c) => c.json(o.artistFromRow(artistOr404(catalogueIdParam(c)))));

  app.get('/v1/artists/:id/albums', auth, (c) => {
    const id = catalogueIdParam(c);
    checkMarket(c);
    const limit = readLimit(c, kit.dev ? 5 : 20, kit.dev ? 10 : 50);
    const offset = readOffset(c);
    const groupsParam = c.req.query('include_groups');
    const groups = groupsParam ? groupsParam.split(',').map((g) => g.trim()) : GROUPS;
    if (groups.some((g) => !GROUPS.includes(g))) throw new ApiFailure(400, 'Invalid include_groups value');
    artistOr404(id);
    const rows = (q.albums.all(id) as (AlbumRow & { position: number })[])
      .map((row) => ({ row, group: row.position === 0 ? row.album_type : 'appears_on' }))
      .filter(({ group }) => groups.includes(group));
    const items = rows.slice(offset, offset + limit).map(({ row, group }) => ({ ...o.simplifiedAlbum(row.id), album_group: group }));
    return c.json(kit.page(c, items, rows.length, limit, offset));
  });

  app.get('/v1/artists/:id/top-tracks', auth, kit.removedInDevelopment(403), (c) => {
    const id = catalogueIdParam(c);
    checkMarket(c);
    artistOr404(id);
    const ids = q.topTracks.all(id) as { id: string }[];
    return c.json({ tracks: ids.map((r) => o.track(r.id)) });
  });

  app.get('/v1/artists/:id/related-artists', auth, kit.removedInDevelopment(404), (c) => {
    const artist = artistOr404(catalogueIdParam(c));
    const rows = q.related.all(artist.language, artist.id, artist.popularity) as ArtistRow[];
    return c.json({ artists: rows.map(o.artistFromRow) });
  });
}
