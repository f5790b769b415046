import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Track } from '../../src/api/types';
import { $paletteOpen, openPalette } from '../../src/stores/palette';
import { $duplicatePrompt, $playlistPicker, $signInAgain } from '../../src/stores/playlist-dialogs';
import { syncRoute } from '../../src/stores/route';
import { $shortcutsSheet, $ui, openBottomSheet, openImagePreview, openPremiumPrompt, setShortcutsSheet } from '../../src/stores/ui';

// The shell's overlays are kept from page to page by the client router: what stands over a page
// must close when the app goes elsewhere (a link, Back, Forward, a phone's back gesture), or it
// stays open over the next page, the picker still holding the last page's track.

const track = { id: 't1', name: 'Sol' } as Track;

function openEverything(): void {
  openBottomSheet();
  openPremiumPrompt();
  openImagePreview('http://img/1.svg', 'Sol');
  setShortcutsSheet(true);
  openPalette();
  $playlistPicker.set(track);
  $duplicatePrompt.set({ playlist: { id: 'p1', name: 'Road' } as never, track });
  $signInAgain.set(true);
}

const stillOpen = () => ({
  sheet: $ui.get().openMoreOptionBottomSheet,
  premium: $ui.get().openDialogPremiumRequired,
  preview: $ui.get().openDialogImagePreview,
  previewUrl: $ui.get().imagePreviewUrl,
  shortcuts: $shortcutsSheet.get(),
  palette: $paletteOpen.get(),
  picker: $playlistPicker.get(),
  duplicate: $duplicatePrompt.get(),
  signInAgain: $signInAgain.get(),
});

const allClosed = { sheet: false, premium: false, preview: false, previewUrl: null, shortcuts: false, palette: false, picker: null, duplicate: null, signInAgain: false };

// Each store closes its overlays while something shows them: here, as the islands listen.
let stops: (() => void)[] = [];
beforeAll(() => {
  stops = [$ui, $shortcutsSheet, $paletteOpen, $playlistPicker, $duplicatePrompt, $signInAgain].map((store) => store.listen(() => {}));
});
afterAll(() => stops.forEach((stop) => stop()));
afterEach(() => syncRoute('/'));

describe("the shell's overlays on a route change", () => {
  it('all close when the app goes to another page (Back from /collection to /): the picker forgets its track', () => {
    syncRoute('/collection');
    openEverything();
    syncRoute('/');
    expect(stillOpen()).toEqual(allClosed);
  });

  it('close on a new query or params too (Back from one search to another, one album to the next)', () => {
    syncRoute('/search?q=sol');
    openEverything();
    syncRoute('/search?q=luna');
    expect(stillOpen()).toEqual(allClosed);
    syncRoute('/album/a');
    openEverything();
    syncRoute('/album/b');
    expect(stillOpen()).toEqual(allClosed);
  });

  it('stay open when the address does not change: the same page read again (the router reads it twice per swap) or a #hash (the skip link)', () => {
    syncRoute('/collection');
    openEverything();
    syncRoute('/collection');
    syncRoute('/collection#content');
    expect(stillOpen()).toEqual({ sheet: true, premium: true, preview: true, previewUrl: 'http://img/1.svg', shortcuts: true, palette: true, picker: track, duplicate: expect.anything(), signInAgain: true });
  });
});
