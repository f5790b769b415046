import { useStore } from '../../components/server-snapshot';
import type { HTMLAttributes, RefCallback, RefObject } from 'react';
import { Icon } from '../../components/Icon';
import { hrefOf } from '../../lib/routes';
import { $devices, toggleDevicePicker } from '../../stores/devices';
import { controlsAllowed, isPlayPauseBusy, isSounding, type PlayerState } from '../../stores/player-rules';
import { closePlayer } from '../../stores/player';
import { focusContent } from '../../components/use-focus-trap';
import { $queue, toggleQueue } from '../../stores/queue';
import { AddToPlaylistButton } from '../playlists/AddToPlaylistButton';
import { DevicePicker } from './DevicePicker';
import { LikeButton } from './LikeButton';
import { PlayerControls } from './PlayerControls';
import { PlayerCover } from './PlayerCover';
import { PlayerProgress } from './PlayerProgress';
import { QUEUE_PANEL_ID } from './queue-panel-id';
import { playerStatus } from './player-status';
import { TrackInfo } from './TrackInfo';
import type { Offset } from './card-position';

/** What the card and the phone's bar show (PlayerCard): the player as the server found it until the island has hydrated, the store's after. */
export interface PlayerView {
  player: PlayerState;
  /** The device that plays when it is not this tab, by name (never in the server's HTML: it cannot know this tab's device). */
  otherDeviceName: string | null;
  hydrated: boolean;
  /** False in the server's HTML, which holds the card and the bar both: the style sheet then shows the one the screen wants. */
  screenKnown: boolean;
}

interface Props extends PlayerView {
  /** The card element's ref (useCardDrag): it keeps the element and clamps the card into view as it appears. */
  attach: RefCallback<HTMLElement>;
  offset: Offset;
  /** The move handle's pointer and key handlers (useCardDrag). */
  handle: HTMLAttributes<HTMLElement>;
  /** Whether the browser can open the mini-player (Document Picture-in-Picture), as the hydrated card knows. */
  miniSupported: boolean;
  openMini: () => Promise<void>;
  /** The "Open mini player" button's ref (useMiniPlayer): the keyboard comes back to it as the window closes. */
  miniButton: RefObject<HTMLButtonElement | null>;
}

/**
 * The visible card on wide screens: its bar, track, like, add-to-playlist, progress,
 * controls and device picker.
 */
export function PlayerCardBody({ player, otherDeviceName, hydrated, screenKnown, attach, offset, handle, miniSupported, openMini, miniButton }: Props) {
  const queue = useStore($queue);
  const devices = useStore($devices);
  const queueOpen = hydrated && queue.open;
  // The card's own picker: another place's (the top bar's) is not this button's to say or close.
  const pickerOpen = hydrated && devices.open && devices.place === 'card';

  const { currentPlayingTrack: track, playback, isPlaybackLoading, device } = player;
  const playing = isSounding(player);
  const controls = controlsAllowed(player);
  const status = playerStatus(player, otherDeviceName);

  return (
    <section
      ref={attach}
      className="player-card"
      aria-label="Player"
      aria-busy={isPlaybackLoading}
      tabIndex={-1}
      data-device={device}
      data-screen={screenKnown ? undefined : 'unknown'}
      // With JavaScript off nothing on it can run, and it would stand over the page's corner for
      // good, with no Close that closes (global.css hides it then).
      data-needs-script
      style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}
    >
      <div className="player-card__bar">
        <button type="button" className="player-card__handle" aria-label="Move player (arrow keys)" {...handle}>
          <Icon name="drag" size={16} />
        </button>
        <div className="player-card__tools">
          {/* In the server's HTML, which cannot tell whether the browser has Document
              Picture-in-Picture: the head's script marks where it has, and the page shows the
              button there only, from the first paint (global.css .mini-player-button). Once
              hydrated the card knows itself. */}
          {(!hydrated || miniSupported) && (
            <button ref={miniButton} type="button" className="icon-button player-card__tool mini-player-button" aria-label="Open mini player" onClick={() => void openMini()}>
              <Icon name="miniplayer" size={18} />
            </button>
          )}
          <a className="icon-button player-card__tool" href={hrefOf('player')} aria-label="Open Now Playing">
            <Icon name="expand" size={18} />
          </a>
          <button type="button" className={`icon-button player-card__tool${queueOpen ? ' is-on' : ''}`} aria-label="Queue" aria-pressed={queueOpen} aria-controls={queueOpen ? QUEUE_PANEL_ID : undefined} onClick={() => toggleQueue()}>
            <Icon name="queue" size={18} />
          </button>
          <button
            type="button"
            className={`icon-button player-card__tool${otherDeviceName ? ' is-on' : ''}`}
            aria-label="Devices"
            aria-expanded={pickerOpen}
            onClick={() => toggleDevicePicker(!pickerOpen, 'card')}
          >
            <Icon name="devices" size={18} />
          </button>
          {/* Right after its button in the tab order, before Close player: Tab goes from Devices
              into the list it opened. It shows above the card all the same (queue.css: the card,
              not the tools, is what it is placed against). */}
          {hydrated && <DevicePicker />}
          <button type="button" className="icon-button player-card__close" aria-label="Close player" disabled={!track} onClick={() => {
            // The card goes away with the button: the keyboard's focus goes on to the page.
            focusContent();
            void closePlayer();
          }}>
            <Icon name="close" size={18} />
          </button>
        </div>
      </div>
      <div className="player-card__body">
        <PlayerCover track={track} />
        <TrackInfo track={track} status={status} />
        <LikeButton trackId={track?.id ?? null} />
        <AddToPlaylistButton track={track} />
      </div>
      <PlayerProgress seconds={player.progressSeconds} durationMs={track?.durationMs ?? 0} trackId={track?.id ?? null} canSeek={controls.seek} />
      <PlayerControls playback={playback} playing={playing} controls={controls} busy={isPlayPauseBusy(player)} />
      {isPlaybackLoading && (
        <div className="player-card__loading" aria-hidden="true">
          <span className="player-card__spinner" />
        </div>
      )}
    </section>
  );
}
