import { useState } from 'react';
import { Icon } from '../../components/Icon';
import { useHydrated } from '../../components/use-hydrated';
import { changeVolume } from '../../stores/player';

/**
 * The volume of the device that plays, 0 to 100 %. The slider follows the finger or
 * the keys, and the provider is told once it is let go (as the progress bar seeks),
 * not at every step of a drag.
 */
export function VolumeControl({ percent }: { percent: number }) {
  const [held, setHeld] = useState<number | null>(null);
  const hydrated = useHydrated();
  const shown = held ?? percent;
  const release = () => {
    if (held === null) return;
    setHeld(null);
    void changeVolume(held - percent);
  };
  return (
    <div className="player-volume">
      <Icon name="volume" size={18} />
      <input
        type="range"
        min={0}
        max={100}
        step={5}
        value={shown}
        aria-label="Volume"
        aria-valuetext={`${shown}%`}
        aria-disabled={!hydrated || undefined}
        onChange={(event) => setHeld(Number(event.currentTarget.value))}
        onPointerUp={release}
        onKeyUp={release}
        onBlur={release}
      />
    </div>
  );
}
