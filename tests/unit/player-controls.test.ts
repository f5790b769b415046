// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Device, Playback, Track } from '../../src/api/types';
import { startMediaSession } from '../../src/playback/media-session';
import { shortcutActs } from '../../src/playback/shortcuts';
import { $player, changeVolume, refreshPlayback } from '../../src/stores/player';
import { togglePlay } from '../../src/stores/play';
import { initialPlayer, type PlayerState } from '../../src/stores/player-rules';

// The player's commands as the store sends them (the provider's answers are the test's): which
// one a press sends, or that it sends none, is what these tests are about.
const api = vi.hoisted(() => ({
  getPlayback: vi.fn(async (): Promise<Playback | null> => null),
  pausePlayback: vi.fn(async () => undefined),
  startPlayback: vi.fn(async () => undefined),
  setVolume: vi.fn(async () => undefined),
}));
vi.mock('../../src/api/player', async (original) => ({ ...(await original<object>()), ...api }));

const track: Track = { id: 'a', name: 'Song', uri: 'spotify:track:a', durationMs: 200_500, artists: [], album: null };
const device = (id: string, change: Partial<Device> = {}): Device => ({ id, name: id, type: 'Computer', isActive: true, volumePercent: 70, isRestricted: false, supportsVolume: true, ...change });
const playback = (change: Partial<Playback> = {}): Playback => ({
  item: track,
  progressMs: 30_000,
  isPlaying: true,
  repeatState: 'off',
  shuffleState: false,
  device: device('here'),
  contextUri: null,
  disallows: { skippingPrev: false, skippingNext: false, pausing: false, resuming: false, seeking: false, togglingShuffle: false, togglingRepeatContext: false, togglingRepeatTrack: false },
  ...change,
});
const showing = (change: Partial<PlayerState> = {}): PlayerState => ({ ...initialPlayer('ready', 50, 'here'), visible: true, currentPlayingTrack: track, playback: playback(), progressSeconds: 30, ...change });

beforeEach(() => {
  $player.set(initialPlayer());
});

afterEach(() => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  $player.set(initialPlayer());
});

describe('after this tab met a blocked autoplay, the music moved to a phone', () => {
  it("Play/pause pauses the phone (not a resume there), as the music is heard there", async () => {
    $player.set(showing({ autoplayBlocked: true }));
    // The provider's next reading: the same track, playing on the phone it was moved to.
    api.getPlayback.mockResolvedValueOnce(playback({ progressMs: 31_000, device: device('phone', { name: 'Phone' }) }));
    await refreshPlayback();
    await togglePlay();
    expect(api.startPlayback).not.toHaveBeenCalled();
    expect(api.pausePlayback).toHaveBeenCalledWith('phone');
  });
});

describe('the volume of a device that cannot have it set', () => {
  it('is not sent (the provider refused it with a silent 403), and the card keeps the volume it had', async () => {
    $player.set(showing({ playback: playback({ device: device('speaker', { supportsVolume: false }) }), volumePercent: 40 }));
    await changeVolume(10);
    expect(api.setVolume).not.toHaveBeenCalled();
    expect($player.get().volumePercent).toBe(40);
  });

  it('nor for a device that does not say its volume, nor a restricted one; one that can is sent as before', async () => {
    $player.set(showing({ playback: playback({ device: device('speaker', { volumePercent: null }) }), volumePercent: 40 }));
    await changeVolume(10);
    $player.set(showing({ playback: playback({ device: device('speaker', { isRestricted: true }) }), volumePercent: 40 }));
    await changeVolume(10);
    expect(api.setVolume).not.toHaveBeenCalled();
    $player.set(showing({ playback: playback({ device: device('speaker') }), volumePercent: 40 }));
    await changeVolume(10);
    expect(api.setVolume).toHaveBeenCalledWith(50, 'speaker');
  });
});

describe('the keyboard shortcuts follow what can be controlled', () => {
  it('Shift+arrows and Space do nothing while their control is disabled; ? and Q always work', () => {
    const restricted = showing({ playback: playback({ device: device('speaker', { isRestricted: true }) }) });
    for (const action of ['toggle', 'next', 'previous', 'volumeUp', 'volumeDown'] as const) expect(shortcutActs(action, restricted)).toBe(false);
    expect(shortcutActs('help', restricted)).toBe(true);
    expect(shortcutActs('queue', restricted)).toBe(true);
    const atTheEnd = showing({ playback: playback({ disallows: { ...playback().disallows, skippingNext: true } }) });
    expect([shortcutActs('next', atTheEnd), shortcutActs('previous', atTheEnd)]).toEqual([false, true]);
    const fixedVolume = showing({ playback: playback({ device: device('speaker', { supportsVolume: false }) }) });
    expect([shortcutActs('volumeUp', fixedVolume), shortcutActs('toggle', fixedVolume)]).toEqual([false, true]);
    // No track: only '?' and Q.
    expect(shortcutActs('toggle', initialPlayer())).toBe(false);
  });
});

/** A Media Session that records what the page tells it. */
function recordingSession(withPosition = true) {
  const handlers = new Map<string, unknown>();
  const positions: (MediaPositionState | undefined)[] = [];
  const session = {
    playbackState: 'none',
    metadata: null as unknown,
    setActionHandler: (action: string, handler: unknown) => void handlers.set(action, handler),
    setPositionState: withPosition
      ? (state?: MediaPositionState) => {
          if (state && state.position! > state.duration!) throw new TypeError('position past the duration');
          positions.push(state);
        }
      : undefined,
  };
  vi.stubGlobal('navigator', { mediaSession: session });
  vi.stubGlobal('MediaMetadata', class {
    constructor(readonly init: unknown) {}
  });
  return { session, handlers, positions };
}

describe('the Media Session (lock screen, media keys)', () => {
  it('has no handler for an action the player cannot take now, and gets it back once it can', () => {
    const { handlers } = recordingSession();
    $player.set(showing({ playback: playback({ disallows: { ...playback().disallows, skippingNext: true, seeking: true } }) }));
    const stop = startMediaSession();
    expect(handlers.get('nexttrack')).toBeNull();
    expect(handlers.get('seekto')).toBeNull();
    expect(typeof handlers.get('previoustrack')).toBe('function');
    expect(typeof handlers.get('pause')).toBe('function');
    $player.set(showing({ playback: playback({ device: device('speaker', { isRestricted: true }) }) }));
    for (const action of ['play', 'pause', 'nexttrack', 'previoustrack', 'seekto']) expect(handlers.get(action)).toBeNull();
    $player.set(showing());
    expect(typeof handlers.get('nexttrack')).toBe('function');
    stop();
  });

  it("tells where the music is (length and second), as the track, the second and the play state change; clears it with no track", () => {
    const { positions } = recordingSession();
    $player.set(showing({ progressSeconds: 30 }));
    const stop = startMediaSession();
    expect(positions.at(-1)).toEqual({ duration: 200.5, playbackRate: 1, position: 30 });
    $player.set({ ...$player.get(), progressSeconds: 31 });
    expect(positions.at(-1)).toEqual({ duration: 200.5, playbackRate: 1, position: 31 });
    const count = positions.length;
    $player.set({ ...$player.get(), playback: playback({ isPlaying: false }) });
    expect(positions.length).toBe(count + 1);
    $player.set({ ...$player.get(), visible: true }); // nothing it shows changed
    expect(positions.length).toBe(count + 1);
    $player.set(initialPlayer('ready', 50, 'here'));
    expect(positions.at(-1)).toBeUndefined();
    stop();
  });

  it('a browser without setPositionState, or one that refuses the values, changes nothing else', () => {
    recordingSession(false);
    $player.set(showing());
    expect(() => startMediaSession()()).not.toThrow();
    const { session } = recordingSession();
    session.setPositionState = () => {
      throw new TypeError('refused');
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stop = startMediaSession();
    expect(session.playbackState).toBe('playing');
    expect(warn).toHaveBeenCalled();
    stop();
  });
});
