import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LikeButton } from '../../../src/components/browse/LikeButton';
import { LibraryButton } from '../../../src/components/browse/LibraryButton';
import { LikeButton as PlayerLikeButton } from '../../../src/islands/player/LikeButton';
import { $inLibrary } from '../../../src/stores/library';

// A toggle says its state once. The hearts and Save/Follow say it in their names (SPEC's
// tooltips and words: 'Remove from Liked', 'Saved'), so they carry no aria-pressed as well: a
// screen reader would read "Remove from Liked, toggle button, pressed", the state twice and the
// press's meaning backwards. Shuffle and Queue keep one name and say their state with aria-pressed.

afterEach(() => {
  cleanup();
  for (const kind of ['track', 'album'] as const) $inLibrary[kind].set({});
});

describe("a toggle's state, said once", () => {
  it("a track row's heart: its name says it, and it is no pressed toggle", () => {
    render(<LikeButton trackId="t1" name="Song" />);
    const heart = screen.getByRole('button', { name: 'Save to Liked: Song' });
    expect(heart.hasAttribute('aria-pressed')).toBe(false);
    act(() => $inLibrary.track.setKey('t1', true));
    expect(heart.getAttribute('aria-label')).toBe('Remove from Liked: Song');
    expect(heart.hasAttribute('aria-pressed')).toBe(false);
  });

  it("the player's heart: the same", () => {
    act(() => $inLibrary.track.setKey('t2', true));
    render(<PlayerLikeButton trackId="t2" />);
    expect(screen.getByRole('button', { name: 'Remove from Liked' }).hasAttribute('aria-pressed')).toBe(false);
  });

  it('Save and Saved: the same, on a page and on a card', () => {
    act(() => $inLibrary.album.setKey('a1', false));
    render(
      <>
        <LibraryButton kind="album" id="a1" name="Album" />
        <LibraryButton kind="album" id="a1" name="Album" compact />
      </>,
    );
    expect(screen.getAllByRole('button', { name: 'Save Album' })).toHaveLength(2);
    act(() => $inLibrary.album.setKey('a1', true));
    const buttons = screen.getAllByRole('button', { name: 'Saved Album' });
    expect(buttons).toHaveLength(2);
    for (const button of buttons) expect(button.hasAttribute('aria-pressed')).toBe(false);
  });
});
