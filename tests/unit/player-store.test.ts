// @vitest-environment node
// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { search } from '../../src/api/search';
import type { Playback, Track } from '../../src/api/types';
import { writeStored } from '../../src/lib/storage';
import { setPlayerClock, type PlayerClock } from '../../src/lib/clock';
import { applyDeviceState } from '../../src/playback/device-state';
import {
  $player,
  closePlayer,
  cycleRepeat,
  likeCurrentTrack,
  nextTrack,
  playFromList,
  playTrack,
  refreshPlayback,
  storedDeviceId,
  resetPlayer,
  seekToSecond,
  setPlaybackActivator,
  setProgressSeconds,
  tickProgress,
  togglePlay,
  toggleShuffle,
} from '../../src/stores/player';
import { $session } from '../../src/stores/session';
import { $toasts } from '../../src/stores/toasts';
import { $ui, closePremiumPrompt } from '../../src/stores/ui';
import { connectDevice as connectSdkDevice } from '../../sandbox/tests/harness';
import { addFault, type RunningSandbox, startSignedIn } from './helpers/sandbox';

/** A clock moved by hand: `advance(ms)` runs every timer due by then, in order. */
function manualClock(): PlayerClock & { advance(ms: number): void; waiting(): number } {
  let now = 0;
  let nextId = 1;
  const timers = new Map<number, { at: number; every: number | null; callback: () => void }>();
  const add = (callback: () => void, ms: number, every: number | null) => {
    timers.set(nextId, { at: now + ms, every, callback });
    return nextId++;
  };
  return {
    setTimeout: (callback, ms) => add(callback, ms, null),
    setInterval: (callback, ms) => add(callback, ms, ms),
    clearInterval: (handle) => void timers.delete(handle as number),
    waiting: () => [...timers.values()].filter((timer) => timer.every === null).length,
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        const [id, timer] = due;
        now = timer.at;
        if (timer.every === null) timers.delete(id);
        else timer.at += timer.every;
        timer.callback();
      }
      now = end;
    },
  };
}

let running: RunningSandbox;
let tracks: Track[];
// One clock for the file: a store's get() mounts it for a moment, which starts the
// progress timer on whatever clock is installed then.
const clock = manualClock();
let device: Awaited<ReturnType<typeof connectSdkDevice>> | null = null;

/**
 * Connects a device the way the SDK shim does (the harness's device: register, then
 * hold the event stream open), and stores its id as the SDK's ready handler would.
 * Node has no audio element, so this stands in for the shim, which is tested in Chromium.
 */
async function connectDevice(): Promise<string> {
  device = await connectSdkDevice(running.url, $session.get()!.accessToken, 'My Music');
  writeStored('DEVICE_ID', device.deviceId);
  return device.deviceId;
}

/** The provider's own view of the playback, read beside the store. */
async function providerPlayback(): Promise<{ is_playing: boolean; item: { id: string }; progress_ms: number } | null> {
  const response = await fetch(`${running.base}/v1/me/player`, { headers: { Authorization: `Bearer ${$session.get()!.accessToken}` } });
  return response.status === 204 ? null : ((await response.json()) as never);
}


const playing = (track: Track): Playback => ({
  item: track, progressMs: 0, isPlaying: true, repeatState: 'off', shuffleState: false, device: null, contextUri: null,
  disallows: { skippingPrev: false, skippingNext: false, pausing: false, resuming: false },
});

beforeAll(async () => {
  setPlayerClock(clock);
  ({ running } = await startSignedIn());
  tracks = (await search('a', ['track'])).tracks.items.slice(0, 3);
}, 120_000);

afterAll(async () => {
  setPlayerClock(null);
  device?.close();
  await running?.stop();
});

beforeEach(() => {
  resetPlayer();
  closePremiumPrompt();
});

afterEach(() => {
  setPlaybackActivator(null);
  vi.restoreAllMocks();
});

describe('player rules (SPEC §4, §5)', () => {
  it("play without a stored device id resets the player, opens the premium prompt and fails with 'Device is not available'", async () => {
    localStorage.removeItem('DEVICE_ID');
    $player.set({ ...$player.get(), visible: true, currentPlayingTrack: tracks[0]! });
    await expect(playTrack(tracks[0]!)).rejects.toThrow('Device is not available');
    expect($ui.get().openDialogPremiumRequired).toBe(true);
    expect($player.get()).toMatchObject({ visible: false, currentPlayingTrack: null });
  });

  it('a list click without a device follows the same rule but never rejects (rows call it and forget)', async () => {
    localStorage.removeItem('DEVICE_ID');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(playFromList(tracks, 1)).resolves.toBeUndefined();
    expect($ui.get().openDialogPremiumRequired).toBe(true);
    expect(warn).toHaveBeenCalledWith('Device is not available');
  });

  it('the progress timer ticks every 1000 ms in whole seconds, wraps to 0 past the duration, and dragging sets it', () => {
    const stop = $player.listen(() => undefined); // the timer runs while something shows the player
    $player.set({ ...$player.get(), currentPlayingTrack: { ...tracks[0]!, durationMs: 3_500 }, playback: null });
    clock.advance(1000);
    expect($player.get().progressSeconds).toBe(0); // nothing plays
    $player.setKey('playback', playing(tracks[0]!));
    clock.advance(1000); // whatever the timer's phase, one tick per 1000 ms
    expect($player.get().progressSeconds).toBe(1);
    clock.advance(2000);
    expect($player.get().progressSeconds).toBe(3);
    clock.advance(1000);
    expect($player.get().progressSeconds).toBe(0);
    setProgressSeconds(2.4);
    expect($player.get().progressSeconds).toBe(2);
    setProgressSeconds(99);
    expect($player.get().progressSeconds).toBe(3);
    tickProgress();
    expect($player.get().progressSeconds).toBe(0);
    stop();
  });

  it('no state from the SDK resets the player; a new track once loaded becomes current', () => {
    $player.set({ ...$player.get(), visible: true, currentPlayingTrack: tracks[0]! });
    applyDeviceState({ loading: true, paused: false, positionMs: 0, track: { ...tracks[0]!, id: 'other' } });
    expect($player.get().isPlaybackLoading).toBe(true);
    expect($player.get().currentPlayingTrack?.id).toBe(tracks[0]!.id);
    applyDeviceState(null);
    expect($player.get()).toMatchObject({ visible: false, currentPlayingTrack: null });
  });
});

describe('player against a real sandbox device', () => {
  // Each test starts from what the provider says is playing now.
  beforeEach(async () => {
    if (storedDeviceId()) await refreshPlayback();
  });

  it('a list click activates the SDK first, plays the list as uris at the index, and a second click while pending starts nothing', async () => {
    await connectDevice();
    const calls: string[] = [];
    setPlaybackActivator(() => calls.push('activate'));
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      if (String(input instanceof Request ? input.url : input).includes('/me/player/play')) calls.push('play');
      return realFetch(input, init);
    });
    const first = playFromList(tracks, 1);
    expect(calls).toEqual(['activate']); // synchronously, inside the click
    expect($player.get()).toMatchObject({ visible: true, isPlaybackLoading: true });
    const second = playFromList(tracks, 2);
    await Promise.all([first, second]);
    expect(calls.filter((call) => call === 'play')).toHaveLength(1);
    expect((await providerPlayback())?.item.id).toBe(tracks[1]!.id);
    expect($player.get()).toMatchObject({ visible: true, isPlaybackLoading: false });
    expect($player.get().playback?.item?.id).toBe(tracks[1]!.id);
  });

  it('plays a track on the stored device and shows it as the current playback', async () => {
    await playTrack(tracks[0]!);
    const state = $player.get();
    expect(state).toMatchObject({ visible: true, isPlaybackLoading: false });
    expect(state.playback?.item?.id).toBe(tracks[0]!.id);
    expect(state.playback?.isPlaying).toBe(true);
  });

  it('repeat cycles off, context, track, off; shuffle toggles; pause and resume', async () => {
    const seen: string[] = [];
    for (let step = 0; step < 3; step++) {
      await cycleRepeat();
      seen.push($player.get().playback!.repeatState);
    }
    expect(seen).toEqual(['context', 'track', 'off']);
    await toggleShuffle();
    expect($player.get().playback?.shuffleState).toBe(true);
    await toggleShuffle();
    await togglePlay();
    expect($player.get().playback?.isPlaying).toBe(false);
    expect((await providerPlayback())?.is_playing).toBe(false);
    await togglePlay();
    expect($player.get().playback?.isPlaying).toBe(true);
    expect($player.get().currentPlayingTrack?.id).toBe(tracks[0]!.id);
  });

  it('releasing the progress bar seeks the provider to that second', async () => {
    await seekToSecond(42);
    expect($player.get().progressSeconds).toBe(42);
    expect((await providerPlayback())?.progress_ms).toBeGreaterThanOrEqual(42_000);
  });

  it("a 5xx on a command shows the catalogue's toast and the card follows GET me/player again", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const before = $player.get().playback?.item?.id;
    await addFault(running.url, { match: { method: 'POST', path: '^/v1/me/player/next$' }, status: 503, body: { error: { status: 503, message: 'Service busy' } }, times: 1 });
    $player.setKey('playback', { ...$player.get().playback!, isPlaying: false }); // the card drifted
    await nextTrack();
    expect($toasts.get().map((toast) => toast.message)).toContain('Service busy');
    expect($player.get().playback?.item?.id).toBe(before);
    expect($player.get().playback?.isPlaying).toBe((await providerPlayback())?.is_playing);
  });

  it('the like heart likes the current track and reloads the playback', async () => {
    const before = $player.get().isLiked;
    await likeCurrentTrack();
    expect($player.get().isLiked).toBe(!before);
  });

  it('a premium-only refusal hides the player and opens the premium prompt', async () => {
    await addFault(running.url, { match: { method: 'PUT', path: '^/v1/me/player/play$' }, status: 403, body: { error: { status: 403, message: 'Premium required', reason: 'PREMIUM_REQUIRED' } }, times: 1 });
    await expect(playTrack(tracks[0]!)).rejects.toMatchObject({ status: 403 });
    expect($player.get().visible).toBe(false);
    expect($ui.get().openDialogPremiumRequired).toBe(true);
  });

  it('closing pauses, then resets after 800 ms', async () => {
    await playTrack(tracks[0]!);
    const closing = closePlayer();
    // The pause reaches the provider first; the card is still there.
    await vi.waitFor(() => expect(clock.waiting()).toBe(1));
    expect((await providerPlayback())?.is_playing).toBe(false);
    clock.advance(799);
    expect($player.get().visible).toBe(true);
    clock.advance(1);
    await closing;
    expect($player.get()).toMatchObject({ visible: false, currentPlayingTrack: null });
  });
});
