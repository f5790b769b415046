import { beforeEach, describe, expect, it } from 'vitest';
import { atom } from 'nanostores';
import { $inLibrary, adoptLibraryFlags, knownInLibraryOf, pageFlagWins, rememberLiked } from '../../src/stores/library';

// A page's flags (SPEC §4's Save, Follow and hearts) as of when it was fetched: a page shown from
// memory (back, forward, or fetched ahead as the pointer rested on its link) replaces only what this
// tab learnt before that fetch. (When the tab learnt a flag stays across tests: each test its own ids.)
describe('the library flags a page brings', () => {
  beforeEach(() => $inLibrary.track.set({}));

  it('replace what the tab knew unless the tab learnt it after the page was asked for', () => {
    expect(pageFlagWins(undefined, 1_000)).toBe(true);
    expect(pageFlagWins(1_000, 2_000)).toBe(true);
    expect(pageFlagWins(2_000, 2_000)).toBe(true);
    expect(pageFlagWins(2_000, 1_000)).toBe(false);
  });

  it('a page fetched ahead after another tab liked a track shows it liked; going back to the older page keeps it liked', () => {
    adoptLibraryFlags({ track: { sol: false } }, 1_000);
    // Another tab likes it; this tab's pointer rests on Liked Songs and fetches it ahead (2 000).
    adoptLibraryFlags({ track: { sol: true } }, 2_000);
    expect($inLibrary.track.get().sol).toBe(true);
    // Back to the search page kept from before (1 000): what the tab learnt since stays.
    adoptLibraryFlags({ track: { sol: false } }, 1_000);
    expect($inLibrary.track.get().sol).toBe(true);
  });

  it('a like made here after the page was fetched ahead stays when that page shows', () => {
    adoptLibraryFlags({ track: { sol: true } }, 1_000);
    const fetchedAhead = Date.now() - 10;
    rememberLiked('sol', false);
    adoptLibraryFlags({ track: { sol: true, luna: true } }, fetchedAhead);
    expect($inLibrary.track.get()).toEqual({ sol: false, luna: true });
  });

  it("a page's island that hydrates late keeps its page's time: a page fetched after it, with newer flags, is not overruled", () => {
    // The page on screen was asked at 1 000 and hydrates (adopts) only now; Liked Songs was fetched ahead at 2 000.
    adoptLibraryFlags({ track: { late: true } }, 2_000);
    adoptLibraryFlags({ track: { late: false } }, 1_000);
    expect($inLibrary.track.get().late).toBe(true);
  });

  it('a held list (Liked Songs) known in the browser dates its flags, so an older kept page does not overrule them', () => {
    const $liked = atom<string[]>([]);
    knownInLibraryOf('track', $liked, (ids) => ids);
    const stop = $liked.listen(() => undefined);
    $liked.set(['held']);
    expect($inLibrary.track.get().held).toBe(true);
    adoptLibraryFlags({ track: { held: false } }, Date.now() - 60_000);
    expect($inLibrary.track.get().held).toBe(true);
    stop();
  });
});
