// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { search } from '../../src/api/search';
import type { Track } from '../../src/api/types';
import { writeStored } from '../../src/lib/storage';
import { $devices, $otherDevice, $whereabouts, catchUpWithPlayback, DEVICE_GONE, loadDevices, toggleDevicePicker, transferTo } from '../../src/stores/devices';
import { syncRoute } from '../../src/stores/route';
import { $player, closePlayer, cycleRepeat, nextTrack, previousTrack, refreshPlayback, resetAfterAccountError, resetPlayer, seekToSecond, setProgressSeconds, toggleShuffle } from '../../src/stores/player';
import { playFromList, setDeviceRenewer, togglePlay } from '../../src/stores/play';
import { applyDeviceState, markDeviceReady } from '../../src/playback/device-state';
import { $queue, ADDED_TO_QUEUE, addTrackToQueue, refreshQueue, START_PLAYBACK_FIRST, toggleQueue } from '../../src/stores/queue';
import { $session } from '../../src/stores/session';
import { $toasts } from '../../src/stores/toasts';
import { clearFaults, connectDevice, faultHits } from '../../sandbox/tests/harness';
import { useFakeTimeouts } from './helpers/client-effects';
import { addFault, type RunningSandbox, startSignedIn } from './helpers/sandbox';

/** The queue and device stores against a real sandbox, with two SDK devices as two tabs would be. */

let running: RunningSandbox;
let tracks: Track[];
let here: Awaited<ReturnType<typeof connectDevice>>;
let there: Awaited<ReturnType<typeof connectDevice>>;

const lastToast = () => $toasts.get().at(-1);
/** The ids of the account's devices the provider knows. */
async function devicesOf(): Promise<string[]> {
  const response = await fetch(`${running.base}/v1/me/player/devices`, { headers: { Authorization: `Bearer ${$session.get()!.accessToken}` } });
  return ((await response.json()) as { devices: { id: string }[] }).devices.map((device) => device.id);
}

async function provider(): Promise<{ is_playing: boolean; item: { id: string }; device: { id: string } } | null> {
  const response = await fetch(`${running.base}/v1/me/player`, { headers: { Authorization: `Bearer ${$session.get()!.accessToken}` } });
  return response.status === 204 ? null : ((await response.json()) as never);
}

beforeAll(async () => {
  ({ running } = await startSignedIn());
  tracks = (await search('a', ['track'])).tracks.items.slice(0, 4);
  here = await connectDevice(running.url, $session.get()!.accessToken, 'My Music');
  there = await connectDevice(running.url, $session.get()!.accessToken, 'Kitchen');
  await here.next('ready');
  await there.next('ready');
  writeStored('DEVICE_ID', here.deviceId);
}, 120_000);

afterAll(async () => {
  here?.close();
  there?.close();
  await running?.stop();
});

beforeEach(() => {
  $toasts.set([]);
});

afterEach(async () => {
  vi.useRealTimers();
  await clearFaults(running.url);
});

describe('the queue store', () => {
  it('says "Start playback first" when nothing plays, and the panel says the queue is empty', async () => {
    await addTrackToQueue(tracks[3]!);
    expect(lastToast()).toMatchObject({ message: START_PLAYBACK_FIRST });
    toggleQueue(true);
    await expect.poll(() => $queue.get().loaded).toBe(true);
    expect($queue.get()).toMatchObject({ nowPlaying: null, nextUp: [] });
    toggleQueue(false);
  });

  it('adds a track to play next, confirmed by a toast, and follows the playing track', async () => {
    const stop = $queue.listen(() => undefined);
    await playFromList(tracks.slice(0, 3), 0);
    toggleQueue(true);
    await expect.poll(() => $queue.get().nowPlaying?.id).toBe(tracks[0]!.id);
    expect($queue.get().nextUp.map((track) => track.id)).toEqual([tracks[1]!.id, tracks[2]!.id]);

    await addTrackToQueue(tracks[3]!);
    expect(lastToast()).toMatchObject({ message: ADDED_TO_QUEUE });
    await expect.poll(() => $queue.get().nextUp.map((track) => track.id)).toEqual([tracks[3]!.id, tracks[1]!.id, tracks[2]!.id]);

    // The track changes: the open panel reads the queue again by itself.
    await nextTrack();
    expect((await provider())?.item.id).toBe(tracks[3]!.id);
    await expect.poll(() => $queue.get().nowPlaying?.id).toBe(tracks[3]!.id);
    expect($queue.get().nextUp.map((track) => track.id)).toEqual([tracks[1]!.id, tracks[2]!.id]);
    stop();
  });

  it('keeps the newest answer when an older one arrives late', async () => {
    // The sandbox holds the first answer until the test steps its (fake) clock, so the
    // second question is answered first whatever the machine's load.
    useFakeTimeouts();
    await addFault(running.base, { match: { method: 'GET', path: '/v1/me/player/queue' }, status: 200, body: { currently_playing: null, queue: [] }, delayMs: 300, times: 1 });
    const slow = refreshQueue();
    await expect.poll(() => faultHits(running.url)).toEqual([1]);
    await refreshQueue();
    expect($queue.get().nowPlaying?.id).toBe(tracks[3]!.id);
    await vi.advanceTimersByTimeAsync(300);
    await slow;
    vi.useRealTimers();
    expect($queue.get().nowPlaying?.id).toBe(tracks[3]!.id);
    toggleQueue(false);
  });
});

describe('the queue panel and a device picker beside the player', () => {
  const shown = () => ({ queue: $queue.get().open, picker: $devices.get().open });
  const closeBoth = () => {
    toggleQueue(false);
    toggleDevicePicker(false);
  };

  it('show one at a time where they would take one place: opening one closes the other', async () => {
    syncRoute('/');
    const mounted = $queue.listen(() => {});
    try {
      toggleDevicePicker(true, 'card');
      toggleQueue(true);
      expect(shown()).toEqual({ queue: true, picker: false });
      toggleDevicePicker(true, 'top-bar');
      expect(shown()).toEqual({ queue: false, picker: true });
      toggleQueue(true);
      toggleDevicePicker(true, 'card');
      expect(shown()).toEqual({ queue: false, picker: true });
      // The bottom sheet's picker is a dialog over everything: the queue under it stays.
      closeBoth();
      toggleQueue(true);
      toggleDevicePicker(true, 'sheet');
      expect(shown()).toEqual({ queue: true, picker: true });
    } finally {
      closeBoth();
      mounted();
      await expect.poll(() => $devices.get().loading || $queue.get().loading).toBe(false);
    }
  });

  it('both stay open on /player, whose view shows the queue as part of its page, and as the user goes on from there', async () => {
    syncRoute('/player');
    const mounted = $queue.listen(() => {});
    try {
      toggleQueue(true);
      toggleDevicePicker(true, 'card');
      expect(shown()).toEqual({ queue: true, picker: true });
      syncRoute('/');
      await loadDevices();
      expect(shown()).toEqual({ queue: true, picker: true });
    } finally {
      closeBoth();
      mounted();
      syncRoute('/');
      await expect.poll(() => $devices.get().loading || $queue.get().loading).toBe(false);
    }
  });
});

describe("the provider's queue with podcast episodes in it", () => {
  it('shows its tracks only: an episode has no album or artists, and its picture is elsewhere', async () => {
    const track = (id: string) => ({ type: 'track', id, name: `Song ${id}`, uri: `spotify:track:${id}`, duration_ms: 1000, artists: [], album: null });
    const episode = (id: string) => ({ type: 'episode', id, name: `Episode ${id}`, uri: `spotify:episode:${id}`, duration_ms: 1000, images: [] });
    await addFault(running.base, {
      match: { method: 'GET', path: '^/v1/me/player/queue$' },
      status: 200,
      body: { currently_playing: episode('e1'), queue: [track('t1'), episode('e2'), track('t2')] },
      times: 1,
    });
    const { getQueue } = await import('../../src/api/queue');
    const queue = await getQueue();
    expect(queue.currentlyPlaying).toBeNull();
    expect(queue.queue.map((item) => item.id)).toEqual(['t1', 't2']);
  });
});

describe('the device store', () => {
  it('lists both devices, moves playback keeping it playing, then drives the other device', async () => {
    await loadDevices();
    expect($devices.get().list.map((device) => [device.name, device.isActive])).toEqual([
      ['My Music', true],
      ['Kitchen', false],
    ]);
    await transferTo(there.deviceId);
    expect(await provider()).toMatchObject({ is_playing: true, device: { id: there.deviceId } });
    expect($otherDevice.get()?.name).toBe('Kitchen');
    expect($devices.get().list.find((device) => device.isActive)?.id).toBe(there.deviceId);

    // The card's play/pause now pauses the other device, through the Web API.
    await togglePlay();
    expect(await provider()).toMatchObject({ is_playing: false, device: { id: there.deviceId } });
    await refreshPlayback();
    expect($player.get().playback?.isPlaying).toBe(false);

    // A paused playback moved back stays paused.
    await transferTo(here.deviceId);
    expect(await provider()).toMatchObject({ is_playing: false, device: { id: here.deviceId } });
    expect($otherDevice.get()).toBeNull();
  });

  it('a device that vanished: the list is read again and the user told so', async () => {
    const gone = await connectDevice(running.url, $session.get()!.accessToken, 'Phone');
    await gone.next('ready');
    await loadDevices();
    expect($devices.get().list).toHaveLength(3);
    gone.close();
    await expect.poll(async () => (await fetch(`${running.base}/v1/me/player/devices`, { headers: { Authorization: `Bearer ${$session.get()!.accessToken}` } }).then((r) => r.json()) as { devices: unknown[] }).devices.length).toBe(2);
    await transferTo(gone.deviceId);
    expect(lastToast()).toMatchObject({ message: DEVICE_GONE });
    expect($toasts.get()).toHaveLength(1);
    expect($devices.get().list).toHaveLength(2);
    resetPlayer();
  });
});

describe('catching up with the account (a tab opening, or coming back into view)', () => {
  const token = () => $session.get()!.accessToken;

  it('shows music playing on another device, then a playback its tab left paused, and Play moves that here from where it stopped', async () => {
    const old = await connectDevice(running.url, token(), 'Closed tab');
    await old.next('ready');
    await fetch(`${running.base}/v1/me/player/play?device_id=${old.deviceId}`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${token()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ uris: [tracks[1]!.uri], position_ms: 0 }),
    });
    // A fresh tab: nothing in its card yet.
    resetPlayer();
    await catchUpWithPlayback();
    expect($player.get()).toMatchObject({ visible: true, currentPlayingTrack: { id: tracks[1]!.id } });
    expect($whereabouts.get()).toMatchObject({ at: 'elsewhere', device: { name: 'Closed tab' } });

    // 2.1 s of play on the sandbox's clock (it stands still unless the test moves it), then the tab goes.
    running.clock.advance(2_100);
    old.close();
    await expect.poll(async () => (await provider())?.is_playing).toBe(false);
    const left = (await provider()) as unknown as { progress_ms: number };
    expect(left.progress_ms).toBe(2_100);

    resetPlayer();
    await catchUpWithPlayback();
    expect($player.get()).toMatchObject({ visible: true, currentPlayingTrack: { id: tracks[1]!.id } });
    expect($whereabouts.get().at).toBe('left');
    expect($otherDevice.get()).toBeNull();
    expect($player.get().progressSeconds).toBe(Math.floor(left.progress_ms / 1000));

    await togglePlay();
    const resumed = (await provider()) as unknown as { is_playing: boolean; progress_ms: number; device: { id: string }; item: { id: string } };
    expect(resumed).toMatchObject({ is_playing: true, device: { id: here.deviceId }, item: { id: tracks[1]!.id } });
    // From where it stopped, to the millisecond: 2.1 s (the bar's 2 agrees with it, so not 2 s).
    expect(resumed.progress_ms).toBe(left.progress_ms);
    expect($whereabouts.get().at).toBe('here');
  });

  it('a card the user closed stays closed when the tab comes back; the next play brings it back', async () => {
    await closePlayer();
    await catchUpWithPlayback();
    expect($player.get()).toMatchObject({ visible: false, dismissed: true });
    await playFromList(tracks, 2);
    expect($player.get()).toMatchObject({ visible: true, dismissed: false });
    await fetch(`${running.base}/v1/me/player/pause`, { method: 'PUT', headers: { Authorization: `Bearer ${token()}` } });
  });

  it('with nothing loaded at the provider, shows the last played track, paused at its start', async () => {
    await fetch(`${running.base}/__sandbox/reset`, { method: 'POST' });
    expect(await provider()).toBeNull();
    const recent = (await (
      await fetch(`${running.base}/v1/me/player/recently-played?limit=1`, { headers: { Authorization: `Bearer ${token()}` } })
    ).json()) as { items: { track: { id: string } }[] };
    resetPlayer();
    await catchUpWithPlayback();
    expect($player.get()).toMatchObject({ visible: true, playback: null, progressSeconds: 0, currentPlayingTrack: { id: recent.items[0]!.track.id } });
    expect($whereabouts.get().at).toBe('nowhere');
  });

  it("an account error after the page's catch-up resets the player but keeps the last played track, asking the provider nothing again", async () => {
    await fetch(`${running.base}/__sandbox/reset`, { method: 'POST' });
    resetPlayer();
    await catchUpWithPlayback();
    const shown = $player.get().currentPlayingTrack;
    expect(shown).not.toBeNull();
    // The page caught up first, then its SDK reported the free account: the reset leaves the
    // card the provider's word (a reset alone left it empty), and reads nothing again for it.
    await addFault(running.base, [{ match: { method: 'GET', path: '^/v1/me/player$' } }, { match: { method: 'GET', path: '^/v1/me/player/recently-played' } }]);
    resetAfterAccountError();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect($player.get()).toMatchObject({ visible: true, playback: null, progressSeconds: 0, currentPlayingTrack: { id: shown!.id } });
    expect(await faultHits(running.url)).toEqual([0, 0]);
  });
});

describe('a play on a device the provider has lost', () => {
  const token = () => $session.get()!.accessToken;

  it('a tab reloaded while it played: its new device reads the playback again, and an open queue follows the resume', async () => {
    // The page before the reload: its device plays.
    const before = await connectDevice(running.url, token(), 'My Music');
    await before.next('ready');
    markDeviceReady(before.deviceId);
    await playFromList(tracks, 0);
    await expect.poll(async () => (await provider())?.device.id).toBe(before.deviceId);
    expect($player.get().playback?.isPlaying).toBe(true);
    // The reload: that page's device is gone, the music stopped with it, and the card still
    // says it plays (as the server, reading while the old page went, may have found it).
    before.close();
    await expect.poll(async () => (await devicesOf()).includes(before.deviceId)).toBe(false);
    // The open panel holds the queue store, as its island does: read only by get(), the store
    // unmounts a second after it (nanostores), and whether its reaction to the play below still
    // ran would depend on how long the steps in between took.
    const stopQueue = $queue.listen(() => undefined);
    toggleQueue(true);
    await expect.poll(() => $queue.get().loaded).toBe(true);
    expect($queue.get().nowPlaying).toBeNull(); // no active device: the provider lists no queue
    const after = await connectDevice(running.url, token(), 'My Music');
    try {
      await after.next('ready');
      markDeviceReady(after.deviceId);
      await expect.poll(() => $player.get().playback?.isPlaying).toBe(false);
      expect($player.get().currentPlayingTrack?.id).toBe(tracks[0]!.id);
      // Play resumes it on the new device, and the open queue, whose track did not change, reads again.
      await togglePlay();
      expect(await provider()).toMatchObject({ is_playing: true, device: { id: after.deviceId } });
      await expect.poll(() => $queue.get().nowPlaying?.id).toBe(tracks[0]!.id);
      // A pause of the track the panel shows changes nothing of the queue: it is not read again.
      await addFault(running.base, { match: { method: 'GET', path: '^/v1/me/player/queue$' } });
      await togglePlay();
      await expect.poll(() => $player.get().playback?.isPlaying).toBe(false);
      expect(await faultHits(running.url)).toEqual([0]);
    } finally {
      toggleQueue(false);
      stopQueue();
      after.close();
      markDeviceReady(here.deviceId);
    }
  });

  /** A device of this tab's, named `name`, where track `index` played and was paused; the card has read it so. */
  async function pausedOn(name: string, index: number): Promise<Awaited<ReturnType<typeof connectDevice>>> {
    const device = await connectDevice(running.url, token(), name);
    await device.next('ready');
    markDeviceReady(device.deviceId);
    await playFromList(tracks, index);
    // Paused as a user pauses: once the card shows it playing (its Pause); under load the SDK's
    // report can come after the play's answer, and a press before it plays again.
    await expect.poll(() => $player.get().playback?.isPlaying && $player.get().playback?.item?.id === tracks[index]!.id).toBe(true);
    await togglePlay();
    await expect.poll(async () => (await provider())?.is_playing).toBe(false);
    await refreshPlayback();
    return device;
  }

  it('a tab reloaded while paused: its new device reads the playback again, which no longer says "Playing on" the gone device', async () => {
    const before = await pausedOn('My Music', 0);
    // The reload: that page's device went, but the card holds the server's reading, made while
    // it went, which still named it active.
    before.close();
    await expect.poll(async () => (await devicesOf()).includes(before.deviceId)).toBe(false);
    expect($player.get().playback?.device).toMatchObject({ id: before.deviceId, isActive: true });
    const after = await connectDevice(running.url, token(), 'My Music');
    try {
      await after.next('ready');
      markDeviceReady(after.deviceId);
      await expect.poll(() => $whereabouts.get().at).toBe('left');
      await togglePlay();
      expect(await provider()).toMatchObject({ is_playing: true, device: { id: after.deviceId }, item: { id: tracks[0]!.id } });
      await togglePlay();
    } finally {
      after.close();
      markDeviceReady(here.deviceId);
    }
  });

  it('Play on a paused device said active that the provider has lost takes the playback over here, rather than doing nothing', async () => {
    const gone = await pausedOn('Kitchen radio', 2);
    // This tab's own device is `here` again; the card still shows the other one paused there.
    markDeviceReady(here.deviceId);
    await expect.poll(() => $whereabouts.get()).toMatchObject({ at: 'elsewhere', device: { id: gone.deviceId } });
    // The provider loses it, and nothing has told the card yet.
    gone.close();
    await expect.poll(async () => (await devicesOf()).includes(gone.deviceId)).toBe(false);
    await togglePlay();
    expect(await provider()).toMatchObject({ is_playing: true, device: { id: here.deviceId }, item: { id: tracks[2]!.id } });
    expect(lastToast()).toBeUndefined();
    await togglePlay();
  });

  it('registers this tab\'s device again and plays there, once, rather than failing the click', async () => {
    // The tab's device, then the provider forgets it (its event stream dropped) while the tab
    // still holds its id: the play is answered 404 "Device not found".
    const lost = await connectDevice(running.url, token(), 'My Music');
    await lost.next('ready');
    markDeviceReady(lost.deviceId);
    lost.close();
    await expect.poll(async () => (await devicesOf()).includes(lost.deviceId)).toBe(false);
    let renewed: Awaited<ReturnType<typeof connectDevice>> | null = null;
    let renewals = 0;
    // What src/playback/sdk.ts installs: the SDK registers again, and its `ready` stores the new id.
    setDeviceRenewer(() => {
      renewals++;
      void connectDevice(running.url, token(), 'My Music').then(async (device) => {
        renewed = device;
        await device.next('ready');
        markDeviceReady(device.deviceId);
      });
    });
    try {
      await playFromList(tracks, 1);
      expect(renewals).toBe(1);
      expect(await provider()).toMatchObject({ is_playing: true, device: { id: renewed!.deviceId }, item: { id: tracks[1]!.id } });
      expect($player.get()).toMatchObject({ visible: true, deviceId: renewed!.deviceId });
    } finally {
      setDeviceRenewer(null);
      (renewed as { close(): void } | null)?.close();
      markDeviceReady(here.deviceId);
    }
  });
});

describe('a playback left behind by a device that went (a reload)', () => {
  const token = () => $session.get()!.accessToken;
  const auth = () => ({ Authorization: `Bearer ${token()}` });
  interface Provided { is_playing: boolean; progress_ms: number; shuffle_state: boolean; repeat_state: string; item: { id: string }; device: { id: string; is_active: boolean } }
  const provided = async () => (await provider()) as unknown as Provided;

  /**
   * The page before the reload played the four tracks from `positionMs` on its own device, then
   * went: the provider keeps the playback paused, naming that device inactive. This tab caught
   * up with it as it loaded: the card shows the track, paused, where it stopped.
   */
  async function leftBehind(positionMs: number): Promise<void> {
    const old = await connectDevice(running.url, token(), 'My Music');
    await old.next('ready');
    const play = () =>
      fetch(`${running.base}/v1/me/player/play?device_id=${old.deviceId}`, {
        method: 'PUT',
        headers: { ...auth(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ uris: tracks.map((track) => track.uri), position_ms: positionMs }),
      });
    // In order, shuffle and repeat off (a play keeps the modes the playback had).
    await play();
    await fetch(`${running.base}/v1/me/player/shuffle?state=false`, { method: 'PUT', headers: auth() });
    await fetch(`${running.base}/v1/me/player/repeat?state=off`, { method: 'PUT', headers: auth() });
    await play();
    old.close();
    await expect.poll(async () => (await provider())?.is_playing).toBe(false);
    resetPlayer();
    await catchUpWithPlayback();
    expect($whereabouts.get().at).toBe('left');
    expect($player.get()).toMatchObject({ visible: true, currentPlayingTrack: { id: tracks[0]!.id }, progressSeconds: Math.floor(positionMs / 1000) });
  }

  it('Next, Previous, Shuffle, Repeat and Seek take it over to this tab first, paused, and then do what was pressed', async () => {
    expect(tracks[0]!.durationMs).toBeGreaterThan(60_000);
    const pressed: [string, () => Promise<void>, (after: Provided) => void][] = [
      ['next', nextTrack, (after) => expect(after.item.id).toBe(tracks[1]!.id)],
      ['previous', previousTrack, (after) => expect(after.progress_ms).toBeLessThan(20_000)],
      ['shuffle', toggleShuffle, (after) => expect(after.shuffle_state).toBe(true)],
      ['repeat', cycleRepeat, (after) => expect(after.repeat_state).toBe('context')],
      ['seek', () => seekToSecond(50), (after) => expect(after.progress_ms).toBe(50_000)],
    ];
    for (const [what, press, done] of pressed) {
      await leftBehind(20_000);
      await press();
      const after = await provided();
      // Here now, and still silent: a command that is no play starts no sound.
      expect(after, what).toMatchObject({ is_playing: false, device: { id: here.deviceId, is_active: true } });
      done(after);
      expect($whereabouts.get().at, what).toBe('here');
      expect($player.get().playback, what).toMatchObject({ isPlaying: false, item: { id: after.item.id }, shuffleState: after.shuffle_state, repeatState: after.repeat_state });
      expect($player.get().progressSeconds, what).toBe(Math.floor(after.progress_ms / 1000));
    }
  });

  it('Next pressed twice quickly: one take-over, and two steps', async () => {
    await leftBehind(20_000);
    await Promise.all([nextTrack(), nextTrack()]);
    expect(await provided()).toMatchObject({ is_playing: false, item: { id: tracks[2]!.id }, device: { id: here.deviceId } });
    expect($player.get().currentPlayingTrack?.id).toBe(tracks[2]!.id);
  });

  it("Play resumes it here from the second the bar shows, not where the old page stopped", async () => {
    await leftBehind(20_000);
    setProgressSeconds(40);
    await togglePlay();
    const resumed = await provided();
    expect(resumed).toMatchObject({ is_playing: true, device: { id: here.deviceId }, item: { id: tracks[0]!.id } });
    // The sandbox's clock has not moved since: exactly the bar's second.
    expect(resumed.progress_ms).toBe(40_000);
    await fetch(`${running.base}/v1/me/player/pause`, { method: 'PUT', headers: auth() });
  });

  it('Add to queue takes it over too, and the track is queued (the provider refused an add on a device that went)', async () => {
    await leftBehind(20_000);
    await addTrackToQueue(tracks[3]!);
    expect(await provided()).toMatchObject({ is_playing: false, device: { id: here.deviceId, is_active: true } });
    const queued = (await (await fetch(`${running.base}/v1/me/player/queue`, { headers: auth() })).json()) as { queue: { id: string }[] };
    expect(queued.queue[0]?.id).toBe(tracks[3]!.id);
    // Played through, it leaves the queue as the tests after this one expect it.
    await nextTrack();
    expect((await provided()).item.id).toBe(tracks[3]!.id);
  });

  it("the open queue, empty while no device holds the playback, lists the provider's once a command took it over", async () => {
    const stop = $queue.listen(() => undefined);
    try {
      await leftBehind(20_000);
      toggleQueue(true);
      await expect.poll(() => $queue.get().loaded).toBe(true);
      expect($queue.get().nowPlaying).toBeNull(); // the provider lists no queue without an active device
      await cycleRepeat();
      await expect.poll(() => $queue.get().nowPlaying?.id).toBe(tracks[0]!.id);
      expect($queue.get().nextUp.map((track) => track.id)).toEqual(tracks.slice(1).map((track) => track.id));
    } finally {
      toggleQueue(false);
      stop();
    }
  });
});

describe('after a shuffle or repeat is taken, the card and the queue follow what it changed', () => {
  const auth = () => ({ Authorization: `Bearer ${$session.get()!.accessToken}` });

  it('repeat on at the last track of a list: Next is allowed again, and the open queue lists the list again after it', async () => {
    const stop = $queue.listen(() => undefined);
    try {
      await playFromList(tracks.slice(0, 3), 2);
      await fetch(`${running.base}/v1/me/player/repeat?state=off`, { method: 'PUT', headers: auth() });
      await refreshPlayback();
      expect($player.get().playback).toMatchObject({ repeatState: 'off', disallows: { skippingNext: true } });
      toggleQueue(true);
      await expect.poll(() => $queue.get().loaded).toBe(true);
      expect($queue.get()).toMatchObject({ nowPlaying: { id: tracks[2]!.id }, nextUp: [] });
      await cycleRepeat();
      expect($player.get().playback).toMatchObject({ repeatState: 'context', disallows: { skippingNext: false } });
      await expect.poll(() => $queue.get().nextUp.map((track) => track.id)).toEqual([tracks[0]!.id, tracks[1]!.id]);
    } finally {
      toggleQueue(false);
      stop();
      await fetch(`${running.base}/v1/me/player/repeat?state=off`, { method: 'PUT', headers: auth() });
      await fetch(`${running.base}/v1/me/player/pause`, { method: 'PUT', headers: auth() });
    }
  });
});

describe("the SDK's null state: the playback moved away from this tab", () => {
  const auth = () => ({ Authorization: `Bearer ${$session.get()!.accessToken}` });

  it('the card keeps what it shows until the provider says where the music is, then says "Playing on" it', async () => {
    await playFromList(tracks, 1);
    expect($whereabouts.get().at).toBe('here');
    const shown = $player.get();
    // Another device takes it (a phone's own picker); the provider tells this tab's SDK: no state.
    await fetch(`${running.base}/v1/me/player`, { method: 'PUT', headers: { ...auth(), 'Content-Type': 'application/json' }, body: JSON.stringify({ device_ids: [there.deviceId], play: true }) });
    applyDeviceState(null);
    // Not blanked for the round trip: the card, its track and its picker stay.
    expect($player.get()).toMatchObject({ visible: true, currentPlayingTrack: { id: tracks[1]!.id }, playback: { item: { id: tracks[1]!.id } } });
    expect($player.get().currentPlayingTrack).toBe(shown.currentPlayingTrack);
    await expect.poll(() => $otherDevice.get()?.name).toBe('Kitchen');
    expect($player.get()).toMatchObject({ visible: true, currentPlayingTrack: { id: tracks[1]!.id }, playback: { isPlaying: true } });
    await fetch(`${running.base}/v1/me/player/pause`, { method: 'PUT', headers: auth() });
  });

  it('with nothing playing anywhere any more, the card is reset, then shows the last played track as any catch-up', async () => {
    await playFromList(tracks, 2);
    await fetch(`${running.base}/__sandbox/reset`, { method: 'POST' });
    const recent = (await (await fetch(`${running.base}/v1/me/player/recently-played?limit=1`, { headers: auth() })).json()) as { items: { track: { id: string } }[] };
    applyDeviceState(null);
    expect($player.get()).toMatchObject({ visible: true, currentPlayingTrack: { id: tracks[2]!.id } });
    await expect.poll(() => $player.get().playback).toBeNull();
    await expect.poll(() => $player.get().currentPlayingTrack?.id).toBe(recent.items[0]!.track.id);
    expect($player.get()).toMatchObject({ visible: true, playback: null, progressSeconds: 0 });
  });
});
