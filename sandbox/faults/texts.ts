import type { Hono } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context';
import { apiError } from '../http/errors';

/** The catalogue texts a test may replace: which column of which table holds each. */
const FIELDS = {
  album: { table: 'albums', name: 'name', description: null },
  artist: { table: 'artists', name: 'name', description: null },
  playlist: { table: 'playlists', name: 'name', description: 'description' },
  user: { table: 'users', name: 'display_name', description: null },
} as const;
type Kind = keyof typeof FIELDS;

/**
 * POST /__sandbox/texts {kind, id, name?, description?}: replaces an entity's provider
 * text, so the end-to-end tests can give names holding markup (SANDBOX_FAULTS=1 only,
 * like the faults, so no ordinary run can change its catalogue). POST /__sandbox/reset
 * puts every original text back. Search's index is not updated: tests open pages by id.
 */
export function registerTextSeeding(app: Hono<SandboxEnv>, ctx: SandboxContext): void {
  const originals = new Map<string, { table: string; column: string; id: string; value: unknown }>();

  app.post('/__sandbox/texts', async (c) => {
    if (!ctx.config.faults) return apiError(c, 404, 'Faults are off: start the sandbox with SANDBOX_FAULTS=1');
    const input = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const kind = input?.kind as Kind;
    const id = input?.id;
    if (!input || !Object.hasOwn(FIELDS, kind) || typeof id !== 'string') return apiError(c, 400, 'kind (album|artist|playlist|user) and id are required');
    const fields = FIELDS[kind];
    const changes: [string, unknown][] = [];
    if (typeof input.name === 'string') changes.push([fields.name, input.name]);
    if (typeof input.description === 'string' && fields.description) changes.push([fields.description, input.description]);
    if (changes.length === 0) return apiError(c, 400, `name${fields.description ? ' or description' : ''} must be a string`);
    const row = ctx.db.prepare(`SELECT * FROM ${fields.table} WHERE id = ?`).get(id) as Record<string, unknown> | undefined;
    if (!row) return apiError(c, 404, `No ${kind} ${id}`);
    for (const [column, value] of changes) {
      const key = `${fields.table}/${column}/${id}`;
      if (!originals.has(key)) originals.set(key, { table: fields.table, column, id, value: row[column] });
      ctx.db.prepare(`UPDATE ${fields.table} SET ${column} = ? WHERE id = ?`).run(value, id);
    }
    ctx.objects.forgetCached();
    return c.body(null, 204);
  });

  ctx.onReset(() => {
    for (const { table, column, id, value } of originals.values()) ctx.db.prepare(`UPDATE ${table} SET ${column} = ? WHERE id = ?`).run(value, id);
    originals.clear();
    ctx.objects.forgetCached();
  });
}
