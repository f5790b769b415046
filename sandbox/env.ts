/**
 * The sandbox's settings, read once from the environment at start. A bad value
 * stops the process with one line that names the variable, rather than a stack
 * trace later on.
 */
export type CatalogueSize = 'small' | 'medium' | 'large';
export type ApiProfile = 'extended' | 'development';

export interface SandboxConfig {
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  seed: number;
  size: CatalogueSize;
  tokenTtl: number;
  apiProfile: ApiProfile;
  faults: boolean;
  /** Requests a token may make per rolling 30 s window before a 429 (0: no limit). */
  rateLimit: number;
  /**
   * The exit code that asks this process's supervisor to start it again (the test server
   * sets it); null: no supervisor restarts it, so POST /__sandbox/restart is refused.
   */
  restartExitCode: number | null;
  /**
   * With a secret, /api/token also wants the client to authenticate (HTTP Basic, client id
   * and secret), as the provider does for apps that keep a secret on a server; null: PKCE alone.
   */
  clientSecret: string | null;
}

export class SandboxEnvError extends Error {}

type Env = Record<string, string | undefined>;

function pickOne<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  throw new SandboxEnvError(`${name} must be one of ${allowed.join('|')} (got "${raw}")`);
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new SandboxEnvError(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

function flag(env: Env, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new SandboxEnvError(`${name} must be 1 or 0 (got "${raw}")`);
}

/** The URL a sandbox listening on host and port is reached at, unless SANDBOX_PUBLIC_URL says otherwise. */
export function listenUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Reads and checks every SANDBOX_* variable; throws SandboxEnvError with a one-line message. */
export function readSandboxEnv(env: Env = process.env): SandboxConfig {
  const host = env.SANDBOX_HOST || '127.0.0.1';
  const port = integer(env, 'SANDBOX_PORT', 4322, 0, 65535);
  const publicUrl = (env.SANDBOX_PUBLIC_URL || listenUrl(host, port)).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s/]+/.test(publicUrl)) {
    throw new SandboxEnvError(`SANDBOX_PUBLIC_URL must be an http(s) URL (got "${publicUrl}")`);
  }
  return {
    host,
    port,
    publicUrl,
    dataDir: env.SANDBOX_DATA_DIR || '.data',
    seed: integer(env, 'SANDBOX_SEED', 42, 0, 2 ** 31 - 1),
    size: pickOne(env, 'SANDBOX_SIZE', ['small', 'medium', 'large'] as const, 'medium'),
    tokenTtl: integer(env, 'SANDBOX_TOKEN_TTL', 3600, 1, 31_536_000),
    apiProfile: pickOne(env, 'SANDBOX_API_PROFILE', ['extended', 'development'] as const, 'extended'),
    faults: flag(env, 'SANDBOX_FAULTS'),
    rateLimit: integer(env, 'SANDBOX_RATE_LIMIT', 0, 0, 1_000_000),
    restartExitCode: env.SANDBOX_RESTART_EXIT_CODE ? integer(env, 'SANDBOX_RESTART_EXIT_CODE', 0, 1, 255) : null,
    clientSecret: env.SANDBOX_CLIENT_SECRET || null,
  };
}
