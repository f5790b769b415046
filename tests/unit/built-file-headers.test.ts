import { describe, expect, it } from 'vitest';
import { FIXED_HEADERS } from '../../src/lib/security-headers';

// scripts/serve-site.mjs gives the built files (served by the adapter, past the middleware) the
// headers every response carries; it is plain JavaScript, so it holds its own copy, kept equal here.
describe('the headers of the built files', () => {
  it('carry the fixed security headers and refuse every frame', async () => {
    const { BUILT_FILE_HEADERS } = (await import(new URL('../../scripts/serve-site.mjs', import.meta.url).href)) as {
      BUILT_FILE_HEADERS: Record<string, string>;
    };
    const { 'Content-Security-Policy': policy, ...fixed } = BUILT_FILE_HEADERS;
    expect(fixed).toEqual(FIXED_HEADERS);
    expect(policy).toBe("frame-ancestors 'none'");
    expect(fixed['X-Frame-Options']).toBe('DENY');
    expect(fixed['Permissions-Policy']).toContain('camera=()');
  });
});
