/**
 * The provider configuration, read from the environment when the site starts
 * (never at build time), so one build serves the sandbox or the real provider.
 * Only server code imports this file; the browser receives the result through
 * the page (see src/lib/provider-config.ts).
 */
export interface ProviderConfig {
  provider: 'sandbox' | 'spotify';
  authorizeUrl: string;
  tokenUrl: string;
  apiBase: string;
  sdkUrl: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
}

/** The login scopes of SPEC §6, and DESIGN §2's two for making and editing playlists. */
export const LOGIN_SCOPES = [
  'user-read-currently-playing',
  'user-read-recently-played',
  'user-read-playback-state',
  'user-modify-playback-state',
  'playlist-read-private',
  'playlist-read-collaborative',
  'user-top-read',
  'streaming',
  'user-read-email',
  'user-read-private',
  'user-follow-read',
  'user-follow-modify',
  'user-library-read',
  'user-library-modify',
  'playlist-modify-public',
  'playlist-modify-private',
];

/** The client id the sandbox registers for this product. */
const SANDBOX_CLIENT_ID = 'my-music';

type Env = Record<string, string | undefined>;

/**
 * What the site's server needs to talk to the token URL: the public client settings and,
 * when PROVIDER_CLIENT_SECRET is set, the secret of a confidential client (the provider's
 * authorization-code flow for server apps). Never inlined in a page, unlike ProviderConfig.
 */
export interface TokenClient {
  tokenUrl: string;
  clientId: string;
  redirectUri: string;
  clientSecret: string | null;
}

/** The token URL's client settings of the running site (server side only). */
export function readTokenClient(env: Env = process.env): TokenClient {
  const { tokenUrl, clientId, redirectUri } = readProviderConfig(env);
  return { tokenUrl, clientId, redirectUri, clientSecret: env.PROVIDER_CLIENT_SECRET || null };
}

/**
 * The site's public origin: SITE_URL, or the address it listens on. The server reads it from
 * here, never from a request's Host header (which Astro does not trust, and a proxy rewrites).
 */
export function readSiteOrigin(env: Env = process.env): string {
  return new URL(env.SITE_URL ?? `http://${env.HOST ?? '127.0.0.1'}:${env.PORT ?? '4321'}`).origin;
}

export function readProviderConfig(env: Env = process.env): ProviderConfig {
  const siteOrigin = readSiteOrigin(env);
  const redirectUri = env.PROVIDER_REDIRECT_URI ?? `${siteOrigin}/callback`;
  const scopes = env.PROVIDER_SCOPES ? env.PROVIDER_SCOPES.split(/[\s,]+/).filter(Boolean) : LOGIN_SCOPES;
  if (env.PROVIDER === 'spotify') {
    const clientId = env.SPOTIFY_CLIENT_ID ?? env.PROVIDER_CLIENT_ID;
    if (!clientId) throw new Error('PROVIDER=spotify needs SPOTIFY_CLIENT_ID (your app\'s client id).');
    return {
      provider: 'spotify',
      authorizeUrl: env.PROVIDER_AUTHORIZE_URL ?? 'https://accounts.spotify.com/authorize',
      tokenUrl: env.PROVIDER_TOKEN_URL ?? 'https://accounts.spotify.com/api/token',
      apiBase: env.PROVIDER_API_BASE ?? 'https://api.spotify.com/v1',
      sdkUrl: env.PROVIDER_SDK_URL ?? 'https://sdk.scdn.co/spotify-player.js',
      clientId,
      redirectUri,
      scopes,
    };
  }
  const sandbox = env.SANDBOX_URL ?? `http://127.0.0.1:${env.SANDBOX_PORT ?? '4322'}`;
  return {
    provider: 'sandbox',
    authorizeUrl: env.PROVIDER_AUTHORIZE_URL ?? `${sandbox}/authorize`,
    tokenUrl: env.PROVIDER_TOKEN_URL ?? `${sandbox}/api/token`,
    apiBase: env.PROVIDER_API_BASE ?? `${sandbox}/v1`,
    sdkUrl: env.PROVIDER_SDK_URL ?? `${sandbox}/sdk/player.js`,
    clientId: env.PROVIDER_CLIENT_ID ?? SANDBOX_CLIENT_ID,
    redirectUri,
    scopes,
  };
}
