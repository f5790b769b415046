import type { Playback } from '../../api/types';
import { cycleRepeat, nextTrack, previousTrack, toggleShuffle } from '../../stores/player';
import { togglePlay } from '../../stores/play';
import type { ControlsAllowed } from '../../stores/player-rules';
import { Icon } from '../../components/Icon';

interface TransportProps {
  playback: Playback | null;
  /** The sound is heard (isSounding): the middle button pauses. */
  playing: boolean;
  /** Which controls can act (player-rules.ts controlsAllowed): a disabled one keeps its place and its name. */
  controls: ControlsAllowed;
  /** A play or pause on its way (player-rules.ts isPlayPauseBusy): the middle button says it is working. */
  busy: boolean;
}

/** Previous, play/pause and next: the middle of the card's controls, and the mini-player's. */
export function TransportButtons({ playing, controls, busy }: Omit<TransportProps, 'playback'>) {
  return (
    <>
      <button type="button" className="icon-button" aria-label="Previous" disabled={!controls.previous} onClick={() => void previousTrack()}>
        <Icon name="previous" />
      </button>
      <button
        type="button"
        className="icon-button player-card__play"
        aria-label={playing ? 'Pause' : 'Play'}
        data-tooltip={playing ? 'Pause' : 'Play'}
        // Not disabled while busy: a disabled button drops the keyboard's focus. A press meanwhile
        // sends nothing new (the stores'); the icon shows the wait (global.css, as a like's heart).
        aria-busy={busy}
        disabled={!controls.playPause}
        onClick={() => void togglePlay()}
      >
        <Icon name={playing ? 'pause' : 'play'} size={24} />
      </button>
      <button type="button" className="icon-button" aria-label="Next" disabled={!controls.next} onClick={() => void nextTrack()}>
        <Icon name="next" />
      </button>
    </>
  );
}

const REPEAT_LABEL = { off: 'Repeat: off', context: 'Repeat: all', track: 'Repeat: one' } as const;

/** Shuffle, previous, play/pause, next and repeat (off → context → track → off). */
export function PlayerControls({ playback, playing, controls, busy }: TransportProps) {
  const repeat = playback?.repeatState ?? 'off';
  const shuffle = playback?.shuffleState ?? false;
  return (
    <div className="player-card__controls" data-needs-script>
      <button
        type="button"
        className={`icon-button player-card__toggle${shuffle ? ' is-on' : ''}`}
        aria-label="Shuffle"
        aria-pressed={shuffle}
        disabled={!controls.shuffle}
        onClick={() => void toggleShuffle()}
      >
        <Icon name="shuffle" />
      </button>
      <TransportButtons playing={playing} controls={controls} busy={busy} />
      <button
        type="button"
        className={`icon-button player-card__toggle${repeat !== 'off' ? ' is-on' : ''}`}
        aria-label={REPEAT_LABEL[repeat]}
        data-repeat={repeat}
        disabled={!controls.repeat}
        onClick={() => void cycleRepeat()}
      >
        <Icon name="repeat" />
        {/* Its "1" is drawn by CSS: as text it would be a visible label missing from the name (WCAG 2.5.3, axe's label-content-name-mismatch). */}
        {repeat === 'track' && <span className="player-card__repeat-one" aria-hidden="true" />}
      </button>
    </div>
  );
}
