import { toTrack } from '../api/normalize';
import { getProviderConfig } from '../lib/provider-config';
import { readStored, STORAGE_KEYS, writeStored } from '../lib/storage';
import { applyDeviceState, resetPlayer } from '../stores/player';

/** The part of the Web Playback SDK this product uses (DESIGN §6). */
interface SdkState {
  loading?: boolean;
  paused: boolean;
  position: number;
  track_window?: { current_track?: unknown };
}

interface SdkPlayer {
  connect(): Promise<boolean>;
  disconnect(): void;
  addListener(event: string, callback: (payload: never) => void): boolean;
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
export function loadSdk(): Promise<SdkNamespace> {
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

function toDeviceState(state: SdkState | null): Parameters<typeof applyDeviceState>[0] {
  if (!state) return null;
  return {
    loading: state.loading === true,
    paused: state.paused,
    positionMs: state.position,
    track: toTrack(state.track_window?.current_track),
  };
}

/**
 * Connects the SDK player once a token exists; resolves to the cleanup that
 * disconnects it. SDK errors are only logged (SPEC §8); an account error also
 * resets the player.
 */
export async function connectPlayer(): Promise<() => void> {
  const token = readStored<unknown>(STORAGE_KEYS.accessToken, null);
  if (typeof token !== 'string' || token === '') return () => undefined;
  let player: SdkPlayer;
  try {
    const sdk = await loadSdk();
    player = new sdk.Player({
      name: PLAYER_NAME,
      volume: PLAYER_VOLUME,
      // The token comes from storage each time, so a refreshed token is used.
      getOAuthToken: (callback) => callback(readStored<string>(STORAGE_KEYS.accessToken, '')),
    });
  } catch (error) {
    console.error('Failed to connect player', error);
    return () => undefined;
  }
  player.addListener('ready', ({ device_id }: { device_id: string }) => writeStored(STORAGE_KEYS.deviceId, device_id));
  player.addListener('not_ready', (payload: unknown) => console.warn('Player device went offline', payload));
  player.addListener('player_state_changed', (state: SdkState | null) => applyDeviceState(toDeviceState(state)));
  for (const event of ['initialization_error', 'authentication_error', 'playback_error', 'autoplay_failed']) {
    player.addListener(event, (error: unknown) => console.error(`Player ${event}`, error));
  }
  player.addListener('account_error', (error: unknown) => {
    console.error('Player account_error', error);
    resetPlayer();
  });
  const connected = await player.connect().catch(() => false);
  if (!connected) console.error('Failed to connect player');
  return () => player.disconnect();
}
