// @vitest-environment happy-dom
// The shown playlist's rules (src/stores/playlist-shown.ts): an edit taken back undoes itself alone
// on the list as it now is, and edits waiting behind a refused one are made again on what is left;
// a rename of the playlist on screen retitles the tab as the server words it.
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { startDocumentTitle } from '../../src/playback/document-title';
import type { Playlist, PlaylistEntry, Track } from '../../src/api/types';
import { $playlist, playlistTracks } from '../../src/stores/playlist';
import {
  applyItemEdit,
  changeShownPlaylist,
  holdsWholePlaylist,
  takeBackEdit,
  undoItemEdit,
  withDetailsTakenBack,
  type DoneEdit,
  type ShownPlaylist,
} from '../../src/stores/playlist-shown';

const track = (id: string): Track => ({ id, name: id.toUpperCase(), uri: `spotify:track:${id}`, durationMs: 1000, artists: [], album: null });
const playlist = (id: string, name: string, totalTracks: number | null): Playlist => ({
  id,
  name,
  uri: `spotify:playlist:${id}`,
  type: 'playlist',
  description: 'for the road',
  images: [],
  owner: { id: 'guest', displayName: 'Guest', uri: 'spotify:user:guest' } as Playlist['owner'],
  totalTracks,
  followers: null,
  collaborative: false,
  snapshotId: null,
});
/** A shown playlist of these letters, each at its position; `more`: pages still to come. */
const shownOf = (letters: string, more = false): ShownPlaylist => ({
  data: playlist('p', 'Road', more ? 40 : letters.length),
  tracks: { list: [...letters].map((letter, position) => ({ track: track(letter), addedAt: null, position })), offset: letters.length, loaded: true, hasMore: more },
});
const lettersOf = (shown: ShownPlaylist) => shown.tracks.list.map((entry) => entry.track.id).join('');
const positionsOf = (shown: ShownPlaylist) => shown.tracks.list.map((entry) => entry.position);
/** Makes the edits one after another; each one's record. */
function edits(shown: ShownPlaylist, ...made: Parameters<typeof applyItemEdit>[1][]): { shown: ShownPlaylist; done: DoneEdit[] } {
  const done: DoneEdit[] = [];
  for (const edit of made) {
    const edited = applyItemEdit(shown, edit, '2026-01-01T00:00:00Z')!;
    shown = edited.shown;
    done.push(edited.done);
  }
  return { shown, done };
}

describe('a track added while the playlist shows', () => {
  it('shows at the end of a list that holds the whole playlist, and the next one after it', () => {
    const { shown, done } = edits(shownOf('abc'), { add: track('d') }, { add: track('e') });
    expect(lettersOf(shown)).toBe('abcde');
    expect(positionsOf(shown)).toEqual([0, 1, 2, 3, 4]);
    expect(shown.data.totalTracks).toBe(5);
    expect(holdsWholePlaylist(shown)).toBe(true);
    // Taken back, it leaves the list as it was, still whole.
    const back = undoItemEdit(shown, done[1]!);
    expect(lettersOf(back)).toBe('abcd');
    expect(holdsWholePlaylist(back)).toBe(true);
  });

  it('is not shown under a list that stopped paging at the cap of 80 (SPEC §4): it stands far past the last row shown', () => {
    // 130 entries, 10 a page: pages at offsets 0 to 80 came, then paging stopped.
    const list = Array.from({ length: 90 }, (_, position) => ({ track: track(`t${position}`), addedAt: null, position }));
    const capped: ShownPlaylist = { data: playlist('p', 'Long', 130), tracks: { list, offset: 90, loaded: true, hasMore: false } };
    const { shown, done } = edits(capped, { add: track('new') });
    expect(shown.tracks.list).toHaveLength(90);
    expect(shown.data.totalTracks).toBe(131);
    expect(done[0]).toMatchObject({ appended: false });
    expect(holdsWholePlaylist(capped)).toBe(false);
  });

  it('is not shown under a list with pages still to come, nor before the first page', () => {
    expect(lettersOf(edits(shownOf('abc', true), { add: track('d') }).shown)).toBe('abc');
    const unloaded: ShownPlaylist = { data: playlist('p', 'Road', 3), tracks: { list: [], offset: 0, loaded: false, hasMore: true } };
    expect(edits(unloaded, { add: track('d') }).shown.tracks.list).toEqual([]);
  });

  it('shows under a whole list whose entries without a track were dropped (fewer rows than the count)', () => {
    // Four entries, one dropped (SPEC §4): three rows; one page of 10 held them all.
    const list = ['a', 'b', 'd'].map((letter, index) => ({ track: track(letter), addedAt: null, position: index < 2 ? index : 3 }));
    const shown: ShownPlaylist = { data: playlist('p', 'Road', 4), tracks: { list, offset: 10, loaded: true, hasMore: false } };
    expect(lettersOf(edits(shown, { add: track('e') }).shown)).toBe('abde');
    expect(positionsOf(edits(shown, { add: track('e') }).shown)).toEqual([0, 1, 3, 4]);
  });
});

describe('an item edit taken back', () => {
  it('puts a removal back alone: a removal made after it stays, positions follow', () => {
    const { shown, done } = edits(shownOf('abcde'), { remove: 'b' }, { remove: 'd' });
    expect(lettersOf(shown)).toBe('ace');
    const back = undoItemEdit(shown, done[0]!);
    expect(lettersOf(back)).toBe('abce');
    expect(positionsOf(back)).toEqual([0, 1, 2, 3]);
    expect(back.data.totalTracks).toBe(4);
  });

  it('keeps a page that came since, with the positions the provider gave it, and the offset it set', () => {
    const { shown, done } = edits(shownOf('abc', true), { remove: 'b' });
    // The next page (asked before the removal, at offset 3) arrives: d e at 3 and 4.
    const paged: ShownPlaylist = {
      ...shown,
      tracks: { ...shown.tracks, offset: 5, list: [...shown.tracks.list, { track: track('d'), addedAt: null, position: 3 }, { track: track('e'), addedAt: null, position: 4 }] },
    };
    const back = undoItemEdit(paged, done[0]!);
    expect(lettersOf(back)).toBe('abcde');
    expect(positionsOf(back)).toEqual([0, 1, 2, 3, 4]);
    expect(back.tracks.offset).toBe(5);
    // With no page since, the offset goes back up with the entry.
    expect(undoItemEdit(shown, done[0]!).tracks.offset).toBe(3);
  });

  it('moves a refused move back, wherever other rows went, and takes an added entry out', () => {
    const { shown, done } = edits(shownOf('abcd'), { move: { from: 0, before: 2 } }, { add: track('e') });
    expect(lettersOf(shown)).toBe('bacde');
    const back = undoItemEdit(shown, done[0]!);
    expect(lettersOf(back)).toBe('abcde');
    expect(positionsOf(back)).toEqual([0, 1, 2, 3, 4]);
    const noAdd = undoItemEdit(back, done[1]!);
    expect(lettersOf(noAdd)).toBe('abcd');
    expect(noAdd.data.totalTracks).toBe(4);
  });

  it('changes back only the details it set', () => {
    const road = playlist('p', 'Road', 3);
    const set = { name: 'Drive', description: road.description };
    // A later rename of the description stays; the name goes back.
    expect(withDetailsTakenBack({ ...road, name: 'Drive', description: 'later' }, set, { name: 'Road', description: road.description })).toMatchObject({ name: 'Road', description: 'later' });
    // A later rename of the name stays.
    expect(withDetailsTakenBack({ ...road, name: 'Later' }, set, { name: 'Road', description: road.description }).name).toBe('Later');
  });
});

describe('edits waiting behind a refused one', () => {
  it('are made again on what is left, a move in the positions of that list', () => {
    // Remove a, then move b (row 0 of b c d) down: its request was b's position 0 before position 2.
    const { shown, done } = edits(shownOf('abcd'), { remove: 'a' }, { move: { from: 0, before: 2 } });
    expect(lettersOf(shown)).toBe('cbd');
    const back = takeBackEdit(shown, done[0]!, [done[1]!]);
    expect(lettersOf(back.shown)).toBe('acbd');
    expect(positionsOf(back.shown)).toEqual([0, 1, 2, 3]);
    // Now b stands at 1, and goes before d at 3.
    expect(back.later[0]).toMatchObject({ request: { rangeStart: 1, insertBefore: 3 } });
  });

  it('drop a move made on top of a refused move; adds and removals are made again', () => {
    const { shown, done } = edits(shownOf('abcd'), { move: { from: 0, before: 2 } }, { move: { from: 1, before: 3 } }, { remove: 'c' }, { add: track('e') });
    expect(lettersOf(shown)).toBe('bade');
    const back = takeBackEdit(shown, done[0]!, done.slice(1));
    expect(lettersOf(back.shown)).toBe('abde');
    expect(positionsOf(back.shown)).toEqual([0, 1, 2, 3]);
    expect(back.later.map((again) => again !== null)).toEqual([false, true, true]);
  });
});

describe('the tab title after a rename', () => {
  const entries: PlaylistEntry[] = [{ track: track('a'), addedAt: null, position: 0 }];
  afterEach(() => {
    $playlist.set({ ...$playlist.get(), id: '', data: null });
  });

  it('names the new name, as the server words it, only while that playlist is on screen; a refusal names the old one again', () => {
    $playlist.set({ ...$playlist.get(), id: 'p', data: playlist('p', 'Road', 1) });
    playlistTracks.$state.set({ list: entries, loading: false, error: null, hasMore: false, offset: 1, loaded: true });
    // As the server titled the page (namedTitle isolates the name); the shell keeps the tab's title (playback/document-title.ts).
    document.title = '\u2068Road\u2069 | My Music';
    const stopTitle = startDocumentTitle();
    onTestFinished(stopTitle);
    const undo = changeShownPlaylist('p', { details: { name: 'Drive', description: 'for the road' } });
    expect(document.title).toBe('\u2068Drive\u2069 | My Music');
    undo();
    expect(document.title).toBe('\u2068Road\u2069 | My Music');
    expect($playlist.get().data?.name).toBe('Road');

    // Another playlist on screen: its tab title stays.
    document.title = 'Albums | My Music';
    changeShownPlaylist('q', { details: { name: 'Elsewhere', description: '' } });
    expect(document.title).toBe('Albums | My Music');
  });
});
