import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { useFetched } from '../../components/use-fetched';
import { useNarrowScreen } from '../../components/use-media-query';
import { fetchedOnce } from '../../lib/fetched-once';
import { $player } from '../../stores/player';
import { $shortcutsSheet } from '../../stores/ui';
import { $queue } from '../../stores/queue';
import { $route } from '../../stores/route';
import '../../styles/player.css';
import '../../styles/queue.css';
import { NowPlayingAnnouncer } from './NowPlayingAnnouncer';
import { playerPlacement, type PlayerPlacement } from './player-placement';
import { useCardDrag } from './use-card-drag';
import { useMiniPlayer } from './use-mini-player';

// Every app route hydrates this island, but its views are needed only once something
// plays or a panel opens: each is its own chunk, fetched the first time it shows (the
// budget of 100 KB of JavaScript per route, BENCHMARKS.md); the card's, or the phone's
// bar, as the page loads (below). The SDK device, the Media Session and the shortcuts
// start from the shell's script (components/shell/shell-client.ts), not with this island.
const loadCardBody = fetchedOnce(() => import('./PlayerCardBody'));
const loadBar = fetchedOnce(() => import('./PlayerBar'));
/** The view each placement shows. */
const viewLoaders: Record<PlayerPlacement, (() => Promise<unknown>) | null> = { card: loadCardBody, bar: loadBar, none: null };
const loadQueuePanel = fetchedOnce(() => import('./QueuePanel'));
const loadShortcutsSheet = fetchedOnce(() => import('./ShortcutsSheet'));
const loadMiniPlayer = fetchedOnce(() => import('./MiniPlayer'));

/**
 * The floating player card (SPEC §2): it lives in App.astro's persisted slot,
 * so it and the SDK device survive every client-router navigation. On phones it
 * is a one-line bar instead (PlayerBar); on /player neither shows, since the Now
 * Playing view there is the player (and holds the queue).
 */
function PlayerCardView() {
  const player = useStore($player);
  const route = useStore($route);
  const queueOpen = useStore($queue).open;
  const sheetOpen = useStore($shortcutsSheet);
  const mini = useMiniPlayer();
  // Here, not in the lazy body: the card keeps its place while it is hidden (mini-player, closed).
  const card = useRef<HTMLElement>(null);
  const { offset, handle, attach } = useCardDrag(card);

  const narrow = useNarrowScreen();
  const onNowPlaying = route?.name === 'player';
  // While the mini-player is open the card steps aside; closing it brings the card back.
  const placement = playerPlacement({ visible: player.visible, onNowPlaying, miniOpen: mini.win !== null, narrow });
  // The page's catch-up (src/playback/catch-up.ts) shows the card on almost every load (the
  // account's music, else its last played track): the view it will show is fetched now, beside
  // that first GET me/player, rather than after its answer. In the render, not an effect: a
  // busy page runs effects late, and the fetch is made once whatever the renders.
  void viewLoaders[playerPlacement({ visible: true, onNowPlaying, miniOpen: false, narrow })]?.();
  const body = useFetched(loadCardBody, placement === 'card');
  const bar = useFetched(loadBar, placement === 'bar');
  const queuePanel = useFetched(loadQueuePanel, queueOpen && !onNowPlaying);
  const shortcutsSheet = useFetched(loadShortcutsSheet, sheetOpen);
  const miniPlayer = useFetched(loadMiniPlayer, mini.win !== null);

  return (
    <>
      {/* Each view shows once its chunk has come; one's first load never hides another. */}
      {shortcutsSheet && <shortcutsSheet.ShortcutsSheet />}
      <NowPlayingAnnouncer track={player.currentPlayingTrack} />
      {queuePanel && <queuePanel.QueuePanel />}
      {miniPlayer && mini.win && <miniPlayer.MiniPlayerWindow win={mini.win} onClose={mini.close} />}
      {body && <body.PlayerCardBody attach={attach} offset={offset} handle={handle} miniSupported={mini.supported} openMini={mini.open} />}
      {bar && <bar.PlayerBar />}
    </>
  );
}

export const PlayerCard = withErrorBoundary(PlayerCardView, { compact: true });
