import { toDisallows, toTrack } from '../api/normalize';
import { getProviderConfig } from '../lib/provider-config';
import { expectOwnDevice, setDeviceRenewer, setPlaybackActivator } from '../stores/play';
import type { RepeatState } from '../api/types';
import type { DeviceReport, PlaybackModes } from '../stores/player-rules';
import { resetAfterAccountError, showAutoplayBlocked, showDeviceLost } from '../stores/player';
import { $session, freshAccessToken } from '../stores/session';
import { applyDeviceState, markDeviceReady } from './device-state';

/** The part of the Web Playback SDK this product uses (DESIGN §6). */
interface SdkState {
  loading?: boolean;
  paused: boolean;
  position: number;
  track_window?: { current_track?: unknown };
  shuffle?: unknown;
  repeat_mode?: unknown;
  disallows?: unknown;
}

interface SdkPlayer {
  connect(): Promise<boolean>;
  disconnect(): void;
  addListener(event: string, callback: (payload: never) => void): boolean;
  activateElement?(): Promise<void>;
}

interface SdkNamespace {
  Player: new (options: { name: string; getOAuthToken: (callback: (token: string) => void) => void; volume: number }) => SdkPlayer;
}

declare global {
  interface Window {
    Spotify?: SdkNamespace;
    onSpotifyWebPlaybackSDKReady?: () => void;
  }
}

/** SPEC §4: the player is named 'My Music' with volume 0.5. */
export const PLAYER_NAME = 'My Music';
export const PLAYER_VOLUME = 0.5;

let sdkLoading: Promise<SdkNamespace> | null = null;

/** Loads the provider's SDK script once (its URL is runtime configuration). */
function loadSdk(): Promise<SdkNamespace> {
  if (window.Spotify) return Promise.resolve(window.Spotify);
  sdkLoading ??= new Promise<SdkNamespace>((resolve, reject) => {
    window.onSpotifyWebPlaybackSDKReady = () => (window.Spotify ? resolve(window.Spotify) : reject(new Error('No Spotify.Player')));
    const script = document.createElement('script');
    script.src = getProviderConfig().sdkUrl;
    script.async = true;
    script.onerror = () => {
      sdkLoading = null;
      reject(new Error(`Could not load ${script.src}`));
    };
    document.head.append(script);
  });
  return sdkLoading;
}

/** The SDK's repeat_mode by number: 0 no repeat, 1 the context, 2 the track (the Web Playback SDK's reference). */
const REPEAT_MODES: readonly RepeatState[] = ['off', 'context', 'track'];

/**
 * Shuffle, repeat and what is disallowed, as far as the state carries them (the Web Playback
 * SDK's and the sandbox's do): without them, a change made on another device while this tab
 * plays never showed, and Next stayed disabled after repeat was turned on. A field the state
 * lacks is left out, so the card keeps what the provider said of it.
 */
function toPlaybackModes(state: SdkState): PlaybackModes {
  const modes: PlaybackModes = {};
  if (typeof state.shuffle === 'boolean') modes.shuffleState = state.shuffle;
  const repeat = typeof state.repeat_mode === 'number' ? REPEAT_MODES[state.repeat_mode] : undefined;
  if (repeat) modes.repeatState = repeat;
  if (typeof state.disallows === 'object' && state.disallows !== null) {
    // The SDK lists each action as true when disallowed (some builds leave allowed ones out), by
    // the Web API's names: seeking and the shuffle and repeat toggles too, which the controls follow.
    modes.disallows = toDisallows(state.disallows);
  }
  return modes;
}

function toDeviceReport(state: SdkState | null): DeviceReport | null {
  if (!state) return null;
  return {
    loading: state.loading === true,
    paused: state.paused,
    positionMs: state.position,
    track: toTrack(state.track_window?.current_track),
    modes: toPlaybackModes(state),
  };
}


/**
 * Connects the SDK player once a token exists; resolves to the cleanup that
 * disconnects it. SDK errors are only logged (SPEC §8); an account error also
 * resets the player. The device id is stored on every `ready`: the provider
 * gives a new one after a reconnect.
 */
export async function connectPlayer(): Promise<() => void> {
  if (!$session.get()) return () => undefined;
  // A play clicked before this tab's device registers waits for it (stores/play.ts), rather than
  // going to the stored id: an earlier page's device, or another tab's, which would play there.
  let resolveArrival: (deviceId: string | null) => void = () => undefined;
  const arrival = new Promise<string | null>((resolve) => (resolveArrival = resolve));
  expectOwnDevice(arrival);
  // None coming: no play waits for it any more (SPEC §5's failure, or the stored id, at once).
  const arrived = (deviceId: string | null) => {
    resolveArrival(deviceId);
    if (deviceId === null) expectOwnDevice(null, arrival);
  };
  let player: SdkPlayer;
  try {
    const sdk = await loadSdk();
    player = new sdk.Player({
      name: PLAYER_NAME,
      volume: PLAYER_VOLUME,
      // Asked on every (re)connect: the site renews a token about to expire (memory only, DESIGN §1).
      getOAuthToken: (callback) => void freshAccessToken().then(callback),
    });
  } catch (error) {
    console.warn('Failed to connect player', error);
    arrived(null);
    return () => expectOwnDevice(null);
  }
  player.addListener('ready', ({ device_id }: { device_id: string }) => {
    // The session ended while the SDK connected (a logout, or another tab's): the device is
    // being dropped, and storing its id would undo the logout's cleared storage (SPEC §4).
    if (!$session.get()) return;
    markDeviceReady(device_id);
    arrived(device_id);
  });
  player.addListener('not_ready', (payload: unknown) => {
    console.warn('Player device went offline', payload);
    showDeviceLost();
  });
  player.addListener('player_state_changed', (state: SdkState | null) => applyDeviceState(toDeviceReport(state)));
  player.addListener('autoplay_failed', () => {
    console.warn('The browser blocked autoplay; the next click on play starts the sound');
    showAutoplayBlocked();
  });
  // SPEC §8: SDK errors are only written to the console. A refused token or a free
  // account is an expected state (the API's own 401 path and the premium prompt cover
  // them), so those are warnings; a player that cannot start or play is an error.
  for (const event of ['initialization_error', 'playback_error']) {
    // Offline, the SDK cannot reach its service: expected, so a warning rather than an error.
    player.addListener(event, (error: unknown) => {
      (navigator.onLine ? console.error : console.warn)(`Player ${event}`, error);
      // A player that cannot start brings no device: a play waiting for one goes on without it.
      if (event === 'initialization_error') arrived(null);
    });
  }
  player.addListener('authentication_error', (error: unknown) => console.warn('Player authentication_error', error));
  player.addListener('account_error', (error: unknown) => {
    console.warn('Player account_error', error);
    arrived(null);
    resetAfterAccountError();
  });
  // Inside the click that starts playback (the store calls it first), so blocked autoplay still plays.
  setPlaybackActivator(() => void player.activateElement?.().catch(() => undefined));
  // The provider lost this device (a play answered 404): register it again; its `ready` gives the new id.
  setDeviceRenewer(() => {
    player.disconnect();
    void player.connect();
  });
  const connected = await player.connect().catch(() => false);
  if (!connected) {
    console.warn('Failed to connect player');
    arrived(null);
  }
  return () => {
    setPlaybackActivator(null);
    setDeviceRenewer(null);
    expectOwnDevice(null);
    player.disconnect();
  };
}

/**
 * Keeps one SDK player connected while signed in: connects when a token
 * appears, disconnects when the session ends. Resolves nothing; returns the
 * cleanup (unsubscribe and disconnect).
 */
export function keepPlayerConnected(): () => void {
  let disconnect: Promise<() => void> | null = null;
  const follow = () => {
    const session = $session.get();
    // Offline (the cached shell) there is no SDK to load: connect once the browser is back online.
    if (session && !disconnect && navigator.onLine !== false) disconnect = connectPlayer();
    if (!session && disconnect) {
      void disconnect.then((cleanup) => cleanup());
      disconnect = null;
    }
  };
  const unsubscribe = $session.subscribe(follow);
  window.addEventListener('online', follow);
  return () => {
    unsubscribe();
    window.removeEventListener('online', follow);
    void disconnect?.then((cleanup) => cleanup());
    disconnect = null;
  };
}
