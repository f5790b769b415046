import type { CatalogueCache } from '../api/client';
import { sharedRedis } from './redis';

/**
 * Where kept answers live: this process's memory, or Redis so that every instance shares
 * them. A store forgets an answer after `ttlMs` itself; `undefined` is "not kept".
 */
export interface CatalogueStore {
  read(key: string): Promise<unknown>;
  write(key: string, value: unknown, ttlMs: number): Promise<void>;
}

/** The default lifetime of a kept answer (issue's "short": the provider's terms ask for fresh data). */
const DEFAULT_TTL_SECONDS = 300;
/** Memory keeps at most this many answers; the oldest go first. */
const MEMORY_ENTRIES = 5_000;
const REDIS_PREFIX = 'my-music:catalogue:';

/** CATALOGUE_CACHE_TTL in seconds (0 turns the cache off); a value that is not a number keeps the default. */
export function catalogueTtlMs(env: Record<string, string | undefined> = process.env): number {
  const seconds = Number(env.CATALOGUE_CACHE_TTL ?? DEFAULT_TTL_SECONDS);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : DEFAULT_TTL_SECONDS * 1000;
}

/** Freezes an answer through and through: one kept object serves every session, so no render may change it for the next. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * A store in this process's memory, with the clock passed in (tests move it). It keeps the
 * answer itself, frozen, rather than its text: a page reads a dozen kept answers, and parsing
 * each again was a good part of a warm render's time.
 */
export function memoryCatalogueStore(now: () => number = Date.now, entries = MEMORY_ENTRIES): CatalogueStore {
  const kept = new Map<string, { value: unknown; until: number }>();
  return {
    async read(key) {
      const entry = kept.get(key);
      if (!entry) return undefined;
      if (entry.until > now()) return entry.value;
      kept.delete(key);
      return undefined;
    },
    async write(key, value, ttlMs) {
      kept.delete(key); // a Map keeps insertion order: a rewritten key becomes the newest
      kept.set(key, { value: deepFreeze(value), until: now() + ttlMs });
      while (kept.size > entries) kept.delete(kept.keys().next().value as string);
    },
  };
}

/** A store in Redis, shared by every instance of the site (the sessions' server). */
export function redisCatalogueStore(redis: NonNullable<ReturnType<typeof sharedRedis>>): CatalogueStore {
  return {
    async read(key) {
      const text = await redis.get(REDIS_PREFIX + key);
      return text === null ? undefined : (JSON.parse(text) as unknown);
    },
    async write(key, value, ttlMs) {
      await redis.set(REDIS_PREFIX + key, JSON.stringify(value), 'PX', ttlMs);
    },
  };
}

/** A refusal that may be the asking session's own rather than the catalogue's: 401 or 403. */
const isSessionRefusal = (error: unknown): boolean => {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 401 || status === 403;
};

/**
 * One short-lived cache of public catalogue answers for every session (the API client asks
 * it for calls marked `catalogue`; per-user calls never reach it). Answers in flight are
 * shared too, so a page's parallel sections, or many users opening one album at once, ask
 * the provider once. Failures are not kept, and a store that fails (Redis gone) only costs
 * the provider a call: the page still renders.
 */
export function createCatalogueCache(store: CatalogueStore, ttlMs: number): CatalogueCache {
  const inFlight = new Map<string, Promise<unknown>>();
  async function readKept(key: string): Promise<unknown> {
    try {
      return await store.read(key);
    } catch (error) {
      console.warn('The catalogue cache could not be read', error);
      return undefined;
    }
  }
  /**
   * The answer, kept or the provider's, as soon as it is known: its write into the store is not
   * waited for (a slow Redis cost each miss its time-out twice, the read's and the write's). The
   * call stays joinable until the answer is written, so a render that comes meanwhile joins it
   * rather than asking the provider again.
   */
  function loadAndKeep(key: string, load: () => Promise<unknown>): { answer: Promise<unknown>; settled: Promise<unknown> } {
    let written: Promise<unknown> = Promise.resolve();
    const answer = (async () => {
      const kept = await readKept(key);
      if (kept !== undefined) return kept;
      const loaded = await load();
      if (loaded !== undefined) written = store.write(key, loaded, ttlMs).catch((error: unknown) => console.warn('The catalogue cache could not be written', error));
      return loaded;
    })();
    return { answer, settled: answer.then(() => written, () => undefined) };
  }
  return {
    remember(key, load) {
      if (ttlMs <= 0) return load();
      const running = inFlight.get(key);
      // Another session's call, shared: its refusal (a 401 or 403) may be that session's own (a
      // token the provider dropped, an account it refuses), so this one then asks for itself, once.
      if (running) return running.catch((error: unknown) => (isSessionRefusal(error) ? load() : Promise.reject(error)));
      const { answer, settled } = loadAndKeep(key, load);
      inFlight.set(key, answer);
      void settled.finally(() => inFlight.delete(key));
      return answer;
    },
  };
}

let cache: CatalogueCache | null = null;

/** The site's catalogue cache: in Redis with REDIS_URL, else in memory; CATALOGUE_CACHE_TTL long. */
export function catalogueCache(): CatalogueCache {
  const redis = sharedRedis();
  cache ??= createCatalogueCache(redis ? redisCatalogueStore(redis) : memoryCatalogueStore(), catalogueTtlMs());
  return cache;
}
