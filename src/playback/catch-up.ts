import { catchUpWithPlayback } from '../stores/devices';
import { $player, recheckPlayingLike, storedDeviceId } from '../stores/player';
import { hearOtherTabs } from '../lib/tab-news';
import { adoptPlayingNow } from './playing-now';

/** A tab coming back fires both visibilitychange and focus: one catch-up serves both. */
const CATCH_UP_COALESCE_MS = 1_000;

/** How long another tab's news of the playback gathers before this tab reads the playback once. */
const NEWS_SETTLE_MS = 300;

/**
 * Every tab knows what plays: as the page loads, whenever the tab comes back into
 * view or its window gets the focus back, and when another tab of this browser plays, pauses or
 * begins a track (a window left in view beside another, where music
 * was started on a phone meanwhile, never stopped being visible), the card catches up with the
 * account's playback on any device (or the last played track). A tab whose own device is playing has nothing to catch up with.
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
  // While the tab was away the playing track may have been liked or unliked elsewhere, and
  // tracks added to the queue on another device: an open queue panel reads it again, after the
  // catch-up (a new track read it already). Imported here, not with this module: the queue's
  // store came with the shortcuts (playback/start.ts) long before, and the catch-up as the page
  // loads waits for nothing more.
  const catchUpWhole = () =>
    void catchUp().then(() => {
      void recheckPlayingLike();
      void import('../stores/queue').then(({ catchUpQueue }) => catchUpQueue());
    });
  let lastReturn = Number.NEGATIVE_INFINITY;
  const onVisible = () => {
    if (document.visibilityState !== 'visible') return;
    const now = Date.now();
    if (now - lastReturn < CATCH_UP_COALESCE_MS) return;
    lastReturn = now;
    catchUpWhole();
  };
  if (!adoptPlayingNow()) void catchUp();
  document.addEventListener('visibilitychange', onVisible);
  const focusTarget = typeof window === 'undefined' ? null : window;
  focusTarget?.addEventListener('focus', onVisible);
  // Another tab's device began a track, or paused or resumed (src/lib/tab-news.ts): a tab in
  // view catches up once the news settles (a track's start is reported loading, then playing; a
  // pause and a quick resume are one change); a hidden one catches up as it comes back.
  let settling: ReturnType<typeof setTimeout> | null = null;
  const stopHearing = hearOtherTabs('playback', () => {
    if (document.visibilityState !== 'visible' || settling) return;
    settling = setTimeout(() => {
      settling = null;
      catchUpWhole();
    }, NEWS_SETTLE_MS);
  });
  return () => {
    document.removeEventListener('visibilitychange', onVisible);
    focusTarget?.removeEventListener('focus', onVisible);
    stopHearing();
    if (settling) clearTimeout(settling);
  };
}
