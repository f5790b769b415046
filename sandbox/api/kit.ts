import type { Context, MiddlewareHandler } from 'hono';
import type { SandboxContext, SandboxEnv } from '../context';
import { ApiFailure, apiError } from '../http/errors';
import { paging } from '../http/params';

/**
 * What every resource module needs: the shared context, a paging builder on the public URL,
 * and the development profile's gates (DESIGN §2) in one place so each route states its own.
 */
export function createKit(ctx: SandboxContext) {
  const dev = ctx.config.apiProfile === 'development';
  return {
    ctx,
    db: ctx.db,
    o: ctx.objects,
    dev,
    page: <T>(c: Context, items: T[], total: number, limit: number, offset: number) =>
      paging(c, ctx.config.publicUrl, items, total, limit, offset),
    /** An endpoint the provider removed for development-mode apps: 403 or 404 there, normal otherwise. */
    removedInDevelopment(status: 403 | 404): MiddlewareHandler<SandboxEnv> {
      return async (c, next) => {
        if (dev) return apiError(c, status, status === 404 ? 'Resource not found' : 'Forbidden');
        await next();
      };
    },
    notFound(): never {
      throw new ApiFailure(404, 'Resource not found');
    },
  };
}

export type Kit = ReturnType<typeof createKit>;
