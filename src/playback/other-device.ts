import { followOtherDevice } from '../stores/devices';
import { $player, storedDeviceId } from '../stores/player';
import { $route } from '../stores/route';

/**
 * A tab coming back into view with its card shown asks whether music plays on another
 * device (a tab, a window, an app) unless it plays here, so the card shows it. Returns the cleanup.
 */
export function startFollowingOtherDevices(): () => void {
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    const { playback, device, visible } = $player.get();
    const playsHere = playback?.isPlaying === true && playback.device?.id === storedDeviceId();
    const cardShown = visible || $route.get()?.name === 'player';
    if (device === 'ready' && cardShown && !playsHere) void followOtherDevice();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => document.removeEventListener('visibilitychange', onVisible);
}
