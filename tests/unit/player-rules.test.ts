import { describe, expect, it } from 'vitest';
import type { Device, Playback, PlaybackDisallows, Track } from '../../src/api/types';
import { playerStatus } from '../../src/islands/player/player-status';
import {
  beforePlayOf,
  controlsAllowed,
  copiesNotPlaying,
  idsHeldTwice,
  isCopyKnownPlaying,
  devicesAsPlaying,
  initialPlayer,
  isSounding,
  modesNow,
  withPressed,
  nextRepeat,
  playingMarkOf,
  playingMarkOfFound,
  playPressOf,
  resumePositionMs,
  resumesFromRow,
  withAccountError,
  withDeviceLost,
  withDeviceReport,
  withLastPlayed,
  withPausedAt,
  withPlaybackChange,
  withPlaybackGone,
  withPlaybackRead,
  withPlayFailed,
  withPlayingNow,
  withPlayRequested,
  withProgress,
  withTick,
  withVolumeChange,
  type PlayerState,
} from '../../src/stores/player-rules';

// The card's rules alone, no store and no provider (tests/unit/player-store.test.ts runs them against the sandbox).

const track = (id: string, durationMs = 3_500): Track => ({ id, name: `Track ${id}`, uri: `spotify:track:${id}`, durationMs, artists: [], album: null });

const device = (id: string) => ({ id, name: 'My Music', type: 'Computer', isActive: true, volumePercent: 70, isRestricted: false, supportsVolume: true });

const playback = (item: Track, change: Partial<Playback> = {}): Playback => ({
  item,
  progressMs: 0,
  isPlaying: true,
  repeatState: 'off',
  shuffleState: false,
  device: null,
  contextUri: null,
  disallows: { skippingPrev: false, skippingNext: false, pausing: false, resuming: false, seeking: false, togglingShuffle: false, togglingRepeatContext: false, togglingRepeatTrack: false },
  ...change,
});

const showing = (change: Partial<PlayerState> = {}): PlayerState => ({ ...initialPlayer('ready', 50, 'here'), visible: true, ...change });

describe("a row's click on the card's own track", () => {
  const paused = (change: Partial<Playback> = {}) => showing({ currentPlayingTrack: track('a'), playback: playback(track('a'), { isPlaying: false, progressMs: 95_000, ...change }) });

  it('resumes it when paused (its button says "paused"), in the same album or playlist, or from a list of uris', () => {
    expect(resumesFromRow(paused({ contextUri: 'spotify:album:x' }), 'a', 'spotify:album:x')).toBe(true);
    expect(resumesFromRow(paused(), 'a')).toBe(true);
  });

  it('starts it afresh when it plays, in another album or playlist, or when it is another track', () => {
    expect(resumesFromRow(paused({ isPlaying: true }), 'a')).toBe(false);
    expect(resumesFromRow(paused({ contextUri: 'spotify:album:x' }), 'a', 'spotify:playlist:y')).toBe(false);
    expect(resumesFromRow(paused(), 'b')).toBe(false);
    expect(resumesFromRow(showing({ currentPlayingTrack: track('a'), playback: null }), 'a')).toBe(false);
  });
});

describe('the copies of the playing track a list holds more than once', () => {
  const [a, b] = [track('a'), track('b')];
  const [first, second] = [{ ...a }, { ...a }];
  const rows = [first, b, second];

  it('marks the copy this tab started alone: the other is not playing', () => {
    const notPlaying = copiesNotPlaying(rows, 'a', first);
    expect(notPlaying).toHaveLength(1);
    expect(notPlaying[0]).toBe(second);
    expect(copiesNotPlaying(rows, 'a', second)[0]).toBe(first);
  });

  it('marks none when this tab does not know which copy plays (a reload, Next back to it): every copy is not known to play', () => {
    const notPlaying = copiesNotPlaying(rows, 'a', null);
    expect(notPlaying).toHaveLength(2);
    expect(notPlaying[0]).toBe(first);
    expect(notPlaying[1]).toBe(second);
    // The rows of a page loaded again are other objects than the row started.
    expect(copiesNotPlaying([{ ...a }, b, { ...a }], 'a', first)).toHaveLength(2);
  });

  it('tells the copies apart from the rows held once, and a copy known to play from one not known (after a reload: none)', () => {
    expect([...idsHeldTwice(rows)]).toEqual(['a']);
    expect(idsHeldTwice([a, b]).size).toBe(0);
    const started = new Set(copiesNotPlaying(rows, 'a', first));
    expect(isCopyKnownPlaying(started, first)).toBe(true);
    expect(isCopyKnownPlaying(started, second)).toBe(false);
    const unknown = new Set(copiesNotPlaying(rows, 'a', null));
    expect(isCopyKnownPlaying(unknown, first)).toBe(false);
    expect(isCopyKnownPlaying(unknown, second)).toBe(false);
    // Nothing known of this list at all (the set is empty after a reload): no copy is marked.
    expect(isCopyKnownPlaying(new Set<Track>(), first)).toBe(false);
  });

  it('leaves a track the list holds once, and a list without the playing track, as they are', () => {
    expect(copiesNotPlaying(rows, 'b', null)).toEqual([]);
    expect(copiesNotPlaying(rows, 'c', first)).toEqual([]);
    expect(copiesNotPlaying(rows, null, null)).toEqual([]);
  });
});

describe('the player card rules (SPEC §4, §9)', () => {
  it('starts hidden at volume 50 with no device, and keeps a device and volume it is given', () => {
    expect(initialPlayer()).toMatchObject({ visible: false, currentPlayingTrack: null, playback: null, device: 'offline', deviceId: null, volumePercent: 50 });
    expect(initialPlayer('ready', 30, 'here')).toMatchObject({ device: 'ready', deviceId: 'here', volumePercent: 30 });
  });

  it('is heard only when the provider plays and the browser let the sound start', () => {
    expect(isSounding({ playback: playback(track('a')), autoplayBlocked: false })).toBe(true);
    expect(isSounding({ playback: playback(track('a')), autoplayBlocked: true })).toBe(false);
    expect(isSounding({ playback: playback(track('a'), { isPlaying: false }), autoplayBlocked: false })).toBe(false);
    expect(isSounding({ playback: null, autoplayBlocked: false })).toBe(false);
  });

  it("takes a reading's track, second and volume; with nothing loaded it keeps its track and second", () => {
    const read = withPlaybackRead(showing(), playback(track('a'), { progressMs: 12_900, device: device('here') }), 0);
    expect(read).toMatchObject({ currentPlayingTrack: { id: 'a' }, progressSeconds: 12, volumePercent: 70 });
    const after = withPlaybackRead(read, null, 0);
    expect(after).toMatchObject({ playback: null, currentPlayingTrack: { id: 'a' }, progressSeconds: 12, volumePercent: 70 });
  });

  it("a lost device shows this tab's playback paused, another device's playing", () => {
    const here = withDeviceLost(showing({ playback: playback(track('a'), { device: device('here') }) }));
    expect(here.stoppedHere).toBe(true);
    expect(here.next).toMatchObject({ device: 'reconnecting', playback: { isPlaying: false } });
    const elsewhere = withDeviceLost(showing({ playback: playback(track('a'), { device: device('phone') }) }));
    expect(elsewhere.stoppedHere).toBe(false);
    expect(elsewhere.next).toMatchObject({ device: 'reconnecting', playback: { isPlaying: true } });
  });

  it("follows the SDK's report: loading copied, play state and second followed, a new track only once loaded", () => {
    const state = showing({ currentPlayingTrack: track('a'), playback: playback(track('a')) });
    const loading = withDeviceReport(state, { loading: true, paused: false, positionMs: 4_200, track: track('b') }, 0);
    expect(loading.newTrack).toBe(false);
    expect(loading.next).toMatchObject({ isPlaybackLoading: true, currentPlayingTrack: { id: 'a' }, progressSeconds: 4, playback: { progressMs: 4_200 } });
    const loaded = withDeviceReport(loading.next, { loading: false, paused: true, positionMs: 0, track: track('b') }, 0);
    expect(loaded.newTrack).toBe(true);
    // The playback's track follows too, before GET me/player says so (a resume then keeps the list).
    expect(loaded.next).toMatchObject({ isPlaybackLoading: false, currentPlayingTrack: { id: 'b' }, playback: { isPlaying: false, item: { id: 'b' } } });
    // Nothing to change: the same state, so the store tells no one.
    const idle = showing({ currentPlayingTrack: track('a') });
    expect(withDeviceReport(idle, { loading: false, paused: true, positionMs: 0, track: track('a') }, 0).next).toBe(idle);
  });

  it("takes shuffle, repeat and what is disallowed from the SDK's report when it carries them, and keeps the playback's when it does not", () => {
    const state = showing({ currentPlayingTrack: track('a'), playback: playback(track('a'), { disallows: { skippingPrev: false, skippingNext: true, pausing: false, resuming: true, seeking: false, togglingShuffle: false, togglingRepeatContext: false, togglingRepeatTrack: false } }) });
    const disallows = { skippingPrev: true, skippingNext: false, pausing: false, resuming: true, seeking: false, togglingShuffle: false, togglingRepeatContext: false, togglingRepeatTrack: false };
    const report = { loading: false, paused: false, positionMs: 1_000, track: track('a') };
    expect(withDeviceReport(state, { ...report, modes: { shuffleState: true, repeatState: 'context', disallows } }, 0).next.playback).toMatchObject({ shuffleState: true, repeatState: 'context', disallows });
    expect(withDeviceReport(state, report, 0).next.playback).toMatchObject({ shuffleState: false, repeatState: 'off', disallows: { skippingNext: true } });
  });

  it("the SDK's null state, once the provider answered: a playback another device holds or left stays; none, or one still said to be here, resets the card", () => {
    const away = (change: Partial<Playback> | null) => showing({ currentPlayingTrack: track('a'), progressSeconds: 2, volumePercent: 30, deviceId: 'here', playback: change && playback(track('a'), change) });
    const elsewhere = away({ device: { ...device('phone'), name: 'Phone' } });
    expect(withPlaybackGone(elsewhere, 'here')).toBe(elsewhere);
    const left = away({ isPlaying: false, device: { ...device('old-tab'), isActive: false } });
    expect(withPlaybackGone(left, 'here')).toBe(left);
    for (const gone of [away(null), away({ item: null }), away({ device: device('here') })]) {
      expect(withPlaybackGone(gone, 'here')).toEqual({ ...initialPlayer('ready', 30, 'here') });
    }
  });

  it("an account error (a free account's SDK) resets what this device held and keeps the provider's word on the account", () => {
    // The last played track the page found, paused at its start: kept, so nothing is read again for it.
    const lastPlayed = showing({ currentPlayingTrack: track('a'), playback: null, progressSeconds: 0, autoplayBlocked: true });
    expect(withAccountError(lastPlayed, 'here')).toEqual({ ...lastPlayed, autoplayBlocked: false });
    const away = (change: Partial<Playback>) => showing({ currentPlayingTrack: track('a'), progressSeconds: 2, volumePercent: 30, deviceId: 'here', playback: playback(track('a'), change) });
    const elsewhere = away({ device: { ...device('phone'), name: 'Phone' } });
    expect(withAccountError(elsewhere, 'here')).toBe(elsewhere);
    const left = away({ isPlaying: false, device: { ...device('old-tab'), isActive: false } });
    expect(withAccountError(left, 'here')).toBe(left);
    // This device's playback, or a play on its way here: SPEC §4's reset.
    expect(withAccountError(away({ device: device('here') }), 'here')).toEqual(initialPlayer('ready', 30, 'here'));
    expect(withAccountError({ ...lastPlayed, isPlaybackLoading: true }, 'here')).toEqual(initialPlayer('ready', 50, 'here'));
  });

  it('a play asked shows the card loading with the clicked track, or the one it had', () => {
    const closed = { ...initialPlayer(), dismissed: true, autoplayBlocked: true, currentPlayingTrack: track('a') };
    expect(withPlayRequested(closed, track('b'))).toMatchObject({ visible: true, dismissed: false, isPlaybackLoading: true, autoplayBlocked: false, currentPlayingTrack: { id: 'b' } });
    expect(withPlayRequested(closed, null).currentPlayingTrack?.id).toBe('a');
    // Another track starts at 0:00, and stays there until the provider has it; the same one keeps its second.
    const playing = showing({ currentPlayingTrack: track('a', 60_000), playback: playback(track('a', 60_000)), progressSeconds: 4 });
    const asked = withPlayRequested(playing, track('b', 90_000));
    expect(asked.progressSeconds).toBe(0);
    expect(withTick(asked, 0)).toBe(asked);
    expect(withPlayRequested(playing, track('a', 60_000)).progressSeconds).toBe(4);
  });

  it('a failed play goes back to what plays: its track and card', () => {
    const playing = showing({ currentPlayingTrack: track('a'), playback: playback(track('a')) });
    const failed = withPlayFailed(withPlayRequested(playing, track('b')), beforePlayOf(playing));
    expect(failed).toMatchObject({ visible: true, dismissed: false, isPlaybackLoading: false, currentPlayingTrack: { id: 'a' }, playback: { item: { id: 'a' } } });
    expect(withPlayFailed(withPlayRequested({ ...playing, progressSeconds: 7 }, track('b')), beforePlayOf({ ...playing, progressSeconds: 7 })).progressSeconds).toBe(7);
    expect(playingMarkOf(failed)).toEqual({ trackId: 'a', isPlaying: true });
    // The SDK moved on to the list's next track while the click waited: that one plays.
    const movedOn = { ...withPlayRequested(playing, track('b')), playback: playback(track('c')) };
    expect(withPlayFailed(movedOn, beforePlayOf(playing)).currentPlayingTrack?.id).toBe('c');
  });

  it('a failed play over a card that showed a paused track keeps the card with that track, for Play to be pressed again', () => {
    // Play on the paused card (its resume), or a row's click, refused: the provider still holds the track, paused.
    const paused = showing({ currentPlayingTrack: track('a'), playback: playback(track('a'), { isPlaying: false }), progressSeconds: 42, autoplayBlocked: true });
    for (const clicked of [track('a'), track('b')]) {
      const failed = withPlayFailed(withPlayRequested(paused, clicked), beforePlayOf(paused));
      expect(failed).toMatchObject({ visible: true, dismissed: false, isPlaybackLoading: false, currentPlayingTrack: { id: 'a' }, progressSeconds: 42, autoplayBlocked: true });
      expect(playingMarkOf(failed)).toEqual({ trackId: 'a', isPlaying: false });
    }
    // The last played track, with no playback at the provider: it stays too.
    const lastPlayed = withLastPlayed(initialPlayer('ready', 50, 'here'), track('a'), 'spotify:album:x');
    expect(withPlayFailed(withPlayRequested(lastPlayed, null), beforePlayOf(lastPlayed))).toMatchObject({ visible: true, currentPlayingTrack: { id: 'a' }, playback: null });
  });

  it('a failed first play, from a card not shown (empty, or closed), hides it again (SPEC §4), unless music plays elsewhere', () => {
    const empty = initialPlayer('ready', 50, 'here');
    expect(withPlayFailed(withPlayRequested(empty, track('b')), beforePlayOf(empty))).toMatchObject({ visible: false, dismissed: false, currentPlayingTrack: null, isPlaybackLoading: false });
    const closed = { ...initialPlayer(), dismissed: true };
    expect(withPlayFailed(withPlayRequested(closed, track('b')), beforePlayOf(closed))).toMatchObject({ visible: false, dismissed: true, currentPlayingTrack: null, isPlaybackLoading: false });
    // Another device's music the provider read meanwhile plays on: its card shows.
    const elsewhere = { ...withPlayRequested(closed, track('b')), playback: playback(track('c')) };
    expect(withPlayFailed(elsewhere, beforePlayOf(closed))).toMatchObject({ visible: true, dismissed: false, currentPlayingTrack: { id: 'c' } });
  });

  it('with no moment known (the server read the page), ticks a second while playing, back to 0 past the end; paused or empty, not at all', () => {
    const playing = showing({ currentPlayingTrack: track('a', 3_500), playback: playback(track('a')), progressSeconds: 2 });
    expect(withTick(playing, 0).progressSeconds).toBe(3);
    expect(withTick({ ...playing, progressSeconds: 3 }, 0).progressSeconds).toBe(0);
    const paused = { ...playing, playback: playback(track('a'), { isPlaying: false }) };
    expect(withTick(paused, 0)).toBe(paused);
  });

  it("resumes from the playback's own position while the bar shows its second, else from the second the bar was set to", () => {
    const paused = showing({ currentPlayingTrack: track('a', 60_000), playback: playback(track('a', 60_000), { isPlaying: false, progressMs: 10_970 }), progressSeconds: 10 });
    expect(resumePositionMs(paused)).toBe(10_970);
    // The pause kept the second the user saw, a moment past the provider's: no fraction of a second is skipped.
    expect(resumePositionMs({ ...paused, progressSeconds: 11 })).toBe(10_970);
    expect(resumePositionMs({ ...paused, progressSeconds: 42 })).toBe(42_000);
    expect(resumePositionMs({ ...paused, playback: null, progressSeconds: 3 })).toBe(3_000);
  });

  it("a pause of another device's music resumes where the music was at the pause, not where the provider last said it was", () => {
    // Read at 7.6 s, then 1.7 s more played on the other device before the pause was taken.
    const read = withPlaybackRead(showing({ currentPlayingTrack: track('a', 60_000) }), playback(track('a', 60_000), { progressMs: 7_600, device: device('elsewhere') }), 1_000);
    const ticked = withTick(read, 2_700);
    expect(ticked.progressSeconds).toBe(9);
    const paused = withPausedAt(ticked, 2_700);
    expect(paused.playback).toMatchObject({ isPlaying: false, progressMs: 9_300 });
    expect(resumePositionMs(paused)).toBe(9_300);
    // Never past the track's end, and a pause of a paused playback moves nothing.
    expect(withPausedAt(ticked, 120_000).playback?.progressMs).toBe(60_000);
    expect(withPausedAt(paused, 9_000).playback?.progressMs).toBe(9_300);
  });

  it('sets the bar in whole seconds within the track, and the volume within 0 to 100', () => {
    const state = showing({ currentPlayingTrack: track('a', 3_500) });
    expect(withProgress(state, 2.4, 0).progressSeconds).toBe(2);
    expect(withProgress(state, 99, 0).progressSeconds).toBe(3);
    expect(withProgress(state, -5, 0).progressSeconds).toBe(0);
    expect(withVolumeChange({ ...state, volumePercent: 95 }, 10).volumePercent).toBe(100);
    expect(withVolumeChange({ ...state, volumePercent: 5 }, -10).volumePercent).toBe(0);
  });

  it("cycles repeat off, context, track, off, and changes a command's fields only on a playback", () => {
    expect([nextRepeat(null), nextRepeat(playback(track('a'), { repeatState: 'context' })), nextRepeat(playback(track('a'), { repeatState: 'track' }))]).toEqual(['context', 'track', 'off']);
    const state = showing({ playback: playback(track('a')) });
    expect(withPlaybackChange(state, { shuffleState: true, isPlaying: false }).playback).toMatchObject({ shuffleState: true, isPlaying: false, item: { id: 'a' } });
    const empty = showing();
    expect(withPlaybackChange(empty, { isPlaying: false })).toBe(empty);
  });

  it('a press steps on from the newest press the provider has not answered yet, else from the playback', () => {
    const on = playback(track('a'), { repeatState: 'off', shuffleState: false });
    expect(modesNow(on, {})).toEqual({ repeatState: 'off', shuffleState: false });
    expect(nextRepeat(modesNow(on, { repeatState: 'context' }))).toBe('track');
    expect(modesNow(on, { shuffleState: true }).shuffleState).toBe(true);
    expect(modesNow(null, {})).toEqual({ repeatState: 'off', shuffleState: false });
  });

  it('a reading that may predate a press shows what was pressed: the modes in its playback, the volume beside it', () => {
    const read = showing({ playback: playback(track('a'), { repeatState: 'off', shuffleState: false }), volumePercent: 50 });
    expect(withPressed(read, {})).toBe(read);
    const shown = withPressed(read, { shuffleState: true, volumePercent: 40 });
    expect(shown.playback).toMatchObject({ repeatState: 'off', shuffleState: true });
    expect(shown.volumePercent).toBe(40);
    // Without a playback, the volume pressed still shows.
    expect(withPressed(showing({ volumePercent: 50 }), { volumePercent: 40 }).volumePercent).toBe(40);
  });
});

describe('what Play sends (playPressOf; "Resume keeps the context")', () => {
  const album = 'spotify:album:x';
  const last = (contextUri: string | null) => withLastPlayed(showing(), track('b'), contextUri);

  it("resumes the provider's own track by its position alone: its album, playlist or list goes on", () => {
    const paused = showing({ currentPlayingTrack: track('a'), playback: playback(track('a'), { isPlaying: false, contextUri: album }) });
    expect(playPressOf(paused, track('a'), 95_000)).toEqual({ play: { positionMs: 95_000 } });
  });

  it('plays the last played track in the album, playlist or artist it was played in, from that track, and alone should the provider refuse that context', () => {
    for (const contextUri of [album, 'spotify:playlist:y', 'spotify:artist:z', 'spotify:user:u:playlist:y']) {
      expect(playPressOf(last(contextUri), track('b'), 0)).toEqual({
        play: { contextUri, offset: { uri: 'spotify:track:b' }, positionMs: 0 },
        instead: { uris: ['spotify:track:b'], positionMs: 0 },
      });
    }
    // The bar dragged before Play: from there.
    expect(playPressOf(last(album), track('b'), 42_000).play).toMatchObject({ contextUri: album, positionMs: 42_000 });
  });

  it('plays it alone when it was played in no context, or in one a play cannot start at a track (a show, Liked Songs)', () => {
    for (const contextUri of [null, 'spotify:show:s', 'spotify:user:u:collection']) {
      expect(playPressOf(last(contextUri), track('b'), 0)).toEqual({ play: { uris: ['spotify:track:b'], positionMs: 0 } });
    }
  });

  it("the last played track's context is that track's: another track on the card, or another playback's, plays alone", () => {
    const other = withPlaybackRead(last(album), playback(track('c'), { isPlaying: false }), 0);
    expect(playPressOf(withPlaybackRead(other, null, 0), track('c'), 0)).toEqual({ play: { uris: ['spotify:track:c'], positionMs: 0 } });
    // Catching up again with a play in no context forgets the one before.
    expect(playPressOf(withLastPlayed(last(album), track('b')), track('b'), 0)).toEqual({ play: { uris: ['spotify:track:b'], positionMs: 0 } });
  });

  it('takes the context of the last played track the server found for the page', () => {
    const found = withPlayingNow(initialPlayer(), { playback: null, lastPlayed: track('b'), lastPlayedContextUri: album });
    expect(playPressOf(found, track('b'), 0).play).toEqual({ contextUri: album, offset: { uri: 'spotify:track:b' }, positionMs: 0 });
  });
});

describe("what every list shows of the player (src/lib/playing-mark.ts)", () => {
  it('is the current track and whether it plays', () => {
    expect(playingMarkOf(initialPlayer())).toEqual({ trackId: null, isPlaying: false });
    expect(playingMarkOf(showing({ currentPlayingTrack: track('a'), playback: playback(track('a')) }))).toEqual({ trackId: 'a', isPlaying: true });
    expect(playingMarkOf(showing({ currentPlayingTrack: track('a'), playback: playback(track('a'), { isPlaying: false }) }))).toEqual({ trackId: 'a', isPlaying: false });
  });

  it("for what the server found: the playback's track as it plays or not, else the last played track, paused; else nothing", () => {
    expect(playingMarkOfFound({ playback: playback(track('a')) })).toEqual({ trackId: 'a', isPlaying: true });
    expect(playingMarkOfFound({ playback: playback(track('a'), { isPlaying: false }), lastPlayed: track('b') })).toEqual({ trackId: 'a', isPlaying: false });
    expect(playingMarkOfFound({ playback: null, lastPlayed: track('b') })).toEqual({ trackId: 'b', isPlaying: false });
    expect(playingMarkOfFound({ playback: { ...playback(track('a')), item: null }, lastPlayed: null })).toEqual({ trackId: null, isPlaying: false });
  });
});

describe("the browser's autoplay block is this tab's device's", () => {
  // This tab played, and the browser refused to start the sound without a click (the SDK's autoplay_failed).
  const blocked = () => showing({ deviceId: 'here', autoplayBlocked: true, currentPlayingTrack: track('a'), playback: playback(track('a'), { device: device('here') }) });
  const onPhone = (change: Partial<Playback> = {}) => playback(track('a'), { device: { ...device('phone'), name: 'Phone' }, ...change });

  it('a reading that finds the music on another device (moved there, a transfer) drops it: the phone is heard, Pause pauses it, the status names it', () => {
    const moved = withPlaybackRead(blocked(), onPhone(), 0);
    expect(moved.autoplayBlocked).toBe(false);
    expect(isSounding(moved)).toBe(true);
    expect(controlsAllowed(moved).playPause).toBe(true);
    expect(playerStatus(moved, 'Phone')).toBe('Playing on Phone');
  });

  it('a reading of the playback still here keeps it: the click that starts the sound is still wanted', () => {
    const here = withPlaybackRead(blocked(), playback(track('a'), { device: device('here') }), 0);
    expect(here.autoplayBlocked).toBe(true);
    expect(isSounding(here)).toBe(false);
  });

  it("the SDK's null state, once the provider says another device holds the music, keeps the card without it", () => {
    const gone = withPlaybackGone({ ...blocked(), playback: onPhone() }, 'here');
    expect(gone).toMatchObject({ autoplayBlocked: false, visible: true, currentPlayingTrack: { id: 'a' } });
    const left = withPlaybackGone({ ...blocked(), playback: onPhone({ isPlaying: false, device: { ...device('old-tab'), isActive: false } }) }, 'here');
    expect(left.autoplayBlocked).toBe(false);
  });
});

describe('a card the user closed (dismissed)', () => {
  it("stays closed when the SDK reports another track; only a play shows it again", () => {
    const closed = { ...initialPlayer('ready', 50, 'here'), dismissed: true };
    const { next, newTrack } = withDeviceReport(closed, { loading: false, paused: false, positionMs: 0, track: track('b') }, 0);
    expect(newTrack).toBe(true);
    expect(next).toMatchObject({ visible: false, dismissed: true, currentPlayingTrack: { id: 'b' } });
    expect(withPlayRequested(next, track('c'))).toMatchObject({ visible: true, dismissed: false });
    // Not closed: a report's new track shows the card, as before.
    expect(withDeviceReport(initialPlayer('ready', 50, 'here'), { loading: false, paused: false, positionMs: 0, track: track('b') }, 0).next.visible).toBe(true);
  });
});

describe('the elapsed time: counted from the provider\'s word and its moment, never back a second but by a seek or a new track', () => {
  const at = 1_700_000_000_000; // this tab's clock when the provider spoke
  const song = track('a', 180_000);
  const report = (positionMs: number, paused = false, reported = song) => ({ loading: false, paused, positionMs, track: reported });
  /** The card playing `song`, told by the SDK at `at` that it is at `positionMs`. */
  const playingAt = (positionMs: number) => withDeviceReport(showing({ currentPlayingTrack: song, playback: playback(song) }), report(positionMs), at).next;

  it('a tick shows the second nearest to where the music is since the provider said where it was, not a whole second more a tick', () => {
    const state = playingAt(41_000);
    expect(state.progressSeconds).toBe(41);
    // 100 ms on, the music is at 0:41.1: a tick then added a whole second, and the bar ran ahead of the music.
    expect(withTick(state, at + 100)).toBe(state);
    expect(withTick(state, at + 600).progressSeconds).toBe(42);
    expect(withTick(state, at + 2_400).progressSeconds).toBe(43);
  });

  it('a pause shows the second the user saw, or the provider\'s when it is ahead', () => {
    const shown = withTick(playingAt(41_500), at + 150); // 0:41.65: the bar says 0:42
    expect(shown.progressSeconds).toBe(42);
    // The provider's clock paused the music a moment behind the card's (0:41.7): still 0:42.
    const paused = withDeviceReport(shown, report(41_700, true), at + 300).next;
    expect(paused).toMatchObject({ progressSeconds: 42, playback: { isPlaying: false, progressMs: 41_700 } });
    expect(withTick(paused, at + 5_000)).toBe(paused);
    // A reading of the paused playback says the same.
    expect(withPlaybackRead(shown, playback(song, { isPlaying: false, progressMs: 41_700 }), at + 300).progressSeconds).toBe(42);
    // Ahead of the bar: the provider's.
    expect(withDeviceReport(shown, report(43_100, true), at + 300).next.progressSeconds).toBe(43);
    // Resumed, the bar stays at 0:42 until the music is nearer 0:43.
    const resumed = withDeviceReport(paused, report(41_700), at + 9_000).next;
    expect(resumed.progressSeconds).toBe(42);
    expect(withTick(resumed, at + 9_700)).toBe(resumed);
    expect(withTick(resumed, at + 9_900).progressSeconds).toBe(43);
  });

  it('whatever the timer\'s phase, the bar never goes back a second while the music plays and when it is paused', () => {
    for (let phase = 0; phase < 1_000; phase += 50) {
      for (const start of [41_000, 41_300, 41_999]) {
        let state = playingAt(start);
        const seen = [state.progressSeconds];
        for (let tick = at + phase; tick < at + 5_000; tick += 1_000) {
          state = withTick(state, tick);
          seen.push(state.progressSeconds);
        }
        // Paused at 4.9 s on, where the provider's clock says the music is.
        state = withDeviceReport(state, report(start + 4_900, true), at + 4_950).next;
        seen.push(state.progressSeconds);
        expect(seen, `phase ${phase}, from ${start} ms`).toEqual([...seen].sort((a, b) => a - b));
        // The second the user saw, else the provider's.
        expect(state.progressSeconds).toBe(Math.max(seen.at(-2)!, Math.floor((start + 4_900) / 1_000)));
      }
    }
  });

  it("a seek or a new track shows the provider's position, and a drag of the bar is where the timer counts from", () => {
    const shown = withTick(playingAt(41_500), at + 150);
    // A seek back (here, another device's), paused or playing.
    expect(withDeviceReport(shown, report(12_000, true), at + 300).next.progressSeconds).toBe(12);
    expect(withPlaybackRead(shown, playback(song, { progressMs: 12_000 }), at + 300).progressSeconds).toBe(12);
    // The track restarted (Previous past its first 3 s, repeat one).
    expect(withDeviceReport({ ...shown, progressSeconds: 3 }, report(0), at + 300).next.progressSeconds).toBe(0);
    // Another track, a moment behind the second shown: its own second.
    const other = track('b', 200_000);
    expect(withDeviceReport(shown, report(41_700, false, other), at + 300).next.progressSeconds).toBe(41);
    expect(withPlaybackRead(shown, playback(other, { progressMs: 41_700 }), at + 300).progressSeconds).toBe(41);
    // The bar dragged back to 0:10: the timer counts on from there.
    const dragged = withProgress(shown, 10, at + 1_000);
    expect(withTick(dragged, at + 1_400)).toBe(dragged);
    expect(withTick(dragged, at + 2_000).progressSeconds).toBe(11);
    // Back to the end's 0, where a tick then counts on from.
    const end = withTick(shown, at + 140_000);
    expect(end.progressSeconds).toBe(0);
    expect(withTick(end, at + 141_000).progressSeconds).toBe(1);
  });
});

describe('what can be controlled (controlsAllowed)', () => {
  const none: PlaybackDisallows = { skippingPrev: false, skippingNext: false, pausing: false, resuming: false, seeking: false, togglingShuffle: false, togglingRepeatContext: false, togglingRepeatTrack: false };
  const on = (disallows: Partial<PlaybackDisallows> = {}, change: Partial<Playback> = {}) =>
    showing({ currentPlayingTrack: track('a'), playback: playback(track('a'), { disallows: { ...none, ...disallows }, ...change }) });
  const phone = (change: Partial<Device> = {}): Device => ({ ...device('phone'), name: 'Phone', ...change });
  const everything = { restricted: false, playPause: true, play: true, pause: true, previous: true, next: true, shuffle: true, repeat: true, seek: true, volume: true };

  it('is everything while the provider disallows nothing', () => {
    expect(controlsAllowed(on())).toEqual(everything);
    expect(controlsAllowed(on({}, { device: phone() }))).toEqual(everything);
  });

  it('is nothing while a restricted device holds the music: it takes no Web API command', () => {
    const restricted = controlsAllowed(on({}, { device: phone({ isRestricted: true }) }));
    expect(restricted).toEqual({ restricted: true, playPause: false, play: false, pause: false, previous: false, next: false, shuffle: false, repeat: false, seek: false, volume: false });
    // A restricted device that left the playback (no longer active) is not driven: the commands take it over here.
    expect(controlsAllowed(on({}, { isPlaying: false, device: phone({ isRestricted: true, isActive: false }) })).restricted).toBe(false);
  });

  it('follows each disallow: skips, seeking, shuffle, and the repeat step that turns a disallowed mode', () => {
    expect(controlsAllowed(on({ skippingPrev: true, skippingNext: true }))).toMatchObject({ previous: false, next: false, playPause: true });
    expect(controlsAllowed(on({ seeking: true })).seek).toBe(false);
    expect(controlsAllowed(on({ togglingShuffle: true })).shuffle).toBe(false);
    expect(controlsAllowed(on({ togglingRepeatContext: true })).repeat).toBe(false); // off → context
    expect(controlsAllowed(on({ togglingRepeatContext: true }, { repeatState: 'track' })).repeat).toBe(true); // track → off
    expect(controlsAllowed(on({ togglingRepeatTrack: true }, { repeatState: 'context' })).repeat).toBe(false); // context → track
    expect(controlsAllowed(on({ togglingRepeatTrack: true })).repeat).toBe(true); // off → context
  });

  it('pause by `pausing` while the sound is heard, play by `resuming` when it resumes the paused playback', () => {
    expect(controlsAllowed(on({ pausing: true }))).toMatchObject({ pause: false, playPause: false });
    expect(controlsAllowed(on({ resuming: true }, { isPlaying: false }))).toMatchObject({ play: false, playPause: false });
    // The provider says a playing playback cannot resume: Play after a blocked autoplay starts the sound all the same.
    expect(controlsAllowed({ ...on({ resuming: true }), autoplayBlocked: true })).toMatchObject({ play: true, playPause: true });
    // Another track on the card is played afresh, not resumed.
    expect(controlsAllowed({ ...on({ resuming: true }, { isPlaying: false }), currentPlayingTrack: track('b') }).play).toBe(true);
    // No track, nothing to play.
    expect(controlsAllowed(showing()).playPause).toBe(false);
  });

  it("a pause taken here forgets the play state's disallows until the provider speaks: Play is not left disabled", () => {
    const paused = withPlaybackChange(on({ resuming: true }), { isPlaying: false });
    expect(paused.playback?.disallows).toMatchObject({ resuming: false, pausing: false });
    expect(controlsAllowed(paused).playPause).toBe(true);
    const lost = withDeviceLost({ ...on({ resuming: true }, { device: device('here') }), deviceId: 'here' }).next;
    expect(controlsAllowed(lost).play).toBe(true);
    const reported = withDeviceReport(on({ resuming: true }), { loading: false, paused: true, positionMs: 0, track: track('a') }, 0).next;
    expect(controlsAllowed(reported).play).toBe(true);
  });

  it("nothing plays (the provider's reset, or no playback after one): Play plays the last played track here, and nothing else has a playback to act on", () => {
    // SPEC §4: the provider's null state resets the card; catching up then shows the last played track, paused at its start.
    const playing = on({}, { device: device('here') });
    const reset = withLastPlayed(withPlaybackGone(withPlaybackRead(playing, null, 0), 'here'), track('last'));
    expect(reset).toMatchObject({ visible: true, currentPlayingTrack: { id: 'last' }, playback: null, progressSeconds: 0 });
    // Next and Previous would meet the provider's 404 NO_ACTIVE_DEVICE (no playback, no device active); Play starts one.
    expect(controlsAllowed(reset)).toMatchObject({ playPause: true, play: true, pause: false, previous: false, next: false, shuffle: false, repeat: false });
  });

  it("the volume, only for a device that can have it set (`supports_volume`) and says what it is", () => {
    expect(controlsAllowed(on({}, { device: phone({ supportsVolume: false }) })).volume).toBe(false);
    expect(controlsAllowed(on({}, { device: phone({ volumePercent: null }) })).volume).toBe(false);
    // Nothing active: this tab's device, whose volume is set.
    expect(controlsAllowed(showing({ currentPlayingTrack: track('a') })).volume).toBe(true);
    expect(controlsAllowed(on({}, { device: phone({ supportsVolume: false, isActive: false }) })).volume).toBe(true);
  });
});

describe("the device picker's active mark", () => {
  const listed = (id: string, isActive: boolean): Device => ({ ...device(id), isActive });

  it('follows the live playback: another device that takes the music is the active one, not the one the list was read with', () => {
    const list = [listed('here', true), listed('phone', false)];
    const taken = devicesAsPlaying(list, playback(track('a'), { device: { ...device('phone'), name: 'Phone' } }));
    expect(taken.map((entry) => [entry.id, entry.isActive])).toEqual([['here', false], ['phone', true]]);
    // Left behind by a device that went: none is active.
    expect(devicesAsPlaying(list, playback(track('a'), { device: { ...device('here'), isActive: false } })).some((entry) => entry.isActive)).toBe(false);
    // Unchanged, or no playback known: the list as read.
    expect(devicesAsPlaying(list, playback(track('a'), { device: device('here') }))).toBe(list);
    expect(devicesAsPlaying(list, null)).toBe(list);
  });
});
