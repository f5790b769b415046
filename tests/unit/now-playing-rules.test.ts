// The pure decisions of the phone's player bar and the Now Playing view: where the player
// shows, which gesture opens the view, and which playback the view draws.
import { describe, expect, it } from 'vitest';
import type { Playback, Track } from '../../src/api/types';
import { swipeOpensNowPlaying } from '../../src/islands/player/bar-swipe';
import { nowPlayingPicture } from '../../src/islands/player/now-playing-picture';
import { playerPlacement } from '../../src/islands/player/player-placement';
import { playerStatus } from '../../src/islands/player/player-status';
import type { PlayerState } from '../../src/stores/player-rules';

describe('where the player shows', () => {
  const base = { visible: true, onNowPlaying: false, miniOpen: false, narrow: false };

  it('is the card on wide screens and the bar on phones, whenever the card would show', () => {
    expect(playerPlacement(base)).toBe('card');
    expect(playerPlacement({ ...base, narrow: true })).toBe('bar');
    // The server's HTML cannot know the screen: both, and the style sheet shows the one that fits.
    expect(playerPlacement({ ...base, narrow: null })).toBe('both');
  });

  it('is nowhere when the card is hidden, on /player (the view is the player) or in the mini-player', () => {
    for (const narrow of [false, true, null]) {
      expect(playerPlacement({ ...base, narrow, visible: false })).toBe('none');
      expect(playerPlacement({ ...base, narrow, onNowPlaying: true })).toBe('none');
      expect(playerPlacement({ ...base, narrow, miniOpen: true })).toBe('none');
    }
  });
});

describe('the swipe that opens Now Playing', () => {
  it('is a move up of at least 40 px, more up than sideways', () => {
    expect(swipeOpensNowPlaying(0, -40)).toBe(true);
    expect(swipeOpensNowPlaying(20, -120)).toBe(true);
    expect(swipeOpensNowPlaying(-30, -60)).toBe(true);
  });

  it('is not a tap, a short move, a move down or a sideways drag', () => {
    expect(swipeOpensNowPlaying(0, 0)).toBe(false);
    expect(swipeOpensNowPlaying(2, -39)).toBe(false);
    expect(swipeOpensNowPlaying(0, 120)).toBe(false);
    expect(swipeOpensNowPlaying(100, -60)).toBe(false);
    expect(swipeOpensNowPlaying(-60, -60)).toBe(false);
  });
});

describe("the player's status line", () => {
  const ready = { device: 'ready', autoplayBlocked: false } as const;

  it('says the device is coming back, then that sound waits for a click, then where it plays', () => {
    expect(playerStatus({ device: 'reconnecting', autoplayBlocked: true }, 'Phone')).toBe('Reconnecting…');
    expect(playerStatus({ ...ready, autoplayBlocked: true }, 'Phone')).toBe('Press play to start the sound');
    expect(playerStatus(ready, 'Kitchen speaker')).toBe('Playing on Kitchen speaker');
    expect(playerStatus(ready, null)).toBeNull();
  });
});

describe('what the Now Playing view draws', () => {
  const track = (id: string): Track => ({ id, name: `Song ${id}`, uri: `spotify:track:${id}`, durationMs: 180_000, artists: [{ id: 'a', name: 'A' }], album: { id: 'al', name: 'Album', images: [] } });
  const playback = (id: string, isPlaying: boolean): Playback => ({
    item: track(id),
    progressMs: 42_700,
    isPlaying,
    repeatState: 'off',
    shuffleState: false,
    disallows: { skippingPrev: false, skippingNext: false, pausing: false, resuming: false, seeking: false, togglingShuffle: false, togglingRepeatContext: false, togglingRepeatTrack: false },
    device: { id: 'other', name: 'Phone', type: 'Smartphone', isActive: true, volumePercent: 70, isRestricted: false, supportsVolume: true },
    contextUri: null,
  });
  const empty: PlayerState = {
    visible: false,
    isPlaybackLoading: false,
    currentPlayingTrack: null,
    playback: null,
    progressSeconds: 0,
    device: 'ready',
    deviceId: 'mine',
    autoplayBlocked: false,
    dismissed: false,
    volumePercent: 50,
  };
  const playing: PlayerState = { ...empty, visible: true, currentPlayingTrack: track('live'), playback: playback('live', true), progressSeconds: 7 };

  it("draws the server's answer in its HTML and while hydrating, whatever the tab's player holds", () => {
    const picture = nowPlayingPicture({ live: playing, server: playback('server', false), hydrated: false, asking: false });
    expect(picture).toMatchObject({ fromServer: true, seconds: 42, playing: false, volumePercent: 70 });
    expect(picture.track?.id).toBe('server');
    expect(nowPlayingPicture({ live: playing, server: null, hydrated: false, asking: false })).toMatchObject({ track: null, fromServer: true });
  });

  it("keeps the server's answer while a fresh tab's player asks, then shows the player's, even when it is nothing", () => {
    const server = playback('server', true);
    expect(nowPlayingPicture({ live: empty, server, hydrated: true, asking: true }).track?.id).toBe('server');
    expect(nowPlayingPicture({ live: empty, server, hydrated: true, asking: false })).toMatchObject({ track: null, fromServer: false });
  });

  it("shows the tab's player as soon as it holds a track", () => {
    const picture = nowPlayingPicture({ live: playing, server: playback('server', false), hydrated: true, asking: true });
    expect(picture).toMatchObject({ fromServer: false, seconds: 7, playing: true, volumePercent: 50 });
    expect(picture.track?.id).toBe('live');
    // Heard only when the browser let the sound start.
    expect(nowPlayingPicture({ live: { ...playing, autoplayBlocked: true }, server: null, hydrated: true, asking: false }).playing).toBe(false);
  });
});
