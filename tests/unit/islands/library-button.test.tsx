import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LibraryButton } from '../../../src/components/browse/LibraryButton';
import { LikeButton } from '../../../src/components/browse/LikeButton';
import { LIBRARY_FORM_ID } from '../../../src/lib/library-form';
import { $inLibrary, $libraryCheckFailed } from '../../../src/stores/library';

// A page's Save or Follow button is disabled until the provider has said whether the album
// (artist, user) is in the library. The server asks while it renders; when that check failed,
// the button asks itself, or it stayed disabled until a reload. The provider's answers are the test's.
const asked = vi.hoisted(() => [] as [string, string[]][]);
const added = vi.hoisted(() => [] as string[]);
/** The provider's answer to the next checks: a flag, or a failure. */
const provider = vi.hoisted(() => ({ answers: [] as (boolean | 'fails')[] }));
vi.mock('../../../src/api/library', async (original) => ({
  ...(await original<typeof import('../../../src/api/library')>()),
  checkInLibrary: async (kind: string, ids: string[]) => {
    asked.push([kind, ids]);
    const answer = provider.answers.shift() ?? true;
    if (answer === 'fails') throw new Error('Internal Server Error');
    return ids.map(() => answer);
  },
  addToLibrary: async (_kind: string, ids: string[]) => void added.push(...ids),
  removeFromLibrary: async () => undefined,
}));

afterEach(() => {
  cleanup();
  asked.length = 0;
  added.length = 0;
  provider.answers = [];
  for (const kind of ['album', 'artist', 'track'] as const) {
    $inLibrary[kind].set({});
    $libraryCheckFailed[kind].set({});
  }
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

  it('is offered when its own check failed too, and a click asks first: saves one not saved, leaves one saved as it is', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Its check fails, then the click's own check answers `saved`: the button ends on Saved either way.
    const clickAfterFailedCheck = async (id: string, name: string, saved: boolean) => {
      provider.answers = ['fails', saved];
      render(<LibraryButton kind="album" id={id} name={name} />);
      const save = screen.getByRole('button', { name: `Save ${name}` }) as HTMLButtonElement;
      await vi.waitFor(() => expect(save.disabled).toBe(false));
      save.click();
      await vi.waitFor(() => expect(screen.getByRole('button', { name: `Saved ${name}` })).toBeTruthy());
      cleanup();
    };
    await clickAfterFailedCheck('a1', 'Album', false);
    expect(added).toEqual(['a1']);
    await clickAfterFailedCheck('a2', 'Other', true);
    expect(added).toEqual(['a1']);
    expect(asked.map(([, ids]) => ids[0])).toEqual(['a1', 'a1', 'a2', 'a2']);
  });
});

// With JavaScript off a library button submits the page's one library form (src/lib/library-form.ts);
// with a script its click makes the change itself and the form is never sent.
describe("a library button and the page's library form", () => {
  it('names the form, with the change its label offers; its click saves here and cancels the submit', async () => {
    $inLibrary.album.setKey('a1', false);
    const submitted = vi.fn((event: Event) => event.preventDefault());
    render(
      <>
        <form id={LIBRARY_FORM_ID} method="post" action="/session/library" ref={(form) => form?.addEventListener('submit', submitted)} />
        <LibraryButton kind="album" id="a1" name="Album" />
        <LikeButton trackId="t1" name="Song" />
      </>,
    );
    const save = screen.getByRole('button', { name: 'Save Album' }) as HTMLButtonElement;
    expect([save.type, save.getAttribute('form'), save.name, save.value]).toEqual(['submit', LIBRARY_FORM_ID, 'add', 'album:a1']);
    expect(save.form?.id).toBe(LIBRARY_FORM_ID);
    const clicked = new MouseEvent('click', { bubbles: true, cancelable: true });
    save.dispatchEvent(clicked);
    expect(clicked.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Saved Album' })).toBeTruthy());
    expect(added).toEqual(['a1']);
    const saved = screen.getByRole('button', { name: 'Saved Album' }) as HTMLButtonElement;
    expect([saved.name, saved.value]).toEqual(['remove', 'album:a1']);
    const heart = screen.getByRole('button', { name: /Save to Liked: Song/ }) as HTMLButtonElement;
    expect([heart.type, heart.getAttribute('form'), heart.name, heart.value]).toEqual(['submit', LIBRARY_FORM_ID, 'add', 'track:t1']);
    const liked = new MouseEvent('click', { bubbles: true, cancelable: true });
    heart.dispatchEvent(liked);
    expect(liked.defaultPrevented).toBe(true);
    expect(submitted).not.toHaveBeenCalled();
  });
});
