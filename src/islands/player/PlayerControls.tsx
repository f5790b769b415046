import type { Playback } from '../../api/types';
import { cycleRepeat, nextTrack, previousTrack, togglePlay, toggleShuffle } from '../../stores/player';
import { Icon } from '../../components/Icon';

const REPEAT_LABEL = { off: 'Repeat: off', context: 'Repeat: all', track: 'Repeat: one' } as const;

/** Shuffle, previous, play/pause, next and repeat (off → context → track → off). */
export function PlayerControls({ playback, playing, hasTrack }: { playback: Playback | null; playing: boolean; hasTrack: boolean }) {
  const repeat = playback?.repeatState ?? 'off';
  const shuffle = playback?.shuffleState ?? false;
  const disallows = playback?.disallows;
  return (
    <div className="player-card__controls">
      <button
        type="button"
        className={`icon-button player-card__toggle${shuffle ? ' is-on' : ''}`}
        aria-label="Shuffle"
        aria-pressed={shuffle}
        disabled={!playback}
        onClick={() => void toggleShuffle()}
      >
        <Icon name="shuffle" />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label="Previous"
        disabled={!playback || disallows?.skippingPrev === true}
        onClick={() => void previousTrack()}
      >
        <Icon name="previous" />
      </button>
      <button
        type="button"
        className="icon-button player-card__play"
        aria-label={playing ? 'Pause' : 'Play'}
        disabled={!hasTrack}
        onClick={() => void togglePlay()}
      >
        <Icon name={playing ? 'pause' : 'play'} size={24} />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label="Next"
        disabled={!playback || disallows?.skippingNext === true}
        onClick={() => void nextTrack()}
      >
        <Icon name="next" />
      </button>
      <button
        type="button"
        className={`icon-button player-card__toggle${repeat !== 'off' ? ' is-on' : ''}`}
        aria-label={REPEAT_LABEL[repeat]}
        data-repeat={repeat}
        disabled={!playback}
        onClick={() => void cycleRepeat()}
      >
        <Icon name="repeat" />
        {repeat === 'track' && <span className="player-card__repeat-one">1</span>}
      </button>
    </div>
  );
}
