import { useStore } from '../../components/server-snapshot';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { NameList } from '../../components/browse/ArtistLinks';
import { Icon } from '../../components/Icon';
import { controlsAllowed, isPlayPauseBusy, isSounding } from '../../stores/player-rules';
import { $player } from '../../stores/player';
import { $theme } from '../../stores/theme';
import { LikeButton } from './LikeButton';
import { TransportButtons } from './PlayerControls';
import { PlayerCover } from './PlayerCover';

/** What the mini-player shows: cover, track, artists, like, previous, play/pause, next; it reads the same stores as the card. */
function MiniPlayerView({ onClose }: { onClose: () => void }) {
  const player = useStore($player);
  const track = player.currentPlayingTrack;
  return (
    <main className="mini-player" aria-label="Mini player">
      <PlayerCover track={track} />
      <div className="mini-player__info">
        <p className="mini-player__title">{track?.name ?? 'Nothing playing'}</p>
        <p className="mini-player__artists">{track ? <NameList names={track.artists.map((artist) => artist.name)} /> : null}</p>
      </div>
      <div className="mini-player__controls">
        <LikeButton trackId={track?.id ?? null} />
        <TransportButtons playing={isSounding(player)} controls={controlsAllowed(player)} busy={isPlayPauseBusy(player)} />
        <button type="button" className="icon-button" aria-label="Back to the player card" onClick={onClose}>
          <Icon name="close" size={18} />
        </button>
      </div>
    </main>
  );
}

/** Renders the mini-player into its window and keeps the window's theme the page's. */
export function MiniPlayerWindow({ win, onClose }: { win: Window; onClose: () => void }) {
  const theme = useStore($theme);
  useEffect(() => {
    win.document.documentElement.dataset.theme = theme;
  }, [win, theme]);
  return createPortal(<MiniPlayerView onClose={onClose} />, win.document.body);
}
