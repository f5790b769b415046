import { defineMiddleware } from 'astro:middleware';
import { withSecurityHeaders } from './lib/security-headers';

/** Every rendered response of the site gets the security headers (src/lib/security-headers.ts). */
export const onRequest = defineMiddleware(async (_context, next) => withSecurityHeaders(await next()));
