// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { search } from '../../src/api/search';
import type { Track } from '../../src/api/types';
import { setPlayerClock } from '../../src/lib/clock';
import { writeStored } from '../../src/lib/storage';
import { $connectionLost } from '../../src/stores/connection';
import { enterNowPlaying } from '../../src/stores/now-playing-page';
import { $player, closePlayer } from '../../src/stores/player';
import { $limitSecondsLeft, noteLimitedUntil } from '../../src/stores/provider-limit';
import { playFromList } from '../../src/stores/play';
import { $queue, $queueShown, catchUpQueue, toggleQueue } from '../../src/stores/queue';
import { QUEUE_REREAD_MS } from '../../src/stores/queue-rules';
import { syncRoute } from '../../src/stores/route';
import { $session } from '../../src/stores/session';
import { $toasts } from '../../src/stores/toasts';
import { clearFaults, connectDevice } from '../../sandbox/tests/harness';
import { manualClock } from './helpers/manual-clock';
import { addFault, type RunningSandbox, startSignedIn } from './helpers/sandbox';

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

/** Lets a request asked by mistake leave (callApi awaits before it sends), so that counting requests can fail. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

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
    // A read sets `loading` as it is asked, before its request leaves: none was asked yet.
    expect($queue.get().loading).toBe(false);
    clock.advance(1);
    expect($queue.get().loading).toBe(true);
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
    await expect.poll(() => $queue.get().loading).toBe(false);
    clock.advance(500);
    catchUpQueue();
    expect($queue.get().loading).toBe(false);
    await settle();
    expect(queueReads).toBe(before + 1);

    // Shut, it reads nothing at any tick.
    toggleQueue(false);
    clock.advance(QUEUE_REREAD_MS * 3);
    catchUpQueue();
    expect($queue.get().loading).toBe(false);
    await settle();
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
    expect($queue.get().loading).toBe(false);
    await settle();
    expect(queueReads).toBe(before);
    toggleQueue(false);
    stop();
  });
});

/** The provider's queue, answered to every GET of it: what a fault scripts. */
const QUEUE_READS = { method: 'GET', path: '^/v1/me/player/queue' };
/** Lets the clock pass one tick of the open panel's rhythm. */
const tick = () => clock.advance(QUEUE_REREAD_MS);
/** Waits for the read on its way (the client's one retry of a dropped GET waits 800 ms). */
const answered = () => expect.poll(() => $queue.get().loading, { timeout: 5000 }).toBe(false);

describe("an open panel's reads at its rhythm, behind the user's back", () => {
  let stop: () => void;
  beforeAll(async () => {
    stop = $queue.listen(() => undefined);
    await playFromList(tracks.slice(0, 3), 0);
    toggleQueue(true);
    await vi.waitFor(() => {
      expect($queue.get()).toMatchObject({ loading: false, nowPlaying: { id: tracks[0]!.id } });
      expect($player.get().playback?.device?.isActive).toBe(true);
    });
  });
  afterEach(() => clearFaults(running.url));
  afterAll(() => stop());

  it('a read that fails keeps the lists shown, with no toast and no lost connection (the network dropped)', async () => {
    const shown = nextUpIds();
    expect(shown.length).toBeGreaterThan(0);
    await addFault(running.url, { match: QUEUE_READS, drop: true });
    $toasts.set([]);
    const before = queueReads;
    tick();
    expect($queue.get().loading).toBe(true);
    await answered();
    expect(queueReads).toBeGreaterThan(before);
    expect($toasts.get().map((toast) => toast.message)).toEqual([]);
    // The network's return must not load the page again for the queue's sake (shell-client.ts).
    expect($connectionLost.get()).toBe(false);
    expect($queue.get()).toMatchObject({ failed: false, loaded: true });
    expect(nextUpIds()).toEqual(shown);
  });

  it('asks nothing while the browser is offline, and reads again once it is back', async () => {
    const online = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
    Object.defineProperty(globalThis, 'navigator', { value: { onLine: false }, configurable: true, writable: true });
    try {
      const before = queueReads;
      tick();
      expect($queue.get().loading).toBe(false);
      await settle();
      expect(queueReads).toBe(before);
    } finally {
      if (online) Object.defineProperty(globalThis, 'navigator', online);
      else delete (globalThis as { navigator?: unknown }).navigator;
    }
    tick();
    expect($queue.get().loading).toBe(true);
    await answered();
  });

  it('asks nothing while the provider rate-limits the site, and reads again once the limit is over', async () => {
    noteLimitedUntil(clock.now() + QUEUE_REREAD_MS + 1000);
    expect($limitSecondsLeft.get()).toBeGreaterThan(0);
    const before = queueReads;
    tick();
    expect($queue.get().loading).toBe(false);
    await settle();
    expect(queueReads).toBe(before);
    clock.advance(QUEUE_REREAD_MS * 2);
    expect($limitSecondsLeft.get()).toBe(0);
    await answered();
    expect(queueReads).toBe(before + 1);
  });

  it("a slow provider's answer lands: a tick asks nothing while a read is on its way (a new one would cancel it)", async () => {
    await addFault(running.url, { match: QUEUE_READS, delayMs: 1500, times: 1 });
    const before = queueReads;
    tick();
    expect($queue.get().loading).toBe(true);
    await settle();
    tick();
    await answered();
    expect(queueReads).toBe(before + 1);
    expect($queue.get()).toMatchObject({ failed: false, loaded: true, nowPlaying: { id: tracks[0]!.id } });
  });

  it('follows only a playback on an active device: one left by a device that went lists no queue, nothing can be added to it', async () => {
    const held = $player.get();
    const playback = held.playback!;
    // What a reload finds: the playback paused on the device of the page before, which went.
    $player.set({ ...held, playback: { ...playback, isPlaying: false, device: { ...playback.device!, id: 'gone-device', isActive: false } } });
    try {
      const before = queueReads;
      tick();
      expect($queue.get().loading).toBe(false);
      catchUpQueue();
      expect($queue.get().loading).toBe(false);
      await settle();
      expect(queueReads).toBe(before);
    } finally {
      $player.set(held);
    }
  });
});

describe('the open panel once nothing shows it', () => {
  it('stops its rhythm (and the player its ticks) as the last listener goes, and takes it up again when shown', async () => {
    let stop = $queue.listen(() => undefined);
    await playFromList(tracks.slice(0, 3), 0);
    toggleQueue(true);
    await expect.poll(() => $player.get().playback?.device?.isActive).toBe(true);
    await answered();
    expect(clock.running()).toBeGreaterThan(0);
    stop();
    // nanostores lets a store go 1 s after its last listener, and then, a second later each, the stores it listened to.
    await vi.waitFor(() => expect(clock.running()).toBe(0), { timeout: 8000, interval: 250 });
    const before = queueReads;
    tick();
    await settle();
    expect(queueReads).toBe(before);

    stop = $queue.listen(() => undefined);
    tick();
    expect($queue.get().loading).toBe(true);
    await answered();
    expect(queueReads).toBe(before + 1);
    toggleQueue(false);
    stop();
  }, 15_000);
});

describe('the Now Playing view', () => {
  it("shuts the card's panel as it is left when the player was closed on it, though the panel was open before it", async () => {
    const stop = $queue.listen(() => undefined);
    await playFromList(tracks.slice(0, 3), 0);
    toggleQueue(true);
    syncRoute('/player');
    const view = enterNowPlaying();
    const closing = closePlayer();
    clock.advance(800);
    await closing;
    // The view's panel stays on the view, saying nothing plays.
    expect($queue.get().open).toBe(true);
    view.leave();
    syncRoute('/');
    expect($queue.get().open).toBe(false);
    stop();
  });
});
