import { useState } from 'react';
import { useHydrated } from '../../components/use-hydrated';
import { formatSeconds } from '../../lib/format';
import { dropProgressHold, holdProgressAt, seekToSecond } from '../../stores/player';
import { useHeldSlider } from './use-held-slider';

/** Whether focus came from the keyboard (a pointer's click focuses the slider too, and its thumb should keep moving). */
function isKeyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return false; // a browser without the selector: as a pointer
  }
}

const SEEK_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * Progress in whole seconds with elapsed and total time. Dragging sets the
 * second (SPEC §4); releasing it also seeks, so the music follows the bar
 * (**Change** from SPEC §5, whose seek listener does nothing). `trackId` is the
 * track's, so a slider standing still under the keyboard knows a new one came. `canSeek` false
 * (a restricted device, the provider's `seeking` disallow) disables it, keeping its name.
 */
export function PlayerProgress({ seconds, durationMs, trackId = null, canSeek = true }: { seconds: number; durationMs: number; trackId?: string | null; canSeek?: boolean }) {
  const total = Math.floor(durationMs / 1000);
  // While the keyboard is on the slider, its value stands still at the second it came (and at
  // each second the user moves it to): a focused slider's every change is read out, and a
  // ticking one would talk over the user for as long as they stay. The times beside it tick on.
  const [still, setStill] = useState<{ second: number; trackId: string | null } | null>(null);
  // A new track under a still slider: it stands still again at that track's second (read out
  // once), not at a second of the track before.
  if (still !== null && still.trackId !== trackId) setStill({ second: seconds, trackId });
  // While the thumb is held, the bar shows where it is, not the ticking timer; the elapsed second
  // follows it (holdProgressAt), and goes back to the music's should the hold be dropped.
  const { held, hold, release, pointerHandlers } = useHeldSlider({
    send: (second) => {
      if (still !== null) setStill({ second, trackId });
      void seekToSecond(second);
    },
    drop: dropProgressHold,
  });
  // Server-rendered (the Now Playing view): a drag before the island answers would be lost.
  const hydrated = useHydrated();
  const shown = held ?? seconds;
  const onSlider = held ?? still?.second ?? seconds;
  return (
    <div className="player-card__progress" data-needs-script>
      <span className="player-card__time" aria-label="Elapsed">
        {formatSeconds(shown)}
      </span>
      <input
        type="range"
        min={0}
        max={total}
        step={1}
        value={Math.min(onSlider, total)}
        // Nothing to seek in, or a seek the provider would refuse (player-rules.ts controlsAllowed).
        disabled={total === 0 || !canSeek}
        aria-label="Seek"
        aria-disabled={!hydrated || undefined}
        aria-valuetext={`${formatSeconds(onSlider)} of ${formatSeconds(total)}`}
        onFocus={(event) => {
          if (isKeyboardFocus(event.currentTarget)) setStill({ second: seconds, trackId });
        }}
        onKeyDown={(event) => {
          // A key steps from where the music is now, not from the second the slider stood still
          // at (30 s in, listened to 2:40, → would seek back to 0:31). The browser steps the
          // element's own value once this handler returns, so that value is moved here, at once.
          if (held !== null || still === null || !SEEK_KEYS.has(event.key)) return;
          const now = Math.min(seconds, total);
          event.currentTarget.value = String(now);
          setStill({ second: now, trackId });
        }}
        onChange={(event) => {
          const value = Number(event.currentTarget.value);
          hold(value);
          holdProgressAt(value);
        }}
        {...pointerHandlers}
        onKeyUp={(event) => {
          if (SEEK_KEYS.has(event.key)) release();
        }}
        onBlur={() => {
          release();
          setStill(null);
        }}
      />
      <span className="player-card__time" aria-label="Total">
        {formatSeconds(total)}
      </span>
    </div>
  );
}
