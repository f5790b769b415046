import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS, withSecurityHeaders } from '../../src/lib/security-headers';

describe('withSecurityHeaders', () => {
  it('sets nosniff, the referrer policy and frame-ancestors none on a page', () => {
    const response = withSecurityHeaders(new Response('<p>hi</p>', { headers: { 'content-type': 'text/html' } }));
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('content-type')).toBe('text/html');
  });

  it('copies a redirect, whose headers are immutable, and keeps its status and target', () => {
    const response = withSecurityHeaders(Response.redirect('http://127.0.0.1/auth', 302));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://127.0.0.1/auth');
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(name)).toBe(value);
  });
});
