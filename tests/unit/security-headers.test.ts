import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readProviderConfig } from '../../src/config/provider';
import { ROOT_MARKS_SCRIPT } from '../../src/layouts/head-scripts';
import { contentSecurityPolicy, FIXED_HEADERS, permissionsPolicy, withSecurityHeaders } from '../../src/lib/security-headers';

const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `))?.split(' ').slice(1);
const sha = (text: string) => createHash('sha256').update(text).digest('base64');
const sandbox = readProviderConfig({ SANDBOX_URL: 'http://127.0.0.1:4322', SITE_URL: 'http://127.0.0.1:4321' });

describe('contentSecurityPolicy', () => {
  it('lets scripts run only from the site, the SDK origin and the listed inline hashes', () => {
    const other = 'console.log(1)';
    const policy = contentSecurityPolicy(sandbox, [sha(ROOT_MARKS_SCRIPT), sha(other), sha(ROOT_MARKS_SCRIPT)]);
    expect(directive(policy, 'script-src')).toEqual(["'self'", 'http://127.0.0.1:4322', `'sha256-${sha(ROOT_MARKS_SCRIPT)}'`, `'sha256-${sha(other)}'`]);
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    // The sandbox's SDK hears its events over a WebSocket to its own origin.
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'http://127.0.0.1:4322', 'ws://127.0.0.1:4322']);
    expect(directive(policy, 'img-src')).toEqual(["'self'", 'http://127.0.0.1:4322']);
    for (const fixed of ["frame-ancestors 'none'", "base-uri 'self'", "object-src 'none'", "worker-src 'self'", "form-action 'self'"]) expect(policy).toContain(fixed);
  });

  it('follows the runtime provider configuration: the real provider, its image hosts and any added ones', () => {
    const spotify = readProviderConfig({ PROVIDER: 'spotify', SPOTIFY_CLIENT_ID: 'abc' });
    const policy = contentSecurityPolicy(spotify, [], ['https://images.example']);
    expect(directive(policy, 'script-src')).toEqual(["'self'", 'https://sdk.scdn.co']);
    // The token URL is the server's to call (DESIGN §1): the page never connects to it.
    expect(directive(policy, 'connect-src')).toEqual(["'self'", 'https://api.spotify.com', 'https://sdk.scdn.co']);
    expect(directive(policy, 'img-src')).toEqual(["'self'", 'https://*.scdn.co', 'https://*.spotifycdn.com', 'https://images.example']);
    expect(policy).not.toContain('127.0.0.1');
  });
});

describe('the features a page may use (Permissions-Policy)', () => {
  const features = (policy: string) => new Map(policy.split(', ').map((part) => [part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1)]));

  it('denies what the app never uses, and keeps for the site what the player uses', () => {
    const policy = features(FIXED_HEADERS['Permissions-Policy']!);
    for (const unused of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'display-capture', 'clipboard-read', 'fullscreen']) {
      expect(policy.get(unused), unused).toBe('()');
    }
    // The SDK plays with no click when the music is sent here (autoplay), the real one decrypts
    // its stream (encrypted-media), and the mini player is a Picture-in-Picture window.
    for (const used of ['autoplay', 'encrypted-media', 'picture-in-picture']) expect(policy.get(used), used).toBe('(self)');
  });

  it("opens the player's features to the provider's SDK, whose real player plays in a frame of its own origin", () => {
    const spotify = features(permissionsPolicy(readProviderConfig({ PROVIDER: 'spotify', SPOTIFY_CLIENT_ID: 'abc' })));
    expect(spotify.get('encrypted-media')).toBe('(self "https://sdk.scdn.co")');
    expect(spotify.get('autoplay')).toBe('(self "https://sdk.scdn.co")');
    expect(spotify.get('picture-in-picture')).toBe('(self)');
    expect(spotify.get('camera')).toBe('()');
    expect(features(permissionsPolicy(sandbox)).get('autoplay')).toBe('(self "http://127.0.0.1:4322")');
  });

  it('refuses every frame, in the words of the browsers that do not read frame-ancestors too', () => {
    expect(FIXED_HEADERS['X-Frame-Options']).toBe('DENY');
  });
});

describe('withSecurityHeaders', () => {
  const headers = { ...FIXED_HEADERS, 'Content-Security-Policy': "frame-ancestors 'none'" };

  it('sets nosniff, the referrer policy and the policy on a page', () => {
    const response = withSecurityHeaders(new Response('<p>hi</p>', { headers: { 'content-type': 'text/html' } }), headers);
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('Content-Security-Policy')).toBe("frame-ancestors 'none'");
    expect(response.headers.get('content-type')).toBe('text/html');
  });

  it('copies a redirect, whose headers are immutable, and keeps its status and target', () => {
    const response = withSecurityHeaders(Response.redirect('http://127.0.0.1/auth', 302), headers);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('http://127.0.0.1/auth');
    for (const [name, value] of Object.entries(headers)) expect(response.headers.get(name)).toBe(value);
  });
});
