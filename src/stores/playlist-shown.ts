import { onNotify } from 'nanostores';
import type { Playlist, PlaylistEntry, Track } from '../api/types';
import { namedTitle, tabTitleOf } from '../lib/page-title';
import { renamePage } from './page-title';
import { moveEntry, removeEntries, reorderRequest, type ReorderRequest } from '../lib/playlist-order';
import { hrefOf } from '../lib/routes';
import { getPlaylistTotal } from '../api/playlist-edits';
import { logUnlessCanceled } from './log';
import { forgetPage } from './page-memory';
import { shiftedState, type PagedListState } from './paged-list';
import { playlistArea, playlistTracks } from './playlist';

/** An edit of a playlist's items: a track added at the end, a track's every entry removed, or the row `from` moved to before the row `before`. */
export type ItemEdit = { add: Track } | { remove: string } | { move: { from: number; before: number } };

/** A playlist's name and description, as the edit dialog changes them. */
type Details = Pick<Playlist, 'name' | 'description'>;

/** What the playlist page shows that edits change: the playlist, and its entries loaded so far. */
export interface ShownPlaylist {
  data: Playlist;
  tracks: Pick<PagedListState<PlaylistEntry>, 'list' | 'offset' | 'loaded' | 'hasMore'>;
}

/**
 * A row's place, by a neighbour: just before that entry, or just after it (the last row).
 * Entries are told apart by their track object, which every edit keeps (an added entry gets a
 * copy of its own), so a row is found again after other edits moved the rows around it.
 */
type Place = { before: Track } | { after: Track };

/** What an item edit did to the shown playlist: what taking it back undoes, or doing it again repeats. */
export type DoneEdit =
  | { add: Track; addedAt: string; appended: boolean }
  | {
      remove: string;
      /** The entries that went, each with its row before the edit, in order. */
      removed: { index: number; entry: PlaylistEntry }[];
      /** The entries after them, whose positions moved up. */
      shifted: ReadonlySet<Track>;
      /** How far the song count went down (not below 0). */
      fewer: number;
      offset: { was: number; is: number };
    }
  | { move: Track; from: Place; to: Place; request: ReorderRequest };

interface Edited {
  shown: ShownPlaylist;
  done: DoneEdit;
}

// The rules: pure, on a ShownPlaylist value. The stores are changed below (`show`).

const withTotal = (data: Playlist, change: number): Playlist =>
  data.totalTracks === null ? data : { ...data, totalTracks: Math.max(0, data.totalTracks + change) };

/** The row a place names: the index to move before, or null when its neighbour is gone. */
function rowOf(list: readonly PlaylistEntry[], place: Place): number | null {
  const index = list.findIndex((entry) => entry.track === ('before' in place ? place.before : place.after));
  if (index < 0) return null;
  return 'before' in place ? index : index + 1;
}

/**
 * Whether the rows shown are the whole playlist: no page is left, and none was left unasked at
 * SPEC §4's cap of 80 (the next page's offset is past its end). A capped list is not whole: an
 * entry added at its end would show as the row after the last loaded one, far from its place.
 */
export function holdsWholePlaylist({ data, tracks }: ShownPlaylist): boolean {
  return tracks.loaded && !tracks.hasMore && (data.totalTracks === null || tracks.offset >= data.totalTracks);
}

function added(shown: ShownPlaylist, track: Track, addedAt: string): Edited {
  const { data, tracks } = shown;
  const { list } = tracks;
  // Appended only when the list is whole; otherwise it arrives with the last page, if one comes.
  const appended = holdsWholePlaylist(shown);
  const position = data.totalTracks ?? (list.at(-1)?.position ?? -1) + 1;
  return {
    shown: {
      data: { ...data, totalTracks: (data.totalTracks ?? list.length) + 1 },
      // The end moved one on, and the list still reaches it: the next add is appended too.
      tracks: appended ? { ...shiftedState(tracks, 1), list: [...list, { track, addedAt, position }] } : tracks,
    },
    done: { add: track, addedAt, appended },
  };
}

function removed(shown: ShownPlaylist, trackId: string): Edited {
  const { data, tracks } = shown;
  const { list } = tracks;
  const gone = (entry: PlaylistEntry) => entry.track.id === trackId;
  const entries = list.flatMap((entry, index) => (gone(entry) ? [{ index, entry }] : []));
  const first = entries[0]?.index ?? list.length;
  const total = data.totalTracks ?? list.length;
  const fewer = Math.min(total, entries.length);
  // The provider closes the gap: the next page starts that many entries earlier, or the entry
  // that moved up into it would never be asked for. Copies past the loaded rows change nothing there.
  const { offset } = shiftedState(tracks, -entries.length);
  return {
    shown: { data: { ...data, totalTracks: total - fewer }, tracks: { ...tracks, list: removeEntries(list, gone), offset } },
    done: {
      remove: trackId,
      removed: entries,
      shifted: new Set(list.slice(first).filter((entry) => !gone(entry)).map((entry) => entry.track)),
      fewer,
      offset: { was: tracks.offset, is: offset },
    },
  };
}

function moved(shown: ShownPlaylist, from: number, before: number): Edited | null {
  const { list } = shown.tracks;
  const request = reorderRequest(list, from, before);
  if (!request) return null;
  const neighbour = (index: number): Place => (index < list.length ? { before: list[index]!.track } : { after: list.at(-1)!.track });
  // Where it was: before the row that followed it, or after the one above it when it was last.
  const origin: Place = from + 1 < list.length ? { before: list[from + 1]!.track } : { after: list[from - 1]!.track };
  return {
    shown: { ...shown, tracks: { ...shown.tracks, list: moveEntry(list, from, before) } },
    done: { move: list[from]!.track, from: origin, to: neighbour(before), request },
  };
}

/**
 * The shown playlist once an item edit is made (null: a move that moves nothing), and what it did.
 * A move's `request` is in the positions of the list it was made on, every edit before it applied:
 * the provider's list as it stands when the move's turn comes, as edits are sent in the order made.
 */
export function applyItemEdit(shown: ShownPlaylist, edit: ItemEdit, addedAt: string): Edited | null {
  if ('add' in edit) return added(shown, { ...edit.add }, addedAt);
  if ('remove' in edit) return removed(shown, edit.remove);
  return moved(shown, edit.move.from, edit.move.before);
}

/** The entries `removed` put back at their rows, and the entries the removal moved up moved back down. */
function withEntriesBack(list: readonly PlaylistEntry[], removed: readonly { index: number; entry: PlaylistEntry }[], shifted: ReadonlySet<Track>): PlaylistEntry[] {
  const result: PlaylistEntry[] = [];
  let back = 0;
  let next = 0;
  // Only the entries the removal moved up: a page that came since holds the provider's positions.
  const take = () => {
    const entry = list[next++]!;
    result.push(back > 0 && shifted.has(entry.track) ? { ...entry, position: entry.position + back } : entry);
  };
  for (const { index, entry } of removed) {
    while (result.length < index && next < list.length) take();
    result.push(entry);
    back += 1;
  }
  while (next < list.length) take();
  return result;
}

/**
 * The shown playlist with one edit taken back, and nothing else: the entries it removed put back,
 * the entry it added taken out, the row it moved moved back, the count changed back by as much.
 * What came since (a page, a rename, another edit's rows) stays; the loading flags are not its.
 */
export function undoItemEdit(shown: ShownPlaylist, done: DoneEdit): ShownPlaylist {
  const { data, tracks } = shown;
  if ('add' in done) {
    if (!done.appended) return { data: withTotal(data, -1), tracks };
    const list = removeEntries(tracks.list, (entry) => entry.track === done.add);
    return { data: withTotal(data, -1), tracks: { ...shiftedState(tracks, -1), list } };
  }
  if ('remove' in done) {
    // The offset only if no page came since: a page sets it from the offset it was asked at.
    const offset = tracks.offset === done.offset.is ? done.offset.was : tracks.offset;
    return { data: withTotal(data, done.fewer), tracks: { ...tracks, list: withEntriesBack(tracks.list, done.removed, done.shifted), offset } };
  }
  const from = tracks.list.findIndex((entry) => entry.track === done.move);
  const before = rowOf(tracks.list, done.from);
  if (from < 0 || before === null) return shown;
  return { ...shown, tracks: { ...tracks, list: moveEntry(tracks.list, from, before) } };
}

/** An edit made again on another list (one an earlier edit was taken back from); null: a move whose rows are not there, or already in place. */
function redoItemEdit(shown: ShownPlaylist, done: DoneEdit): Edited | null {
  if ('add' in done) return added(shown, done.add, done.addedAt);
  if ('remove' in done) return removed(shown, done.remove);
  const from = shown.tracks.list.findIndex((entry) => entry.track === done.move);
  const before = rowOf(shown.tracks.list, done.to);
  return from < 0 || before === null ? null : moved(shown, from, before);
}

/**
 * The shown playlist once the provider refused an edit while `later` edits (made after it, not
 * sent yet) wait: those are taken back, then it, then they are made again on what is left, so
 * each undo meets the list its edit made and other changes stay. A move gets its positions again
 * from that list; a move made after a refused move goes too (it was made on top of it), as does
 * one whose rows are no longer there. Returns what each later edit now did (null: it goes).
 */
export function takeBackEdit(shown: ShownPlaylist, refused: DoneEdit, later: readonly DoneEdit[]): { shown: ShownPlaylist; later: (DoneEdit | null)[] } {
  let state = undoItemEdit(
    later.reduceRight((current, done) => undoItemEdit(current, done), shown),
    refused,
  );
  const again = later.map((done) => {
    if ('move' in refused && 'move' in done) return null;
    const edited = redoItemEdit(state, done);
    if (edited) state = edited.shown;
    return edited?.done ?? null;
  });
  return { shown: state, later: again };
}

/** The details with a refused change taken back: each field it set goes back, unless changed again since. */
export function withDetailsTakenBack(data: Playlist, set: Details, before: Details): Playlist {
  return {
    ...data,
    name: data.name === set.name ? before.name : data.name,
    description: data.description === set.description ? before.description : data.description,
  };
}

/** The tab's title of a playlist's page, worded as the server words it (namedTitle, then Base.astro's suffix). */
function playlistPageTitle(name: string): string {
  return tabTitleOf(namedTitle(name, 'Playlist'));
}

// The effects: the playlist area's stores, the kept pages, the tab's title.

const playlistHref = (id: string) => hrefOf('playlist', { playlistId: id });

// Which load of the playlist the shown data comes from: the data an edit shows is made from the
// data before it and keeps its token; a load afresh (or a page from the site) brings data without
// one. An undo whose load is no longer shown finds what the provider says instead, and leaves it.
const loads = new WeakMap<Playlist, object>();
/**
 * The "load" of an edit made while the page did not show its playlist: no load's. Apart from a
 * load no edit touched (none in `loads`), which holds the edits when it has their version: a page
 * opened after an add made elsewhere was answered was read again because the two were one (null).
 */
const OFF_PAGE: object = {};
function loadOf(data: Playlist): object {
  let load = loads.get(data);
  if (!load) loads.set(data, (load = {}));
  return load;
}

/** The playlist as the page shows it, when the page shows playlist `id` (of load `load`, when given). */
function shownNow(id: string, load?: object | null): ShownPlaylist | null {
  const { id: shown, data } = playlistArea.$state.get();
  if (shown !== id || !data || (load !== undefined && loads.get(data) !== load)) return null;
  const { list, offset, loaded, hasMore } = playlistTracks.$state.get();
  return { data, tracks: { list, offset, loaded, hasMore } };
}

/** Shows `next`, made from `from`: the playlist and its list and offset, never its loading flags. */
function show(next: ShownPlaylist, from: Playlist): void {
  loads.set(next.data, loadOf(from));
  playlistArea.$state.setKey('data', next.data);
  const tracks = playlistTracks.$state.get();
  if (tracks.list !== next.tracks.list || tracks.offset !== next.tracks.offset) {
    playlistTracks.$state.set({ ...tracks, list: next.tracks.list, offset: next.tracks.offset });
  }
}

/** The tab's title after a rename of the playlist on screen (the server set it for the old name); kept while a track's shows. */
function showTitle(was: string, name: string): void {
  if (was !== name) renamePage(playlistPageTitle(name), playlistPageTitle(was));
}

/** The version the page knows of playlist `id` (its snapshot_id), for a move made against it. */
function snapshotOf(id: string): string | null {
  return shownNow(id)?.data.snapshotId ?? null;
}

/**
 * The playlist's version after a change the provider answered (its snapshot_id), for the next
 * change made against it: only on the load the change was shown on, as another load of it may
 * not hold the change (`checkAnswered` finds that out).
 */
function noteShownSnapshot(id: string, load: object, snapshotId: string): void {
  const shown = shownNow(id, load);
  if (shown && snapshotId) show({ ...shown, data: { ...shown.data, snapshotId } }, shown.data);
}

/** The item edits of one run of a playlist's line that the provider took: the loads they were shown on, and its last version. */
interface Taken {
  loads: Set<object>;
  snapshotId: string;
}

/**
 * Whether the page's playlist (`data`) holds every edit the provider took: each was shown on that
 * very load, or the load came after them all (it has the version the last answer gave; the
 * provider may give none, then only the first tells).
 */
function holdsTaken(data: Playlist, taken: Taken): boolean {
  // Undefined for a load no edit was shown on (a page from the site, a load afresh).
  const load = loads.get(data);
  if (load && taken.loads.size === 1 && taken.loads.has(load)) return true;
  return !(load && taken.loads.has(load)) && taken.snapshotId !== '' && data.snapshotId === taken.snapshotId;
}

/** How long a page of the playlist still on its way once its edits were answered is checked when it comes: past the client's time-out. */
const ANSWERED_CHECK_MS = 60_000;
/** The edits answered while the page of their playlist was not shown (another page, or still on its way), by playlist id. */
const unconfirmed = new Map<string, Taken & { until: number }>();
let stopChecking: (() => void) | null = null;

/** Loads the playlist afresh from the provider, out of the store's notification that found it stale. */
function reloadShown(id: string): void {
  queueMicrotask(() => {
    if (playlistArea.$state.get().id === id) void playlistArea.load(id);
  });
}

/** The first time the page shows a playlist whose edits were answered elsewhere: loaded again unless it holds them. */
function checkWhenShown(): void {
  const { id, data } = playlistArea.$state.get();
  const taken = unconfirmed.get(id);
  if (taken && data) {
    unconfirmed.delete(id);
    if (Date.now() < taken.until && !holdsTaken(data, taken)) reloadShown(id);
  }
  for (const [other, { until }] of unconfirmed) if (Date.now() >= until) unconfirmed.delete(other);
  if (unconfirmed.size === 0) {
    stopChecking?.();
    stopChecking = null;
  }
}

/**
 * Once a playlist's line of edits is answered: a page of it fetched while they were on their way
 * (the user followed a link to it meanwhile, or it was still loading) shows it as it was before
 * them, and neither the edits nor their answers were shown on it; it is loaded again, now or as
 * soon as it comes. One shown with them all stays. Elsewhere, what is remembered of it goes.
 */
function checkAnswered(id: string, taken: Taken): void {
  const { id: shown, data } = playlistArea.$state.get();
  if (shown === id && data) {
    if (!holdsTaken(data, taken)) void playlistArea.load(id);
    return;
  }
  if (shown !== id) playlistArea.forget(id);
  unconfirmed.set(id, { ...taken, until: Date.now() + ANSWERED_CHECK_MS });
  // Heard without keeping the area open (a listener would load it with no page to show it).
  stopChecking ??= onNotify(playlistArea.$state, () => checkWhenShown());
}

/**
 * Shows new details at once on the playlist page when it shows that playlist (the header, the
 * tab's title) and returns the undo, for a refusal, which puts back only the fields it set (a
 * later rename or an item edit stays). Elsewhere it forgets what was remembered of it.
 */
export function changeShownPlaylist(id: string, change: { details: Details }): () => void {
  // The page kept for back and forward shows it as it was: back asks the site again.
  forgetPage(playlistHref(id));
  const shown = shownNow(id);
  if (!shown) {
    playlistArea.forget(id);
    return () => playlistArea.forget(id);
  }
  const before = { name: shown.data.name, description: shown.data.description };
  const load = loadOf(shown.data);
  show({ ...shown, data: { ...shown.data, ...change.details } }, shown.data);
  showTitle(before.name, change.details.name);
  return () => {
    const now = shownNow(id, load);
    // Left, or loaded afresh since: what is remembered of it goes, and the provider's shows.
    if (!now) return playlistArea.forget(id);
    const data = withDetailsTakenBack(now.data, change.details, before);
    show({ ...now, data }, now.data);
    showTitle(now.data.name, data.name);
  };
}

/** An item edit in its playlist's line: what it did on screen, and on which load of it. */
interface Waiting {
  /** What it changed on the page; null when the page did not show the playlist (or it goes). */
  done: DoneEdit | null;
  /** The load it was shown on, or OFF_PAGE. */
  load: object;
  /** Dropped before its turn (a move made on top of a refused one): never sent. */
  dropped: boolean;
  /** A removal shown on a list not loaded whole: copies past its rows went too, uncounted. */
  recount: boolean;
}

/** How far an edit moved the song count. */
const countChange = (done: DoneEdit): number => ('add' in done ? 1 : 'remove' in done ? -done.fewer : 0);

/**
 * After a removal the provider took, on a list not loaded whole: every copy of the track went,
 * the ones past the loaded rows too, which the count shown did not take off. The provider's count
 * (one call) puts it right, with the edits made after it and not yet sent still shown on top;
 * `recounted` gets the change, for the other places the playlist is counted. The next page's
 * offset needs nothing: those copies were past it.
 */
async function recount(id: string, line: readonly Waiting[], removal: Waiting, recounted?: (change: number) => void): Promise<void> {
  const total = await getPlaylistTotal(id).catch((error: unknown) => {
    logUnlessCanceled('Could not count the playlist again', error);
    return null;
  });
  const shown = shownNow(id, removal.load);
  if (total === null || !shown || shown.data.totalTracks === null) return;
  const later = line.slice(line.indexOf(removal) + 1).filter((waiting) => waiting.load === removal.load && waiting.done && !waiting.dropped);
  const change = total + later.reduce((sum, waiting) => sum + countChange(waiting.done!), 0) - shown.data.totalTracks;
  if (change === 0) return;
  show({ ...shown, data: withTotal(shown.data, change) }, shown.data);
  recounted?.(change);
}

/** One line per playlist: every item edit waits for the one before it to be answered; `taken`, what the provider took since the line began. */
const lines = new Map<string, { last: Promise<unknown>; waiting: Waiting[]; taken: Taken | null }>();

/** After a refusal: the edit taken back on the page, and the edits waiting behind it made again on what is left. */
function takeBack(id: string, line: Waiting[], refused: Waiting): void {
  const later = line.slice(line.indexOf(refused) + 1).filter((waiting) => waiting.done && waiting.load === refused.load);
  const shown = refused.done ? shownNow(id, refused.load) : null;
  if (shown && refused.done) {
    const back = takeBackEdit(shown, refused.done, later.map((waiting) => waiting.done!));
    later.forEach((waiting, index) => {
      waiting.done = back.later[index] ?? null;
      waiting.dropped = waiting.done === null;
    });
    show(back.shown, shown.data);
    return;
  }
  // Not on screen (another page, or loaded afresh): what is remembered of it goes, and the moves
  // made on the list it was made on cannot be placed again.
  playlistArea.forget(id);
  for (const waiting of later) if (waiting.done && 'move' in waiting.done) waiting.dropped = true;
}

/**
 * Makes an item edit of playlist `id`: shown at once when the page shows it, then sent in the
 * playlist's one line (adds, removals and moves alike, in the order made), so that each reaches
 * the provider as the list stands after the ones before it: `send` gets a move's positions as
 * they are when its turn comes (recomputed if an edit before it was refused) and the version the
 * page knows. Resolves to true once the provider took it, false for a move dropped unsent; a
 * refusal takes back this edit alone on the page, then rejects with the provider's error.
 */
export function queueItemEdit(
  id: string,
  edit: ItemEdit,
  send: (turn: { move: ReorderRequest | null; snapshotId: string | null }) => Promise<string>,
  { recounted }: { recounted?: (change: number) => void } = {},
): Promise<boolean> {
  // The page kept for back and forward shows it as it was: back asks the site again.
  forgetPage(playlistHref(id));
  const waiting: Waiting = { done: null, load: OFF_PAGE, dropped: false, recount: false };
  const shown = shownNow(id);
  if (shown) {
    const edited = applyItemEdit(shown, edit, new Date().toISOString());
    if (!edited) return Promise.resolve(false);
    waiting.done = edited.done;
    waiting.load = loadOf(shown.data);
    waiting.recount = 'remove' in edit && (!shown.tracks.loaded || shown.tracks.hasMore);
    show(edited.shown, shown.data);
    // Every shown row gone while more remain: nothing is left to scroll to, so the next page comes now.
    if ('remove' in edit && edited.shown.tracks.list.length === 0 && edited.shown.tracks.hasMore) void playlistTracks.loadNextPage();
  } else playlistArea.forget(id);
  const line = lines.get(id) ?? { last: Promise.resolve(), waiting: [], taken: null };
  lines.set(id, line);
  line.waiting.push(waiting);
  const turn = line.last.then(async () => {
    try {
      if (waiting.dropped) return false;
      const move = waiting.done && 'move' in waiting.done ? waiting.done.request : null;
      const snapshotId = await send({ move, snapshotId: snapshotOf(id) });
      noteShownSnapshot(id, waiting.load, snapshotId);
      // In its turn, so the edits after it wait: the provider's count is then this removal's.
      if (waiting.recount) await recount(id, line.waiting, waiting, recounted);
      line.taken = { loads: new Set(line.taken?.loads).add(waiting.load), snapshotId };
      return true;
    } catch (error) {
      takeBack(id, line.waiting, waiting);
      throw error;
    } finally {
      line.waiting.splice(line.waiting.indexOf(waiting), 1);
      if (line.waiting.length === 0 && lines.get(id) === line) {
        lines.delete(id);
        if (line.taken) checkAnswered(id, line.taken);
      }
      // Again once answered: a page fetched ahead meanwhile (a pointer resting on its link) shows it as it was.
      forgetPage(playlistHref(id));
    }
  });
  line.last = turn.catch(() => undefined);
  return turn;
}
