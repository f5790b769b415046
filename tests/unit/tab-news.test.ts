import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayerState } from '../../src/stores/player-rules';
import type { Track } from '../../src/api/types';

const CHANNEL = 'my-music-tab-news';

/** The module as a browser tab loads it (it opens no channel where there is no window: the server). */
async function inATab() {
  vi.stubGlobal('window', globalThis);
  vi.resetModules();
  return {
    news: await import('../../src/lib/tab-news'),
    library: await import('../../src/stores/library'),
  };
}

/** The next message `channel` hears, or null within `ms`. */
function nextMessage(channel: BroadcastChannel, ms = 300): Promise<unknown> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    channel.addEventListener('message', (event) => {
      clearTimeout(timer);
      resolve(event.data);
    }, { once: true });
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('news between the tabs of one browser (src/lib/tab-news.ts)', () => {
  it('reads only news of its own shapes', async () => {
    const { news } = await inATab();
    expect(news.isTabNews({ topic: 'playback' })).toBe(true);
    expect(news.isTabNews({ topic: 'library', kind: 'track', id: 'a', inLibrary: false })).toBe(true);
    expect(news.isTabNews({ topic: 'library', kind: 'track', id: '', inLibrary: true })).toBe(false);
    expect(news.isTabNews({ topic: 'library', kind: 'track', id: 'a' })).toBe(false);
    expect(news.isTabNews({ topic: 'weather' })).toBe(false);
    expect(news.isTabNews('playback')).toBe(false);
    expect(news.isTabNews(null)).toBe(false);
  });

  it('tells the other tabs, hears theirs by topic, and stops hearing when told', async () => {
    const { news } = await inATab();
    const otherTab = new BroadcastChannel(CHANNEL);
    try {
      const told = nextMessage(otherTab);
      news.tellOtherTabs({ topic: 'playback' });
      expect(await told).toEqual({ topic: 'playback' });

      const heard: unknown[] = [];
      const stop = news.hearOtherTabs('playback', (message) => heard.push(message));
      otherTab.postMessage({ topic: 'library', kind: 'track', id: 'a', inLibrary: true });
      otherTab.postMessage({ topic: 'playback' });
      otherTab.postMessage({ topic: 'playback', extra: '<script>' });
      otherTab.postMessage('nonsense');
      await settle();
      expect(heard).toHaveLength(2);
      stop();
      otherTab.postMessage({ topic: 'playback' });
      await settle();
      expect(heard).toHaveLength(2);
    } finally {
      otherTab.close();
    }
  });

  it("learns another tab's press as the provider took it, from the shell's start: before any flag is on screen (a page nobody has touched)", async () => {
    const { library } = await inATab();
    const otherTab = new BroadcastChannel(CHANNEL);
    const stop = library.followLibraryElsewhere();
    try {
      // No island has hydrated: nothing subscribes to the flags yet.
      otherTab.postMessage({ topic: 'library', kind: 'track', id: 'liked-elsewhere', inLibrary: true });
      otherTab.postMessage({ topic: 'library', kind: 'album', id: 'saved-elsewhere', inLibrary: true });
      otherTab.postMessage({ topic: 'library', kind: 'playlist', id: 'not-a-kind', inLibrary: true });
      await settle();
      expect(library.$inLibrary.track.get()['liked-elsewhere']).toBe(true);
      expect(library.$inLibrary.album.get()['saved-elsewhere']).toBe(true);
      // The page's own flag, fetched before the news, does not put the old state back when its island hydrates.
      library.adoptLibraryFlags({ album: { 'saved-elsewhere': false } }, Date.now() - 60_000);
      expect(library.$inLibrary.album.get()['saved-elsewhere']).toBe(true);
      otherTab.postMessage({ topic: 'library', kind: 'track', id: 'liked-elsewhere', inLibrary: false });
      await settle();
      expect(library.$inLibrary.track.get()['liked-elsewhere']).toBe(false);
      stop();
      otherTab.postMessage({ topic: 'library', kind: 'track', id: 'liked-elsewhere', inLibrary: true });
      await settle();
      expect(library.$inLibrary.track.get()['liked-elsewhere']).toBe(false);
    } finally {
      stop();
      otherTab.close();
    }
  });
});

describe("what of this tab's device is news to the others (device-state.ts isNewsToOtherTabs)", () => {
  const track = (id: string) => ({ id }) as Track;
  const playing = (id: string, isPlaying: boolean) =>
    ({ playback: { item: track(id), isPlaying } as PlayerState['playback'], currentPlayingTrack: track(id) }) as Pick<PlayerState, 'playback' | 'currentPlayingTrack'>;
  const report = (id: string | null, paused: boolean) => ({ loading: false, paused, positionMs: 12_000, track: id ? track(id) : null });

  it('a new track, a pause, a resume, or music come here are news; the position going on is not', async () => {
    const { isNewsToOtherTabs } = await import('../../src/playback/device-state');
    expect(isNewsToOtherTabs(playing('a', true), report('b', false), false)).toBe(true);
    expect(isNewsToOtherTabs(playing('a', true), report('a', true), false)).toBe(true);
    expect(isNewsToOtherTabs(playing('a', false), report('a', false), false)).toBe(true);
    expect(isNewsToOtherTabs(playing('a', true), report('a', false), true)).toBe(true);
    expect(isNewsToOtherTabs(playing('a', true), report('a', false), false)).toBe(false);
    expect(isNewsToOtherTabs(playing('a', false), report('a', true), false)).toBe(false);
    // Nothing known of the playback here (the last played track on the card): news once it plays.
    const lastPlayed = { playback: null, currentPlayingTrack: track('a') };
    expect(isNewsToOtherTabs(lastPlayed, report('a', false), false)).toBe(true);
    expect(isNewsToOtherTabs(lastPlayed, report('a', true), false)).toBe(false);
  });
});
