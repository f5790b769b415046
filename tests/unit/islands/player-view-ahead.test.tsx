import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlayerCard } from '../../../src/islands/player/PlayerCard';
import { $player, resetPlayer } from '../../../src/stores/player';

/** happy-dom's own handle on its window (a phone-sized screen, below). */
interface HappyWindow {
  happyDOM: { setViewport(size: { width: number; height: number }): void };
}

// Which of the player's lazy views were fetched: their modules record being loaded.
const loaded = vi.hoisted(() => [] as string[]);
vi.mock('../../../src/islands/player/PlayerCardBody', () => {
  loaded.push('card');
  return { PlayerCardBody: () => <section aria-label="Player">card</section> };
});
vi.mock('../../../src/islands/player/PlayerBar', () => {
  loaded.push('bar');
  return { PlayerBar: () => <section aria-label="Player">bar</section> };
});

afterEach(() => {
  cleanup();
  resetPlayer();
});

describe("the player's view is fetched ahead", () => {
  it('before the card shows (the page catches up meanwhile), the one this screen shows: the card when wide, the bar when narrow', async () => {
    render(<PlayerCard />);
    expect($player.get().visible).toBe(false);
    await vi.waitFor(() => expect(loaded).toEqual(['card']));
    expect(document.querySelector('section[aria-label="Player"]')).toBeNull();

    await act(async () => {
      (window as unknown as HappyWindow).happyDOM.setViewport({ width: 390, height: 844 });
      window.dispatchEvent(new Event('resize'));
    });
    await vi.waitFor(() => expect(loaded).toEqual(['card', 'bar']));
    expect(document.querySelector('section[aria-label="Player"]')).toBeNull();
  });
});
