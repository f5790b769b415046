import { useStore } from '@nanostores/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Playback, Track } from '../../../src/api/types';
import { PlayerBar } from '../../../src/islands/player/PlayerBar';
import { PlayerCardBody } from '../../../src/islands/player/PlayerCardBody';
import { PlayerControls } from '../../../src/islands/player/PlayerControls';
import { PlayerProgress } from '../../../src/islands/player/PlayerProgress';
import { TrackInfo } from '../../../src/islands/player/TrackInfo';
import { $player, resetPlayer } from '../../../src/stores/player';
import { controlsAllowed } from '../../../src/stores/player-rules';
import { $devices, toggleDevicePicker } from '../../../src/stores/devices';
import { styleSources } from '../helpers/style-sources';

// The seek call itself (the store's command sends it); the sandbox tests prove the provider follows it.
const seekTo = vi.hoisted(() => vi.fn(async () => undefined));
vi.mock('../../../src/api/player', async (importOriginal) => ({ ...(await importOriginal<object>()), seekTo }));

const track: Track = {
  id: 't1',
  name: 'Song',
  uri: 'spotify:track:t1',
  durationMs: 200_500,
  artists: [
    { id: 'a1', name: 'One' },
    { id: 'a2', name: 'Two' },
    { id: 'a3', name: 'Three' },
  ],
  album: { id: 'al1', name: 'Album', images: [] },
};

beforeEach(() => {
  $player.set({ ...$player.get(), visible: true, currentPlayingTrack: track, progressSeconds: 10 });
});

afterEach(() => {
  cleanup();
  resetPlayer();
  seekTo.mockClear();
});

describe("the card's track", () => {
  it('names the track and its artists, separated by bullets, each a link to /artist/{id}', () => {
    const { container } = render(<TrackInfo track={track} status={null} />);
    expect(screen.getByText('Song')).toBeTruthy();
    expect(container.querySelector('.player-card__artists')!.textContent).toBe('One • Two • Three');
    const links = screen.getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['One', '/artist/a1'],
      ['Two', '/artist/a2'],
      ['Three', '/artist/a3'],
    ]);
    // The status line is there, empty, so that the text it gets later is announced.
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it("says 'Nothing playing' without a track, and shows a status when there is one, in the same live region", () => {
    const { container, rerender } = render(<TrackInfo track={null} status={null} />);
    const region = container.querySelector('.player-card__status');
    rerender(<TrackInfo track={null} status="Reconnecting…" />);
    expect(screen.getByText('Nothing playing')).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByRole('status').textContent).toBe('Reconnecting…');
    expect(screen.getByRole('status')).toBe(region);
  });
});

describe("the card's progress bar", () => {
  it('dragging sets the second; releasing sends the seek once, to that second', () => {
    render(<PlayerProgress seconds={10} durationMs={track.durationMs} />);
    const bar = screen.getByRole('slider', { name: 'Seek' });
    expect(screen.getByLabelText('Total').textContent).toBe('03:20');
    fireEvent.change(bar, { target: { value: '42' } });
    fireEvent.change(bar, { target: { value: '57' } });
    expect($player.get().progressSeconds).toBe(57);
    expect(screen.getByLabelText('Elapsed').textContent).toBe('00:57');
    expect(seekTo).not.toHaveBeenCalled(); // not while the thumb is held
    fireEvent.pointerUp(bar);
    fireEvent.blur(bar); // leaving the bar after the release sends nothing more
    expect(seekTo).toHaveBeenCalledTimes(1);
    expect(seekTo).toHaveBeenCalledWith(57_000, undefined);
    // From the keyboard: the key's release sends it.
    fireEvent.change(bar, { target: { value: '58' } });
    fireEvent.keyUp(bar, { key: 'ArrowRight' });
    expect(seekTo).toHaveBeenCalledTimes(2);
    expect(seekTo).toHaveBeenLastCalledWith(58_000, undefined);
  });
});

describe("the card's progress bar under the keyboard", () => {
  it('stands still while the keyboard is on it (each change of a focused slider is read out), at the second the user moves it to, and ticks again once left', () => {
    const { rerender } = render(<PlayerProgress seconds={10} durationMs={track.durationMs} />);
    const bar = screen.getByRole('slider', { name: 'Seek' });
    vi.spyOn(bar, 'matches').mockImplementation((selector: string) => selector === ':focus-visible');
    fireEvent.focus(bar);
    rerender(<PlayerProgress seconds={11} durationMs={track.durationMs} />);
    expect(bar.getAttribute('aria-valuetext')).toBe('00:10 of 03:20');
    expect(screen.getByLabelText('Elapsed').textContent).toBe('00:11');
    fireEvent.change(bar, { target: { value: '30' } });
    fireEvent.keyUp(bar, { key: 'ArrowRight' });
    rerender(<PlayerProgress seconds={31} durationMs={track.durationMs} />);
    expect(bar.getAttribute('aria-valuetext')).toBe('00:30 of 03:20');
    fireEvent.blur(bar);
    rerender(<PlayerProgress seconds={32} durationMs={track.durationMs} />);
    expect(bar.getAttribute('aria-valuetext')).toBe('00:32 of 03:20');
  });

  it('a key steps from where the music is now, not from the second the slider stood still at; a new track stands still at its own second', () => {
    const { rerender } = render(<PlayerProgress seconds={30} durationMs={track.durationMs} trackId="t1" />);
    const bar = screen.getByRole('slider', { name: 'Seek' }) as HTMLInputElement;
    vi.spyOn(bar, 'matches').mockImplementation((selector: string) => selector === ':focus-visible');
    // A key as the browser runs it: the handlers, then its own step of the element's value.
    const press = (key: string, step: number) => {
      fireEvent.keyDown(bar, { key });
      fireEvent.change(bar, { target: { value: String(Number(bar.value) + step) } });
      fireEvent.keyUp(bar, { key });
    };
    fireEvent.focus(bar);
    rerender(<PlayerProgress seconds={160} durationMs={track.durationMs} trackId="t1" />);
    expect(bar.getAttribute('aria-valuetext')).toBe('00:30 of 03:20'); // still, for the screen reader
    press('ArrowRight', 1);
    expect(seekTo).toHaveBeenLastCalledWith(161_000, undefined);
    expect(bar.getAttribute('aria-valuetext')).toBe('02:41 of 03:20');
    rerender(<PlayerProgress seconds={161} durationMs={track.durationMs} trackId="t1" />); // the music followed
    press('ArrowLeft', -1);
    expect(seekTo).toHaveBeenLastCalledWith(160_000, undefined);
    // The next track starts while the keyboard is still on the bar.
    rerender(<PlayerProgress seconds={5} durationMs={track.durationMs} trackId="t2" />);
    expect(bar.getAttribute('aria-valuetext')).toBe('00:05 of 03:20');
    rerender(<PlayerProgress seconds={6} durationMs={track.durationMs} trackId="t2" />);
    expect(bar.getAttribute('aria-valuetext')).toBe('00:05 of 03:20');
    press('ArrowRight', 1);
    expect(seekTo).toHaveBeenLastCalledWith(7_000, undefined);
  });
});

describe('the card', () => {
  it('shows the loading overlay while the loading flag is set, and says it is busy', () => {
    const card = createRef<HTMLElement>();
    // As PlayerCard gives it, hydrated: the store's player.
    function Card() {
      const player = useStore($player);
      return (
        <PlayerCardBody player={player} otherDeviceName={null} hydrated screenKnown attach={(element) => void (card.current = element)} offset={{ x: 0, y: 0 }} handle={{}} miniSupported={false} openMini={async () => undefined} miniButton={createRef()} />
      );
    }
    render(<Card />);
    const region = screen.getByRole('region', { name: 'Player' });
    expect(region.querySelector('.player-card__loading')).toBeNull();
    expect(region.getAttribute('aria-busy')).toBe('false');
    act(() => $player.setKey('isPlaybackLoading', true));
    expect(region.querySelector('.player-card__loading')).not.toBeNull();
    expect(region.getAttribute('aria-busy')).toBe('true');
    act(() => $player.setKey('isPlaybackLoading', false));
    expect(region.querySelector('.player-card__loading')).toBeNull();
  });
});

describe("the phone's player bar", () => {
  /** The declarations of `selector`'s own rules in player.css (comments removed), joined. */
  function rulesOf(selector: string): string {
    const css = styleSources().find(({ file }) => file.endsWith('player.css'))!.css;
    const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return [...css.matchAll(new RegExp(`(?:^|[},])\\s*${escaped}\\s*\\{([^}]*)\\}`, 'g'))].map((match) => match[1]).join(';');
  }

  it("shows the card's spinner on its play button while a play is pending (SPEC: starting play sets loading), and says it is busy", () => {
    function Bar() {
      const player = useStore($player);
      return <PlayerBar player={player} otherDeviceName={null} hydrated screenKnown />;
    }
    render(<Bar />);
    const bar = screen.getByRole('region', { name: 'Player' });
    const play = screen.getByRole('button', { name: 'Play' });
    expect(bar.querySelector('.player-card__spinner')).toBeNull();
    expect(bar.getAttribute('aria-busy')).toBe('false');
    act(() => $player.setKey('isPlaybackLoading', true));
    const spinner = play.querySelector('.player-card__spinner');
    expect(spinner).not.toBeNull();
    expect(spinner!.getAttribute('aria-hidden')).toBe('true');
    expect(bar.getAttribute('aria-busy')).toBe('true');
    // The button keeps its name, its place and its focus meanwhile.
    expect(screen.getByRole('button', { name: 'Play' })).toBe(play);
    act(() => $player.setKey('isPlaybackLoading', false));
    expect(bar.querySelector('.player-card__spinner')).toBeNull();
  });

  it("has its own status region, there and empty while all is well, that reads out 'Press play to start the sound' (the card's is not on a phone)", () => {
    function Bar() {
      const player = useStore($player);
      return <PlayerBar player={player} otherDeviceName={null} hydrated screenKnown />;
    }
    act(() => $player.set({ ...$player.get(), visible: true, currentPlayingTrack: track, device: 'ready', autoplayBlocked: false }));
    render(<Bar />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    act(() => $player.setKey('autoplayBlocked', true));
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe('Press play to start the sound');
  });

  it("disables its play button as the card's is disabled: a restricted device takes no command from here", () => {
    function Bar() {
      const player = useStore($player);
      return <PlayerBar player={player} otherDeviceName="Speaker" hydrated screenKnown />;
    }
    const device = { id: 'd9', name: 'Speaker', type: 'Speaker', isActive: true, volumePercent: 40, isRestricted: true, supportsVolume: true };
    act(() =>
      $player.set({
        ...$player.get(),
        visible: true,
        currentPlayingTrack: track,
        playback: {
          item: track, progressMs: 0, isPlaying: true, repeatState: 'off', shuffleState: false, device, contextUri: null,
          disallows: { skippingPrev: false, skippingNext: false, pausing: false, resuming: false, seeking: false, togglingShuffle: false, togglingRepeatContext: false, togglingRepeatTrack: false },
        },
      }),
    );
    render(<Bar />);
    expect((screen.getByRole('button', { name: 'Pause' }) as HTMLButtonElement).disabled).toBe(true);
    act(() => $player.set({ ...$player.get(), playback: { ...$player.get().playback!, device: { ...device, isRestricted: false } } }));
    expect((screen.getByRole('button', { name: 'Pause' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('lays its spinner over the play button (no layout shift), as the card spins its own (the same keyframes, stopped by less motion)', () => {
    const own = rulesOf('.player-bar__spinner');
    expect(own).toMatch(/position:\s*absolute/);
    expect(own).toMatch(/pointer-events:\s*none/);
    // The card's spinner class gives the ring and its animation, which the reduced-motion rule of global.css stops.
    expect(rulesOf('.player-card__spinner')).toMatch(/animation:\s*player-spin\b/);
  });
});

describe("the card's Devices button", () => {
  it("says and toggles the card's own picker, not the top bar's, and its devices come right after it in the tab order", () => {
    function Card() {
      const player = useStore($player);
      return <PlayerCardBody player={player} otherDeviceName={null} hydrated screenKnown attach={() => undefined} offset={{ x: 0, y: 0 }} handle={{}} miniSupported={false} openMini={async () => undefined} miniButton={createRef()} />;
    }
    $devices.set({ ...$devices.get(), open: true, place: 'top-bar', list: [], loading: false });
    render(<Card />);
    const button = screen.getByRole('button', { name: 'Devices' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect($devices.get()).toMatchObject({ open: true, place: 'card' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // Its list as the provider gave it (the read it asked for is not this test's).
    act(() => $devices.set({ ...$devices.get(), loading: false, failed: false, list: [{ id: 'd1', name: 'Kitchen', type: 'Speaker', isActive: false, volumePercent: 50, isRestricted: false, supportsVolume: true }] }));
    const picker = screen.getByRole('dialog', { name: 'Devices' });
    // The tab order is the document's: Devices, then its devices, then Close player and the rest
    // of the card (it stood after the bar, so Tab went to Close player before the devices).
    const stops = [...screen.getByRole('region', { name: 'Player' }).querySelectorAll('a[href], button')].map((element) => element.getAttribute('aria-label') ?? element.textContent);
    const devicesAt = stops.indexOf('Devices');
    expect(stops.slice(devicesAt, devicesAt + 3)).toEqual(['Devices', 'KitchenSpeaker', 'Close player']);
    expect(picker.contains(screen.getByRole('button', { name: /Kitchen/ }))).toBe(true);
    act(() => toggleDevicePicker(false));
  });
});

describe("the card's repeat button", () => {
  const playback = (repeatState: Playback['repeatState']): Playback => ({
    item: track, progressMs: 0, isPlaying: true, repeatState, shuffleState: false, device: null, contextUri: null,
    disallows: { skippingPrev: false, skippingNext: false, pausing: false, resuming: false, seeking: false, togglingShuffle: false, togglingRepeatContext: false, togglingRepeatTrack: false },
  });

  it('names each mode, and carries no visible text outside that name: repeat one draws its "1" with CSS (axe: label-content-name-mismatch)', () => {
    for (const [mode, name] of [['off', 'Repeat: off'], ['context', 'Repeat: all'], ['track', 'Repeat: one']] as const) {
      const { unmount } = render(<PlayerControls playback={playback(mode)} playing controls={controlsAllowed({ playback: playback(mode), autoplayBlocked: false, currentPlayingTrack: track })} busy={false} />);
      const button = screen.getByRole('button', { name });
      // What a sighted user reads on the button must be part of its name (aria-hidden does not
      // change that: the rule is about the label on screen, for speech input).
      expect(name.toLowerCase()).toContain((button.textContent ?? '').trim().toLowerCase());
      expect(button.querySelector('.player-card__repeat-one') !== null).toBe(mode === 'track');
      unmount();
    }
  });
});

describe("the card's play button", () => {
  const playback: Playback = {
    item: track, progressMs: 0, isPlaying: true, repeatState: 'off', shuffleState: false, device: null, contextUri: null,
    disallows: { skippingPrev: false, skippingNext: false, pausing: false, resuming: false, seeking: false, togglingShuffle: false, togglingRepeatContext: false, togglingRepeatTrack: false },
  };

  it("has SPEC §2's tooltip, Play or Pause as it acts", () => {
    for (const [playing, name] of [[true, 'Pause'], [false, 'Play']] as const) {
      const { unmount } = render(<PlayerControls playback={playback} playing={playing} controls={controlsAllowed({ playback, autoplayBlocked: false, currentPlayingTrack: track })} busy={false} />);
      expect(screen.getByRole('button', { name }).getAttribute('data-tooltip')).toBe(name);
      unmount();
    }
  });
});
