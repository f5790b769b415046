/**
 * The security headers every rendered page of the site carries, and its Content
 * Security Policy. Scripts run only from the site itself, the provider's SDK origin, or
 * inline when their SHA-256 is listed (the head scripts, the login script and Astro's
 * island scripts, hashed from their source by src/layouts/inline-scripts.ts): never
 * 'unsafe-inline' or 'unsafe-eval', so an event-handler attribute, a `javascript:` link
 * or an injected <script> never runs. Requests and images go only to the site and the
 * provider origins of the runtime configuration, so the real provider works as the
 * sandbox does. Styles, fonts, media and frames are left open: the real SDK plays in
 * its own frame, and React sets inline styles.
 */

/** Where the provider lives, from the runtime provider configuration (src/config/provider.ts). */
interface ProviderEndpoints {
  provider: 'sandbox' | 'spotify';
  authorizeUrl: string;
  tokenUrl: string;
  apiBase: string;
  sdkUrl: string;
}

/** Where the real provider serves cover art (its API returns image URLs on these hosts). */
const SPOTIFY_IMAGE_SOURCES = ['https://*.scdn.co', 'https://*.spotifycdn.com'];

/**
 * The browser features no page of the app uses, denied to it and to every frame it holds: a script
 * or markup that slipped into a page can ask for none of them.
 */
const UNUSED_FEATURES = [
  'accelerometer',
  'camera',
  'clipboard-read',
  'clipboard-write',
  'display-capture',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

/**
 * The Permissions-Policy: the unused features denied; those the player uses kept for the site and
 * for the provider's SDK, when its endpoints are given. The player plays without a click on the
 * page when the music is sent here from another device (autoplay), and the real provider's SDK
 * plays in a frame of its own origin, which decrypts the stream (encrypted-media): kept for the
 * site alone, that frame could not play. The mini player is a Picture-in-Picture window.
 */
export function permissionsPolicy(endpoints?: Pick<ProviderEndpoints, 'sdkUrl'>): string {
  const sdk = endpoints && originOf(endpoints.sdkUrl);
  const player = ['self', sdk && `"${sdk}"`].filter(Boolean).join(' ');
  return [...UNUSED_FEATURES.map((feature) => `${feature}=()`), `autoplay=(${player})`, `encrypted-media=(${player})`, 'picture-in-picture=(self)'].join(', ');
}

/**
 * What every answer of the site carries (the built files too: scripts/serve-site.mjs holds a copy),
 * a page with its own Content Security Policy and the player's features opened to the provider's
 * SDK besides (`permissionsPolicy`). No other site may frame any of it (X-Frame-Options for the
 * browsers that do not read the policy's frame-ancestors).
 */
export const FIXED_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': permissionsPolicy(),
};

/**
 * What a page rendered for a session carries besides: it holds that user's library, profile and
 * playlists, so no shared cache (a proxy, a CDN) may keep it, and the browser keeps no copy either
 * (after a sign-out, Back would show it from the back/forward cache). The app keeps its pages in
 * its own memory and the service worker's caches, which this header does not govern.
 */
export const SESSION_PAGE_HEADERS: Readonly<Record<string, string>> = { 'Cache-Control': 'private, no-store' };

/**
 * What a visitor's page (/auth, /access_denied) carries besides: the site answers a signed-in
 * browser's request for it with a redirect to / (SPEC §2), so no copy of the page may stand in for
 * that answer. The back/forward cache kept the landing page a sign-in left: Back after signing in
 * showed it, with the session live, and its Log in ended that session (/login). The service
 * worker's copy for offline visitors is the worker's own (page-cache.ts).
 */
export const VISITOR_PAGE_HEADERS: Readonly<Record<string, string>> = { 'Cache-Control': 'no-store' };

function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** The WebSocket origin on the same host and port as this http(s) origin. */
const socketOriginOf = (origin: string | null): string | null => (origin ? origin.replace(/^http/, 'ws') : null);

const unique = (list: (string | null)[]): string[] => [...new Set(list.filter((item): item is string => Boolean(item)))];

/**
 * The policy for these provider endpoints and inline-script hashes (base64 SHA-256).
 * `imageSources` adds image hosts (PROVIDER_IMAGE_ORIGINS) to the provider's own.
 */
export function contentSecurityPolicy(endpoints: ProviderEndpoints, scriptHashes: string[], imageSources: string[] = []): string {
  const sdk = originOf(endpoints.sdkUrl);
  const api = originOf(endpoints.apiBase);
  const providerImages = endpoints.provider === 'spotify' ? SPOTIFY_IMAGE_SOURCES : [api, sdk];
  // The sandbox's SDK hears its events over a WebSocket to its own origin; an http source does not
  // cover ws: in every browser. (The provider's SDK plays in its own frame, outside this policy.)
  const sdkSocket = endpoints.provider === 'sandbox' ? socketOriginOf(sdk) : null;
  const directives = [
    ['script-src', "'self'", sdk, ...unique(scriptHashes).map((hash) => `'sha256-${hash}'`)],
    // The token URL is the server's alone (DESIGN §1): the browser never reaches it.
    ['connect-src', "'self'", api, sdk, sdkSocket],
    ['img-src', "'self'", ...providerImages, ...imageSources],
    ['worker-src', "'self'"],
    ['frame-ancestors', "'none'"],
    ['base-uri', "'self'"],
    // An injected form could post what the page holds elsewhere; the search box is the site's own.
    ['form-action', "'self'"],
    ['object-src', "'none'"],
  ];
  return directives.map((directive) => unique(directive).join(' ')).join('; ');
}

/** The response with these headers set; a copy when its headers are immutable (redirects). */
export function withSecurityHeaders(response: Response, headers: Readonly<Record<string, string>>): Response {
  try {
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    for (const [name, value] of Object.entries(headers)) copy.headers.set(name, value);
    return copy;
  }
}
