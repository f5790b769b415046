// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { search } from '../../src/api/search';
import type { Track } from '../../src/api/types';
import { writeStored } from '../../src/lib/storage';
import { startCatchingUp } from '../../src/playback/catch-up';
import { catchUpWithPlayback } from '../../src/stores/devices';
import { $libraryPending, $likedTracks, rememberLiked, toggleLikeTrack } from '../../src/stores/library';
import { $player, likeCurrentTrack, recheckPlayingLike, refreshPlayback, resetPlayer } from '../../src/stores/player';
import { $session } from '../../src/stores/session';
import { $toasts } from '../../src/stores/toasts';
import { startShortcuts } from '../../src/playback/shortcuts';
import { addFault, clearFaults, connectDevice } from '../../sandbox/tests/harness';
import { type RunningSandbox, startSignedIn } from './helpers/sandbox';

/**
 * How fast a tab catches up with the account's playback, and the player's heart: the card
 * shows what plays without waiting for the heart, the heart is asked only when this tab does
 * not know it, and asked again when the tab comes back into view (liked elsewhere meanwhile).
 */

let running: RunningSandbox;
let tracks: Track[];
let elsewhere: Awaited<ReturnType<typeof connectDevice>>;
/** Node's own fetch: the test's reads and writes beside the stores are never counted or held. */
const testFetch = globalThis.fetch;

const isContains = (url: string) => new URL(url).pathname.endsWith('/contains');

async function webApi(method: string, path: string, body?: unknown): Promise<Response> {
  return testFetch(`${running.base}/v1/${path}`, {
    method,
    headers: { Authorization: `Bearer ${$session.get()!.accessToken}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Plays `track` on the other device (another browser, a phone), as the provider sees it. */
async function playElsewhere(track: Track): Promise<void> {
  const answer = await webApi('PUT', `me/player/play?device_id=${elsewhere.deviceId}`, { uris: [track.uri], position_ms: 0 });
  expect(answer.status).toBe(204);
}

/**
 * Counts the site's contains checks, and holds their answers (read from the sandbox, then kept
 * back) while `hold` is on, until `release()`: what the page would see of a slow heart.
 */
function watchContains({ hold = false } = {}) {
  const realFetch = globalThis.fetch;
  const gates: (() => void)[] = [];
  let count = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (!isContains(request.url)) return realFetch(request);
    count++;
    const answer = await realFetch(request);
    if (hold) await new Promise<void>((resolve) => gates.push(resolve));
    return answer;
  });
  return { count: () => count, held: () => gates.length, release: () => gates.shift()!() };
}

beforeAll(async () => {
  ({ running } = await startSignedIn());
  tracks = (await search('a', ['track'])).tracks.items.slice(0, 10);
  elsewhere = await connectDevice(running.url, $session.get()!.accessToken, 'Phone');
  await elsewhere.next('ready');
  // This tab's own device is another one (it never plays here in these tests).
  writeStored('DEVICE_ID', 'this-tab');
}, 120_000);

afterAll(async () => {
  elsewhere?.close();
  await running?.stop();
});

beforeEach(() => resetPlayer());

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});


/**
 * A page in view, as the catch-up sees it: its document (visible, for visibilitychange) and its
 * window (for focus, and the islands the card's answer wakes: intent-signals.ts).
 */
function showPageInView(): void {
  vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'visible', getElementById: () => null }));
  vi.stubGlobal('window', new EventTarget());
}
describe('catching up shows the card without waiting for the heart', () => {
  it('the track shows once GET me/player answers, while its contains check is still on its way', async () => {
    await playElsewhere(tracks[0]!);
    const contains = watchContains({ hold: true });
    const caughtUp = catchUpWithPlayback();
    await vi.waitFor(() => expect(contains.held()).toBe(1));
    expect($player.get()).toMatchObject({ visible: true, currentPlayingTrack: { id: tracks[0]!.id } });
    expect($likedTracks.get()[tracks[0]!.id]).toBeUndefined();
    contains.release();
    await caughtUp;
    await vi.waitFor(() => expect($likedTracks.get()[tracks[0]!.id]).toBe(false));
  });
});

describe("the player's heart", () => {
  it('is asked once per new track: reading the playback again, following the other device, or liking asks nothing', async () => {
    await playElsewhere(tracks[1]!);
    const contains = watchContains();
    await refreshPlayback();
    await vi.waitFor(() => expect($likedTracks.get()[tracks[1]!.id]).toBe(false));
    expect(contains.count()).toBe(1);
    // The 5 s reading while another device plays, and a catch-up, know the heart already.
    await refreshPlayback();
    await catchUpWithPlayback();
    expect(contains.count()).toBe(1);
    // The heart's own answer is the like's: the playback is read again (SPEC §4), the heart not asked.
    await likeCurrentTrack();
    expect($likedTracks.get()[tracks[1]!.id]).toBe(true);
    expect(contains.count()).toBe(1);
    // The other device moves on: the new track's heart is asked.
    await playElsewhere(tracks[2]!);
    await refreshPlayback();
    await vi.waitFor(() => expect($likedTracks.get()[tracks[2]!.id]).toBe(false));
    expect(contains.count()).toBe(2);
    await toggleLikeTrack(tracks[1]!.id);
  });

  it('liked elsewhere while the tab was out of view: coming back asks again, and the heart follows', async () => {
    showPageInView();
    await playElsewhere(tracks[3]!);
    const stop = startCatchingUp();
    try {
      await vi.waitFor(() => expect($likedTracks.get()[tracks[3]!.id]).toBe(false));
      // Liked on the phone; this tab's reading of the playback does not ask a known heart.
      expect((await webApi('PUT', 'me/tracks', { ids: [tracks[3]!.id] })).status).toBe(200);
      await refreshPlayback();
      expect($likedTracks.get()[tracks[3]!.id]).toBe(false);
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.waitFor(() => expect($likedTracks.get()[tracks[3]!.id]).toBe(true));
    } finally {
      stop();
      await webApi('DELETE', 'me/tracks', { ids: [tracks[3]!.id] });
    }
  });

  it('a window left in view catches up when it gets the focus back: music started on another device shows', async () => {
    showPageInView();
    await playElsewhere(tracks[6]!);
    const stop = startCatchingUp();
    try {
      await vi.waitFor(() => expect($player.get().currentPlayingTrack?.id).toBe(tracks[6]!.id));
      // Meanwhile, on the phone: another track; the window was never out of view.
      await playElsewhere(tracks[7]!);
      window.dispatchEvent(new Event('focus'));
      await vi.waitFor(() => expect($player.get().currentPlayingTrack?.id).toBe(tracks[7]!.id));
    } finally {
      stop();
    }
  });

  it('a heart whose check failed is asked again when the tab comes back into view', async () => {
    showPageInView();
    // The check of the new track's heart fails (and the client's one retry of it).
    await addFault(running.url, { match: { method: 'GET', path: '/contains' }, status: 503, times: 2 });
    await playElsewhere(tracks[5]!);
    const contains = watchContains();
    const stop = startCatchingUp();
    try {
      // The retry comes after the client's real wait (800 ms): waitFor's default second left too little room on a busy machine.
      await vi.waitFor(() => expect(contains.count()).toBe(2), { timeout: 5_000 });
      await vi.waitFor(() => expect($player.get().currentPlayingTrack?.id).toBe(tracks[5]!.id));
      expect($likedTracks.get()[tracks[5]!.id]).toBeUndefined();
      document.dispatchEvent(new Event('visibilitychange'));
      await vi.waitFor(() => expect($likedTracks.get()[tracks[5]!.id]).toBe(false));
    } finally {
      stop();
      await clearFaults(running.url);
    }
  });

  it("asking again is dropped when a like made here answered first (the older answer would undo it)", async () => {
    await playElsewhere(tracks[4]!);
    await refreshPlayback();
    await vi.waitFor(() => expect($likedTracks.get()[tracks[4]!.id]).toBe(false));
    const contains = watchContains({ hold: true });
    const asking = recheckPlayingLike();
    await vi.waitFor(() => expect(contains.held()).toBe(1));
    // The check read "not liked"; the user likes it before that answer arrives.
    await toggleLikeTrack(tracks[4]!.id);
    contains.release();
    await asking;
    expect($likedTracks.get()[tracks[4]!.id]).toBe(true);
    await toggleLikeTrack(tracks[4]!.id);
  });
});

/** The success toasts on screen: what L said (a refusal's toast is the API client's error). */
const saidByL = () => $toasts.get().filter((toast) => toast.kind === 'success').map((toast) => toast.message);

/** The next L unlikes the track and says so, and is all L has said: the one before it said nothing. */
async function expectNextLSaysOnlyRemoved(keys: { press: (key: string) => void }): Promise<void> {
  keys.press('l');
  await vi.waitFor(() => expect(saidByL()).toContain('Removed from Liked Songs'));
  expect(saidByL()).toEqual(['Removed from Liked Songs']);
}

/** The page's keyboard shortcuts on a page with no modal open; `press` is a key pressed on its body. */
function listenForKeys() {
  vi.stubGlobal('document', Object.assign(new EventTarget(), { querySelector: () => null }));
  const stop = startShortcuts();
  const press = (key: string) =>
    document.dispatchEvent(Object.assign(new Event('keydown', { cancelable: true }), { key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, repeat: false }));
  return { press, stop };
}

describe("the like heart's answer, and what L says of it", () => {
  beforeEach(() => $toasts.set([]));

  it('likeCurrentTrack resolves to what it did: added, removed, or null (a press while one is on its way, a refusal)', async () => {
    await playElsewhere(tracks[7]!);
    await refreshPlayback();
    await vi.waitFor(() => expect($likedTracks.get()[tracks[7]!.id]).toBe(false));
    expect(await likeCurrentTrack()).toBe('added');
    const first = likeCurrentTrack();
    expect(await likeCurrentTrack()).toBeNull();
    expect(await first).toBe('removed');
    await addFault(running.url, { match: { method: 'PUT', path: '^/v1/me/tracks' }, status: 503, body: { error: { status: 503, message: 'Service busy' } }, times: 1 });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await likeCurrentTrack()).toBeNull();
    expect($likedTracks.get()[tracks[7]!.id]).toBe(false);
  });

  it('L on a heart no check could learn, liked already: the provider is asked, nothing is added, and nothing is said', async () => {
    const track = tracks[8]!;
    expect((await webApi('PUT', 'me/tracks', { ids: [track.id] })).status).toBe(200);
    await addFault(running.url, { match: { method: 'GET', path: '/contains' }, status: 503, times: 2 });
    const contains = watchContains();
    await playElsewhere(track);
    const keys = listenForKeys();
    try {
      await refreshPlayback();
      await vi.waitFor(() => expect(contains.count()).toBe(2), { timeout: 5_000 });
      await vi.waitFor(() => expect($libraryPending.track.get()[track.id] ?? false).toBe(false));
      expect($likedTracks.get()[track.id]).toBeUndefined();
      await clearFaults(running.url);
      keys.press('l');
      await vi.waitFor(() => expect($likedTracks.get()[track.id]).toBe(true));
      await vi.waitFor(() => expect($libraryPending.track.get()[track.id]).toBe(false));
      // The next L unlikes it and says so: the first said nothing before it.
      await expectNextLSaysOnlyRemoved(keys);
    } finally {
      keys.stop();
      await clearFaults(running.url);
      await webApi('DELETE', 'me/tracks', { ids: [track.id] });
    }
  });

  it("L refused by the provider says nothing, though another tab's news moved the heart while it was on its way", async () => {
    const track = tracks[9]!;
    await playElsewhere(track);
    await refreshPlayback();
    await vi.waitFor(() => expect($likedTracks.get()[track.id]).toBe(false));
    await addFault(running.url, { match: { method: 'PUT', path: '^/v1/me/tracks' }, status: 503, body: { error: { status: 503, message: 'Service busy' } }, times: 1 });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // While the like is on the wire, another tab's page says the track is liked (liked there).
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const request = new Request(input, init);
      if (request.method === 'PUT' && new URL(request.url).pathname.endsWith('/me/tracks')) rememberLiked(track.id, true);
      return realFetch(request);
    });
    const keys = listenForKeys();
    try {
      keys.press('l');
      await vi.waitFor(() => expect($toasts.get().map((toast) => toast.message)).toContain('Service busy'));
      await vi.waitFor(() => expect($libraryPending.track.get()[track.id]).toBe(false));
      // The next L unlikes what the other tab liked, and says so: the refused one said nothing before it.
      await expectNextLSaysOnlyRemoved(keys);
    } finally {
      keys.stop();
      await clearFaults(running.url);
    }
  });
});
