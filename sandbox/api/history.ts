import type { Context, Hono } from 'hono';
import type { SandboxEnv } from '../context';
import { ApiFailure } from '../http/errors';
import { readLimit, readOffset } from '../http/params';
import type { Kit } from './kit';

const RANGES: Record<string, number> = { short_term: 28, medium_term: 182, long_term: 100_000 };
const DAY = 86_400_000;

/** What the user listened to: recent plays (cursor paging) and top artists and tracks, both from recent_plays. */
export function registerHistory(app: Hono<SandboxEnv>, kit: Kit): void {
  const { db, o, ctx } = kit;
  const q = {
    recentBefore: db.prepare(`SELECT track_id, played_at, context_uri FROM recent_plays WHERE user_id = ? AND played_at < ?
      ORDER BY played_at DESC LIMIT ?`),
    recentAfter: db.prepare(`SELECT * FROM (SELECT track_id, played_at, context_uri FROM recent_plays WHERE user_id = ? AND played_at > ?
      ORDER BY played_at ASC LIMIT ?) ORDER BY played_at DESC`),
    topTracks: db.prepare(`SELECT track_id AS id, count(*) AS plays, max(played_at) AS last FROM recent_plays
      WHERE user_id = ? AND played_at >= ? GROUP BY track_id ORDER BY plays DESC, last DESC, id`),
    topArtists: db.prepare(`SELECT ta.artist_id AS id, count(*) AS plays, max(rp.played_at) AS last FROM recent_plays rp
      JOIN track_artists ta ON ta.track_id = rp.track_id AND ta.position = 0
      WHERE rp.user_id = ? AND rp.played_at >= ? GROUP BY ta.artist_id ORDER BY plays DESC, last DESC, id`),
  };
  const iso = (ms: number) => new Date(ms).toISOString();
  const readTime = (c: Context, name: string): number | undefined => {
    const raw = c.req.query(name);
    if (raw === undefined) return undefined;
    if (!/^\d{1,15}$/.test(raw)) throw new ApiFailure(400, `Invalid ${name}`);
    return Number(raw);
  };

  app.get('/v1/me/player/recently-played', ctx.requireAuth('user-read-recently-played'), (c) => {
    const limit = readLimit(c, 20, 50);
    const after = readTime(c, 'after');
    const before = readTime(c, 'before');
    if (after !== undefined && before !== undefined) throw new ApiFailure(400, 'Only one of after and before may be given');
    const userId = c.get('user').id;
    type Play = { track_id: string; played_at: string; context_uri: string | null };
    const rows = (after !== undefined
      ? q.recentAfter.all(userId, iso(after), limit)
      : q.recentBefore.all(userId, iso(before ?? ctx.now() + DAY), limit)) as Play[];
    const items = rows.map((r) => ({
      track: o.track(r.track_id),
      played_at: r.played_at.replace(/(\.\d+)?Z$/, '.000Z'),
      context: r.context_uri ? contextFor(r.context_uri, ctx.config.publicUrl) : null,
    }));
    const base = `${ctx.config.publicUrl}/v1/me/player/recently-played`;
    const oldest = rows.at(-1);
    const newest = rows[0];
    return c.json({
      href: `${base}?limit=${limit}${after !== undefined ? `&after=${after}` : before !== undefined ? `&before=${before}` : ''}`,
      items,
      limit,
      next: oldest && rows.length === limit ? `${base}?before=${Date.parse(oldest.played_at)}&limit=${limit}` : null,
      cursors: newest && oldest ? { after: String(Date.parse(newest.played_at)), before: String(Date.parse(oldest.played_at)) } : null,
    });
  });

  app.get('/v1/me/top/:type', ctx.requireAuth('user-top-read'), (c) => {
    const type = c.req.param('type');
    if (type !== 'artists' && type !== 'tracks') throw new ApiFailure(400, 'Unsupported type: must be artists or tracks');
    const range = c.req.query('time_range') ?? 'medium_term';
    const days = RANGES[range];
    if (days === undefined) throw new ApiFailure(400, 'Invalid time range');
    const limit = readLimit(c, 20, 50);
    const offset = readOffset(c);
    const since = iso(ctx.now() - days * DAY);
    const statement = type === 'artists' ? q.topArtists : q.topTracks;
    const ranked = statement.all(c.get('user').id, since) as { id: string }[];
    const pageIds = ranked.slice(offset, offset + limit).map((r) => r.id);
    const items = type === 'artists' ? pageIds.map((id) => o.artist(id)) : pageIds.map((id) => o.track(id));
    return c.json(kit.page(c, items, ranked.length, limit, offset));
  });
}

function contextFor(uri: string, publicUrl: string) {
  const [, type = 'playlist', id = ''] = uri.split(':');
  return { type, uri, href: `${publicUrl}/v1/${type}s/${id}`, external_urls: { spotify: `${publicUrl}/open/${type}/${id}` } };
}
