import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Playback, Track } from '../../../src/api/types';
import { WAKE_ISLANDS } from '../../../src/lib/intent-signals';
import { adoptPlayingNow, PLAYING_NOW_BLOCK } from '../../../src/playback/playing-now';
import { $likedTracks, rememberLiked } from '../../../src/stores/library';
import { $player, resetPlayer, setProgressSeconds, showLastPlayed } from '../../../src/stores/player';
import { cardPictureOf, initialPlayer, withPlayingNow } from '../../../src/stores/player-rules';

const track = (id: string): Track => ({ id, name: `Song ${id}`, uri: `spotify:track:${id}`, durationMs: 180_000, artists: [{ id: 'a', name: 'A' }], album: { id: 'al', name: 'Album', images: [] } });
const playback = (item: Track, isPlaying: boolean): Playback => ({
  item, progressMs: 42_500, isPlaying, repeatState: 'off', shuffleState: false, device: null, contextUri: null,
  disallows: { skippingPrev: false, skippingNext: false, pausing: false, resuming: false, seeking: false, togglingShuffle: false, togglingRepeatContext: false, togglingRepeatTrack: false },
});

describe('the player as the server found it (the card in the HTML, where the stores start)', () => {
  it("shows the account's playback with its second, else the last played track paused at its start, else nothing", () => {
    const playing = withPlayingNow(initialPlayer(), { playback: playback(track('p'), true), lastPlayed: track('l') });
    expect([playing.visible, playing.currentPlayingTrack?.id, playing.progressSeconds, playing.playback?.isPlaying]).toEqual([true, 'p', 42, true]);
    const last = withPlayingNow(initialPlayer(), { playback: null, lastPlayed: track('l') });
    expect([last.visible, last.currentPlayingTrack?.id, last.progressSeconds, last.playback]).toEqual([true, 'l', 0, null]);
    expect(withPlayingNow(initialPlayer(), { playback: null, lastPlayed: null }).visible).toBe(false);
  });

  it('leaves a card the user closed, and a track the tab already holds, as they are', () => {
    const closed = { ...initialPlayer(), dismissed: true };
    expect(withPlayingNow(closed, { playback: playback(track('p'), true) })).toBe(closed);
    const holding = { ...initialPlayer(), visible: true, currentPlayingTrack: track('h') };
    expect(withPlayingNow(holding, { playback: null, lastPlayed: track('l') })).toBe(holding);
  });

  it("pictures what the card shows, not the device's own coming and going", () => {
    const shown = withPlayingNow(initialPlayer(), { playback: null, lastPlayed: track('l') });
    expect(cardPictureOf({ ...shown, device: 'ready', deviceId: 'd1' })).toEqual(cardPictureOf(shown));
    expect(cardPictureOf({ ...shown, device: 'reconnecting' })).not.toEqual(cardPictureOf(shown));
    expect(cardPictureOf({ ...shown, progressSeconds: 3 })).not.toEqual(cardPictureOf(shown));
  });
});

describe("the card's island wakes when the stores show what its HTML does not", () => {
  const woken = vi.fn();
  document.addEventListener(WAKE_ISLANDS, (event) => woken((event as CustomEvent<string>).detail));
  const page = (seed: unknown) => {
    document.body.innerHTML = `<script type="application/json" id="${PLAYING_NOW_BLOCK}">${JSON.stringify(seed)}</script>`;
    return document;
  };
  afterEach(() => {
    woken.mockClear();
    resetPlayer();
    $likedTracks.set({});
    document.body.innerHTML = '';
  });

  it('adopts the paused last played track and its heart, and stays asleep while they hold; a second that moves wakes it', () => {
    expect(adoptPlayingNow(page({ playback: null, lastPlayed: track('l'), flags: { track: { l: true } }, failure: null }))).toBe(true);
    expect($player.get().currentPlayingTrack?.id).toBe('l');
    expect($likedTracks.get().l).toBe(true);
    $player.setKey('device', 'ready');
    expect(woken).not.toHaveBeenCalled();
    setProgressSeconds(30);
    expect(woken).toHaveBeenCalledWith('player');
  });

  it('wakes it when the heart changes elsewhere', () => {
    adoptPlayingNow(page({ playback: null, lastPlayed: track('m'), flags: { track: { m: false } }, failure: null }));
    expect(woken).not.toHaveBeenCalled();
    rememberLiked('m', true);
    expect(woken).toHaveBeenCalledTimes(1);
  });

  it('wakes it at once when the music plays (its seconds tick), and says there was nothing to adopt on a page without the block', () => {
    adoptPlayingNow(page({ playback: playback(track('p'), true), failure: null }));
    expect(woken).toHaveBeenCalledWith('player');
    expect(adoptPlayingNow(page(null))).toBe(false);
    document.body.innerHTML = '';
    expect(adoptPlayingNow(document)).toBe(false);
  });

  it('wakes an empty card (no answer from the server) once the browser finds something to show', () => {
    expect(adoptPlayingNow(page(null))).toBe(false);
    expect(woken).not.toHaveBeenCalled();
    showLastPlayed(track('n'));
    expect(woken).toHaveBeenCalledWith('player');
  });
});
