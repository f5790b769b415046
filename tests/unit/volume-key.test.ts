// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Track } from '../../src/api/types';
import { ANNOUNCER_ID } from '../../src/lib/announce';
import { startShortcuts } from '../../src/playback/shortcuts';
import { $player, resetPlayer } from '../../src/stores/player';

// The provider's answer is not what is said: the volume set here is.
const setVolume = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../../src/api/player', async (importOriginal) => ({ ...(await importOriginal<object>()), setVolume }));

const track = { id: 't1', name: 'Song', uri: 'spotify:track:t1', durationMs: 200_000, artists: [], album: null } as Track;

let stop: () => void = () => undefined;
let region: HTMLElement;

beforeEach(() => {
  region = Object.assign(document.createElement('div'), { id: ANNOUNCER_ID });
  region.setAttribute('role', 'status');
  document.body.append(region);
  $player.set({ ...$player.get(), visible: true, currentPlayingTrack: track, volumePercent: 50 });
  stop = startShortcuts();
});

afterEach(() => {
  stop();
  document.body.replaceChildren();
  resetPlayer();
  vi.useRealTimers();
});

const press = (key: string, target: EventTarget = document.body) => target.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey: true, bubbles: true, cancelable: true }));

describe('Shift+Up and Shift+Down say the volume they set (a screen reader heard nothing)', () => {
  it('in the shell\'s polite region, for a while', () => {
    vi.useFakeTimers();
    press('ArrowUp');
    expect($player.get().volumePercent).toBe(60);
    expect(region.textContent).toBe('Volume 60%');
    press('ArrowDown');
    press('ArrowDown');
    expect(region.textContent).toBe('Volume 40%');
    vi.advanceTimersByTime(5_000);
    expect(region.textContent).toBe('');
  });

  it('but not with the focus on the volume slider: Shift with its arrows is its own, and it reads its own value as it moves', () => {
    const slider = Object.assign(document.createElement('input'), { type: 'range' });
    slider.setAttribute('aria-label', 'Volume');
    document.body.append(slider);
    slider.focus();
    expect(press('ArrowUp', slider)).toBe(true); // not prevented: the browser steps the slider
    expect($player.get().volumePercent).toBe(50);
    expect(region.textContent).toBe('');
  });
});
