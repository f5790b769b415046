import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectPlayer, PLAYER_NAME, PLAYER_VOLUME } from '../../src/playback/sdk';
import { $player } from '../../src/stores/player';
import { useProvider } from './helpers/provider';

/**
 * The SDK's contract as DESIGN §6 states it, recorded by a stand-in: the real
 * SDK (and the sandbox's shim) needs an audio element and a live connection,
 * which happy-dom does not have. The sandbox shim itself is tested in Chromium.
 */
class RecordingPlayer {
  static last: RecordingPlayer | null = null;
  static connects = true;
  listeners = new Map<string, (payload: unknown) => void>();
  disconnected = false;
  constructor(readonly options: { name: string; volume: number; getOAuthToken: (cb: (token: string) => void) => void }) {
    RecordingPlayer.last = this;
  }
  addListener(event: string, callback: (payload: unknown) => void): boolean {
    this.listeners.set(event, callback);
    return true;
  }
  connect(): Promise<boolean> {
    return Promise.resolve(RecordingPlayer.connects);
  }
  disconnect(): void {
    this.disconnected = true;
  }
  emit(event: string, payload: unknown): void {
    this.listeners.get(event)?.(payload);
  }
}

beforeEach(() => {
  localStorage.clear();
  useProvider('http://provider.test');
  window.Spotify = { Player: RecordingPlayer as never };
  RecordingPlayer.connects = true;
});

afterEach(() => {
  delete window.Spotify;
  vi.restoreAllMocks();
});

describe('the SDK player (SPEC §4, DESIGN §6)', () => {
  it('is not created without a token', async () => {
    RecordingPlayer.last = null;
    await connectPlayer();
    expect(RecordingPlayer.last).toBeNull();
  });

  it("is named 'My Music' with volume 0.5, takes its token from storage, stores the device id on ready, disconnects on cleanup", async () => {
    localStorage.setItem('ACCESS_TOKEN', '"T1"');
    const cleanup = await connectPlayer();
    const player = RecordingPlayer.last!;
    expect(player.options).toMatchObject({ name: PLAYER_NAME, volume: PLAYER_VOLUME });
    expect([PLAYER_NAME, PLAYER_VOLUME]).toEqual(['My Music', 0.5]);
    localStorage.setItem('ACCESS_TOKEN', '"T2"');
    const tokens: string[] = [];
    player.options.getOAuthToken((token) => tokens.push(token));
    expect(tokens).toEqual(['T2']);
    player.emit('ready', { device_id: 'device-1' });
    expect(localStorage.getItem('DEVICE_ID')).toBe('"device-1"');
    cleanup();
    expect(player.disconnected).toBe(true);
  });

  it('no state and account errors reset the player; other errors are only logged', async () => {
    localStorage.setItem('ACCESS_TOKEN', '"T1"');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await connectPlayer();
    const player = RecordingPlayer.last!;
    $player.setKey('visible', true);
    player.emit('player_state_changed', null);
    expect($player.get().visible).toBe(false);
    $player.setKey('visible', true);
    player.emit('playback_error', { message: 'x' });
    expect($player.get().visible).toBe(true);
    player.emit('account_error', { message: 'premium' });
    expect($player.get().visible).toBe(false);
    expect(log).toHaveBeenCalledTimes(2);
  });

  it("logs 'Failed to connect player' when connect fails", async () => {
    localStorage.setItem('ACCESS_TOKEN', '"T1"');
    RecordingPlayer.connects = false;
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await connectPlayer();
    expect(log).toHaveBeenCalledWith('Failed to connect player');
  });

  it('a loaded new track becomes the current one', async () => {
    localStorage.setItem('ACCESS_TOKEN', '"T1"');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline in this test')));
    await connectPlayer();
    RecordingPlayer.last!.emit('player_state_changed', {
      loading: false,
      paused: false,
      position: 0,
      track_window: { current_track: { id: 't9', name: 'Nine', uri: 'spotify:track:t9', duration_ms: 1000, artists: [] } },
    });
    expect($player.get().currentPlayingTrack?.id).toBe('t9');
    vi.unstubAllGlobals();
  });
});
