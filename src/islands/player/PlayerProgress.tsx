import { useState } from 'react';
import { useHydrated } from '../../components/use-hydrated';
import { formatSeconds } from '../../lib/format';
import { seekToSecond, setProgressSeconds } from '../../stores/player';

const SEEK_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * Progress in whole seconds with elapsed and total time. Dragging sets the
 * second (SPEC §4); releasing it also seeks, so the music follows the bar
 * (**Change** from SPEC §5, whose seek listener does nothing).
 */
export function PlayerProgress({ seconds, durationMs }: { seconds: number; durationMs: number }) {
  const total = Math.floor(durationMs / 1000);
  // While the thumb is held, the bar shows where it is, not the ticking timer.
  const [held, setHeld] = useState<number | null>(null);
  // Server-rendered (the Now Playing view): a drag before the island answers would be lost.
  const hydrated = useHydrated();
  const shown = held ?? seconds;
  const release = () => {
    if (held === null) return;
    setHeld(null);
    void seekToSecond(held);
  };
  return (
    <div className="player-card__progress">
      <span className="player-card__time" aria-label="Elapsed">
        {formatSeconds(shown)}
      </span>
      <input
        type="range"
        min={0}
        max={total}
        step={1}
        value={Math.min(shown, total)}
        disabled={total === 0}
        aria-label="Seek"
        aria-disabled={!hydrated || undefined}
        aria-valuetext={`${formatSeconds(shown)} of ${formatSeconds(total)}`}
        onChange={(event) => {
          const value = Number(event.currentTarget.value);
          setHeld(value);
          setProgressSeconds(value);
        }}
        onPointerUp={release}
        onKeyUp={(event) => {
          if (SEEK_KEYS.has(event.key)) release();
        }}
        onBlur={release}
      />
      <span className="player-card__time" aria-label="Total">
        {formatSeconds(total)}
      </span>
    </div>
  );
}
