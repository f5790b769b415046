import { useStore } from '../../components/server-snapshot';
import { $devices, toggleDevicePicker, transferTo, type PickerPlace } from '../../stores/devices';
import { $player } from '../../stores/player';
import { devicesAsPlaying } from '../../stores/player-rules';
import { useEscapeKey } from '../../components/use-escape-key';
import { useFocusReturn } from '../../components/use-focus-trap';
import { useEffect, useRef } from 'react';
import { partStateOf } from '../../lib/part-state';

const closeDevicePicker = () => toggleDevicePicker(false);

interface Props {
  /** Where this copy shows: the card's (and the Now Playing view's), the wide top bar's, or the bottom sheet's. */
  place?: PickerPlace;
  className?: string;
  /** After a device was chosen and the move is done (the bottom sheet closes then). */
  onPicked?: () => void;
}

/**
 * The device picker: GET me/player/devices with the active one (as the live playback names it) and this browser
 * marked; choosing another moves playback there (PUT me/player), keeping play state.
 */
export function DevicePicker({ place = 'card', className = '', onPicked }: Props) {
  const devices = useStore($devices);
  const player = useStore($player);
  const ownId = player.deviceId;
  const activeState = player.playback?.isPlaying ? ' · Playing' : ' · Paused';
  const open = devices.open && devices.place === place;
  const picker = useRef<HTMLDivElement>(null);
  useEscapeKey(open, closeDevicePicker);
  useFocusReturn(picker, open);
  const state = partStateOf({ answered: !devices.loading, count: devices.list.length, failure: devices.failed ? 'error' : null });
  // Seen whole as it opens and as its list comes: on a phone's Now Playing it opens under the
  // view's buttons, below the window's end and behind the bottom navigation, and in the bottom
  // sheet under its toggle, where the sheet scrolls. The nearest way: nothing moves when it is in
  // view already (the top bar's, the card's), and the page keeps clear of the bars (scroll-padding).
  // As it opens and once its list has come: not on every render (the player's progress renders
  // it each second), which held it in view against the user's own scrolling.
  useEffect(() => {
    if (open) picker.current?.scrollIntoView({ block: 'nearest' });
  }, [open, devices.loading]);
  if (!open) return null;
  return (
    <div ref={picker} className={`device-picker ${className}`.trim()} role="dialog" aria-label="Devices" aria-busy={devices.loading}>
      <h2 className="device-picker__title">Connect to a device</h2>
      {state !== 'ready' ? (
        <p className="device-picker__note">{state === 'loading' ? 'Looking for devices…' : state === 'error' ? 'The devices could not be read.' : 'No devices found.'}</p>
      ) : (
        <ul className="device-picker__list">
          {devicesAsPlaying(devices.list, player.playback).map((device) => {
            const own = device.id === ownId;
            return (
              <li key={device.id}>
                <button
                  type="button"
                  className={`menu-item device-picker__device${device.isActive ? ' is-active' : ''}`}
                  aria-current={device.isActive ? 'true' : undefined}
                  // Not disabled while a move runs (focus would drop to the page); transferTo ignores a press
                  // meanwhile. A device the provider takes no command for cannot be moved to at all.
                  aria-disabled={devices.transferring !== null || device.isRestricted}
                  onClick={() => void (device.isRestricted ? undefined : transferTo(device.id).then(onPicked))}
                >
                  <span className="device-picker__name">
                    {device.name}
                    {own ? ' (this browser)' : ''}
                  </span>
                  <span className="device-picker__meta">
                    {device.type}
                    {device.isActive ? activeState : ''}
                    {device.isRestricted ? ' · Cannot be controlled from here' : ''}
                    {devices.transferring === device.id ? ' · Connecting…' : ''}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
