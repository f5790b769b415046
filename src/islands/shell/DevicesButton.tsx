import { useStore } from '../../components/server-snapshot';
import { useEffect, useRef } from 'react';
import { Icon } from '../../components/Icon';
import { useHydrated } from '../../components/use-hydrated';
import { $devices, $otherDevice, toggleDevicePicker } from '../../stores/devices';
import { DevicePicker } from '../player/DevicePicker';

/**
 * "Connect to a device", always one click away in the wide top bar, whether or not
 * anything plays (the card's own button needs a card). The picker opens under it.
 */
export function DevicesButton() {
  const devices = useStore($devices);
  // Marked only once hydrated: the server's HTML cannot know where the music is.
  const hydrated = useHydrated();
  const otherDevice = useStore($otherDevice);
  const open = devices.open && devices.place === 'top-bar';
  const around = useRef<HTMLSpanElement>(null);
  // A click anywhere else closes it, as a popover does (Escape too: DevicePicker).
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!around.current?.contains(event.target as Node)) toggleDevicePicker(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);
  return (
    <span className="devices-button" ref={around} data-needs-script>
      <button
        type="button"
        className={`icon-button${hydrated && otherDevice ? ' is-on' : ''}`}
        aria-label="Connect to a device"
        data-tooltip="Connect to a device"
        aria-expanded={open}
        onClick={() => toggleDevicePicker(!open, 'top-bar')}
      >
        <Icon name="devices" />
      </button>
      <DevicePicker place="top-bar" className="device-picker--shell" />
    </span>
  );
}
