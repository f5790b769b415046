// @vitest-environment happy-dom
import { playbackOf } from './helpers/playback';
import { afterEach, describe, expect, it } from 'vitest';
import type { Playback, Track } from '../../src/api/types';
import { playingTitle, ROUTE_ANNOUNCER_CLASS, startDocumentTitle } from '../../src/playback/document-title';
import { renamePage } from '../../src/stores/page-title';
import { $player } from '../../src/stores/player';
import { initialPlayer } from '../../src/stores/player-rules';

const FSI = '\u2068';
const PDI = '\u2069';
const artist = (name: string) => ({ id: name, name, uri: `spotify:artist:${name}` });

describe('the tab title while a track plays', () => {
  it('names the track, then its artists, each isolated so that a right-to-left name keeps its place', () => {
    expect(playingTitle({ name: 'سلام', artists: [artist('Luna'), artist('עומר')] })).toBe(`${FSI}سلام${PDI} • ${FSI}Luna${PDI}, ${FSI}עומר${PDI}`);
  });

  it('is the name alone for a track without artists', () => {
    expect(playingTitle({ name: 'Sol', artists: [] })).toBe(`${FSI}Sol${PDI}`);
  });
});

describe("the tab's title", () => {
  const song: Track = { id: 'a', name: 'Song', uri: 'spotify:track:a', durationMs: 200_000, artists: [], album: null };
  const playback = (isPlaying: boolean): Playback => playbackOf(song, isPlaying);
  const play = (isPlaying: boolean) => $player.set({ ...$player.get(), visible: true, currentPlayingTrack: song, playback: playback(isPlaying) });
  let stop = () => undefined as void;

  afterEach(() => {
    stop();
    $player.set(initialPlayer());
  });

  it("keeps a page's title renamed on screen (written to document.title) over the next change of the player", () => {
    document.title = 'Old name - My Music';
    stop = startDocumentTitle();
    document.title = 'New name - My Music'; // the playlist renamed while nothing plays (stores/playlist-shown.ts)
    $player.set({ ...$player.get(), progressSeconds: 1 });
    expect(document.title).toBe('New name - My Music');
    play(true);
    expect(document.title).toBe(playingTitle(song));
    play(false);
    expect(document.title).toBe('New name - My Music');
  });

  it('takes a rename made while a track shows (renamePage), and shows it once the track stops', () => {
    document.title = 'Old name - My Music';
    stop = startDocumentTitle();
    play(true);
    renamePage('New name - My Music', 'Old name - My Music');
    expect(document.title).toBe(playingTitle(song));
    renamePage('Other - My Music', 'Not this page - My Music'); // another page's rename: not this one's
    play(false);
    expect(document.title).toBe('New name - My Music');
    // With nothing playing, shown at once.
    renamePage('Newer name - My Music', 'New name - My Music');
    expect(document.title).toBe('Newer name - My Music');
  });

  it("takes a new page's title after a swap, and gives the page's back when stopped", () => {
    document.title = 'Home - My Music';
    stop = startDocumentTitle();
    play(true);
    document.title = 'Search - My Music'; // the client router's swap
    document.dispatchEvent(new Event('astro:after-swap'));
    expect(document.title).toBe(playingTitle(song));
    stop();
    stop = () => undefined;
    expect(document.title).toBe('Search - My Music');
  });

  it("has the route announcer say the page reached, not the track, as the client router fills it while a track plays (WCAG 2.4.2)", async () => {
    document.title = 'Home - My Music';
    stop = startDocumentTitle();
    play(true);
    // The client router's swap and page load, as Astro's router does them (transitions/router.js announce()).
    const swapTo = async (title: string) => {
      document.title = title;
      document.dispatchEvent(new Event('astro:after-swap'));
      document.dispatchEvent(new Event('astro:page-load'));
      const announcer = Object.assign(document.createElement('div'), { className: ROUTE_ANNOUNCER_CLASS });
      announcer.setAttribute('aria-live', 'assertive');
      document.body.append(announcer);
      await new Promise((resolve) => setTimeout(resolve, 60));
      announcer.textContent = document.title;
      await Promise.resolve();
      return announcer;
    };
    const first = await swapTo('Your Library - My Music');
    expect(document.title).toBe(playingTitle(song));
    expect(first.textContent).toBe('Your Library - My Music');
    // Paused: the page's own title is the tab's, and is announced as it is.
    play(false);
    const second = await swapTo('Search - My Music');
    expect(second.textContent).toBe('Search - My Music');
  });
});
