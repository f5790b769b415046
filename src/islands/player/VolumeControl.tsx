import { Icon } from '../../components/Icon';
import { useHydrated } from '../../components/use-hydrated';
import { changeVolume } from '../../stores/player';
import { useHeldSlider } from './use-held-slider';

/** Why the slider is disabled: said to a pointer's hover (title) and to a screen reader (its description). */
export const VOLUME_NOT_SETTABLE = "This device's volume cannot be changed here";

/**
 * The note's id: a fixed one, as the slider shows once per page (the Now Playing view), and an id
 * made by React would differ between the server's render and the browser's (tests/unit/island-ids.test.ts).
 */
const NOTE_ID = 'player-volume-note';

/**
 * The volume of the device that plays, 0 to 100 %. The slider follows the finger or
 * the keys, and the provider is told once it is let go (as the progress bar seeks),
 * not at every step of a drag. A device whose volume cannot be set (`settable` false:
 * player-rules.ts controlsAllowed) gets a disabled slider that says why, rather than one
 * that moves and is refused in silence.
 */
export function VolumeControl({ percent, settable = true }: { percent: number; settable?: boolean }) {
  // A dropped hold sends nothing: the slider shows the device's volume again.
  const { held, hold, release, pointerHandlers } = useHeldSlider({ send: (value) => void changeVolume(value - percent) });
  const hydrated = useHydrated();
  const shown = held ?? percent;
  return (
    // The title sits on the row: a disabled control gets no hover in some browsers.
    <div className="player-volume" title={settable ? undefined : VOLUME_NOT_SETTABLE} data-needs-script>
      <Icon name="volume" size={18} />
      <input
        type="range"
        min={0}
        max={100}
        step={5}
        value={shown}
        disabled={!settable}
        aria-label="Volume"
        aria-valuetext={`${shown}%`}
        aria-disabled={!hydrated || undefined}
        aria-describedby={settable ? undefined : NOTE_ID}
        onChange={(event) => hold(Number(event.currentTarget.value))}
        {...pointerHandlers}
        onKeyUp={release}
        onBlur={release}
      />
      {!settable && (
        <span id={NOTE_ID} className="visually-hidden">
          {VOLUME_NOT_SETTABLE}
        </span>
      )}
    </div>
  );
}
