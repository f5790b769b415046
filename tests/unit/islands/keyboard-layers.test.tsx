import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfirmDialog } from '../../../src/components/browse/Dialog';
import { followFocusBeforeModal } from '../../../src/components/focus-before-modal';
import { LikeButton } from '../../../src/islands/player/LikeButton';
import { QueuePanel } from '../../../src/islands/player/QueuePanel';
import { $libraryPending } from '../../../src/stores/library';
import { $queue, toggleQueue } from '../../../src/stores/queue';
import { shortcutFor, startShortcuts } from '../../../src/playback/shortcuts';
import { ShortcutsSheet } from '../../../src/islands/player/ShortcutsSheet';
import { $shortcutsSheet, $ui, closeBottomSheet, closePremiumPrompt, openBottomSheet, openPremiumPrompt, setShortcutsSheet, setSingleKeyShortcuts } from '../../../src/stores/ui';
import { PremiumDialogView } from '../../../src/islands/shell/PremiumDialogView';
import { BottomSheetView } from '../../../src/islands/shell/BottomSheetView';
import { $devices } from '../../../src/stores/devices';
import { PlaylistEditDialog } from '../../../src/islands/playlists/PlaylistEditDialog';
import { CommandPalette } from '../../../src/islands/shell/CommandPalette';
import { useStore } from '../../../src/components/server-snapshot';
import { $paletteOpen, closePalette, openPalette } from '../../../src/stores/palette';
import { $ownPlaylists } from '../../../src/stores/my-playlists';
import { syncRoute } from '../../../src/stores/route';

// Where the keyboard's focus goes as layers open and close (WCAG 2.4.3), and which layer an
// Escape closes: one at a time.
followFocusBeforeModal();

afterEach(() => {
  cleanup();
  syncRoute('/');
  closePalette();
  setShortcutsSheet(false);
  closePremiumPrompt();
  closeBottomSheet();
  $devices.set({ ...$devices.get(), open: false });
  $queue.set({ open: false, loading: false, failed: false, loaded: false, nowPlaying: null, nextUp: [] });
  $libraryPending.track.set({});
});

function PageWithDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        More options for Sol
      </button>
      {open ? (
        <ConfirmDialog
          title="Already added"
          id="already-added"
          onClose={() => setOpen(false)}
          cancel={{ label: "Don't add", onClick: () => setOpen(false) }}
          confirm={{ label: 'Add anyway', onClick: () => setOpen(false) }}
          focus="cancel"
        >
          This is already in your playlist.
        </ConfirmDialog>
      ) : null}
      <button type="button">Behind the dialog</button>
    </>
  );
}

const tab = (shiftKey = false) => fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Tab', shiftKey });

describe('a dialog (Add to playlist, Already added, Edit details, Remove from Your Library)', () => {
  it('keeps Tab inside, closes with Escape, and gives focus back to what opened it', () => {
    render(<PageWithDialog />);
    const opener = screen.getByRole('button', { name: 'More options for Sol' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Already added' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: "Don't add" }));
    // From its last control, Tab comes round to its first (Close), and Shift+Tab back.
    screen.getByRole('button', { name: 'Add anyway' }).focus();
    tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    tab(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add anyway' }));
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    return Promise.resolve().then(() => expect(document.activeElement).toBe(opener));
  });

  /** The queue open, and a dialog opened beside it (the duplicate question of a row's menu). */
  const openDialogOverQueue = () => {
    $queue.set({ ...$queue.get(), open: true, loaded: true });
    render(
      <>
        <QueuePanel />
        <PageWithDialog />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'More options for Sol' }));
  };

  it("takes its Escape for itself: the queue open beside it stays open", () => {
    openDialogOverQueue();
    fireEvent.keyDown(screen.getByRole('button', { name: "Don't add" }), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect($queue.get().open).toBe(true);
    // The next Escape is the queue's.
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect($queue.get().open).toBe(false);
  });

  it('takes its Escape with the focus on the body too (a click on its text): it closes, the queue beside it stays open', () => {
    openDialogOverQueue();
    expect(screen.getByRole('dialog', { name: 'Already added' })).toBeTruthy();
    (document.activeElement as HTMLElement | null)?.blur();
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect($queue.get().open).toBe(true);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect($queue.get().open).toBe(false);
  });

  it('closes once per Escape, from a control inside it or from the body: the page-wide listener does not hear one its own handler took', () => {
    let closes = 0;
    render(
      <ConfirmDialog title="Sign in again" id="sign-in" onClose={() => (closes += 1)} cancel={{ label: 'Later', onClick: () => undefined }} confirm={{ label: 'Sign in', onClick: () => undefined }} focus="cancel">
        Your session ended.
      </ConfirmDialog>,
    );
    // Its owner closes it when told to; here it stays, to count what it was told.
    fireEvent.keyDown(screen.getByRole('button', { name: 'Later' }), { key: 'Escape' });
    expect(closes).toBe(1);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(closes).toBe(2);
  });
});

// A sheet or prompt over the open queue takes its Escape for itself (as Dialog does): the queue
// and the device picker hear Escape on the document, so the layer on top must have the key first
// and mark it taken (preventDefault), whether the keyboard's focus is inside it (as its focus trap
// keeps it) or nowhere (the body, after a click on a part of it that takes no focus).
describe('one Escape closes one layer: the modal layers over the queue', () => {
  const openQueue = () => $queue.set({ ...$queue.get(), open: true, loaded: true });
  const escapeFrom = (where: 'focus' | 'body') => fireEvent.keyDown(where === 'focus' ? document.activeElement! : document.body, { key: 'Escape' });

  for (const where of ['focus', 'body'] as const) {
    it(`the shortcuts sheet (?) over the queue (Q) closes alone, the queue with the next Escape (from the ${where})`, () => {
      openQueue();
      render(
        <>
          <QueuePanel />
          <ShortcutsSheet />
        </>,
      );
      act(() => setShortcutsSheet(true));
      const sheet = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
      expect(sheet.contains(document.activeElement)).toBe(true);
      escapeFrom(where);
      expect($shortcutsSheet.get()).toBe(false);
      expect($queue.get().open).toBe(true);
      fireEvent.keyDown(document.body, { key: 'Escape' });
      expect($queue.get().open).toBe(false);
    });

    it(`the Premium prompt over the queue closes alone (from the ${where})`, () => {
      openQueue();
      render(
        <>
          <QueuePanel />
          <PremiumDialogView />
        </>,
      );
      act(() => openPremiumPrompt());
      expect(screen.getByRole('dialog', { name: 'Premium Required' }).contains(document.activeElement)).toBe(true);
      escapeFrom(where);
      expect($ui.get().openDialogPremiumRequired).toBe(false);
      expect($queue.get().open).toBe(true);
    });

    it(`the phone's bottom sheet over the queue (/player) closes alone; its device picker closes before it, the queue stays (from the ${where})`, () => {
      // On /player, whose queue is part of its page: the panel takes no focus as it opens.
      syncRoute('/player');
      openQueue();
      openBottomSheet();
      $devices.set({ ...$devices.get(), open: true, place: 'sheet', loading: false, list: [] });
      render(
        <>
          <QueuePanel />
          <BottomSheetView />
        </>,
      );
      expect(screen.getByRole('dialog', { name: 'More options' }).contains(document.activeElement)).toBe(true);
      escapeFrom(where);
      expect($devices.get().open).toBe(false);
      expect($ui.get().openMoreOptionBottomSheet).toBe(true);
      expect($queue.get().open).toBe(true);
      escapeFrom(where);
      expect($ui.get().openMoreOptionBottomSheet).toBe(false);
      expect($queue.get().open).toBe(true);
    });

    it(`a modal opened later wins: the Premium prompt over the shortcuts sheet over the queue, one Escape each (from the ${where})`, async () => {
      openQueue();
      render(
        <>
          <button type="button">Play</button>
          <QueuePanel />
          <PremiumDialogView />
          <ShortcutsSheet />
        </>,
      );
      const play = screen.getByRole('button', { name: 'Play' });
      play.focus();
      // The sheet first, the prompt after it (a play's answer coming late), though the prompt's island comes first in the page.
      act(() => setShortcutsSheet(true));
      act(() => openPremiumPrompt());
      expect(screen.getByRole('dialog', { name: 'Premium Required' }).contains(document.activeElement)).toBe(true);
      escapeFrom(where);
      expect($ui.get().openDialogPremiumRequired).toBe(false);
      expect($shortcutsSheet.get()).toBe(true);
      expect($queue.get().open).toBe(true);
      // The prompt gives focus back to the layer under it (after its commit): the sheet's control
      // that had it, not the page's Play behind the sheet. The next Escape is the sheet's, not the queue's.
      await act(async () => undefined);
      if (where === 'focus') expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' }).contains(document.activeElement)).toBe(true);
      escapeFrom(where);
      expect($shortcutsSheet.get()).toBe(false);
      expect($queue.get().open).toBe(true);
      escapeFrom('body');
      expect($queue.get().open).toBe(false);
    });
  }
});

describe('one Escape closes one layer: a dialog over the shortcuts sheet', () => {
  it('an Escape on a control of a layer above the sheet (a dialog) is that layer\'s: the sheet under it stays open', () => {
    render(
      <>
        <ShortcutsSheet />
        <PageWithDialog />
      </>,
    );
    act(() => setShortcutsSheet(true));
    fireEvent.click(screen.getByRole('button', { name: 'More options for Sol' }));
    fireEvent.keyDown(screen.getByRole('button', { name: "Don't add" }), { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Already added' })).toBeNull();
    expect($shortcutsSheet.get()).toBe(true);
  });
});

describe('the queue panel', () => {
  it('closed from inside (its Close button), gives focus back to the button that opened it', () => {
    render(
      <>
        <button type="button" onClick={() => toggleQueue(true)}>
          Queue
        </button>
        <QueuePanel />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'Queue' });
    opener.focus();
    act(() => $queue.set({ ...$queue.get(), open: true, loaded: true }));
    const close = screen.getByRole('button', { name: 'Close queue' });
    close.focus();
    fireEvent.click(close);
    expect(screen.queryByRole('complementary', { name: 'Queue' })).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

describe("the player's heart", () => {
  it('stays pressable while its like is on its way (a disabled button drops the focus), and says it is busy', () => {
    render(<LikeButton trackId="t1" />);
    const heart = screen.getByRole('button', { name: 'Save to Liked' });
    heart.focus();
    act(() => $libraryPending.track.setKey('t1', true));
    expect(heart.hasAttribute('disabled')).toBe(false);
    expect(heart.getAttribute('aria-busy')).toBe('true');
    expect(document.activeElement).toBe(heart);
  });
});

describe("the player's single-key shortcuts", () => {
  it('do nothing behind a modal dialog (Q would open the queue under it), and work again once it closed', () => {
    const stop = startShortcuts();
    try {
      const { unmount } = render(<div role="dialog" aria-modal="true" aria-label="Edit details" />);
      fireEvent.keyDown(document.body, { key: 'q' });
      expect($queue.get().open).toBe(false);
      unmount();
      fireEvent.keyDown(document.body, { key: 'q' });
      expect($queue.get().open).toBe(true);
    } finally {
      stop();
    }
  });
});

describe('Edit details', () => {
  it('names each field by its label alone, with its count as its description, not read out at every key', () => {
    const playlist = { id: 'p1', name: 'Road', uri: 'spotify:playlist:p1', type: 'playlist', description: '', images: [], owner: { id: 'guest', displayName: 'Guest' }, totalTracks: 0, followers: 0, collaborative: false, snapshotId: null };
    render(<PlaylistEditDialog playlist={playlist} onClose={() => undefined} />);
    const name = screen.getByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'Road trip' } });
    expect(screen.getByRole('textbox', { name: 'Name' })).toBe(name);
    const description = (name.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(description).toEqual(['9/100']);
    expect(document.querySelector('[aria-live]')).toBeNull();
  });
});

describe('the single-key shortcuts (WCAG 2.1.4)', () => {
  afterEach(() => setSingleKeyShortcuts(true));

  it("turn off from the shortcuts sheet, for this browser: L, Q and ? then do nothing, Space and Shift's keys still work", () => {
    render(<ShortcutsSheet />);
    act(() => setShortcutsSheet(true));
    const toggle = screen.getByRole('switch', { name: /^Single-key shortcuts \(L, Q, \?\)/ });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(localStorage.getItem('SINGLE_KEY_SHORTCUTS')).toBe('false');
    act(() => setShortcutsSheet(false));
    const stop = startShortcuts();
    try {
      fireEvent.keyDown(document.body, { key: 'q' });
      expect($queue.get().open).toBe(false);
      expect(shortcutFor({ key: '?', shiftKey: true, ctrlKey: false, metaKey: false, altKey: false, target: document.body }, false)).toBeNull();
      expect(shortcutFor({ key: ' ', shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, target: document.body }, false)).toBe('toggle');
      expect(shortcutFor({ key: 'ArrowRight', shiftKey: true, ctrlKey: false, metaKey: false, altKey: false, target: document.body }, false)).toBe('next');
      setSingleKeyShortcuts(true);
      fireEvent.keyDown(document.body, { key: 'q' });
      expect($queue.get().open).toBe(true);
    } finally {
      stop();
    }
  });
});

/** The command palette while $paletteOpen says so, as the shell's PaletteHost shows it. */
function Palette() {
  return useStore($paletteOpen) ? <CommandPalette /> : null;
}

// Known already: the palette does not ask the provider for the user's playlists as it opens.
beforeEach(() => $ownPlaylists.set([]));
afterEach(() => $ownPlaylists.set(null));

// A modal opened over another (the palette over the shortcuts sheet, a prompt over Edit details):
// closing it gives focus back to the modal still open under it, not to the page behind both,
// where typing goes nowhere.
describe('a modal over a modal', () => {
  it('the palette (Ctrl+K) over the shortcuts sheet (?): Escape closes the palette alone and focus goes back into the sheet', async () => {
    render(
      <>
        <button type="button">Play</button>
        <ShortcutsSheet />
        <Palette />
      </>,
    );
    screen.getByRole('button', { name: 'Play' }).focus();
    act(() => setShortcutsSheet(true));
    const sheetClose = screen.getByRole('dialog', { name: 'Keyboard shortcuts' }).querySelector<HTMLElement>('button')!;
    sheetClose.focus();
    act(() => openPalette());
    const field = screen.getByRole('combobox', { name: 'Go to a page, run an action or find music' });
    expect(document.activeElement).toBe(field);
    fireEvent.keyDown(field, { key: 'Escape' });
    expect($paletteOpen.get()).toBe(false);
    expect($shortcutsSheet.get()).toBe(true);
    await act(async () => undefined);
    expect(document.activeElement).toBe(sheetClose);
  });

  it('a dialog over Edit details gives focus back to the field of Edit details that had it', async () => {
    const playlist = { id: 'p1', name: 'Road', uri: 'spotify:playlist:p1', type: 'playlist', description: '', images: [], owner: { id: 'guest', displayName: 'Guest' }, totalTracks: 0, followers: 0, collaborative: false, snapshotId: null };
    render(
      <>
        <PlaylistEditDialog playlist={playlist} onClose={() => undefined} />
        <Palette />
      </>,
    );
    const name = screen.getByRole('textbox', { name: 'Name' });
    name.focus();
    act(() => openPalette());
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect($paletteOpen.get()).toBe(false);
    await act(async () => undefined);
    expect(document.activeElement).toBe(name);
  });
});

describe('the command palette', () => {
  it('closes with Escape wherever focus is while it is open: on the page behind, or in a layer under it (which stays open)', () => {
    render(
      <>
        <button type="button">Edit details</button>
        <ShortcutsSheet />
        <Palette />
      </>,
    );
    act(() => openPalette());
    // Focus put behind it (a native dialog that closed gave it back to its opener on the page).
    const behind = screen.getByRole('button', { name: 'Edit details' });
    behind.focus();
    fireEvent.keyDown(behind, { key: 'Escape' });
    expect($paletteOpen.get()).toBe(false);

    act(() => setShortcutsSheet(true));
    act(() => openPalette());
    // Focus in the sheet under it: the palette closes, not the sheet.
    const inSheet = screen.getByRole('dialog', { name: 'Keyboard shortcuts' }).querySelector<HTMLElement>('button')!;
    inSheet.focus();
    fireEvent.keyDown(inSheet, { key: 'Escape' });
    expect($paletteOpen.get()).toBe(false);
    expect($shortcutsSheet.get()).toBe(true);
  });
});

describe('the command palette under a modal opened after it', () => {
  for (const where of ['focus', 'body'] as const) {
    it(`a Premium prompt opened over it (a play's answer coming late) takes the Escape: it closes alone, the palette with the next (from the ${where})`, () => {
      render(
        <>
          <PremiumDialogView />
          <Palette />
        </>,
      );
      act(() => openPalette());
      act(() => openPremiumPrompt());
      const prompt = screen.getByRole('dialog', { name: 'Premium Required' });
      expect(prompt.contains(document.activeElement)).toBe(true);
      if (where === 'body') (document.activeElement as HTMLElement).blur();
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
      expect($ui.get().openDialogPremiumRequired).toBe(false);
      expect($paletteOpen.get()).toBe(true);
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
      expect($paletteOpen.get()).toBe(false);
    });
  }

  it('its Escape is its own wherever focus is: the search box behind it keeps its text', () => {
    let cleared = 0;
    render(
      <>
        <input
          type="search"
          aria-label="Search"
          defaultValue="sol"
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !event.defaultPrevented) cleared += 1;
          }}
        />
        <Palette />
      </>,
    );
    act(() => openPalette());
    const box = screen.getByRole('searchbox', { name: 'Search' });
    box.focus();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect($paletteOpen.get()).toBe(false);
    expect(cleared).toBe(0);
  });
});
