import { beforeEach, describe, expect, it } from 'vitest';
import { $inLibrary, adoptLibraryFlags, pageFlagWins, rememberLiked } from '../../src/stores/library';

// A page's flags (SPEC §4's Save, Follow and hearts) as of when it was fetched: a page shown from
// memory (back, forward, or fetched ahead as the pointer rested on its link) replaces only what this
// tab learnt before that fetch.
describe('the library flags a page brings', () => {
  beforeEach(() => $inLibrary.track.set({}));

  it('replace what the tab knew when the site has just rendered the page, or when the page was fetched after the tab learnt it', () => {
    expect(pageFlagWins(undefined, 1_000)).toBe(true);
    expect(pageFlagWins(5_000, null)).toBe(true);
    expect(pageFlagWins(1_000, 2_000)).toBe(true);
    expect(pageFlagWins(2_000, 1_000)).toBe(false);
  });

  it('a page fetched ahead after another tab liked a track shows it liked; going back to the older page keeps it liked', () => {
    adoptLibraryFlags({ track: { sol: false } }, null, 1_000);
    // Another tab likes it; this tab's pointer rests on Liked Songs and fetches it ahead (2 000).
    adoptLibraryFlags({ track: { sol: true } }, 2_000);
    expect($inLibrary.track.get().sol).toBe(true);
    // Back to the search page kept from before (1 000): what the tab learnt since stays.
    adoptLibraryFlags({ track: { sol: false } }, 1_000);
    expect($inLibrary.track.get().sol).toBe(true);
  });

  it('a like made here after the page was fetched ahead stays when that page shows', () => {
    adoptLibraryFlags({ track: { sol: true } }, null, 1_000);
    const fetchedAhead = Date.now() - 10;
    rememberLiked('sol', false);
    adoptLibraryFlags({ track: { sol: true, luna: true } }, fetchedAhead);
    expect($inLibrary.track.get()).toEqual({ sol: false, luna: true });
  });
});
