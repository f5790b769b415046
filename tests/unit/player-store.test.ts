// @vitest-environment node
// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resetClient } from '../../src/api/client';
import { search } from '../../src/api/search';
import type { Track } from '../../src/api/types';
import { writeStored } from '../../src/lib/storage';
import {
  $player,
  applyDeviceState,
  closePlayer,
  cycleRepeat,
  likeCurrentTrack,
  playTrack,
  refreshPlayback,
  storedDeviceId,
  resetPlayer,
  setProgressSeconds,
  tickProgress,
  togglePlay,
  toggleShuffle,
} from '../../src/stores/player';
import { $session } from '../../src/stores/session';
import { $ui, closePremiumPrompt } from '../../src/stores/ui';
import { recordNavigation } from './helpers/provider';
import { signInToSandbox, startSandbox, useBrowserStorage, type RunningSandbox } from './helpers/sandbox';

let running: RunningSandbox;
let track: Track;
const deviceConnection = new AbortController();

/**
 * Connects a device the way the SDK shim does (register, then hold the event
 * stream open), and stores its id as the SDK's ready handler would. Node has no
 * audio element, so this stands in for the shim; the shim itself is tested in tests/e2e/sandbox-playback.spec.ts.
 */
async function connectDevice(): Promise<string> {
  const response = await fetch(`${running.base}/sdk/v1/devices`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${$session.get()!.accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'My Music', volume: 0.5 }),
  });
  const { device_id, connection_key } = (await response.json()) as { device_id: string; connection_key: string };
  const events = await fetch(`${running.base}/sdk/v1/events?key=${encodeURIComponent(connection_key)}`, {
    signal: deviceConnection.signal,
  });
  // Wait for the stream's first event (ready) so the sandbox counts the device as connected.
  await events.body!.getReader().read();
  writeStored('DEVICE_ID', device_id);
  return device_id;
}

beforeAll(async () => {
  useBrowserStorage();
  recordNavigation();
  resetClient();
  running = await startSandbox('extended');
  await signInToSandbox(running.base);
  track = (await search('a', ['track'])).tracks.items[0]!;
}, 120_000);

afterAll(async () => {
  deviceConnection.abort();
  await running?.stop();
});

beforeEach(() => {
  resetPlayer();
  closePremiumPrompt();
});

describe('player rules (SPEC §4, §5)', () => {
  it("play without a stored device id resets the player, opens the premium prompt and fails with 'Device is not available'", async () => {
    localStorage.removeItem('DEVICE_ID');
    await expect(playTrack(track)).rejects.toThrow('Device is not available');
    expect($ui.get().openDialogPremiumRequired).toBe(true);
    expect($player.get().visible).toBe(false);
  });

  it('progress runs in whole seconds, wraps to 0 past the duration, and dragging sets it', () => {
    $player.set({ ...$player.get(), currentPlayingTrack: { ...track, durationMs: 3_500 }, playback: null });
    tickProgress();
    expect($player.get().progressSeconds).toBe(0);
    $player.setKey('playback', {
      item: track, progressMs: 0, isPlaying: true, repeatState: 'off', shuffleState: false, device: null, contextUri: null,
      disallows: { skippingPrev: false, skippingNext: false, pausing: false, resuming: false },
    });
    tickProgress();
    tickProgress();
    tickProgress();
    expect($player.get().progressSeconds).toBe(3);
    tickProgress();
    expect($player.get().progressSeconds).toBe(0);
    setProgressSeconds(2.4);
    expect($player.get().progressSeconds).toBe(2);
  });

  it('no state from the SDK resets the player; a new track once loaded becomes current', () => {
    $player.set({ ...$player.get(), visible: true, currentPlayingTrack: track });
    applyDeviceState({ loading: true, paused: false, positionMs: 0, track: { ...track, id: 'other' } });
    expect($player.get().isPlaybackLoading).toBe(true);
    expect($player.get().currentPlayingTrack?.id).toBe(track.id);
    applyDeviceState(null);
    expect($player.get()).toMatchObject({ visible: false, currentPlayingTrack: null });
  });
});

describe('player against a real sandbox device', () => {
  // Each test starts from what the provider says is playing now.
  beforeEach(async () => {
    if (storedDeviceId()) await refreshPlayback();
  });

  it('plays a track on the stored device and shows it as the current playback', async () => {
    await connectDevice();
    await playTrack(track);
    const state = $player.get();
    expect(state).toMatchObject({ visible: true, isPlaybackLoading: false });
    expect(state.playback?.item?.id).toBe(track.id);
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
    await togglePlay();
    expect($player.get().playback?.isPlaying).toBe(false);
    await togglePlay();
    expect($player.get().playback?.isPlaying).toBe(true);
    expect($player.get().currentPlayingTrack?.id).toBe(track.id);
  });

  it('the like heart likes the current track and reloads the playback', async () => {
    const before = $player.get().isLiked;
    await likeCurrentTrack();
    expect($player.get().isLiked).toBe(!before);
  });

  it('a premium-only refusal hides the player and opens the premium prompt', async () => {
    await fetch(`${running.base}/__sandbox/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ match: { method: 'PUT', path: '^/v1/me/player/play$' }, status: 403, body: { error: { status: 403, message: 'Premium required', reason: 'PREMIUM_REQUIRED' } }, times: 1 }),
    });
    await expect(playTrack(track)).rejects.toMatchObject({ status: 403 });
    expect($player.get().visible).toBe(false);
    expect($ui.get().openDialogPremiumRequired).toBe(true);
  });

  it('closing pauses, then resets after 800 ms', async () => {
    await playTrack(track);
    const started = Date.now();
    const closing = closePlayer();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect($player.get().visible).toBe(true);
    await closing;
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
    expect($player.get()).toMatchObject({ visible: false, currentPlayingTrack: null });
    const response = await fetch(`${running.base}/v1/me/player`, { headers: { Authorization: `Bearer ${$session.get()!.accessToken}` } });
    const body = response.status === 204 ? null : ((await response.json()) as { is_playing: boolean });
    expect(body?.is_playing ?? false).toBe(false);
  });
});
