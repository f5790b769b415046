import { useRef, type CSSProperties, type PointerEvent } from 'react';
import { NameList } from '../../components/browse/ArtistLinks';
import { Icon } from '../../components/Icon';
import { formatSeconds } from '../../lib/format';
import { navigateTo } from '../../lib/navigation';
import { hrefOf } from '../../lib/routes';
import { togglePlay } from '../../stores/play';
import { controlsAllowed, isPlayPauseBusy, isSounding } from '../../stores/player-rules';
import { swipeOpensNowPlaying } from './bar-swipe';
import { LikeButton } from './LikeButton';
import { PlayerCover } from './PlayerCover';
import { playerStatus } from './player-status';
import type { PlayerView } from './PlayerCardBody';

const NOW_PLAYING = hrefOf('player');

/**
 * The player on phones: one line fixed above the bottom navigation (cover, name, artists,
 * like, play/pause, a thin progress line) instead of the 350 px card, which covered a
 * quarter of the list there. The whole bar is a link to the Now Playing view (/player),
 * which has every control; an upward swipe on it opens the view too (the link is the
 * keyboard's and the tap's way to the same place).
 */
export function PlayerBar({ player, otherDeviceName, screenKnown }: PlayerView) {
  const gesture = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  // A swipe already opened the view: the click the same gesture may end with is not a second navigation.
  const swiped = useRef(false);

  const { currentPlayingTrack: track, isPlaybackLoading } = player;
  const playing = isSounding(player);
  const busy = isPlayPauseBusy(player);
  const total = Math.floor((track?.durationMs ?? 0) / 1000);
  const seconds = Math.min(player.progressSeconds, total);
  const status = playerStatus(player, otherDeviceName);

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    swiped.current = false;
    // The bar's own buttons keep their taps; a swipe starts anywhere else on the bar.
    if ((event.target as Element).closest('button')) return;
    gesture.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY };
  };
  // A pointer that heads up is held by the bar, so its release (maybe above the bar) still comes here. A tap is
  // never held: its click stays the link's (a held pointer's click goes to the bar instead).
  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const start = gesture.current;
    if (!start || start.pointerId !== event.pointerId || event.currentTarget.hasPointerCapture(event.pointerId)) return;
    if (start.y - event.clientY > 10) event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    const start = gesture.current;
    gesture.current = null;
    if (!start || start.pointerId !== event.pointerId) return;
    if (!swipeOpensNowPlaying(event.clientX - start.x, event.clientY - start.y)) return;
    swiped.current = true;
    navigateTo(NOW_PLAYING);
  };

  return (
    <section
      className="player-bar"
      aria-label="Player"
      aria-busy={isPlaybackLoading}
      data-device={player.device}
      data-screen={screenKnown ? undefined : 'unknown'}
      // With JavaScript off nothing on it can run, nor does a tap open Now Playing (global.css hides it then).
      data-needs-script
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (gesture.current = null)}
      // A mouse pressed on the link would start dragging the link (and cancel the pointer), not a swipe.
      onDragStart={(event) => event.preventDefault()}
    >
      <a
        className="player-bar__open"
        href={NOW_PLAYING}
        onClick={(event) => {
          if (swiped.current) event.preventDefault();
          swiped.current = false;
        }}
      >
        <PlayerCover track={track} decorative />
        <span className="player-bar__text">
          <span className="visually-hidden">Open Now Playing: </span>
          <span className="player-bar__title">{track?.name ?? 'Nothing playing'}</span>
          <span className={`player-bar__artists${status ? ' is-status' : ''}`}>{status ?? (track ? <NameList names={track.artists.map((artist) => artist.name)} /> : null)}</span>
        </span>
      </a>
      {/* The card's status region (TrackInfo) is not on a phone: the bar has its own, always there and
          empty when all is well, so "Press play to start the sound" is read out here too. */}
      <span className="visually-hidden" role="status">
        {status}
      </span>
      <LikeButton trackId={track?.id ?? null} />
      <button type="button" className="icon-button player-bar__play" aria-label={playing ? 'Pause' : 'Play'} data-tooltip={playing ? 'Pause' : 'Play'} aria-busy={busy} disabled={!controlsAllowed(player).playPause} onClick={() => void togglePlay()}>
        <Icon name={playing ? 'pause' : 'play'} size={22} />
        {/* A play or pause on its way (SPEC: starting play sets loading): the card's spinner, round the icon (player.css). */}
        {busy && <span className="player-card__spinner player-bar__spinner" aria-hidden="true" />}
      </button>
      <div
        className="player-bar__progress"
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={seconds}
        aria-valuetext={`${formatSeconds(seconds)} of ${formatSeconds(total)}`}
        // A custom property, not a style rule: the bar's width is CSS's (player.css).
        style={{ '--progress': total > 0 ? seconds / total : 0 } as CSSProperties}
      />
    </section>
  );
}
