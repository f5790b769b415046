import { atom, computed, map, onMount } from 'nanostores';
import { isCanceled } from '../api/errors';
import { search } from '../api/search';
import type { Album, Artist, Playlist, SearchResults, Track } from '../api/types';
import { createAnswerGuard } from '../lib/answer-guard';
import { isolated, isolatedList } from '../lib/bidi';
import { navigateTo } from '../lib/navigation';
import { rankEntries, searchesCatalogue } from '../lib/palette';
import { hrefOf } from '../lib/routes';
import { $devices, openDevicePickerWhereSeen, toggleDevicePicker } from './devices';
import { $likedTracks } from './library';
import { logUnlessCanceled } from './log';
import { $miniPlayerAvailable, openMiniPlayer } from './mini-player';
import { $ownPlaylists, listOwnPlaylists } from './my-playlists';
import { closePalette } from './palette';
import { playFromList, togglePlay } from './play';
import { controlsAllowed, isSounding } from './player-rules';
import { $player, cycleRepeat, likeCurrentTrack, nextTrack, previousTrack, toggleShuffle } from './player';
import { $queue, toggleQueue } from './queue';
import { $route } from './route';
import { signOut } from './session';
import { $theme, toggleTheme } from './theme';
import { setShortcutsSheet } from './ui';

/**
 * What the command palette offers for what was typed: pages (and the user's playlists by
 * name), actions on the player and the app, and once three characters are typed the top
 * search results. Loaded with the palette (src/islands/shell/CommandPalette.tsx), never
 * with the shell. Every option runs an existing store action.
 */

/** Wait this long after the last key before searching: one request for a word typed, not one a letter. */
const SEARCH_DEBOUNCE_MS = 200;
/** Search results per type (the provider's top ones). */
const RESULTS_PER_TYPE = 3;
/** At most this many pages (the user's playlists among them) show for a query. */
const PAGES_SHOWN = 8;

export interface PaletteOption {
  /** Unique in the list; the option's element id is made of it. */
  id: string;
  label: string;
  /** A second, quieter line: the artists, "Playlist", an album's year. */
  detail?: string;
  /** Its keyboard shortcut elsewhere in the app, shown beside it. */
  shortcut?: string;
  /** More words it answers to ("Dashboard" finds Home). */
  keywords?: readonly string[];
  /** Whether running it opens another page (focus then stays with the new page). */
  navigates: boolean;
  run: () => unknown;
}

export interface PaletteGroup {
  name: string;
  options: PaletteOption[];
}

/** What is typed in the palette. */
export const $paletteQuery = atom('');

interface PaletteSearch {
  /** The query the results answer (trimmed). */
  query: string;
  loading: boolean;
  results: SearchResults | null;
}

/** The top search results for what is typed (three characters or more). */
export const $paletteSearch = map<PaletteSearch>({ query: '', loading: false, results: null });

const answers = createAnswerGuard();
let pending: ReturnType<typeof setTimeout> | undefined;

async function searchNow(query: string): Promise<void> {
  const mine = answers.ask();
  $paletteSearch.set({ ...$paletteSearch.get(), loading: true });
  try {
    // Its own name: the search page's search is not cancelled by the palette's, nor the other way round.
    const results = await search(query, ['track', 'artist', 'album', 'playlist'], RESULTS_PER_TYPE, 0, 'palette-search');
    if (answers.isCurrent(mine)) $paletteSearch.set({ query, loading: false, results });
  } catch (error) {
    if (!answers.isCurrent(mine) || isCanceled(error)) return;
    logUnlessCanceled('The palette could not search', error);
    $paletteSearch.set({ query, loading: false, results: null });
  }
}

/** Typing in the palette: the pages and actions filter at once; the catalogue is searched once the typing pauses. */
export function typeInPalette(text: string): void {
  $paletteQuery.set(text);
  clearTimeout(pending);
  const query = text.trim();
  if (!searchesCatalogue(query)) {
    answers.forget();
    $paletteSearch.set({ query: '', loading: false, results: null });
    return;
  }
  if (query === $paletteSearch.get().query && !$paletteSearch.get().loading) return;
  pending = setTimeout(() => void searchNow(query), SEARCH_DEBOUNCE_MS);
}

/** Runs an option: the palette closes first, then the action runs (inside the key press or click, which playing needs). */
export function runPaletteOption(option: PaletteOption): void {
  closePalette();
  void option.run();
}

/** Back to an empty palette (it opens empty each time). */
export function resetPalette(): void {
  clearTimeout(pending);
  answers.forget();
  $paletteQuery.set('');
  $paletteSearch.set({ query: '', loading: false, results: null });
}

const go = (href: string) => () => navigateTo(href);

const PAGES: PaletteOption[] = [
  { id: 'page-home', label: 'Home', keywords: ['Dashboard'], navigates: true, run: go(hrefOf('home')) },
  { id: 'page-search', label: 'Search', keywords: ['Browse all', 'Categories'], navigates: true, run: go(hrefOf('search')) },
  { id: 'page-library', label: 'Your Library', keywords: ['Collection', 'Saved Albums'], navigates: true, run: go(hrefOf('collection')) },
  { id: 'page-liked', label: 'Liked Songs', keywords: ['Saved tracks', 'Favourites'], navigates: true, run: go(hrefOf('collectionTracks')) },
  { id: 'page-profile', label: 'Profile', keywords: ['My Profile', 'Top artists', 'Top tracks'], navigates: true, run: go(hrefOf('myProfile')) },
];

const playlistPage = (playlist: Playlist): PaletteOption => ({
  id: `playlist-${playlist.id}`,
  label: playlist.name,
  detail: 'Playlist',
  navigates: true,
  run: go(hrefOf('playlist', { playlistId: playlist.id })),
});

const REPEAT_NEXT = { off: 'Repeat all', context: 'Repeat one', track: 'Repeat off' } as const;

/**
 * The actions, as the player and the app are now. Actions on the playing track (play or
 * pause, next, previous, like, shuffle, repeat, the mini-player) and on the card (the device
 * picker, which lives on it) are left out while nothing plays: there is nothing for them to do.
 */
const $actions = computed([$player, $likedTracks, $queue, $devices, $theme, $miniPlayerAvailable, $route], (player, liked, queue, devices, theme, mini, route) => {
  const track = player.currentPlayingTrack;
  const actions: PaletteOption[] = [];
  const add = (option: Omit<PaletteOption, 'navigates'>) => actions.push({ navigates: false, ...option });
  if (track) {
    // What the player's buttons allow (a restricted device, the provider's disallows): an action
    // offered here that the card's button refuses would fail with nothing said.
    const allowed = controlsAllowed(player);
    if (allowed.playPause) add({ id: 'play-pause', label: isSounding(player) ? 'Pause' : 'Play', keywords: ['Play or pause', 'Resume'], shortcut: 'Space', run: togglePlay });
    if (allowed.next) add({ id: 'next', label: 'Next track', keywords: ['Skip'], shortcut: 'Shift + →', run: nextTrack });
    if (allowed.previous) add({ id: 'previous', label: 'Previous track', keywords: ['Back'], shortcut: 'Shift + ←', run: previousTrack });
    add({
      id: 'like',
      label: liked[track.id] ? 'Remove from Liked' : 'Save to Liked',
      detail: track.name,
      keywords: ['Like the playing track', 'Unlike', 'Heart'],
      shortcut: 'L',
      run: likeCurrentTrack,
    });
    if (allowed.shuffle) add({ id: 'shuffle', label: player.playback?.shuffleState ? 'Turn shuffle off' : 'Turn shuffle on', keywords: ['Shuffle'], run: toggleShuffle });
    if (allowed.repeat) add({ id: 'repeat', label: REPEAT_NEXT[player.playback?.repeatState ?? 'off'], keywords: ['Repeat', 'Loop'], run: cycleRepeat });
    if (mini) add({ id: 'mini-player', label: 'Open the mini-player', keywords: ['Picture in picture', 'Mini player'], run: openMiniPlayer });
  }
  add({ id: 'queue', label: queue.open ? 'Hide the queue' : 'Show the queue', keywords: ['Queue', 'Next up'], shortcut: 'Q', run: () => toggleQueue() });
  add({
    id: 'devices',
    label: devices.open ? 'Close the device list' : 'Connect to a device',
    keywords: ['Devices', 'Speakers', 'Play on'],
    run: () => (devices.open ? toggleDevicePicker(false) : openDevicePickerWhereSeen({ cardShown: Boolean(track) || player.visible, onNowPlaying: route?.name === 'player' })),
  });
  add({ id: 'theme', label: `Switch to ${theme === 'dark' ? 'light' : 'dark'} theme`, keywords: ['Theme', 'Dark mode', 'Light mode'], run: toggleTheme });
  // The sheet's way in when '?' is turned off with the other single keys.
  add({ id: 'shortcuts', label: 'Keyboard shortcuts', keywords: ['Keys', 'Help', 'Single-key shortcuts'], shortcut: '?', run: () => setShortcutsSheet(true) });
  actions.push({ id: 'sign-out', label: 'LogOut', keywords: ['Sign out', 'Log out'], navigates: true, run: signOut });
  return actions;
});

const artistsOf = (track: Track) => isolatedList(track.artists.map((artist) => artist.name));

/** The search results as options: a song plays, an artist, album or playlist opens. */
function resultGroups(results: SearchResults): PaletteGroup[] {
  const tracks = results.tracks.items.map<PaletteOption>((track) => ({
    id: `track-${track.id}`,
    label: track.name,
    detail: artistsOf(track),
    navigates: false,
    run: () => playFromList([track], 0),
  }));
  const artists = results.artists.items.map<PaletteOption>((artist: Artist) => ({
    id: `artist-${artist.id}`,
    label: artist.name,
    detail: 'Artist',
    navigates: true,
    run: go(hrefOf('artist', { artistId: artist.id })),
  }));
  const albums = results.albums.items.map<PaletteOption>((album: Album) => ({
    id: `album-${album.id}`,
    label: album.name,
    detail: [isolatedList(album.artists.map((artist) => artist.name)), album.year].filter(Boolean).join(' • '),
    navigates: true,
    run: go(hrefOf('album', { albumId: album.id })),
  }));
  const playlists = results.playlists.items.map<PaletteOption>((playlist) => ({
    id: `result-playlist-${playlist.id}`,
    label: playlist.name,
    detail: playlist.owner.displayName ? `Playlist • ${isolated(playlist.owner.displayName)}` : 'Playlist',
    navigates: true,
    run: go(hrefOf('playlist', { playlistId: playlist.id })),
  }));
  return [
    { name: 'Songs', options: tracks },
    { name: 'Artists', options: artists },
    { name: 'Albums', options: albums },
    { name: 'Playlists', options: playlists },
  ];
}

/** The palette's list for what is typed: pages, actions, then the search results; empty groups left out. */
export const $paletteGroups = computed([$paletteQuery, $actions, $ownPlaylists, $paletteSearch], (typed, actions, own, found) => {
  const query = typed.trim();
  // With nothing typed, the five pages and the actions; the playlists come when their names are typed.
  const pages = query === '' ? PAGES : rankEntries([...PAGES, ...(own ?? []).map(playlistPage)], query, PAGES_SHOWN);
  const groups: PaletteGroup[] = [
    { name: 'Pages', options: pages },
    { name: 'Actions', options: rankEntries(actions, query) },
    ...(searchesCatalogue(query) && found.results ? resultGroups(found.results) : []),
  ];
  return groups.filter((group) => group.options.length > 0);
});

// Reaction: the user's own playlists are listed as the palette opens (asked again when no longer fresh).
onMount($paletteGroups, () => {
  void listOwnPlaylists();
});
