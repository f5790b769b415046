// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { search } from '../../src/api/search';
import type { Track } from '../../src/api/types';
import { setPlayerClock } from '../../src/lib/clock';
import { writeStored } from '../../src/lib/storage';
import { closePlayer } from '../../src/stores/player';
import { playFromList } from '../../src/stores/play';
import { $queue, $queueShown, catchUpQueue, toggleQueue } from '../../src/stores/queue';
import { QUEUE_REREAD_MS } from '../../src/stores/queue-rules';
import { $session } from '../../src/stores/session';
import { connectDevice } from '../../sandbox/tests/harness';
import { manualClock } from './helpers/manual-clock';
import { type RunningSandbox, startSignedIn } from './helpers/sandbox';

/**
 * The queue panel beside the player, against a real sandbox: it catches up with what another
 * device adds at its rhythm (the clock moved by hand), and it agrees with a closed player.
 */

// One clock for the file: a store's get() mounts it for a moment, which starts its timers on the clock installed then.
const clock = manualClock();
let running: RunningSandbox;
let tracks: Track[];
let device: Awaited<ReturnType<typeof connectDevice>>;
/** Every GET me/player/queue this tab sent. */
let queueReads = 0;
const realFetch = globalThis.fetch;

/** Another device of the same account adds a track to the queue (the Web API, not this tab's store). */
async function addElsewhere(track: Track): Promise<void> {
  const response = await realFetch(`${running.base}/v1/me/player/queue?uri=${encodeURIComponent(track.uri)}`, { method: 'POST', headers: { Authorization: `Bearer ${$session.get()!.accessToken}` } });
  expect(response.status).toBe(204);
}

const nextUpIds = () => $queue.get().nextUp.map((track) => track.id);

beforeAll(async () => {
  setPlayerClock(clock);
  ({ running } = await startSignedIn());
  tracks = (await search('a', ['track'])).tracks.items.slice(0, 4);
  device = await connectDevice(running.url, $session.get()!.accessToken, 'My Music');
  await device.next('ready');
  writeStored('DEVICE_ID', device.deviceId);
  globalThis.fetch = (input, init) => {
    const request = new Request(input, init);
    if (request.method === 'GET' && new URL(request.url).pathname === '/v1/me/player/queue') queueReads++;
    return realFetch(request);
  };
}, 120_000);

afterAll(async () => {
  globalThis.fetch = realFetch;
  setPlayerClock(null);
  device?.close();
  await running?.stop();
});

describe('an open queue panel', () => {
  it('catches up with a track another device added, within its rhythm, with the same track playing', async () => {
    const stop = $queue.listen(() => undefined);
    await playFromList(tracks.slice(0, 3), 0);
    toggleQueue(true);
    await expect.poll(() => $queue.get().nowPlaying?.id).toBe(tracks[0]!.id);
    expect(nextUpIds()).toEqual([tracks[1]!.id, tracks[2]!.id]);

    await addElsewhere(tracks[3]!);
    const before = queueReads;
    clock.advance(QUEUE_REREAD_MS - 1);
    expect(queueReads).toBe(before);
    clock.advance(1);
    await expect.poll(nextUpIds).toEqual([tracks[3]!.id, tracks[1]!.id, tracks[2]!.id]);
    expect(queueReads).toBe(before + 1);
    stop();
  });

  it('reads again as the tab comes back, once for its two events, not right after a read, and never while shut', async () => {
    const stop = $queue.listen(() => undefined);
    await expect.poll(() => $queue.get().loading).toBe(false);
    const before = queueReads;
    clock.advance(2000);
    catchUpQueue();
    catchUpQueue();
    await expect.poll(() => queueReads).toBe(before + 1);
    clock.advance(500);
    catchUpQueue();
    await expect.poll(() => $queue.get().loading).toBe(false);
    expect(queueReads).toBe(before + 1);

    // Shut, it reads nothing at any tick.
    toggleQueue(false);
    clock.advance(QUEUE_REREAD_MS * 3);
    catchUpQueue();
    expect(queueReads).toBe(before + 1);
    stop();
  });

  it('closes with the player, and opened again says nothing plays though the provider still holds the paused track', async () => {
    const stop = $queue.listen(() => undefined);
    toggleQueue(true);
    await expect.poll(() => $queue.get().nowPlaying?.id).toBe(tracks[0]!.id);
    const closing = closePlayer();
    clock.advance(800);
    await closing;
    // The card's panel went with the card (the Now Playing view's stays: now-playing.spec.ts).
    expect($queue.get().open).toBe(false);
    toggleQueue(true);
    await expect.poll(() => $queue.get().loaded).toBe(true);
    expect($queue.get().nowPlaying?.id).toBe(tracks[0]!.id);
    expect($queueShown.get()).toMatchObject({ open: true, nowPlaying: null, nextUp: [] });
    // Nothing to follow beside a closed player: its ticks read nothing.
    const before = queueReads;
    clock.advance(QUEUE_REREAD_MS * 2);
    expect(queueReads).toBe(before);
    toggleQueue(false);
    stop();
  });
});
