import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LibraryButton } from '../../../src/components/browse/LibraryButton';
import { $inLibrary } from '../../../src/stores/library';

// A page's Save or Follow button is disabled until the provider has said whether the album
// (artist, user) is in the library. The server asks while it renders; when that check failed,
// the button asks itself, or it stayed disabled until a reload. The provider's answers are the test's.
const asked = vi.hoisted(() => [] as [string, string[]][]);
vi.mock('../../../src/api/library', async (original) => ({
  ...(await original<typeof import('../../../src/api/library')>()),
  checkInLibrary: async (kind: string, ids: string[]) => (asked.push([kind, ids]), ids.map(() => true)),
}));

afterEach(() => {
  cleanup();
  asked.length = 0;
  for (const kind of ['album', 'artist'] as const) $inLibrary[kind].set({});
});

describe("a page's own Save or Follow button", () => {
  it('asks for its flag when nobody knows it, and is usable once the answer came', async () => {
    render(<LibraryButton kind="album" id="a1" name="Album" />);
    expect((screen.getByRole('button', { name: 'Save Album' }) as HTMLButtonElement).disabled).toBe(true);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Saved Album' })).toBeTruthy());
    expect((screen.getByRole('button', { name: 'Saved Album' }) as HTMLButtonElement).disabled).toBe(false);
    expect(asked).toEqual([['album', ['a1']]]);
  });

  it('asks nothing when the server said, nor for a card, whose flags come with its list', async () => {
    $inLibrary.artist.setKey('r1', false);
    render(
      <>
        <LibraryButton kind="artist" id="r1" name="Ana" />
        <LibraryButton kind="artist" id="r2" name="Ben" compact />
      </>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual([]);
  });
});
