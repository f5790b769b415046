import type { Context } from 'hono';
import { isCatalogueId } from '../catalogue/random';
import { ApiFailure } from './errors';

/** limit as the provider checks it: an integer from 1 to max, else 400 "Invalid limit". */
export function readLimit(c: Context, fallback: number, max: number): number {
  const raw = c.req.query('limit');
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1 || Number(raw) > max) throw new ApiFailure(400, 'Invalid limit');
  return Number(raw);
}

/** offset: an integer from 0 to max, else 400 "Invalid offset". */
export function readOffset(c: Context, max = 100_000): number {
  const raw = c.req.query('offset');
  if (raw === undefined || raw === '') return 0;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) > max) throw new ApiFailure(400, 'Invalid offset');
  return Number(raw);
}

/** market is optional; when present it must look like a country code (the client sends IN). */
export function checkMarket(c: Context): void {
  const market = c.req.query('market');
  if (market !== undefined && market !== 'from_token' && !/^[A-Z]{2}$/.test(market)) throw new ApiFailure(400, 'Invalid market code');
}

/** A path id that must be a 22-character base62 id. */
export function catalogueIdParam(c: Context, name = 'id'): string {
  const id = c.req.param(name) ?? '';
  if (!isCatalogueId(id)) throw new ApiFailure(400, 'Invalid base62 id');
  return id;
}

/** A comma-separated `ids` list (query string, or a JSON body's ids array), each a base62 id, at most max. */
export async function readIds(c: Context, max: number, fromBody = false): Promise<string[]> {
  let ids: string[] | undefined;
  const query = c.req.query('ids');
  if (query !== undefined) ids = query.split(',').map((s) => s.trim());
  else if (fromBody) {
    const text = await c.req.text();
    if (text.trim() !== '') {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        throw new ApiFailure(400, 'Error parsing JSON.');
      }
      const list = (body as { ids?: unknown } | null)?.ids;
      if (!Array.isArray(list) || !list.every((x) => typeof x === 'string')) throw new ApiFailure(400, 'ids must be an array of strings');
      ids = list as string[];
    }
  }
  if (!ids || ids.length === 0 || (ids.length === 1 && ids[0] === '')) throw new ApiFailure(400, 'Missing required parameter: ids');
  if (ids.length > max) throw new ApiFailure(400, 'Too many ids requested');
  for (const id of ids) if (!isCatalogueId(id)) throw new ApiFailure(400, `Invalid base62 id`);
  return [...new Set(ids)];
}

/** Paging object with href, next and previous built on the public URL and the request's own query. */
export function paging<T>(c: Context, publicUrl: string, items: T[], total: number, limit: number, offset: number) {
  const url = new URL(c.req.url);
  const at = (value: number) => {
    const params = new URLSearchParams(url.search);
    params.set('offset', String(value));
    params.set('limit', String(limit));
    return `${publicUrl}${url.pathname}?${params.toString()}`;
  };
  return {
    href: at(offset),
    items,
    limit,
    next: offset + limit < total ? at(offset + limit) : null,
    offset,
    previous: offset > 0 ? at(Math.max(0, offset - limit)) : null,
    total,
  };
}
