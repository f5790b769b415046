import { createHash } from 'node:crypto';
import { defineMiddleware } from 'astro:middleware';
import { readProviderConfig } from './config/provider';
import { INLINE_SCRIPTS } from './layouts/inline-scripts';
import { contentSecurityPolicy, FIXED_HEADERS, withSecurityHeaders } from './lib/security-headers';

// Made once per process: the provider configuration is read from the environment at
// start (like the page's provider-config block), the inline scripts are fixed by the build.
let headers: Record<string, string> | undefined;

function securityHeaders(): Record<string, string> {
  if (headers) return headers;
  const hashes = INLINE_SCRIPTS.map((script) => createHash('sha256').update(script, 'utf8').digest('base64'));
  const imageSources = (process.env.PROVIDER_IMAGE_ORIGINS ?? '').split(/[\s,]+/).filter(Boolean);
  const policy = contentSecurityPolicy(readProviderConfig(process.env), hashes, imageSources);
  // The dev server adds inline scripts of its own (React refresh, Vite's client, Astro's dev
  // island script); the policy is the built site's, which the e2e tests prove.
  headers = import.meta.env.DEV ? { ...FIXED_HEADERS } : { ...FIXED_HEADERS, 'Content-Security-Policy': policy };
  return headers;
}

/** Every response the server renders gets the security headers (prerendered pages are files, served as they are). */
export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  return context.isPrerendered ? response : withSecurityHeaders(response, securityHeaders());
});
