import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { startPlayerServices } from '../../playback/start';
import { $devices, $otherDevice, toggleDevicePicker } from '../../stores/devices';
import { $player, closePlayer } from '../../stores/player';
import { $queue, toggleQueue } from '../../stores/queue';
import { $route } from '../../stores/route';
import '../../styles/player.css';
import '../../styles/queue.css';
import { DevicePicker } from './DevicePicker';
import { LikeButton } from './LikeButton';
import { NowPlayingAnnouncer } from './NowPlayingAnnouncer';
import { MiniPlayerWindow, useMiniPlayer } from './MiniPlayer';
import { PlayerControls } from './PlayerControls';
import { PlayerCover } from './PlayerCover';
import { Icon } from '../../components/Icon';
import { PlayerProgress } from './PlayerProgress';
import { QueuePanel } from './QueuePanel';
import { ShortcutsSheet } from './ShortcutsSheet';
import { TrackInfo } from './TrackInfo';
import { useCardDrag } from './use-card-drag';
import { AddToPlaylistButton } from '../playlists/AddToPlaylistButton';

/**
 * The floating player card (SPEC §2): it lives in App.astro's persisted slot,
 * so it and the SDK device survive every client-router navigation. /player
 * (the bottom bar's centre button) shows and focuses it, even with nothing loaded.
 */
function PlayerCardView() {
  const player = useStore($player);
  const route = useStore($route);
  const card = useRef<HTMLElement>(null);
  const { offset, handle } = useCardDrag(card);
  const onPlayerPage = route?.name === 'player';
  const otherDevice = useStore($otherDevice);
  const queueOpen = useStore($queue).open;
  const pickerOpen = useStore($devices).open;
  const mini = useMiniPlayer();

  // Once per page load; the persisted island is not mounted again on navigation.
  useEffect(() => startPlayerServices(), []);

  useEffect(() => {
    if (route?.name === 'player') card.current?.focus();
  }, [route]);

  const { currentPlayingTrack: track, playback, isPlaybackLoading, device } = player;
  // While the mini-player is open the card steps aside; closing it brings the card back.
  const shown = (player.visible || onPlayerPage) && !mini.win;
  const playing = playback?.isPlaying === true && !player.autoplayBlocked;
  const status =
    device === 'reconnecting'
      ? 'Reconnecting…'
      : player.autoplayBlocked
        ? 'Press play to start the sound'
        : otherDevice
          ? `Playing on ${otherDevice.name}`
          : null;

  return (
    <>
      <ShortcutsSheet />
      <NowPlayingAnnouncer track={track} />
      <QueuePanel />
      {mini.win && <MiniPlayerWindow win={mini.win} onClose={mini.close} />}
      {shown && (
        <section
          ref={card}
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
              {mini.supported && (
                <button type="button" className="icon-button player-card__tool" aria-label="Open mini player" onClick={() => void mini.open()}>
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
      )}
    </>
  );
}

export const PlayerCard = withErrorBoundary(PlayerCardView, { compact: true });
