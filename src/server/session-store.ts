import type Redis from 'ioredis';
import { createStorage, type Storage } from 'unstorage';
import { sharedRedis } from './redis';
import { SESSION_TTL_SECONDS } from './session-cookie';
import { diskSessionDriver } from './session-driver';

/** Where Redis keeps the sessions: a key `my-music:session:<id>` each. */
const REDIS_SESSION_BASE = 'my-music:session';

/** A session's record: its values by name (the tokens, the signed-in user, what the provider offers this app). */
export type SessionRecord = Readonly<Record<string, unknown>>;

/**
 * Where the sessions are kept, by id (the session cookie's value). Every change is made to the
 * record as it is stored at that moment, and only to a record that exists. Astro's own sessions
 * save a request's whole copy of the session when the request ends: a request that had read the
 * session before another refreshed its tokens put the spent ones back, and one that had read it
 * before a sign-out wrote it back, and the user stayed signed in. Here a change never works on a
 * copy read earlier, and a session that has ended stays ended (only a sign-in, with a new id,
 * makes a record).
 */
export interface SessionStore {
  /** The session's record; null when there is none. Rejects when the store cannot be read: that says nothing of the session. */
  read(id: string): Promise<SessionRecord | null>;
  /** Keeps a new session's record (a sign-in, under a new id). */
  create(id: string, record: SessionRecord): Promise<void>;
  /**
   * Changes the session's record as it is stored now: `change` is given it and answers the new
   * record, or null to leave it as it is (it may be asked more than once, so it decides and does
   * nothing else). Resolves to the record stored afterwards, or null when there is no session.
   */
  change(id: string, change: (record: SessionRecord) => SessionRecord | null): Promise<SessionRecord | null>;
  /** Ends the session: its record goes. */
  remove(id: string): Promise<void>;
}

const recordOf = (value: unknown): SessionRecord | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as SessionRecord) : null;

/** Runs the work asked for one session one at a time, in the order asked (this process's part of every change). */
function oneAtATime() {
  const turns = new Map<string, Promise<unknown>>();
  return function inTurn<T>(id: string, work: () => Promise<T>): Promise<T> {
    const mine = (turns.get(id) ?? Promise.resolve()).then(work, work);
    const done = mine.catch(() => undefined);
    turns.set(id, done);
    void done.then(() => turns.get(id) === done && turns.delete(id));
    return mine;
  };
}

/**
 * A store kept by this process alone (files on its disk): one change of a session at a time, in
 * the order asked, so no change works on a record another is writing. Reads wait their turn too:
 * a file being written may be read half-written.
 */
export function oneProcessSessionStore(storage: Storage): SessionStore {
  const inTurn = oneAtATime();
  const readNow = async (id: string) => recordOf(await storage.getItem(id));
  return {
    read: (id) => inTurn(id, () => readNow(id)),
    create: (id, record) => inTurn(id, () => storage.setItem(id, record)),
    change: (id, change) =>
      inTurn(id, async () => {
        const record = await readNow(id);
        const changed = record && change(record);
        if (changed) await storage.setItem(id, changed);
        return changed ?? record;
      }),
    remove: (id) => inTurn(id, () => storage.removeItem(id)),
  };
}

// Sets the key to the new text only if it still holds the text the change was made from.
const SET_IF_UNCHANGED = "if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3]) return 1 end return 0";

/** How often a change is made again when another instance's writes keep getting in first; more means something is wrong. */
const CHANGE_ATTEMPTS = 10;

/**
 * The store every instance sharing REDIS_URL reads and writes: a change is set only if the record
 * is still the one it was made from (compared in Redis, in one step), and made again from the
 * newer record otherwise, after a few random milliseconds so that two instances do not meet
 * again. This instance's own changes of a session wait their turn, so only another instance's
 * can get in first. A record lives SESSION_TTL_SECONDS from its last write.
 */
export function redisSessionStore(redis: Redis, ttlSeconds = SESSION_TTL_SECONDS): SessionStore {
  const inTurn = oneAtATime();
  const keyOf = (id: string) => `${REDIS_SESSION_BASE}:${id}`;
  const parsed = (text: string | null): SessionRecord | null => {
    try {
      return text ? recordOf(JSON.parse(text)) : null;
    } catch {
      return null; // not a record of ours: no session
    }
  };
  return {
    read: async (id) => parsed(await redis.get(keyOf(id))),
    async create(id, record) {
      await redis.set(keyOf(id), JSON.stringify(record), 'EX', ttlSeconds);
    },
    change: (id, change) =>
      inTurn(id, async () => {
        for (let attempt = 0; attempt < CHANGE_ATTEMPTS; attempt++) {
          if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
          const text = await redis.get(keyOf(id));
          const record = parsed(text);
          const changed = record && change(record);
          if (!changed) return record;
          if ((await redis.eval(SET_IF_UNCHANGED, 1, keyOf(id), text!, JSON.stringify(changed), ttlSeconds)) === 1) return changed;
        }
        throw new Error(`The session changed under ${CHANGE_ATTEMPTS} writes in a row`);
      }),
    async remove(id) {
      await redis.del(keyOf(id));
    },
  };
}

/**
 * One request's view of a store: its first read of a session serves its later reads (a page reads
 * the tokens as it starts, then what the provider offers this app, and a playlist's the viewer),
 * until the request changes that session, after which it reads the store again. Other requests'
 * changes meanwhile are not seen by a read, as they were not by the first one; a change is made
 * to the record as stored, whatever was read.
 */
export function readingOnce(store: SessionStore): SessionStore {
  const reads = new Map<string, Promise<SessionRecord | null>>();
  return {
    read(id) {
      let read = reads.get(id);
      if (!read) {
        read = store.read(id);
        reads.set(id, read);
        // A failed read is not kept: the next one asks the store again.
        read.catch(() => reads.delete(id));
      }
      return read;
    },
    async create(id, record) {
      reads.delete(id);
      await store.create(id, record);
    },
    async change(id, change) {
      reads.delete(id);
      return store.change(id, change);
    },
    async remove(id) {
      reads.delete(id);
      await store.remove(id);
    },
  };
}

/** A store of sessions on this machine's disk (session-driver.ts: SESSION_DIR, swept of ended sessions). */
export function diskSessionStore(dir?: string): SessionStore {
  return oneProcessSessionStore(createStorage({ driver: diskSessionDriver(dir) }));
}

let store: SessionStore | null = null;

/** The site's store of sessions: Redis with REDIS_URL (instances share it), else this machine's disk. */
export function siteSessionStore(): SessionStore {
  if (store) return store;
  const redis = sharedRedis();
  store = redis ? redisSessionStore(redis) : diskSessionStore();
  return store;
}
