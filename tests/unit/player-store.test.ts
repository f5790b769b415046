// Node's own fetch and URL: the sandbox reads its files through import.meta.url, which a DOM environment breaks.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { search } from '../../src/api/search';
import { getAlbumTracks } from '../../src/api/albums';
import { getPlaylistTracks } from '../../src/api/playlists';
import { addPlaylistItems, createPlaylist } from '../../src/api/playlist-edits';
import type { Playback, Track } from '../../src/api/types';
import { writeStored } from '../../src/lib/storage';
import { setPlayerClock } from '../../src/lib/clock';
import { applyDeviceState } from '../../src/playback/device-state';
import { isPlayPauseBusy, type PlayerState } from '../../src/stores/player-rules';
import { $player, changeVolume, closePlayer, showDeviceLost, showDeviceReady, cycleRepeat, likeCurrentTrack, nextTrack, pausePlayback, refreshPlayback, storedDeviceId, resetPlayer, seekToSecond, setProgressSeconds, showLastPlayed, toggleShuffle } from '../../src/stores/player';
import { $copiesNotPlaying, playFromList, setPlaybackActivator, togglePlay } from '../../src/stores/play';
import { $likedTracks } from '../../src/stores/library';
import { $playingTrackId } from '../../src/stores/now-playing';
import { $session } from '../../src/stores/session';
import { $toasts } from '../../src/stores/toasts';
import { $ui, closePremiumPrompt } from '../../src/stores/ui';
import { connectDevice as connectSdkDevice } from '../../sandbox/tests/harness';
import { signIn as signInToProvider } from '../../sandbox/tests/oauth';
import { FREE_EMAIL } from '../../sandbox/catalogue/people';
import { addFault, type RunningSandbox, startSignedIn } from './helpers/sandbox';
import { manualClock } from './helpers/manual-clock';

let running: RunningSandbox;
let tracks: Track[];
// One clock for the file: a store's get() mounts it for a moment, which starts the
// progress timer on whatever clock is installed then.
const clock = manualClock();
let device: Awaited<ReturnType<typeof connectSdkDevice>> | null = null;

/**
 * Connects a device the way the SDK shim does (the harness's device: register, then
 * hold the event stream open), and stores its id as the SDK's ready handler would.
 * Node has no audio element, so this stands in for the shim, which is tested in Chromium.
 */
async function connectDevice(): Promise<string> {
  device = await connectSdkDevice(running.url, $session.get()!.accessToken, 'My Music');
  writeStored('DEVICE_ID', device.deviceId);
  return device.deviceId;
}

/** Node's own fetch: the test's reads beside the store are never held (holdRequests). */
const testFetch = globalThis.fetch;

/** The provider's own view of the playback, read beside the store. */
async function providerPlayback(): Promise<{ is_playing: boolean; item: { id: string }; progress_ms: number; context?: { uri: string } | null } | null> {
  const response = await testFetch(`${running.base}/v1/me/player`, { headers: { Authorization: `Bearer ${$session.get()!.accessToken}` } });
  return response.status === 204 ? null : ((await response.json()) as never);
}


const isPlay = (method: string, url: string) => method === 'PUT' && new URL(url).pathname.endsWith('/me/player/play');

/**
 * Lets every reading of the playback (GET me/player) reach the provider at once, and holds its
 * answer until the test calls the release this array gains for it, oldest first.
 */
function holdPlaybackAnswers(): (() => void)[] {
  const realFetch = globalThis.fetch;
  const answers: (() => void)[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const response = await realFetch(request);
    if (request.method === 'GET' && new URL(request.url).pathname.endsWith('/me/player')) await new Promise<void>((resolve) => answers.push(resolve));
    return response;
  });
  return answers;
}

/**
 * Holds the site's requests that `matches` picks (method and URL) until the test
 * releases them, oldest first, and records each one's body and how many were on
 * the wire at once. Every other request goes straight to the sandbox; the bodies
 * of its plays are recorded too.
 */
function holdRequests(matches: (method: string, url: string) => boolean) {
  const realFetch = globalThis.fetch;
  const gates: (() => void)[] = [];
  const sent: string[] = [];
  const plays: string[] = [];
  const asked: string[] = [];
  let onWire = 0;
  let mostOnWire = 0;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    asked.push(`${request.method} ${new URL(request.url).pathname}`);
    if (isPlay(request.method, request.url)) plays.push(await request.clone().text());
    if (!matches(request.method, request.url)) return realFetch(request);
    sent.push(await request.clone().text());
    mostOnWire = Math.max(mostOnWire, ++onWire);
    await new Promise<void>((resolve) => gates.push(resolve));
    try {
      return await realFetch(request);
    } finally {
      onWire--;
    }
  });
  return {
    /** The bodies of the held requests, in the order the site sent them. */
    sent,
    /** The bodies of every PUT me/player/play, held or not. */
    plays,
    /** Every request the site made, as method and path. */
    asked,
    held: () => gates.length,
    mostOnWire: () => mostOnWire,
    /** Lets the oldest held request go on to the sandbox. */
    release: () => gates.shift()!(),
  };
}

const offsetOf = (body: string) => (JSON.parse(body) as { offset: { position: number } }).offset.position;


const playing = (track: Track): Playback => ({
  item: track, progressMs: 0, isPlaying: true, repeatState: 'off', shuffleState: false, device: null, contextUri: null,
  disallows: { skippingPrev: false, skippingNext: false, pausing: false, resuming: false, seeking: false, togglingShuffle: false, togglingRepeatContext: false, togglingRepeatTrack: false },
});

beforeAll(async () => {
  setPlayerClock(clock);
  ({ running } = await startSignedIn());
  tracks = (await search('a', ['track'])).tracks.items.slice(0, 3);
}, 120_000);

afterAll(async () => {
  setPlayerClock(null);
  device?.close();
  await running?.stop();
});

beforeEach(() => {
  resetPlayer();
  closePremiumPrompt();
});

afterEach(() => {
  setPlaybackActivator(null);
  vi.restoreAllMocks();
});

describe('player rules (SPEC §4, §5)', () => {
  it("a click without a stored device id resets the player, opens the premium prompt and fails with 'Device is not available' (logged, never rejected)", async () => {
    localStorage.removeItem('DEVICE_ID');
    $player.set({ ...$player.get(), visible: true, currentPlayingTrack: tracks[0]! });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(playFromList(tracks, 1)).resolves.toBeUndefined();
    expect($ui.get().openDialogPremiumRequired).toBe(true);
    expect(warn).toHaveBeenCalledWith('Device is not available');
    expect($player.get()).toMatchObject({ visible: false, currentPlayingTrack: null });
  });

  it('the progress timer ticks every 1000 ms in whole seconds, wraps to 0 past the duration, and dragging sets it', () => {
    const stop = $player.listen(() => undefined); // the timer runs while something shows the player
    $player.set({ ...$player.get(), currentPlayingTrack: { ...tracks[0]!, durationMs: 3_500 }, playback: null });
    clock.advance(1000);
    expect($player.get().progressSeconds).toBe(0); // nothing plays
    $player.setKey('playback', playing(tracks[0]!));
    clock.advance(1000); // whatever the timer's phase, one tick per 1000 ms
    expect($player.get().progressSeconds).toBe(1);
    clock.advance(2000);
    expect($player.get().progressSeconds).toBe(3);
    clock.advance(1000);
    expect($player.get().progressSeconds).toBe(0);
    setProgressSeconds(2.4);
    expect($player.get().progressSeconds).toBe(2);
    setProgressSeconds(99);
    expect($player.get().progressSeconds).toBe(3);
    clock.advance(1000);
    expect($player.get().progressSeconds).toBe(0);
    stop();
  });

  it('no state from the SDK resets the player; a new track once loaded becomes current', () => {
    $player.set({ ...$player.get(), visible: true, currentPlayingTrack: tracks[0]! });
    applyDeviceState({ loading: true, paused: false, positionMs: 0, track: { ...tracks[0]!, id: 'other' } });
    expect($player.get().isPlaybackLoading).toBe(true);
    expect($player.get().currentPlayingTrack?.id).toBe(tracks[0]!.id);
    applyDeviceState(null);
    expect($player.get()).toMatchObject({ visible: false, currentPlayingTrack: null });
  });
});

describe("the SDK's device lost (not_ready)", () => {
  const on = (id: string) => ({ id, name: 'My Music', type: 'Computer', isActive: true, volumePercent: 50, isRestricted: false, supportsVolume: true });
  // The rest of the file's tests find the device as it was.
  let before: { device: PlayerState['device']; deviceId: string | null };
  beforeEach(() => {
    const { device, deviceId } = $player.get();
    before = { device, deviceId };
  });
  afterEach(() => $player.set({ ...$player.get(), ...before }));

  it('a playback on this tab\'s device shows paused at once: its sound stopped with the connection', () => {
    showDeviceReady('here');
    $player.set({ ...$player.get(), visible: true, currentPlayingTrack: tracks[0]!, playback: { ...playing(tracks[0]!), device: on('here') } });
    showDeviceLost();
    expect($player.get()).toMatchObject({ device: 'reconnecting', playback: { isPlaying: false, item: { id: tracks[0]!.id } } });
  });

  it('a playback on another device plays on: only this tab lost its connection', () => {
    showDeviceReady('here');
    $player.set({ ...$player.get(), visible: true, currentPlayingTrack: tracks[0]!, playback: { ...playing(tracks[0]!), device: on('elsewhere') } });
    showDeviceLost();
    expect($player.get()).toMatchObject({ device: 'reconnecting', playback: { isPlaying: true } });
  });
});

describe('player against a real sandbox device', () => {
  // Each test starts with this tab's device registered, whether or not the tests before it ran
  // (one run alone met "No active device"), and from what the provider says is playing now.
  beforeEach(async () => {
    if (!storedDeviceId()) await connectDevice();
    await refreshPlayback();
  });

  it('a list click activates the SDK first and plays the list as uris at the index; clicks while the request is on the wire start none beside it, and the latest is sent once it answers', async () => {
    let activations = 0;
    setPlaybackActivator(() => activations++);
    const wire = holdRequests(isPlay);
    const first = playFromList(tracks, 0);
    expect(activations).toBe(1); // synchronously, inside the click
    expect($player.get()).toMatchObject({ visible: true, isPlaybackLoading: true });
    await vi.waitFor(() => expect(wire.held()).toBe(1));
    const again = playFromList(tracks, 0); // the same click again (a double click): the same play
    const other = playFromList(tracks, 1);
    const latest = playFromList(tracks, 2); // the user changed their mind twice: this one wins
    expect(activations).toBe(4);
    expect($player.get().currentPlayingTrack?.id).toBe(tracks[2]!.id);
    expect(wire.sent.map(offsetOf)).toEqual([0]);
    wire.release();
    await vi.waitFor(() => expect(wire.held()).toBe(1)); // the provider answered the first: now the latest goes
    expect(wire.sent.map(offsetOf)).toEqual([0, 2]);
    expect((await providerPlayback())?.item.id).toBe(tracks[0]!.id);
    wire.release();
    await Promise.all([first, again, other, latest]);
    expect(wire.sent.map(offsetOf)).toEqual([0, 2]);
    expect(wire.mostOnWire()).toBe(1);
    expect((JSON.parse(wire.sent[0]!) as { uris: string[] }).uris).toEqual(tracks.map((track) => track.uri));
    expect((await providerPlayback())?.item.id).toBe(tracks[2]!.id);
    expect($player.get()).toMatchObject({ visible: true, isPlaybackLoading: false });
    expect($player.get().playback?.item?.id).toBe(tracks[2]!.id);
  });

  it('a click once the provider answered is a new play, even while the playback is still being read', async () => {
    const reads = holdRequests((method, url) => method === 'GET' && new URL(url).pathname.endsWith('/me/player'));
    const first = playFromList(tracks, 0);
    await vi.waitFor(() => expect(reads.held()).toBe(1)); // the PUT answered; GET me/player is held
    const second = playFromList(tracks, 1);
    await vi.waitFor(() => expect(reads.held()).toBe(2)); // its own PUT went and answered too
    expect(reads.plays.map(offsetOf)).toEqual([0, 1]);
    expect((await providerPlayback())?.item.id).toBe(tracks[1]!.id);
    reads.release(); // the first reading answers late, with the first track: stale, dropped
    await first;
    expect($player.get().currentPlayingTrack?.id).toBe(tracks[1]!.id);
    reads.release();
    await second;
    expect($player.get().playback?.item?.id).toBe(tracks[1]!.id);
  });

  it('two readings of the playback that cross on the wire: the one asked last is kept, the older answer arriving after it is dropped', async () => {
    await playFromList(tracks, 0);
    expect($player.get().playback?.isPlaying).toBe(true);
    // Each reading reaches the provider at once; its answer is held until the test lets it go.
    const answers = holdPlaybackAnswers();
    const older = refreshPlayback(); // the provider says: playing
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    const paused = await testFetch(`${running.base}/v1/me/player/pause`, { method: 'PUT', headers: { Authorization: `Bearer ${$session.get()!.accessToken}` } });
    expect(paused.ok).toBe(true);
    const newer = refreshPlayback(); // the provider says: paused
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!();
    await newer;
    expect($player.get().playback?.isPlaying).toBe(false);
    answers[0]!();
    await older;
    expect($player.get().playback?.isPlaying).toBe(false);
  });

  it("an album's or playlist's row plays that list as its context, from the clicked row's track, at its start (a Change: SPEC §7 sends one uri)", async () => {
    const albumId = tracks[1]!.album!.id;
    const albumTracks = (await getAlbumTracks(albumId, 0, 20)).items;
    const album = `spotify:album:${albumId}`;
    const index = albumTracks.length > 1 ? 1 : 0;
    const wire = holdRequests(isPlay);
    const played = playFromList(albumTracks, index, album);
    await vi.waitFor(() => expect(wire.held()).toBe(1));
    const sent: unknown = JSON.parse(wire.sent[0]!);
    wire.release();
    await played;
    // The track's uri, whatever the provider counts in its positions (entries it cannot play).
    expect(sent).toEqual({ context_uri: album, offset: { uri: albumTracks[index]!.uri }, position_ms: 0 });
    const playback = await providerPlayback();
    expect(playback?.item.id).toBe(albumTracks[index]!.id);
    expect(playback?.context?.uri).toBe(album);
  });

  it("with no playback at the provider, Play on the last played track resumes it in the album it was played in, so Next goes on through it (a Change: SPEC §4 plays the track alone)", async () => {
    const albums = (await search('a', ['album'])).albums.items;
    const found = albums.find((album) => album.totalTracks >= 3)!;
    const albumTracks = (await getAlbumTracks(found.id, 0, 20)).items;
    const album = `spotify:album:${found.id}`;
    // The provider forgot the playback; catching up showed the last played track, the album's second.
    resetPlayer();
    showLastPlayed(albumTracks[1]!, album);
    const wire = holdRequests(() => false);
    await togglePlay();
    expect(wire.plays.map((body) => JSON.parse(body) as unknown)).toEqual([{ context_uri: album, offset: { uri: albumTracks[1]!.uri }, position_ms: 0 }]);
    const playback = await providerPlayback();
    expect(playback?.item.id).toBe(albumTracks[1]!.id);
    expect(playback?.context?.uri).toBe(album);
    expect($player.get().playback).toMatchObject({ isPlaying: true, item: { id: albumTracks[1]!.id }, disallows: { skippingNext: false } });
    await nextTrack();
    expect((await providerPlayback())?.item.id).toBe(albumTracks[2]!.id);
  });

  it('a last played context the provider refuses (a playlist deleted since, the track no longer in the album) plays the track alone, with nothing shown of the refusal', async () => {
    const otherAlbum = `spotify:album:${tracks[0]!.album!.id}`;
    const notInIt = tracks.find((track) => track.album?.id !== tracks[0]!.album!.id)!;
    for (const contextUri of ['spotify:playlist:gone', otherAlbum]) {
      resetPlayer();
      $toasts.set([]);
      showLastPlayed(notInIt, contextUri);
      const wire = holdRequests(() => false);
      await togglePlay();
      expect(wire.plays.map((body) => JSON.parse(body) as unknown), contextUri).toEqual([
        { context_uri: contextUri, offset: { uri: notInIt.uri }, position_ms: 0 },
        { uris: [notInIt.uri], position_ms: 0 },
      ]);
      expect((await providerPlayback())?.item.id).toBe(notInIt.id);
      expect($player.get()).toMatchObject({ visible: true, isPlaybackLoading: false, playback: { isPlaying: true, item: { id: notInIt.id } } });
      expect($toasts.get()).toEqual([]);
      vi.restoreAllMocks();
    }
  });

  it("a playlist holding a track twice plays the copy clicked, and marks that copy alone while it plays", async () => {
    const [a, b, c] = tracks as [Track, Track, Track];
    const made = await createPlaylist('Twice the same');
    await addPlaylistItems(made.id, [a.uri, b.uri, a.uri, c.uri]);
    const page = await getPlaylistTracks(made.id);
    if ('unavailable' in page) throw new Error('the own playlist is readable');
    const rows = page.items.map((entry) => entry.track);
    expect(rows.map((row) => row.id)).toEqual([a.id, b.id, a.id, c.id]);
    const plays = holdRequests(() => false).plays;
    await playFromList(rows, 2, made.uri);
    expect(JSON.parse(plays[0]!)).toEqual({ context_uri: made.uri, offset: { position: 2 }, position_ms: 0 });
    expect((await providerPlayback())?.item.id).toBe(a.id);
    expect([...$copiesNotPlaying.get()]).toEqual([rows[0]]);
    // A click on the other copy is a play of its own, not the paused copy resumed.
    await togglePlay();
    await playFromList(rows, 0, made.uri);
    expect(JSON.parse(plays.at(-1)!)).toMatchObject({ offset: { position: 0 } });
    expect([...$copiesNotPlaying.get()]).toEqual([rows[2]]);
    // The third row plays: Next goes on to the fourth, not to the second.
    await playFromList(rows, 2, made.uri);
    expect((await testFetch(`${running.base}/v1/me/player/next`, { method: 'POST', headers: { Authorization: `Bearer ${$session.get()!.accessToken}` } })).ok).toBe(true);
    expect((await providerPlayback())?.item.id).toBe(c.id);
    // Once another track plays, which copy comes back is not known: every copy is marked again.
    await refreshPlayback();
    expect($playingTrackId.get()).toBe(c.id);
    expect($copiesNotPlaying.get().size).toBe(0);
  });

  it('after a reload, a click on a copy of the paused track the playlist holds twice starts that copy: which copy plays is not known', async () => {
    const [a, b] = tracks as [Track, Track];
    const made = await createPlaylist('Twice, then reloaded');
    await addPlaylistItems(made.id, [a.uri, b.uri, a.uri]);
    const rowsOf = async () => {
      const page = await getPlaylistTracks(made.id);
      if ('unavailable' in page) throw new Error('the own playlist is readable');
      return page.items.map((entry) => entry.track);
    };
    await playFromList(await rowsOf(), 2, made.uri);
    await pausePlayback();
    // The page loaded again: its rows are new, and none of them is the copy this tab started.
    const rows = await rowsOf();
    const plays = holdRequests(() => false).plays;
    await playFromList(rows, 0, made.uri);
    expect(plays.map((body) => JSON.parse(body) as unknown)).toEqual([{ context_uri: made.uri, offset: { position: 0 }, position_ms: 0 }]);
    expect(await providerPlayback()).toMatchObject({ is_playing: true, item: { id: a.id }, context: { uri: made.uri } });
    // That copy is the one known to play now: the other is not marked, and a click on it paused resumes it.
    expect([...$copiesNotPlaying.get()]).toEqual([rows[2]]);
    await pausePlayback();
    await playFromList(rows, 0, made.uri);
    expect(JSON.parse(plays.at(-1)!)).not.toHaveProperty('offset');
  });

  it('a track the list holds twice, come back to through Next: no copy is marked, and a click on either starts it', async () => {
    const [a, b] = tracks as [Track, Track];
    const made = await createPlaylist('Round and back');
    await addPlaylistItems(made.id, [a.uri, b.uri, a.uri]);
    const page = await getPlaylistTracks(made.id);
    if ('unavailable' in page) throw new Error('the own playlist is readable');
    const rows = page.items.map((entry) => entry.track);
    await playFromList(rows, 0, made.uri);
    expect([...$copiesNotPlaying.get()]).toEqual([rows[2]]);
    for (const id of [b.id, a.id]) {
      await nextTrack();
      expect($playingTrackId.get()).toBe(id);
    }
    expect(new Set($copiesNotPlaying.get())).toEqual(new Set([rows[0], rows[2]]));
    await pausePlayback();
    const plays = holdRequests(() => false).plays;
    await playFromList(rows, 0, made.uri);
    expect(JSON.parse(plays[0]!)).toEqual({ context_uri: made.uri, offset: { position: 0 }, position_ms: 0 });
    expect([...$copiesNotPlaying.get()]).toEqual([rows[2]]);
  });

  it("a playlist's row plays from its place among the entries that can play: the provider's context skips the others, as the list does", async () => {
    const found = (await search('Odd Ones Out', ['playlist'])).playlists.items.find((playlist) => playlist.name === 'Odd Ones Out')!;
    const page = await getPlaylistTracks(found.id);
    if ('unavailable' in page) throw new Error('a public playlist is readable');
    // The sandbox's playlist holds a null track and a nameless one at positions 1 and 2.
    expect(page.items[1]!.position).toBe(3);
    await playFromList(page.items.map((entry) => entry.track), 1, found.uri);
    expect((await providerPlayback())?.item.id).toBe(page.items[1]!.track.id);
  });

  it('plays a track on the stored device and shows it as the current playback', async () => {
    await playFromList(tracks, 0);
    const state = $player.get();
    expect(state).toMatchObject({ visible: true, isPlaybackLoading: false });
    expect(state.playback?.item?.id).toBe(tracks[0]!.id);
    expect(state.playback?.isPlaying).toBe(true);
  });

  it('repeat cycles off, context, track, off; shuffle toggles; pause and resume', async () => {
    const seen: string[] = [];
    for (let step = 0; step < 3; step++) {
      await cycleRepeat();
      seen.push($player.get().playback!.repeatState);
    }
    expect(seen).toEqual(['context', 'track', 'off']);
    await toggleShuffle();
    expect($player.get().playback?.shuffleState).toBe(true);
    await toggleShuffle();
    await togglePlay();
    expect($player.get().playback?.isPlaying).toBe(false);
    expect((await providerPlayback())?.is_playing).toBe(false);
    await togglePlay();
    expect($player.get().playback?.isPlaying).toBe(true);
    expect($player.get().currentPlayingTrack?.id).toBe(tracks[0]!.id);
  });

  it('a pause on its way shows the card pausing (the middle button busy), and a second press sends no second pause', async () => {
    await playFromList(tracks, 0);
    const pauses = holdRequests((method, url) => method === 'PUT' && new URL(url).pathname.endsWith('/me/player/pause'));
    const first = togglePlay();
    await vi.waitFor(() => expect(pauses.held()).toBe(1));
    expect(isPlayPauseBusy($player.get())).toBe(true);
    // Still playing until the provider answers: a second press (the button still says Pause) is the same pause.
    const second = togglePlay();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pauses.sent).toHaveLength(1);
    pauses.release();
    await Promise.all([first, second]);
    expect(pauses.sent).toHaveLength(1);
    expect(isPlayPauseBusy($player.get())).toBe(false);
    expect($player.get().playback?.isPlaying).toBe(false);
    expect((await providerPlayback())?.is_playing).toBe(false);
  });

  it("a resume right after the SDK brought the list's next track resumes the list, not that track alone", async () => {
    await playFromList(tracks, 0);
    const auth = { Authorization: `Bearer ${$session.get()!.accessToken}` };
    // The card's reading of the playback is slow to come; the SDK's word on the new track is not.
    const reads = holdRequests((method, url) => method === 'GET' && new URL(url).pathname.endsWith('/me/player'));
    expect((await testFetch(`${running.base}/v1/me/player/next`, { method: 'POST', headers: auth })).ok).toBe(true);
    applyDeviceState({ loading: false, paused: false, positionMs: 0, track: tracks[1]! });
    expect($player.get().currentPlayingTrack?.id).toBe(tracks[1]!.id);
    await togglePlay(); // pause
    const resumed = togglePlay();
    await vi.waitFor(() => expect(reads.plays).toHaveLength(1));
    // Only the position: the provider keeps the three tracks, so Next still goes on through them.
    expect(JSON.parse(reads.plays[0]!)).toEqual({ position_ms: 0 });
    while (reads.held() > 0) reads.release();
    await resumed;
    while (reads.held() > 0) reads.release();
    expect((await testFetch(`${running.base}/v1/me/player/next`, { method: 'POST', headers: auth })).ok).toBe(true);
    expect((await providerPlayback())?.item.id).toBe(tracks[2]!.id);
  });

  it('releasing the progress bar seeks the provider to that second', async () => {
    await seekToSecond(42);
    expect($player.get().progressSeconds).toBe(42);
    expect((await providerPlayback())?.progress_ms).toBeGreaterThanOrEqual(42_000);
  });

  it('a burst of volume steps: each cancels the one before, silently (no toast, no second reading of the playback), and the provider keeps the last', async () => {
    const auth = { Authorization: `Bearer ${$session.get()!.accessToken}` };
    const volumeOf = async () => ((await (await testFetch(`${running.base}/v1/me/player`, { headers: auth })).json()) as { device: { volume_percent: number } }).device.volume_percent;
    await changeVolume(50 - $player.get().volumePercent);
    expect(await volumeOf()).toBe(50);
    $toasts.set([]);
    const wire = holdRequests((method, url) => method === 'PUT' && new URL(url).pathname.endsWith('/me/player/volume'));
    const first = changeVolume(-10);
    await vi.waitFor(() => expect(wire.held()).toBe(1));
    const second = changeVolume(-10);
    await vi.waitFor(() => expect(wire.held()).toBe(2));
    wire.release(); // the first, cancelled while held: it never reaches the provider
    await first;
    expect(await volumeOf()).toBe(50);
    wire.release();
    await second;
    expect(wire.sent).toHaveLength(2);
    expect(await volumeOf()).toBe(30);
    expect($player.get().volumePercent).toBe(30);
    expect(wire.asked.filter((call) => call.startsWith('GET '))).toEqual([]);
    expect($toasts.get()).toEqual([]);
  });

  it("a 5xx on a command shows the catalogue's toast and the card follows GET me/player again", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const before = $player.get().playback?.item?.id;
    await addFault(running.url, { match: { method: 'POST', path: '^/v1/me/player/next$' }, status: 503, body: { error: { status: 503, message: 'Service busy' } }, times: 1 });
    $player.setKey('playback', { ...$player.get().playback!, isPlaying: false }); // the card drifted
    await nextTrack();
    expect($toasts.get().map((toast) => toast.message)).toContain('Service busy');
    expect($player.get().playback?.item?.id).toBe(before);
    expect($player.get().playback?.isPlaying).toBe((await providerPlayback())?.is_playing);
  });

  it('the like heart likes the current track and reloads the playback', async () => {
    const id = $player.get().currentPlayingTrack!.id;
    const before = $likedTracks.get()[id] === true;
    await likeCurrentTrack();
    expect($likedTracks.get()[id]).toBe(!before);
  });

  it('a premium-only refusal over the paused card opens the premium prompt; the card stays with the paused track', async () => {
    await playFromList(tracks, 0);
    await pausePlayback();
    await addFault(running.url, { match: { method: 'PUT', path: '^/v1/me/player/play$' }, status: 403, body: { error: { status: 403, message: 'Premium required', reason: 'PREMIUM_REQUIRED' } }, times: 1 });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await playFromList(tracks, 1);
    // An expected refusal, which the prompt answers: a warning of one line, no error.
    expect(warn).toHaveBeenCalledWith('Could not start playback: PREMIUM_REQUIRED');
    expect(error).not.toHaveBeenCalled();
    expect($player.get()).toMatchObject({ visible: true, isPlaybackLoading: false, currentPlayingTrack: { id: tracks[0]!.id }, playback: { isPlaying: false } });
    expect($ui.get().openDialogPremiumRequired).toBe(true);
  });

  it('a refused resume (Play on the paused card) keeps the card with the paused track, and Play again resumes it', async () => {
    await playFromList(tracks, 0);
    await pausePlayback();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (const refusal of [
      { status: 503, body: { error: { status: 503, message: 'Player is resting' } } },
      { status: 429, headers: { 'Retry-After': '3' }, body: { error: { status: 429 } } },
    ]) {
      await addFault(running.url, { match: { method: 'PUT', path: '^/v1/me/player/play$' }, ...refusal, times: 1 });
      await togglePlay();
      expect($player.get(), String(refusal.status)).toMatchObject({ visible: true, isPlaybackLoading: false, currentPlayingTrack: { id: tracks[0]!.id }, playback: { isPlaying: false, item: { id: tracks[0]!.id } } });
    }
    await togglePlay();
    expect((await providerPlayback())).toMatchObject({ is_playing: true, item: { id: tracks[0]!.id } });
    expect($player.get()).toMatchObject({ visible: true, playback: { isPlaying: true } });
  });

  it('a refused first play, from an empty player, hides the card again (SPEC §4)', async () => {
    await playFromList(tracks, 0);
    await pausePlayback();
    resetPlayer();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await addFault(running.url, { match: { method: 'PUT', path: '^/v1/me/player/play$' }, status: 503, body: { error: { status: 503, message: 'Player is resting' } }, times: 1 });
    const played = playFromList(tracks, 1);
    expect($player.get()).toMatchObject({ visible: true, currentPlayingTrack: { id: tracks[1]!.id } }); // shown loading at once
    await played;
    // The reading after the failure brings the provider's paused track back, on the card still hidden.
    expect($player.get()).toMatchObject({ visible: false, isPlaybackLoading: false });
  });

  it('a failed play while a track plays: that track stays the current one, playing, and its card stays (the clicked track never played)', async () => {
    await playFromList(tracks, 0);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await addFault(running.url, { match: { method: 'PUT', path: '^/v1/me/player/play$' }, status: 503, body: { error: { status: 503, message: 'Service busy' } }, times: 1 });
    const played = playFromList(tracks, 1);
    expect($player.get().currentPlayingTrack?.id).toBe(tracks[1]!.id); // shown loading at once
    await played;
    expect((await providerPlayback())?.item.id).toBe(tracks[0]!.id);
    expect($player.get()).toMatchObject({ visible: true, isPlaybackLoading: false, currentPlayingTrack: { id: tracks[0]!.id }, playback: { isPlaying: true, item: { id: tracks[0]!.id } } });
    // Every list marks the track that plays, not the one clicked.
    expect($playingTrackId.get()).toBe(tracks[0]!.id);
  });

  it('a click that failed after an earlier click of the same round was taken: the card shows the earlier one, which plays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const wire = holdRequests(isPlay);
    const first = playFromList(tracks, 1);
    await vi.waitFor(() => expect(wire.held()).toBe(1));
    const second = playFromList(tracks, 2);
    wire.release(); // the provider takes the first
    await vi.waitFor(() => expect(wire.held()).toBe(1)); // the second is on the wire
    await addFault(running.url, { match: { method: 'PUT', path: '^/v1/me/player/play$' }, status: 503, body: { error: { status: 503, message: 'Service busy' } }, times: 1 });
    wire.release();
    await Promise.all([first, second]);
    expect((await providerPlayback())?.item.id).toBe(tracks[1]!.id);
    expect($player.get()).toMatchObject({ visible: true, isPlaybackLoading: false, currentPlayingTrack: { id: tracks[1]!.id }, playback: { item: { id: tracks[1]!.id } } });
  });

  it("closing a card with nothing playing sends no pause; a free account's close opens no premium prompt, even when its pause is refused", async () => {
    // The guest's paused card: nothing to pause.
    await playFromList(tracks, 0);
    await pausePlayback();
    let wire = holdRequests(() => false);
    let closing = closePlayer();
    await vi.waitFor(() => expect(clock.waiting()).toBe(1));
    clock.advance(800);
    await closing;
    expect(wire.asked).not.toContain('PUT /v1/me/player/pause');
    expect($player.get()).toMatchObject({ visible: false, dismissed: true });
    vi.restoreAllMocks();
    // The free account: its card shows its last played track, and the provider refuses it every command.
    const guest = $session.get();
    const free = await signInToProvider(running.url, undefined, { email: FREE_EMAIL, password: 'free' });
    $session.set({ accessToken: free.access_token, expiresAt: null, renewAt: null });
    try {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      resetPlayer();
      showLastPlayed(tracks[1]!);
      wire = holdRequests(() => false);
      closing = closePlayer();
      await vi.waitFor(() => expect(clock.waiting()).toBe(1));
      clock.advance(800);
      await closing;
      expect(wire.asked).not.toContain('PUT /v1/me/player/pause');
      expect($ui.get().openDialogPremiumRequired).toBe(false);
      // Its music on a phone, as the card last read it: the pause is asked, refused PREMIUM_REQUIRED, and says nothing.
      showLastPlayed(tracks[1]!);
      $player.setKey('playback', playing(tracks[1]!));
      closing = closePlayer();
      await vi.waitFor(() => expect(clock.waiting()).toBe(1));
      expect(wire.asked).toContain('PUT /v1/me/player/pause');
      clock.advance(800);
      await closing;
      expect($ui.get().openDialogPremiumRequired).toBe(false);
      expect($player.get()).toMatchObject({ visible: false, dismissed: true });
    } finally {
      $session.set(guest);
    }
  });

  it('a track clicked within 800 ms of closing the card plays on with its card: the close does not reset it', async () => {
    await playFromList(tracks, 0);
    const closing = closePlayer();
    await vi.waitFor(() => expect(clock.waiting()).toBe(1)); // paused; the reset waits
    await playFromList(tracks, 1);
    clock.advance(800);
    await closing;
    expect($player.get()).toMatchObject({ visible: true, dismissed: false, currentPlayingTrack: { id: tracks[1]!.id }, playback: { isPlaying: true, item: { id: tracks[1]!.id } } });
    expect((await providerPlayback())?.item.id).toBe(tracks[1]!.id);
  });

  it('repeat pressed twice quickly reaches repeat one, shuffle on then off quickly ends off: each press steps from the last, shows at once, and the newest wins', async () => {
    const auth = { Authorization: `Bearer ${$session.get()!.accessToken}` };
    await playFromList(tracks, 0);
    await testFetch(`${running.base}/v1/me/player/repeat?state=off`, { method: 'PUT', headers: auth });
    await testFetch(`${running.base}/v1/me/player/shuffle?state=false`, { method: 'PUT', headers: auth });
    await refreshPlayback();
    const modes = async () => {
      const playback = (await (await testFetch(`${running.base}/v1/me/player`, { headers: auth })).json()) as { repeat_state: string; shuffle_state: boolean };
      return [playback.repeat_state, playback.shuffle_state];
    };
    const wire = holdRequests((method, url) => method === 'PUT' && /\/me\/player\/(repeat|shuffle)$/.test(new URL(url).pathname));
    const repeats = [cycleRepeat()];
    expect($player.get().playback?.repeatState).toBe('context');
    repeats.push(cycleRepeat());
    expect($player.get().playback?.repeatState).toBe('track');
    const shuffles = [toggleShuffle()];
    expect($player.get().playback?.shuffleState).toBe(true);
    shuffles.push(toggleShuffle());
    expect($player.get().playback?.shuffleState).toBe(false);
    // The newest of each on the wire (an earlier press the newer one cancelled may never get there).
    await vi.waitFor(() => expect(wire.held()).toBeGreaterThanOrEqual(2));
    // A reading answered before the presses are: the card still shows them as pressed.
    await refreshPlayback();
    expect($player.get().playback).toMatchObject({ repeatState: 'track', shuffleState: false });
    let answered = false;
    void Promise.all([...repeats, ...shuffles]).then(() => (answered = true));
    await vi.waitFor(() => {
      while (wire.held() > 0) wire.release();
      expect(answered).toBe(true);
    });
    expect(await modes()).toEqual(['track', false]);
    expect($player.get().playback).toMatchObject({ repeatState: 'track', shuffleState: false });
    await testFetch(`${running.base}/v1/me/player/repeat?state=off`, { method: 'PUT', headers: auth });
  });

  it("a shuffle pressed and not answered yet stays pressed through an SDK state that predates it; one the provider took is read again", async () => {
    const auth = { Authorization: `Bearer ${$session.get()!.accessToken}` };
    await playFromList(tracks, 0);
    await testFetch(`${running.base}/v1/me/player/shuffle?state=false`, { method: 'PUT', headers: auth });
    await refreshPlayback();
    const wire = holdRequests((method, url) => method === 'PUT' && new URL(url).pathname.endsWith('/me/player/shuffle'));
    const pressed = toggleShuffle();
    await vi.waitFor(() => expect(wire.held()).toBe(1));
    applyDeviceState({ loading: false, paused: false, positionMs: 1_000, track: tracks[0]!, modes: { shuffleState: false, repeatState: 'off' } });
    expect($player.get().playback?.shuffleState).toBe(true);
    wire.release();
    await pressed;
    // Taken: the playback was read again after it (the provider's own word, and what Next may do).
    expect(wire.asked.filter((call) => call === 'GET /v1/me/player').length).toBeGreaterThanOrEqual(1);
    expect($player.get().playback?.shuffleState).toBe(true);
    await testFetch(`${running.base}/v1/me/player/shuffle?state=false`, { method: 'PUT', headers: auth });
  });

  it('a seek and a volume change drop a reading of the playback asked before them: its late answer does not put the bar or the volume back', async () => {
    await playFromList(tracks, 0);
    await changeVolume(50 - $player.get().volumePercent);
    const answers = holdPlaybackAnswers();
    const beforeSeek = refreshPlayback(); // the provider says: at 0:00
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    await seekToSecond(42);
    answers[0]!();
    await beforeSeek;
    expect($player.get().progressSeconds).toBe(42);
    const beforeVolume = refreshPlayback(); // the provider says: 50 %
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    await changeVolume(-20);
    answers[1]!();
    await beforeVolume;
    expect($player.get().volumePercent).toBe(30);
  });

  it('a volume change on the wire: a reading asked meanwhile and answered before the provider took it shows the volume as pressed, and the next step goes on from there', async () => {
    // Shift+Down then Shift+Up said 40 % then 60 %: a reading between them put back the 50 % the provider still had.
    await playFromList(tracks, 0);
    await changeVolume(50 - $player.get().volumePercent);
    const wire = holdRequests((method, url) => method === 'PUT' && new URL(url).pathname.endsWith('/me/player/volume'));
    const lower = changeVolume(-10);
    await vi.waitFor(() => expect(wire.held()).toBe(1));
    expect(await refreshPlayback()).toBe('shown'); // the provider still says 50 %
    expect($player.get().volumePercent).toBe(40);
    wire.release();
    await lower;
    const higher = changeVolume(10);
    expect($player.get().volumePercent).toBe(50);
    await vi.waitFor(() => expect(wire.held()).toBe(1));
    wire.release();
    await higher;
    await refreshPlayback();
    expect($player.get().volumePercent).toBe(50);
  });

  it('closing pauses, and resets 800 ms after the click, while a slow pause is still on its way', async () => {
    await playFromList(tracks, 0);
    const wire = holdRequests((method, url) => method === 'PUT' && new URL(url).pathname === '/v1/me/player/pause');
    const closing = closePlayer();
    // The 800 ms start with the click: the pause is asked meanwhile, and held on the wire.
    await vi.waitFor(() => expect(clock.waiting()).toBe(1));
    await vi.waitFor(() => expect(wire.held()).toBe(1));
    clock.advance(799);
    expect($player.get().visible).toBe(true);
    clock.advance(1);
    await vi.waitFor(() => expect($player.get()).toMatchObject({ visible: false, currentPlayingTrack: null, dismissed: true }));
    // The pause then arrives; the card stays closed.
    wire.release();
    await closing;
    expect((await providerPlayback())?.is_playing).toBe(false);
    expect($player.get()).toMatchObject({ visible: false, dismissed: true });
    vi.restoreAllMocks();
  });
});
