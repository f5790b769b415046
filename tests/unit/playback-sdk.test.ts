// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { httpError } from '../../src/api/errors';
import { isDeviceLost } from '../../src/api/player';
import { connectPlayer, keepPlayerConnected, PLAYER_NAME, PLAYER_VOLUME } from '../../src/playback/sdk';
import { $player, resetPlayer } from '../../src/stores/player';
import { expectOwnDevice, playFromList } from '../../src/stores/play';
import { initialPlayer } from '../../src/stores/player-rules';
import { $session } from '../../src/stores/session';
import { useProvider } from './helpers/provider';

/**
 * The SDK's contract as DESIGN §6 states it, recorded by a stand-in: the real
 * SDK (and the sandbox's shim) needs an audio element and a live connection,
 * which happy-dom does not have. The sandbox shim itself is tested in Chromium.
 */
class RecordingPlayer {
  static last: RecordingPlayer | null = null;
  static connects = true;
  static created = 0;
  listeners = new Map<string, (payload: unknown) => void>();
  disconnected = false;
  activations = 0;
  constructor(readonly options: { name: string; volume: number; getOAuthToken: (cb: (token: string) => void) => void }) {
    RecordingPlayer.last = this;
    RecordingPlayer.created++;
  }
  activateElement(): Promise<void> {
    this.activations++;
    return Promise.resolve();
  }
  addListener(event: string, callback: (payload: unknown) => void): boolean {
    this.listeners.set(event, callback);
    return true;
  }
  connections = 0;
  connect(): Promise<boolean> {
    this.connections++;
    return Promise.resolve(RecordingPlayer.connects);
  }
  disconnect(): void {
    this.disconnected = true;
  }
  emit(event: string, payload: unknown): void {
    this.listeners.get(event)?.(payload);
  }
}

const signIn = (token: string) => $session.set({ accessToken: token, expiresAt: null, renewAt: null });

beforeEach(() => {
  localStorage.clear();
  $session.set(null);
  // No device from an earlier test: each starts as a page just loaded.
  $player.set(initialPlayer());
  expectOwnDevice(null);
  useProvider('http://provider.test');
  window.Spotify = { Player: RecordingPlayer as never };
  RecordingPlayer.connects = true;
});

afterEach(() => {
  delete window.Spotify;
  vi.restoreAllMocks();
});


/** A provider's 404 with its message, as the Web API words it. */
const notFound = (message: string) => Response.json({ error: { status: 404, message } }, { status: 404 });

/**
 * Answers the page's calls in place of the provider: each play (PUT me/player/play) with what
 * `answer` gives for it (its count, from 1), or 204 when it gives null; every other call 204.
 * The device ids the plays named, in order.
 */
function answerPlays(answer: (count: number) => Response | null): string[] {
  const plays: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (method === 'PUT' && url.pathname === '/v1/me/player/play') {
      plays.push(url.searchParams.get('device_id')!);
      const answered = answer(plays.length);
      if (answered) return Promise.resolve(answered);
    }
    return Promise.resolve(new Response(null, { status: 204 }));
  });
  return plays;
}
describe('the SDK player (SPEC §4, DESIGN §6)', () => {
  it('is not created without a token', async () => {
    RecordingPlayer.last = null;
    await connectPlayer();
    expect(RecordingPlayer.last).toBeNull();
  });

  it('waits for the browser to be online before it connects', async () => {
    RecordingPlayer.created = 0;
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    signIn('T1');
    const stop = keepPlayerConnected();
    await Promise.resolve();
    expect(RecordingPlayer.created).toBe(0);
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(RecordingPlayer.created).toBe(1));
    stop();
  });

  it('connects once a session exists, once only, and disconnects when it ends', async () => {
    RecordingPlayer.created = 0;
    const stop = keepPlayerConnected();
    expect(RecordingPlayer.created).toBe(0);
    signIn('T1');
    signIn('T2'); // a refresh is the same session: no second player
    await vi.waitFor(() => expect(RecordingPlayer.created).toBe(1));
    const player = RecordingPlayer.last!;
    $session.set(null);
    await vi.waitFor(() => expect(player.disconnected).toBe(true));
    stop();
  });

  it("is named 'My Music' with volume 0.5, takes its token from the session, stores the device id on every ready, disconnects on cleanup", async () => {
    signIn('T1');
    const cleanup = await connectPlayer();
    const player = RecordingPlayer.last!;
    expect(player.options).toMatchObject({ name: PLAYER_NAME, volume: PLAYER_VOLUME });
    expect([PLAYER_NAME, PLAYER_VOLUME]).toEqual(['My Music', 0.5]);
    signIn('T2');
    const tokens: string[] = [];
    player.options.getOAuthToken((token) => tokens.push(token));
    // The page's current token (src/stores/session.ts freshAccessToken), asked of the site only when due.
    await vi.waitFor(() => expect(tokens).toEqual(['T2']));
    player.emit('ready', { device_id: 'device-1' });
    expect(localStorage.getItem('DEVICE_ID')).toBe('"device-1"');
    expect($player.get().device).toBe('ready');
    // A dropped connection: the card says so, and the provider's new device id replaces the old one.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    player.emit('not_ready', { device_id: 'device-1' });
    expect($player.get().device).toBe('reconnecting');
    player.emit('ready', { device_id: 'device-2' });
    expect(localStorage.getItem('DEVICE_ID')).toBe('"device-2"');
    expect($player.get().device).toBe('ready');
    cleanup();
    expect(player.disconnected).toBe(true);
  });

  it('a ready that arrives after the session ended (a logout while the SDK connected) stores nothing', async () => {
    signIn('T1');
    const cleanup = await connectPlayer();
    const player = RecordingPlayer.last!;
    $session.set(null);
    localStorage.clear();
    player.emit('ready', { device_id: 'device-late' });
    expect(localStorage.length).toBe(0);
    cleanup();
  });

  it("a list click calls the SDK's activateElement inside the click; blocked autoplay makes the card offer play", async () => {
    signIn('T1');
    await connectPlayer();
    const player = RecordingPlayer.last!;
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const plays = answerPlays(() => null);
    const track = { id: 't1', name: 'One', uri: 'spotify:track:t1', durationMs: 1000, artists: [], album: null };
    const played = playFromList([track], 0); // no device yet: the play waits for it, the click activated the audio already
    expect(player.activations).toBe(1);
    player.emit('ready', { device_id: 'device-1' });
    await played;
    expect(plays).toEqual(['device-1']);
    player.emit('autoplay_failed', undefined);
    expect($player.get().autoplayBlocked).toBe(true);
    vi.unstubAllGlobals();
  });

  it('no state and account errors reset the player; other errors are only logged', async () => {
    signIn('T1');
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await connectPlayer();
    const player = RecordingPlayer.last!;
    $player.setKey('visible', true);
    player.emit('player_state_changed', null);
    expect($player.get().visible).toBe(false);
    $player.setKey('visible', true);
    player.emit('playback_error', { message: 'x' });
    player.emit('authentication_error', { message: 'Authentication failed' });
    expect($player.get().visible).toBe(true);
    player.emit('account_error', { message: 'premium' });
    expect($player.get().visible).toBe(false);
    // A player that cannot play is an error; a refused token or a free account only a warning.
    expect(log).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('a play answered "Device not found" registers the device again and plays on its new id', async () => {
    signIn('T1');
    await connectPlayer();
    const player = RecordingPlayer.last!;
    player.emit('ready', { device_id: 'device-1' });
    const plays: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      if (method === 'PUT' && url.pathname === '/v1/me/player/play') {
        const deviceId = url.searchParams.get('device_id')!;
        plays.push(deviceId);
        // The provider lost device-1; the SDK's registration again is device-2.
        if (deviceId === 'device-1') return Promise.resolve(Response.json({ error: { status: 404, message: 'Device not found' } }, { status: 404 }));
      }
      return Promise.resolve(new Response(null, { status: 204 }));
    });
    const track = { id: 't1', name: 'One', uri: 'spotify:track:t1', durationMs: 1000, artists: [], album: null };
    const played = playFromList([track], 0);
    await vi.waitFor(() => expect(player.connections).toBe(2));
    expect(player.disconnected).toBe(true);
    player.emit('ready', { device_id: 'device-2' });
    await played;
    expect(plays).toEqual(['device-1', 'device-2']);
    expect($player.get()).toMatchObject({ visible: true, deviceId: 'device-2' });
    vi.unstubAllGlobals();
  });

  it("a play clicked while this tab's SDK still connects waits for its device: never the stored id, an earlier page's device or another tab's, which would play there", async () => {
    signIn('T1');
    // The id an earlier page load, or another tab, stored; this page's SDK has not said `ready` yet.
    localStorage.setItem('DEVICE_ID', JSON.stringify('device-1'));
    $player.set({ ...$player.get(), device: 'offline', deviceId: null });
    await connectPlayer();
    const player = RecordingPlayer.last!;
    const plays = answerPlays(() => null);
    const track = { id: 't1', name: 'One', uri: 'spotify:track:t1', durationMs: 1000, artists: [], album: null };
    const played = playFromList([track], 0);
    // The card shows the click at once, and nothing is sent meanwhile.
    expect($player.get()).toMatchObject({ visible: true, isPlaybackLoading: true, currentPlayingTrack: { id: 't1' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(plays).toEqual([]);
    player.emit('ready', { device_id: 'device-2' });
    await played;
    expect(plays).toEqual(['device-2']);
    // The connection under way was not cut short.
    expect(player.connections).toBe(1);
    expect(player.disconnected).toBe(false);
    vi.unstubAllGlobals();
  });

  it('a play waiting for a device that does not come goes to the stored id; with none stored, SPEC §5: reset, Premium prompt, \'Device is not available\'', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const plays = answerPlays(() => null);
    const track = { id: 't1', name: 'One', uri: 'spotify:track:t1', durationMs: 1000, artists: [], album: null };
    // A free account: the SDK says account_error, and brings no device.
    signIn('T1');
    localStorage.setItem('DEVICE_ID', JSON.stringify('device-elsewhere'));
    const cleanup = await connectPlayer();
    const played = playFromList([track], 0);
    RecordingPlayer.last!.emit('account_error', { message: 'premium' });
    await played;
    expect(plays).toEqual(['device-elsewhere']);
    cleanup();
    // A player that cannot connect, and nothing stored: the click fails as SPEC §5 says.
    localStorage.clear();
    resetPlayer();
    RecordingPlayer.connects = false;
    const alone = await connectPlayer();
    const { $ui, closePremiumPrompt } = await import('../../src/stores/ui');
    // The device will not come: the click fails at once, with no card waiting for it.
    const clicked = playFromList([track], 0);
    expect($player.get().isPlaybackLoading).toBe(false);
    await clicked;
    expect(plays).toEqual(['device-elsewhere']);
    expect($ui.get().openDialogPremiumRequired).toBe(true);
    expect($player.get()).toMatchObject({ visible: false, currentPlayingTrack: null, isPlaybackLoading: false });
    expect(console.warn).toHaveBeenCalledWith('Device is not available');
    closePremiumPrompt();
    alone();
    vi.unstubAllGlobals();
  });

  it('a play waits for a device still connecting at most DEVICE_RENEWAL_TIMEOUT_MS, then goes to the stored id', async () => {
    const { setPlayerClock } = await import('../../src/lib/clock');
    const { DEVICE_RENEWAL_TIMEOUT_MS } = await import('../../src/stores/play');
    const timers: { at: number; run: () => void }[] = [];
    setPlayerClock({ now: () => 0, setTimeout: (run, ms) => timers.push({ at: ms, run }), setInterval: () => 0, clearInterval: () => undefined });
    try {
      const plays = answerPlays(() => null);
      signIn('T1');
      localStorage.setItem('DEVICE_ID', JSON.stringify('device-stored'));
      const cleanup = await connectPlayer();
      const played = playFromList([{ id: 't1', name: 'One', uri: 'spotify:track:t1', durationMs: 1000, artists: [], album: null }], 0);
      await vi.waitFor(() => expect(timers.some((timer) => timer.at === DEVICE_RENEWAL_TIMEOUT_MS)).toBe(true));
      expect(plays).toEqual([]);
      timers.find((timer) => timer.at === DEVICE_RENEWAL_TIMEOUT_MS)!.run();
      await played;
      expect(plays).toEqual(['device-stored']);
      cleanup();
    } finally {
      setPlayerClock(null);
      vi.unstubAllGlobals();
    }
  });

  it("a play answered with another 404 (an offset not in the context) fails the click: the device is not registered again, and the card goes back", async () => {
    signIn('T1');
    await connectPlayer();
    const player = RecordingPlayer.last!;
    player.emit('ready', { device_id: 'device-1' });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The sandbox's (and the provider's) answer for an offset uri the album does not hold.
    const plays = answerPlays(() => notFound('Offset uri not found in context'));
    const track = { id: 't1', name: 'One', uri: 'spotify:track:t1', durationMs: 1000, artists: [], album: null };
    void playFromList([track], 0, 'spotify:album:a1');
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Could not start playback', expect.objectContaining({ status: 404 })));
    expect(plays).toEqual(['device-1']);
    expect(player.connections).toBe(1);
    expect(player.disconnected).toBe(false);
    // Nothing played before the click: SPEC §4's failed start hides the player.
    expect($player.get()).toMatchObject({ visible: false, isPlaybackLoading: false, currentPlayingTrack: null, deviceId: 'device-1' });
    vi.unstubAllGlobals();
  });

  it('tells a lost device (404 "Device not found", 404 NO_ACTIVE_DEVICE) from a play\'s other 404s', () => {
    expect(isDeviceLost(httpError(404, { error: { status: 404, message: 'Device not found' } }))).toBe(true);
    expect(isDeviceLost(httpError(404, { error: { status: 404, message: 'Player command failed: No active device found', reason: 'NO_ACTIVE_DEVICE' } }))).toBe(true);
    expect(isDeviceLost(httpError(404, { error: { status: 404, message: 'Offset uri not found in context' } }))).toBe(false);
    expect(isDeviceLost(httpError(404, { error: { status: 404, message: 'Offset out of range' } }))).toBe(false);
    expect(isDeviceLost(httpError(403, { error: { status: 403, message: 'Device not found' } }))).toBe(false);
    expect(isDeviceLost(new Error('Device not found'))).toBe(false);
  });

  it("logs 'Failed to connect player' when connect fails", async () => {
    signIn('T1');
    RecordingPlayer.connects = false;
    const log = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await connectPlayer();
    expect(log).toHaveBeenCalledWith('Failed to connect player');
  });

  it("takes shuffle, repeat and what is disallowed from the SDK's state: a change made on another device shows while this tab plays", async () => {
    signIn('T1');
    await connectPlayer();
    const track = { id: 't1', name: 'One', uri: 'spotify:track:t1', durationMs: 60_000, artists: [], album: null };
    // This tab plays the last track of a list, repeat off: Next is disallowed.
    $player.set({
      ...$player.get(),
      visible: true,
      currentPlayingTrack: track,
      playback: {
        item: track, progressMs: 0, isPlaying: true, repeatState: 'off', shuffleState: false, device: null, contextUri: null,
        disallows: { skippingPrev: false, skippingNext: true, pausing: false, resuming: true, seeking: false, togglingShuffle: false, togglingRepeatContext: false, togglingRepeatTrack: false },
      },
    });
    // Shuffle and repeat (all) turned on from a phone: the SDK's state says so (the Web Playback SDK's fields).
    RecordingPlayer.last!.emit('player_state_changed', {
      loading: false,
      paused: false,
      position: 5_000,
      shuffle: true,
      repeat_mode: 1,
      disallows: { pausing: false, resuming: true, seeking: false, skipping_next: false, skipping_prev: false, peeking_next: false, peeking_prev: false },
      track_window: { current_track: { id: 't1', name: 'One', uri: 'spotify:track:t1', duration_ms: 60_000, artists: [] } },
    });
    expect($player.get().playback).toMatchObject({ shuffleState: true, repeatState: 'context', disallows: { skippingNext: false, skippingPrev: false }, progressMs: 5_000 });
    RecordingPlayer.last!.emit('player_state_changed', {
      loading: false,
      paused: false,
      position: 6_000,
      shuffle: false,
      repeat_mode: 2,
      // Seeking and the shuffle toggle disallowed too: the controls follow them (player-rules.ts controlsAllowed).
      disallows: { resuming: true, seeking: true, toggling_shuffle: true },
      track_window: { current_track: { id: 't1', name: 'One', uri: 'spotify:track:t1', duration_ms: 60_000, artists: [] } },
    });
    expect($player.get().playback).toMatchObject({ shuffleState: false, repeatState: 'track', disallows: { skippingNext: false, resuming: true, seeking: true, togglingShuffle: true, togglingRepeatTrack: false } });
  });

  it('a loaded new track becomes the current one', async () => {
    signIn('T1');
    const log = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline in this test')));
    await connectPlayer();
    RecordingPlayer.last!.emit('player_state_changed', {
      loading: false,
      paused: false,
      position: 0,
      track_window: { current_track: { id: 't9', name: 'Nine', uri: 'spotify:track:t9', duration_ms: 1000, artists: [] } },
    });
    expect($player.get().currentPlayingTrack?.id).toBe('t9');
    // The playback is read again (offline here, so that read only logs, as a warning: the network's failure).
    await vi.waitFor(() => expect(log).toHaveBeenCalledWith('Could not read the playback', expect.anything()), { timeout: 5_000 });
    vi.unstubAllGlobals();
  });
});
