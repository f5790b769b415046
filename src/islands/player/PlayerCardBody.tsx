import { useStore } from '@nanostores/react';
import { useEffect, type HTMLAttributes, type RefCallback, type RefObject } from 'react';
import { Icon } from '../../components/Icon';
import { $devices, $otherDevice, toggleDevicePicker } from '../../stores/devices';
import { $player, closePlayer, isSounding } from '../../stores/player';
import { $queue, toggleQueue } from '../../stores/queue';
import { $route } from '../../stores/route';
import { AddToPlaylistButton } from '../playlists/AddToPlaylistButton';
import { DevicePicker } from './DevicePicker';
import { LikeButton } from './LikeButton';
import { PlayerControls } from './PlayerControls';
import { PlayerCover } from './PlayerCover';
import { PlayerProgress } from './PlayerProgress';
import { TrackInfo } from './TrackInfo';
import type { Offset } from './card-position';

interface Props {
  /** The card element; PlayerCard owns it with the drag position, which outlives the card being hidden. */
  card: RefObject<HTMLElement | null>;
  /** The card element's ref (useCardDrag): it sets `card` and clamps the card into view as it appears. */
  attach: RefCallback<HTMLElement>;
  offset: Offset;
  /** The move handle's pointer and key handlers (useCardDrag). */
  handle: HTMLAttributes<HTMLElement>;
  /** Whether the browser can open the mini-player (Document Picture-in-Picture). */
  miniSupported: boolean;
  openMini: () => Promise<void>;
}

/**
 * The visible card: its bar, track, like, add-to-playlist, progress, controls and
 * device picker. Loaded by PlayerCard only once the card is first shown (something
 * plays, or /player), so the shell of every route does not carry it.
 */
export function PlayerCardBody({ card, attach, offset, handle, miniSupported, openMini }: Props) {
  const player = useStore($player);
  const route = useStore($route);
  const otherDevice = useStore($otherDevice);
  const queueOpen = useStore($queue).open;
  const pickerOpen = useStore($devices).open;

  // On mount too: /player shows the card and focuses it.
  useEffect(() => {
    if (route?.name === 'player') card.current?.focus();
  }, [route, card]);

  const { currentPlayingTrack: track, playback, isPlaybackLoading, device } = player;
  const playing = isSounding(player);
  const status =
    device === 'reconnecting'
      ? 'Reconnecting…'
      : player.autoplayBlocked
        ? 'Press play to start the sound'
        : otherDevice
          ? `Playing on ${otherDevice.name}`
          : null;

  return (
    <section
      ref={attach}
      className="player-card"
      aria-label="Player"
      aria-busy={isPlaybackLoading}
      tabIndex={-1}
      data-device={device}
      style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}
    >
      <div className="player-card__bar">
        <button type="button" className="player-card__handle" aria-label="Move player (arrow keys)" {...handle}>
          <Icon name="drag" size={16} />
        </button>
        <span className="player-card__tools">
          <button type="button" className={`icon-button player-card__tool${queueOpen ? ' is-on' : ''}`} aria-label="Queue" aria-pressed={queueOpen} onClick={() => toggleQueue()}>
            <Icon name="queue" size={18} />
          </button>
          <button
            type="button"
            className={`icon-button player-card__tool${otherDevice ? ' is-on' : ''}`}
            aria-label="Devices"
            aria-expanded={pickerOpen}
            onClick={() => toggleDevicePicker()}
          >
            <Icon name="devices" size={18} />
          </button>
          {miniSupported && (
            <button type="button" className="icon-button player-card__tool" aria-label="Open mini player" onClick={() => void openMini()}>
              <Icon name="miniplayer" size={18} />
            </button>
          )}
          <button type="button" className="icon-button player-card__close" aria-label="Close player" disabled={!track} onClick={() => void closePlayer()}>
            <Icon name="close" size={18} />
          </button>
        </span>
      </div>
      <div className="player-card__body">
        <PlayerCover track={track} />
        <TrackInfo track={track} status={status} />
        <LikeButton trackId={track?.id ?? null} />
        <AddToPlaylistButton track={track} />
      </div>
      <PlayerProgress seconds={player.progressSeconds} durationMs={track?.durationMs ?? 0} />
      <PlayerControls playback={playback} playing={playing} hasTrack={track !== null} />
      <DevicePicker />
      {isPlaybackLoading && (
        <div className="player-card__loading" aria-hidden="true">
          <span className="player-card__spinner" />
        </div>
      )}
    </section>
  );
}
