import { useLayoutEffect, useState } from 'react';
import type { NowPlayingSeed } from '../../api/page-seeds';
import type { Playback, Track } from '../../api/types';
import { withCarriedSeed } from '../../components/carried-seed';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { Icon } from '../../components/Icon';
import { SeededIsland, useStore } from '../../components/server-snapshot';
import { useHydrated } from '../../components/use-hydrated';
import { hrefOf } from '../../lib/routes';
import { $devices, $otherDevice, toggleDevicePicker } from '../../stores/devices';
import { adoptNowPlaying, enterNowPlaying, nowPlayingSnapshot } from '../../stores/now-playing-page';
import { $player, closePlayer } from '../../stores/player';
import { isPlayPauseBusy } from '../../stores/player-rules';
import { focusContent } from '../../components/use-focus-trap';
import { $queue, toggleQueue } from '../../stores/queue';
import '../../styles/player.css';
import '../../styles/queue.css';
import '../../styles/now-playing.css';
import { AddToPlaylistButton } from '../playlists/AddToPlaylistButton';
import { DevicePicker } from './DevicePicker';
import { LikeButton } from './LikeButton';
import { nowPlayingPicture } from './now-playing-picture';
import { PlayerControls } from './PlayerControls';
import { PlayerCover } from './PlayerCover';
import { PlayerProgress } from './PlayerProgress';
import { playerStatus } from './player-status';
import { QueuePanel } from './QueuePanel';
import { QUEUE_PANEL_ID } from './queue-panel-id';
import { TrackInfo } from './TrackInfo';
import { VolumeControl } from './VolumeControl';

/** Nothing is loaded on any device: what this page is for, and where music is found. */
function NothingPlaying() {
  return (
    <div className="now-playing__empty">
      <h2>Nothing playing</h2>
      <p>Play a song from Home, Search or Your Library, and it shows here with what plays next.</p>
      <p className="now-playing__links">
        <a className="button" href={hrefOf('home')}>
          Go to Home
        </a>
        <a className="button button--ghost" href={hrefOf('search')}>
          Search
        </a>
      </p>
    </div>
  );
}

/**
 * The Now Playing view: the player at full size (large cover, track, artists, like, progress,
 * every control, volume, the device) beside its queue. It shows the server's answer until
 * this tab's player knows what plays, then the player's stores, like the card.
 */
function NowPlaying({ server, lastPlayed }: { server: Playback | null; lastPlayed: Track | null }) {
  const hydrated = useHydrated();
  const live = useStore($player);
  const otherDevice = useStore($otherDevice);
  const queueOpen = useStore($queue).open;
  const devices = useStore($devices);
  // Its own picker (place 'card', as DevicePicker's default): the top bar's is not this button's.
  const pickerOpen = devices.open && devices.place === 'card';
  const [asking, setAsking] = useState(true);

  // Before the first paint of the hydrated view, so the queue never flashes closed.
  useLayoutEffect(() => {
    let here = true;
    const { asked, leave } = enterNowPlaying();
    void asked.then(() => here && setAsking(false));
    return () => {
      here = false;
      leave();
    };
  }, []);

  const picture = nowPlayingPicture({ live, server, lastPlayed, hydrated, asking });
  const { track } = picture;
  // The device and the panels are this tab's own: the server cannot know them.
  const status = picture.fromServer ? null : playerStatus(live, otherDevice?.name ?? null);

  return (
    <div className="now-playing">
      <section
        className="now-playing__player"
        aria-label="Player"
        aria-busy={!picture.fromServer && live.isPlaybackLoading}
        data-device={picture.fromServer ? undefined : live.device}
      >
        <PlayerCover track={track} />
        {track ? (
          <>
            <div className="now-playing__track">
              <TrackInfo track={track} status={status} />
              <LikeButton trackId={track.id} />
              <AddToPlaylistButton track={track} />
            </div>
            <PlayerProgress seconds={picture.seconds} durationMs={track.durationMs} trackId={track.id} canSeek={picture.controls.seek} />
            <PlayerControls playback={picture.playback} playing={picture.playing} controls={picture.controls} busy={!picture.fromServer && isPlayPauseBusy(live)} />
            <VolumeControl percent={picture.volumePercent} settable={picture.controls.volume} />
          </>
        ) : (
          <NothingPlaying />
        )}
        {/* These and the transport, seek and volume need the page's script (data-needs-script: hidden with JavaScript off, where /player shows what plays and the queue). */}
        <div className="now-playing__tools" data-needs-script>
          <button type="button" className={`button button--ghost${otherDevice && hydrated ? ' is-on' : ''}`} aria-expanded={hydrated && pickerOpen} onClick={() => toggleDevicePicker(!pickerOpen, 'card')}>
            <Icon name="devices" size={18} />
            Devices
          </button>
          <button type="button" className="button button--ghost" aria-pressed={queueOpen} aria-controls={queueOpen ? QUEUE_PANEL_ID : undefined} onClick={() => toggleQueue()}>
            <Icon name="queue" size={18} />
            Queue
          </button>
          {track && (
            <button
              type="button"
              className="button button--ghost"
              aria-label="Close player"
              aria-disabled={picture.fromServer || undefined}
              onClick={() => {
                if (picture.fromServer) return;
                // The view's controls go away with the track: the keyboard's focus goes on to the page.
                focusContent();
                void closePlayer();
              }}>
              <Icon name="close" size={18} />
              Close
            </button>
          )}
        </div>
        {hydrated && <DevicePicker />}
      </section>
      {/* Open as the view enters: the server renders the queue it read, so the page shows it before any script. */}
      <div className="now-playing__queue">{queueOpen && <QueuePanel />}</div>
    </div>
  );
}

/** /player's island: server-rendered from the provider's answer (NowPlayingSeed), then the player's stores. */
function NowPlayingPage({ seed }: { seed: NowPlayingSeed }) {
  return (
    <SeededIsland snapshot={() => nowPlayingSnapshot(seed)} adopt={() => adoptNowPlaying(seed)}>
      <NowPlaying server={seed.playback} lastPlayed={seed.lastPlayed ?? null} />
    </SeededIsland>
  );
}

export const NowPlayingView = withErrorBoundary(withCarriedSeed(NowPlayingPage));
