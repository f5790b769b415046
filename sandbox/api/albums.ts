import type { Context, Hono } from 'hono';
import type { TrackRow } from '../catalogue/rows';
import type { SandboxEnv } from '../context';
import { catalogueIdParam, checkMarket, readIds, readLimit, readOffset } from '../http/params';
import type { Kit } from './kit';

/** Albums and tracks from the catalogue: one, several, an album's tracks. */
export function registerAlbumsAndTracks(app: Hono<SandboxEnv>, kit: Kit): void {
  const { db, o, ctx } = kit;
  const auth = ctx.requireAuth();
  const q = {
    tracks: db.prepare('SELECT * FROM tracks WHERE album_id = ? ORDER BY disc_number, track_number LIMIT ? OFFSET ?'),
  };
  const albumTracks = (c: Context, id: string, total: number, limit: number, offset: number) =>
    kit.page(c, (q.tracks.all(id, limit, offset) as TrackRow[]).map(o.simplifiedTrackFromRow), total, limit, offset);

  app.get('/v1/albums', auth, async (c) => {
    checkMarket(c);
    const ids = await readIds(c, 20);
    return c.json({
      albums: ids.map((id) => {
        const row = o.albumRow(id);
        return row ? o.fullAlbum(row, albumTracks(c, id, row.total_tracks, 50, 0)) : null;
      }),
    });
  });

  app.get('/v1/albums/:id', auth, (c) => {
    const id = catalogueIdParam(c);
    checkMarket(c);
    const row = o.albumRow(id) ?? kit.notFound();
    const first = kit.page(c, (q.tracks.all(id, 50, 0) as TrackRow[]).map(o.simplifiedTrackFromRow), row.total_tracks, 50, 0);
    first.href = `${ctx.config.publicUrl}/v1/albums/${id}/tracks?offset=0&limit=50`;
    first.next = row.total_tracks > 50 ? `${ctx.config.publicUrl}/v1/albums/${id}/tracks?offset=50&limit=50` : null;
    return c.json(o.fullAlbum(row, first));
  });

  app.get('/v1/albums/:id/tracks', auth, (c) => {
    const id = catalogueIdParam(c);
    checkMarket(c);
    const limit = readLimit(c, 20, 50);
    const offset = readOffset(c);
    const row = o.albumRow(id) ?? kit.notFound();
    return c.json(albumTracks(c, id, row.total_tracks, limit, offset));
  });

  app.get('/v1/tracks', auth, async (c) => {
    checkMarket(c);
    const ids = await readIds(c, 50);
    return c.json({ tracks: ids.map((id) => o.track(id) ?? null) });
  });

  app.get('/v1/tracks/:id', auth, (c) => {
    const id = catalogueIdParam(c);
    checkMarket(c);
    return c.json(o.track(id) ?? kit.notFound());
  });
}
