// The site's store of sessions (src/server/session-store.ts) as each deployment has it: on this
// machine's disk (one process), and in a real Redis shared by several instances. Every change is
// made to the record as it is stored at that moment, and never makes a session that has ended.
// And Redis that stops answering fails a request within a second or two, never a hang.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { realRedis } from './helpers/real-redis';
import { REDIS_OPTIONS, sharedRedis } from '../../src/server/redis';
import { diskSessionStore, readingOnce, redisSessionStore, type SessionRecord, type SessionStore } from '../../src/server/session-store';

const ID = '6f1e3c2a-8b4d-4e5f-9a7b-1c2d3e4f5a6b';
const TOKENS = { accessToken: 'A1', refreshToken: 'R1', expiresAt: null, renewAt: null };

/** The same rules, whichever store: `stores` gives two stores over one place (two instances, or one process twice). */
function keepsSessionsRight(stores: () => Promise<[SessionStore, SessionStore]>) {
  it('changes a session as it is stored now: changes made at once, from either side, all land', async () => {
    const [one, other] = await stores();
    await one.create(ID, { tokens: TOKENS });
    const keys = Array.from({ length: 12 }, (_, index) => `key${index}`);
    await Promise.all(keys.map((key, index) => (index % 2 ? one : other).change(ID, (record) => ({ ...record, [key]: index }))));
    expect(await other.read(ID)).toEqual({ tokens: TOKENS, ...Object.fromEntries(keys.map((key, index) => [key, index])) });
  });

  it('never makes a session: a change after the session ended changes nothing, and one that decides nothing writes nothing', async () => {
    const [one, other] = await stores();
    await one.create(ID, { tokens: TOKENS });
    expect(await other.change(ID, () => null)).toEqual({ tokens: TOKENS });
    await one.remove(ID);
    expect(await other.change(ID, (record) => ({ ...record, viewer: 'late' }))).toBeNull();
    expect(await one.read(ID)).toBeNull();
    expect(await one.read('00000000-0000-4000-8000-000000000000')).toBeNull();
  });
}

describe("the store of sessions on this machine's disk", () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  keepsSessionsRight(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'my-music-sessions-'));
    dirs.push(dir);
    const store = diskSessionStore(dir);
    return [store, store];
  });
});

describe("one request's view of the store", () => {
  it('reads a session once for all its reads, and again after its own change; a failed read is not kept', async () => {
    let reads = 0;
    let fail = false;
    const records = new Map<string, SessionRecord>([['s', { tokens: 'T1' }]]);
    const counting: SessionStore = {
      read: async (id) => {
        reads++;
        if (fail) throw new Error('store away');
        return records.get(id) ?? null;
      },
      create: async (id, record) => void records.set(id, record),
      change: async (id, change) => {
        const changed = change(records.get(id)!);
        if (changed) records.set(id, changed);
        return records.get(id) ?? null;
      },
      remove: async (id) => void records.delete(id),
    };
    const request = readingOnce(counting);
    await Promise.all([request.read('s'), request.read('s')]);
    expect(await request.read('s')).toEqual({ tokens: 'T1' });
    expect(reads).toBe(1);
    await request.change('s', (record) => ({ ...record, viewer: 'V' }));
    expect(await request.read('s')).toEqual({ tokens: 'T1', viewer: 'V' });
    expect(reads).toBe(2);
    await request.remove('s');
    expect(await request.read('s')).toBeNull();
    fail = true;
    const other = readingOnce(counting);
    await expect(other.read('s')).rejects.toThrow('store away');
    fail = false;
    expect(await other.read('s')).toBeNull();
  });
});

describe('the store of sessions in Redis, shared by instances', () => {
  const redis = realRedis();

  // Each instance has its own connection to the one server, as the site's processes do.
  keepsSessionsRight(async () => {
    const [first, second] = await redis.clients(2);
    return [redisSessionStore(first!), redisSessionStore(second!)];
  });

  it('lets a sign-out win over a change made from the record it removed', async () => {
    const store = redisSessionStore(redis.client());
    await store.create(ID, { tokens: TOKENS });
    // The removal reaches Redis after this change read the record and before it is set.
    const changed = await store.change(ID, (record) => {
      void store.remove(ID);
      return { ...record, tokens: { ...TOKENS, accessToken: 'A2' } };
    });
    expect(changed).toBeNull();
    expect(await store.read(ID)).toBeNull();
  });
});

describe('a Redis that stops answering', () => {
  // Accepts connections and never answers: a Redis hung, or a network that drops its packets.
  let silent: Server;
  const sockets: Socket[] = [];
  let saved: string | undefined;
  beforeAll(async () => {
    silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    saved = process.env.REDIS_URL;
    process.env.REDIS_URL = `redis://127.0.0.1:${(silent.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.REDIS_URL;
    else process.env.REDIS_URL = saved;
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it("fails the site's commands once the command time-out (at most two seconds) has passed, not before and not never: the session store, the refresh ledger and the catalogue cache", async () => {
    // The bound is the site's configuration; that the client keeps it, and fails a command
    // that gets no answer exactly then, is stepped on a fake clock (ioredis's timer is a setTimeout).
    expect(REDIS_OPTIONS.commandTimeout).toBeLessThanOrEqual(2_000);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = sharedRedis()!;
    try {
      expect(client.options.commandTimeout).toBe(REDIS_OPTIONS.commandTimeout);
      let settled = false;
      const failure = client.get('my-music:session:x').then(
        (answer) => new Error(`answered ${String(answer)}`),
        (error: unknown) => error,
      ).finally(() => (settled = true));
      await vi.advanceTimersByTimeAsync(REDIS_OPTIONS.commandTimeout - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toBe(true);
      expect(await failure).toEqual(new Error('Command timed out'));
    } finally {
      vi.useRealTimers();
      client.disconnect();
    }
  });
});
