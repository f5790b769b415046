import { catchUpWithPlayback } from '../stores/devices';
import { $player, recheckPlayingLike, storedDeviceId } from '../stores/player';
import { adoptPlayingNow } from './playing-now';

/**
 * Every tab knows what plays: as the page loads, and whenever the tab comes back into
 * view, the card catches up with the account's playback on any device (or the last
 * played track). A tab whose own device is playing has nothing to catch up with.
 * The shell's script starts it as the page loads (src/components/shell/shell-client.ts),
 * beside the page's first token, not once the player card's island has hydrated: the
 * card then shows what plays one hydration sooner. A page the browser loaded whole holds the
 * server's answer, rendered in the card (playing-now.ts): the stores start from it, and nothing
 * is asked as the page loads. Returns the cleanup.
 */
export function startCatchingUp(): () => void {
  const catchUp = async () => {
    const { playback } = $player.get();
    const playsHere = playback?.isPlaying === true && playback.device?.id === storedDeviceId();
    if (!playsHere) await catchUpWithPlayback();
  };
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    // While the tab was away the playing track may have been liked or unliked elsewhere.
    void catchUp().then(recheckPlayingLike);
  };
  if (!adoptPlayingNow()) void catchUp();
  document.addEventListener('visibilitychange', onVisible);
  return () => document.removeEventListener('visibilitychange', onVisible);
}
