// Node's own fetch: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
// The command palette's store against a real sandbox: its pages and the user's playlists, the
// actions as the player is, the search from three characters with late answers dropped, and
// running an option (it closes the palette and calls the store action).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Track } from '../../src/api/types';
import { clearFaults, faultHits } from '../../sandbox/tests/harness';
import { $ownPlaylists } from '../../src/stores/my-playlists';
import { $miniPlayerAvailable, setMiniPlayerOpener } from '../../src/stores/mini-player';
import { $paletteOpen, closePalette, openPalette, togglePalette } from '../../src/stores/palette';
import { $paletteGroups, $paletteSearch, resetPalette, runPaletteOption, typeInPalette, type PaletteOption } from '../../src/stores/palette-options';
import { $player, resetPlayer, showPlayRequested } from '../../src/stores/player';
import { $theme } from '../../src/stores/theme';
import { $devices, toggleDevicePicker } from '../../src/stores/devices';
import { NARROW_SCREEN } from '../../src/lib/screens';
import { useFakeTimeouts } from './helpers/client-effects';
import { addFault, type RunningSandbox, startSignedIn } from './helpers/sandbox';

let running: RunningSandbox;
let visits: { path: string; replace: boolean }[];
let track: Track;
let unlisten: () => void;

const group = (name: string) => $paletteGroups.get().find((found) => found.name === name)?.options ?? [];
const labelsOf = (name: string) => group(name).map((option) => option.label);
const option = (name: string, label: string): PaletteOption => {
  const found = group(name).find((candidate) => candidate.label === label);
  if (!found) throw new Error(`No option "${label}" in ${name}: ${labelsOf(name).join(', ')}`);
  return found;
};

beforeAll(async () => {
  ({ running, visits } = await startSignedIn());
  const row = running.sandbox.db.prepare("SELECT id, name, duration_ms FROM tracks WHERE length(name) >= 6 AND name GLOB '[A-Za-z]*' ORDER BY id LIMIT 1").get() as {
    id: string; name: string; duration_ms: number;
  };
  track = { id: row.id, name: row.name, uri: `spotify:track:${row.id}`, durationMs: row.duration_ms, artists: [], album: null };
  // As the palette's view does: the options are wanted (and the user's playlists listed).
  unlisten = $paletteGroups.listen(() => undefined);
}, 120_000);

afterAll(async () => {
  unlisten?.();
  await running?.stop();
});

beforeEach(() => {
  resetPalette();
  resetPlayer();
  visits.length = 0;
});

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await clearFaults(running.url);
});

/**
 * Resolves once the client has read the whole body of the next answer to GET /v1/search (the
 * page's fetch, spied): from there to the store, the client's work is promises only, so any I/O
 * the test awaits afterwards finds it done.
 */
function nextSearchAnswerRead(): Promise<void> {
  const realFetch = globalThis.fetch;
  return new Promise((resolve) => {
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const response = await realFetch(input, init);
      if (!String(input instanceof Request ? input.url : input).includes('/v1/search')) return response;
      spy.mockRestore();
      const read = response.text.bind(response);
      response.text = () => {
        const text = read();
        void text.finally(resolve);
        return text;
      };
      return response;
    });
  });
}

describe('the palette options', () => {
  it('offers the five pages and the actions that need no player when nothing is typed and nothing plays', () => {
    expect(labelsOf('Pages')).toEqual(['Home', 'Search', 'Your Library', 'Liked Songs', 'Profile']);
    // The device picker is reachable from the shell with nothing playing too.
    expect(labelsOf('Actions')).toEqual(['Show the queue', 'Connect to a device', `Switch to ${$theme.get() === 'dark' ? 'light' : 'dark'} theme`, 'Keyboard shortcuts', 'LogOut']);
  });

  it('filters the pages by words and initials, and finds the user\'s own playlists by name', async () => {
    typeInPalette('yl');
    expect(labelsOf('Pages')[0]).toBe('Your Library');
    await expect.poll(() => $ownPlaylists.get()).not.toBeNull();
    const own = $ownPlaylists.get()![0];
    expect(own).toBeDefined();
    typeInPalette(own!.name.slice(0, 2));
    expect(group('Pages').map((found) => found.id)).toContain(`playlist-${own!.id}`);
    runPaletteOption(group('Pages').find((found) => found.id === `playlist-${own!.id}`)!);
    expect(visits.at(-1)).toEqual({ path: `/playlist/${own!.id}`, replace: false });
  });

  it('offers the player actions once a track is there, named for what they will do, and only those the player allows', () => {
    showPlayRequested(track);
    // The play is on its way: nothing plays yet, so there is nothing to skip, shuffle or repeat (the card's buttons are disabled too).
    expect(labelsOf('Actions').slice(0, 2)).toEqual(['Play', 'Save to Liked']);
    const device = { id: 'd1', name: 'Phone', type: 'Smartphone', isActive: true, volumePercent: 50, isRestricted: false, supportsVolume: true };
    const playback = {
      item: track, progressMs: 0, isPlaying: false, repeatState: 'off' as const, shuffleState: false, device, contextUri: null,
      disallows: { skippingPrev: false, skippingNext: false, pausing: false, resuming: false, seeking: false, togglingShuffle: false, togglingRepeatContext: false, togglingRepeatTrack: false },
    };
    $player.set({ ...$player.get(), playback });
    expect(labelsOf('Actions')).toEqual([
      'Play',
      'Next track',
      'Previous track',
      'Save to Liked',
      'Turn shuffle on',
      'Repeat all',
      'Show the queue',
      'Connect to a device',
      `Switch to ${$theme.get() === 'dark' ? 'light' : 'dark'} theme`,
      'Keyboard shortcuts',
      'LogOut',
    ]);
    typeInPalette('pause');
    // "Play or pause" is what the play button answers to.
    expect(labelsOf('Actions')[0]).toBe('Play');
    typeInPalette('');
    // A restricted device takes no command from here: none is offered.
    $player.set({ ...$player.get(), playback: { ...playback, device: { ...device, isRestricted: true } } });
    expect(labelsOf('Actions').slice(0, 2)).toEqual(['Save to Liked', 'Show the queue']);
  });

  it('runs an action: the palette closes and the store action runs', () => {
    openPalette();
    const before = $theme.get();
    typeInPalette('theme');
    runPaletteOption(option('Actions', `Switch to ${before === 'dark' ? 'light' : 'dark'} theme`));
    expect($paletteOpen.get()).toBe(false);
    expect($theme.get()).not.toBe(before);
  });

  it("opens the device picker where it can be seen: the card's on a wide screen, the bottom sheet's on a phone, whose player bar has none", () => {
    const screenIs = (narrow: boolean) =>
      Object.assign(globalThis, { matchMedia: (query: string) => ({ matches: query === NARROW_SCREEN ? narrow : false }) as MediaQueryList });
    try {
      showPlayRequested(track);
      screenIs(false);
      runPaletteOption(option('Actions', 'Connect to a device'));
      expect($devices.get()).toMatchObject({ open: true, place: 'card' });
      toggleDevicePicker(false);
      screenIs(true);
      runPaletteOption(option('Actions', 'Connect to a device'));
      expect($devices.get()).toMatchObject({ open: true, place: 'sheet' });
    } finally {
      toggleDevicePicker(false);
      delete (globalThis as { matchMedia?: unknown }).matchMedia;
    }
  });

  it('opens a page through the app\'s navigation', () => {
    typeInPalette('lib');
    runPaletteOption(option('Pages', 'Your Library'));
    expect(visits).toEqual([{ path: '/collection', replace: false }]);
  });

  it('searches the catalogue from three characters, once the typing pauses, and opens or plays what it finds', async () => {
    const word = track.name.split(/\s+/)[0]!;
    typeInPalette(word.slice(0, 2));
    expect($paletteSearch.get().loading).toBe(false);
    typeInPalette(word);
    await expect.poll(() => $paletteSearch.get().results !== null, { timeout: 5000 }).toBe(true);
    expect($paletteSearch.get().query).toBe(word);
    const songs = group('Songs');
    expect(songs.length).toBeGreaterThan(0);
    expect(songs.length).toBeLessThanOrEqual(3);
    // A song's line names its artists, each isolated (src/lib/bidi.ts): a right-to-left name keeps its place.
    expect(songs[0]!.detail).toMatch(/^\u2068[^\u2068\u2069]+\u2069(, \u2068[^\u2068\u2069]+\u2069)*$/);
    const album = group('Albums')[0];
    expect(album).toBeDefined();
    expect(album!.detail).toMatch(/^\u2068[^\u2069]+\u2069/);
    runPaletteOption(album!);
    expect(visits.at(-1)?.path).toMatch(/^\/album\//);
  });

  it('drops an answer that arrives after the query changed', async () => {
    // The typing pause and the sandbox's hold on the answer are both setTimeouts of this
    // process: the test steps them instead of waiting.
    useFakeTimeouts();
    await addFault(running.url, { match: { method: 'GET', path: '^/v1/search' }, delayMs: 600, times: 1 });
    const answerRead = nextSearchAnswerRead();
    typeInPalette('love');
    await vi.advanceTimersByTimeAsync(200);
    expect($paletteSearch.get().loading).toBe(true);
    // The question has reached the sandbox, which holds its answer.
    await expect.poll(() => faultHits(running.url)).toEqual([1]);
    // Back under three characters while the answer is on its way: no results, and none come later.
    typeInPalette('lo');
    expect($paletteSearch.get()).toEqual({ query: '', loading: false, results: null });
    await vi.advanceTimersByTimeAsync(600);
    await answerRead;
    // The one question, asked once (and an I/O round after the answer's last promise).
    expect(await faultHits(running.url)).toEqual([1]);
    expect($paletteSearch.get()).toEqual({ query: '', loading: false, results: null });
    expect($paletteGroups.get().map((found) => found.name)).not.toContain('Songs');
  });
});

describe('opening the palette, and the mini-player from it', () => {
  it('opens, closes and toggles (Ctrl+K)', () => {
    closePalette();
    togglePalette();
    expect($paletteOpen.get()).toBe(true);
    togglePalette();
    expect($paletteOpen.get()).toBe(false);
    openPalette();
    openPalette();
    expect($paletteOpen.get()).toBe(true);
    closePalette();
  });

  it('offers the mini-player only where the card installed a way to open it, and opens it through that', () => {
    showPlayRequested(track);
    expect(labelsOf('Actions')).not.toContain('Open the mini-player');
    let opened = 0;
    setMiniPlayerOpener(() => opened++);
    expect($miniPlayerAvailable.get()).toBe(true);
    runPaletteOption(option('Actions', 'Open the mini-player'));
    expect(opened).toBe(1);
    setMiniPlayerOpener(null);
    expect(labelsOf('Actions')).not.toContain('Open the mini-player');
  });
});
