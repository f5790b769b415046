import { atom, computed, onMount } from 'nanostores';
import { hrefOf } from '../lib/routes';
import { isCanceled } from '../api/errors';
import {
  addPlaylistItems,
  changePlaylistDetails,
  createPlaylist,
  getPlaylistTrackIds,
  isQuietRefusal,
  isScopeMissing,
  removePlaylistFromLibrary,
  removePlaylistItems,
  savePlaylistToLibrary,
} from '../api/playlist-edits';
import { getMyPlaylists } from '../api/playlists';
import type { Playlist, Track } from '../api/types';
import { navigateTo } from '../lib/navigation';
import { checkPlaylistDetails, detailsChanged, nextPlaylistName, type PlaylistDetailsInput, type PlaylistDetailsProblems } from '../lib/playlist-details';
import { myPlaylistsArea, myPlaylistsList } from './collection';
import { logUnlessCanceled } from './log';
import { pageFlagWins } from './library';
import { $pageAsOf, forgetPage } from './page-memory';
import { $creatingPlaylist, $duplicatePrompt, $ownPlaylists, $ownPlaylistsFailed, $playlistPicker, $signInAgain } from './playlist-dialogs';
import { changeShownPlaylist, queueItemEdit } from './playlist-shown';
import { $myProfile, loadMe } from './profile';
import { playlistArea, playlistTracks } from './playlist';
import { $route } from './route';
import { showToast } from './toasts';

/** The toast of a refused change (rolled back). */
export const CHANGE_REFUSED = 'Your playlist could not be changed';

export { $creatingPlaylist, $duplicatePrompt, $ownPlaylists, $ownPlaylistsFailed, $playlistPicker, $signInAgain };

/** Whether the playlist page shows one of the user's own playlists (its edit actions). */
export const $ownsShownPlaylist = computed([playlistArea.$state, $myProfile], (state, me) => !!me && !!state.data && state.data.owner.id === me.id);
onMount($ownsShownPlaylist, () => void loadMe().catch((error: unknown) => logUnlessCanceled('Could not load the profile', error)));

let asking: Promise<Playlist[]> | null = null;
/** The provider's largest page of /me/playlists, and how many of the library's playlists are looked through. */
const OWN_PLAYLISTS_PAGE = 50;
const OWN_PLAYLISTS_MAX = 200;
/** Its calls' name: not Your Library's list's, which pages through the same endpoint meanwhile. */
const OWN_PLAYLISTS_CALL = 'own-playlists';

/**
 * How long the own playlists, once listed, are taken as they stand for showing them: they change
 * in other tabs, apps and devices too, where this tab hears nothing. Older, the next look at them
 * (the side navigation opening, the picker, the palette) shows them and asks again. A new
 * playlist's name is never counted from this list: it asks first (`ownPlaylistsToName`).
 */
const OWN_PLAYLISTS_FRESH_MS = 30_000;
let listedAt = Number.NEGATIVE_INFINITY;

/**
 * The user's own playlists (pages of 50, as many as the library holds, up to 200): the list known
 * while fresh, else asked; `afresh` asks even a fresh one (a listing already on its way serves).
 */
function loadOwnPlaylists({ afresh = false } = {}): Promise<Playlist[]> {
  const known = $ownPlaylists.get();
  if (known && !afresh && Date.now() - listedAt < OWN_PLAYLISTS_FRESH_MS) return Promise.resolve(known);
  // A list on screen asked again: its failure is no news to the user (no toast), and is not
  // asked again for a while (hovering the side navigation would ask at every pass).
  const unseen = known !== null;
  asking ??= (async () => {
    try {
      // The user's id only picks the own playlists out of the list: asked beside its first page,
      // not before it (the side list's first open waits one answer fewer). The pages after it go
      // one by one: calls of one name cancel each other (SPEC §4).
      const [me, first] = await Promise.all([loadMe(), getMyPlaylists(0, OWN_PLAYLISTS_PAGE, OWN_PLAYLISTS_CALL, { unseen })]);
      const all: Playlist[] = [...first.items];
      for (let offset = OWN_PLAYLISTS_PAGE; offset < Math.min(first.total, OWN_PLAYLISTS_MAX); offset += OWN_PLAYLISTS_PAGE) {
        all.push(...(await getMyPlaylists(offset, OWN_PLAYLISTS_PAGE, OWN_PLAYLISTS_CALL, { unseen })).items);
      }
      const own = all.filter((playlist) => playlist.owner.id === me.id);
      // A change made here meanwhile (a new playlist, a rename, a removal) is newer than this
      // answer: the list stays as changed, and the next look asks again.
      if ($ownPlaylists.get() !== known) return $ownPlaylists.get() ?? own;
      $ownPlaylists.set(own);
      listedAt = Date.now();
      return own;
    } catch (error) {
      if (unseen) listedAt = Date.now();
      throw error;
    } finally {
      asking = null;
    }
  })();
  return asking;
}

/**
 * The list a new playlist's name counts: asked of the provider every time, fresh or not, since
 * another tab or device may have made one meanwhile and "My Playlist #N" would be taken twice;
 * when that ask fails, the one known.
 */
function ownPlaylistsToName(): Promise<Playlist[]> {
  return loadOwnPlaylists({ afresh: true }).catch((error: unknown) => {
    const known = $ownPlaylists.get();
    if (known) return known;
    throw error;
  });
}

/** What every refused change does after its rollback: sign in again, or say so (other failures were toasted already). */
export function refused(error: unknown, what: string): void {
  if (isCanceled(error)) return;
  // A refusal the user is told about is expected, not a fault of ours: a warning, not an error.
  if (isScopeMissing(error)) $signInAgain.set(true);
  else if (isQuietRefusal(error)) showToast(CHANGE_REFUSED);
  else return logUnlessCanceled(what, error);
  console.warn(what, error);
}

/** A list with the playlist `id` as it was in `before` (put back where it stood if it left); other playlists as they are now. */
function withListedAsBefore(now: Playlist[], before: Playlist[], id: string): Playlist[] {
  const index = before.findIndex((p) => p.id === id);
  const rest = now.filter((p) => p.id !== id);
  if (index < 0) return rest;
  return [...rest.slice(0, index), before[index]!, ...rest.slice(index)];
}

/**
 * Updates a playlist wherever it is listed (own playlists, the library list); returns the undo,
 * which puts back that playlist alone: a change to another one that succeeded meanwhile stays.
 */
function changeListed(id: string, change: (playlist: Playlist) => Playlist | null): () => void {
  const own = $ownPlaylists.get();
  const library = myPlaylistsList.$state.get();
  const apply = (list: Playlist[]) => list.flatMap((p) => (p.id === id ? (change(p) ?? []) : [p]));
  if (own) $ownPlaylists.set(apply(own));
  if (library.loaded) myPlaylistsList.$state.setKey('list', apply(library.list));
  myPlaylistsArea.forget();
  return () => {
    const ownNow = $ownPlaylists.get();
    if (own && ownNow) $ownPlaylists.set(withListedAsBefore(ownNow, own, id));
    const libraryNow = myPlaylistsList.$state.get();
    if (library.loaded && libraryNow.loaded) myPlaylistsList.$state.setKey('list', withListedAsBefore(libraryNow.list, library.list, id));
  };
}

/**
 * Once the provider answered a change to playlist `id` (taken or refused): its kept page and the
 * library's go again. The ones forgotten as the change was made may have been fetched ahead
 * since (a pointer resting on the link while it was on its way), showing it as it was.
 */
function forgetAnswered(id: string): void {
  forgetPage(hrefOf('playlist', { playlistId: id }));
  myPlaylistsArea.forget();
}

/** Lists a playlist just made first, wherever the user's playlists are listed. */
function listNewPlaylist(playlist: Playlist, own: Playlist[]): void {
  $ownPlaylists.set([playlist, ...($ownPlaylists.get() ?? own)]);
  const library = myPlaylistsList.$state.get();
  if (library.loaded) myPlaylistsList.$state.setKey('list', [playlist, ...library.list]);
  myPlaylistsArea.forget();
}

/**
 * Where the user is, to tell once a new playlist exists whether they are still where they asked
 * for it: one who moved on (a slow provider) is not pulled back to it, and their typing kept.
 */
const whereNow = (): string => JSON.stringify($route.get());

/** Opens a playlist just made, unless the user went elsewhere meanwhile; whether it did. */
function openNewPlaylist(playlist: Playlist, askedWhere: string): boolean {
  if (whereNow() !== askedWhere) return false;
  navigateTo(hrefOf('playlist', { playlistId: playlist.id }));
  return true;
}

/** Create Playlist: makes "My Playlist #N" at once and opens it. */
export async function createAndOpenPlaylist(): Promise<void> {
  if ($creatingPlaylist.get()) return;
  $creatingPlaylist.set(true);
  const askedWhere = whereNow();
  try {
    const own = await ownPlaylistsToName();
    const playlist = await createPlaylist(nextPlaylistName(own.length));
    listNewPlaylist(playlist, own);
    if (!openNewPlaylist(playlist, askedWhere)) showToast(`Created ${playlist.name}`, 'success');
  } catch (error) {
    refused(error, 'Could not create a playlist');
  } finally {
    $creatingPlaylist.set(false);
  }
}

/**
 * Lists the user's own playlists ($ownPlaylists) for the picker, the side navigation and the
 * command palette: the list known stays shown, and is asked again once older than
 * OWN_PLAYLISTS_FRESH_MS. A failure with none known lets the picker offer to try again.
 */
export function listOwnPlaylists(): Promise<void> {
  $ownPlaylistsFailed.set(false);
  return loadOwnPlaylists().then(
    () => undefined,
    (error: unknown) => {
      // A list already shown stays, unsaid (the calls were `unseen`).
      if ($ownPlaylists.get() !== null) return logUnlessCanceled('Could not list your playlists again', error);
      if (!isCanceled(error)) $ownPlaylistsFailed.set(true);
      refused(error, 'Could not list your playlists');
    },
  );
}

/** Opens the Add to playlist picker for a track (the player card, a track row's menu). */
export function openPlaylistPicker(track: Track): void {
  $playlistPicker.set(track);
  void listOwnPlaylists();
}

/** Closes the picker. */
export function closePlaylistPicker(): void {
  $playlistPicker.set(null);
}

/** Picker's "New playlist": makes "My Playlist #N" holding the track, and opens it. */
export async function addToNewPlaylist(track: Track): Promise<void> {
  $playlistPicker.set(null);
  // One playlist made at a time: two at once would count the same list and take the same name.
  // One being made (Create Playlist, or another New playlist) is waited for, then counted.
  while ($creatingPlaylist.get()) await untilNoneIsMade();
  $creatingPlaylist.set(true);
  try {
    await makePlaylistWith(track);
  } finally {
    $creatingPlaylist.set(false);
  }
}

/** Resolves once no playlist is being made. */
function untilNoneIsMade(): Promise<void> {
  return new Promise((done) => {
    const stop = $creatingPlaylist.listen((making) => {
      if (making) return;
      stop();
      done();
    });
  });
}

async function makePlaylistWith(track: Track): Promise<void> {
  const askedWhere = whereNow();
  let own: Playlist[];
  let playlist: Playlist;
  try {
    // The name counts the playlists the user has: without their list, no name is safe to give.
    own = await ownPlaylistsToName();
    playlist = await createPlaylist(nextPlaylistName(own.length));
  } catch (error) {
    refused(error, 'Could not make a playlist with the track');
    return;
  }
  // Listed as soon as it exists: an add refused next leaves it there, empty, not unlisted (and
  // the next new playlist would have taken its name).
  listNewPlaylist(playlist, own);
  try {
    await addPlaylistItems(playlist.id, [track.uri]);
  } catch (error) {
    forgetAnswered(playlist.id);
    refused(error, 'Could not add to the new playlist');
    return;
  }
  changeListed(playlist.id, (p) => ({ ...p, totalTracks: 1 }));
  forgetAnswered(playlist.id);
  showToast(`Added to ${playlist.name}`, 'success');
  openNewPlaylist(playlist, askedWhere);
}

/**
 * Adds a track to one of the user's playlists; one already there waits for the user's
 * answer ($duplicatePrompt) unless `twice` says to add it again. Shown at once, rolled
 * back with a toast when the provider refuses. Resolves to whether it was added.
 */
export async function addToPlaylist(playlist: Playlist, track: Track, { twice = false } = {}): Promise<boolean> {
  $playlistPicker.set(null);
  $duplicatePrompt.set(null);
  if (!twice) {
    try {
      if ((await getPlaylistTrackIds(playlist.id)).includes(track.id)) {
        $duplicatePrompt.set({ playlist, track });
        return false;
      }
    } catch (error) {
      refused(error, 'Could not read the playlist');
      return false;
    }
  }
  // In the playlist's line with its removals and moves; a refusal takes back this add alone.
  const sent = queueItemEdit(playlist.id, { add: track }, () => addPlaylistItems(playlist.id, [track.uri]));
  const undoListed = changeListed(playlist.id, (p) => ({ ...p, totalTracks: (p.totalTracks ?? 0) + 1 }));
  try {
    await sent;
    showToast(`Added to ${playlist.name}`, 'success');
    return true;
  } catch (error) {
    undoListed();
    refused(error, 'Could not add to the playlist');
    return false;
  } finally {
    // The playlist's page was forgotten, or loaded again, by its line once answered (queueItemEdit); the library's copy here.
    myPlaylistsArea.forget();
  }
}

/** Answers the duplicate prompt: add it again, or not. */
export function answerDuplicate(addAnyway: boolean): Promise<boolean> {
  const prompt = $duplicatePrompt.get();
  $duplicatePrompt.set(null);
  if (!prompt || !addAnyway) return Promise.resolve(false);
  return addToPlaylist(prompt.playlist, prompt.track, { twice: true });
}

/** The name of one of the user's playlists, as shown (its page, or the list of their own). */
function playlistNameOf(id: string): string | null {
  const shown = playlistArea.$state.get();
  if (shown.id === id && shown.data) return shown.data.name;
  return $ownPlaylists.get()?.find((playlist) => playlist.id === id)?.name ?? null;
}

/** Removes every occurrence of a track from one of the user's playlists, at once; rolled back if refused. */
export async function removeFromPlaylist(playlistId: string, track: Track): Promise<boolean> {
  // Every occurrence goes (the provider's rule): as many as the page shows, one at least; copies
  // past its loaded rows are counted by the provider once it took the removal (`recounted`).
  const shown = playlistArea.$state.get().id === playlistId ? playlistTracks.$state.get().list.filter((entry) => entry.track.id === track.id).length : 0;
  const recounted = (change: number) => void changeListed(playlistId, (p) => ({ ...p, totalTracks: Math.max(0, (p.totalTracks ?? 0) + change) }));
  // In the playlist's line with its adds and moves; a refusal takes back this removal alone.
  const sent = queueItemEdit(playlistId, { remove: track.id }, () => removePlaylistItems(playlistId, [track.uri]), { recounted });
  const undoListed = changeListed(playlistId, (p) => ({ ...p, totalTracks: Math.max(0, (p.totalTracks ?? 1) - Math.max(1, shown)) }));
  try {
    await sent;
    // Said, as an add is: the row went at once, and a screen reader's user would hear nothing.
    showToast(`Removed from ${playlistNameOf(playlistId) ?? 'your playlist'}`, 'success');
    return true;
  } catch (error) {
    undoListed();
    refused(error, 'Could not remove from the playlist');
    return false;
  } finally {
    // The playlist's page was forgotten by its line (queueItemEdit); the library's copy here.
    myPlaylistsArea.forget();
  }
}

/**
 * Saves a playlist's name and description (the edit dialog), from what they were (`before`).
 * Problems found before any request are answered as such; what changed is shown at once and
 * rolled back if refused; nothing changed asks nothing.
 */
export async function savePlaylistDetails(id: string, input: PlaylistDetailsInput, before: PlaylistDetailsInput): Promise<PlaylistDetailsProblems | 'saved' | 'refused'> {
  const problems = checkPlaylistDetails(input, before);
  if (problems.name || problems.description) return problems;
  const changed = detailsChanged(input, before);
  if (Object.keys(changed).length === 0) return 'saved';
  const details = { name: before.name, description: before.description, ...changed };
  const undoShown = changeShownPlaylist(id, { details });
  const undoListed = changeListed(id, (p) => ({ ...p, ...details }));
  try {
    await changePlaylistDetails(id, changed);
    return 'saved';
  } catch (error) {
    undoShown();
    undoListed();
    refused(error, 'Could not change the playlist');
    return 'refused';
  } finally {
    forgetAnswered(id);
  }
}

/**
 * Removes a playlist from the user's library: it leaves every list at once, and the library
 * opens once the provider agreed (its page is rendered by the server, which must not list it
 * still); a refusal puts it back in the lists, with a toast, and the user stays on the playlist.
 */
export async function removePlaylist(id: string): Promise<boolean> {
  const undoListed = changeListed(id, () => null);
  try {
    await removePlaylistFromLibrary(id);
  } catch (error) {
    undoListed();
    forgetAnswered(id);
    refused(error, 'Could not remove the playlist');
    return false;
  }
  playlistArea.forget(id);
  noteOwnInLibrary(id, false, Date.now());
  // Before the library opens: back to the playlist asks the site (its page no longer offers
  // Remove from Your Library), and a library page fetched ahead while the removal was on its
  // way (the pointer on its link) would still list it.
  forgetAnswered(id);
  navigateTo(hrefOf('collection'));
  return true;
}

/**
 * Whether the user's own playlists are in their library, and as of when: what a server render found
 * (as of its page's asking, `$pageAsOf`) or this tab did (as of then). The later word wins, as the
 * library's flags do (`pageFlagWins`): Back to a page kept from before a removal offers Save, and a
 * page rendered after a save made in another tab offers removal again.
 */
const $ownInLibrary = atom<ReadonlyMap<string, { inLibrary: boolean; at: number }>>(new Map());

/** Whether the user's own playlist on the page is in their library, as far as this tab knows: null with none shown, or unknown. */
export const $shownPlaylistInLibrary = computed([playlistArea.$state, $ownInLibrary], (state, known): boolean | null =>
  state.data ? (known.get(state.data.id)?.inLibrary ?? null) : null,
);

function noteOwnInLibrary(id: string, inLibrary: boolean, at: number): void {
  $ownInLibrary.set(new Map($ownInLibrary.get()).set(id, { inLibrary, at }));
}

/** What a server render found about a playlist of the user's (null: not theirs, or not asked), unless this tab knows better since. */
export function notePlaylistInLibrary(id: string, inLibrary: boolean | null, pageAsOf = $pageAsOf.get()): void {
  if (inLibrary !== null && pageFlagWins($ownInLibrary.get().get(id)?.at, pageAsOf)) noteOwnInLibrary(id, inLibrary, pageAsOf);
}

/** Whether a playlist is being saved back to the library (its button waits). */
export const $savingPlaylist = atom(false);

/** Saves the user's own playlist back to their library after its removal: listed again everywhere once the provider agreed. */
export async function savePlaylist(playlist: Playlist): Promise<boolean> {
  if ($savingPlaylist.get()) return false;
  $savingPlaylist.set(true);
  try {
    await savePlaylistToLibrary(playlist.id);
  } catch (error) {
    refused(error, 'Could not save the playlist');
    return false;
  } finally {
    $savingPlaylist.set(false);
  }
  noteOwnInLibrary(playlist.id, true, Date.now());
  // First, as the provider lists a playlist that came (back) last; a list not asked yet stays unasked.
  const own = $ownPlaylists.get();
  if (own && !own.some((p) => p.id === playlist.id)) listNewPlaylist(playlist, own);
  forgetAnswered(playlist.id);
  return true;
}

/** Closes the "sign in again" prompt without signing in. */
export function dismissSignInAgain(): void {
  $signInAgain.set(false);
}
