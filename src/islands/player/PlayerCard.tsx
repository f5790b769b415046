import { useRef, useState } from 'react';
import type { NowPlayingSeed } from '../../api/page-seeds';
import { withCarriedSeed } from '../../components/carried-seed';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { SeededIsland, useStore } from '../../components/server-snapshot';
import { useFetched } from '../../components/use-fetched';
import { useHydrated } from '../../components/use-hydrated';
import { useNarrowScreen } from '../../components/use-media-query';
import { fetchedOnce } from '../../lib/fetched-once';
import { $otherDevice } from '../../stores/devices';
import { adoptNowPlaying, nowPlayingSnapshot } from '../../stores/now-playing-page';
import { $player } from '../../stores/player';
import { initialPlayer, withPlayingNow, type PlayerState } from '../../stores/player-rules';
import { $shortcutsSheet } from '../../stores/ui';
import { $queue } from '../../stores/queue';
import { $route } from '../../stores/route';
import '../../styles/player.css';
import '../../styles/queue.css';
import { NowPlayingAnnouncer } from './NowPlayingAnnouncer';
import { PlayerBar } from './PlayerBar';
import { PlayerCardBody } from './PlayerCardBody';
import { playerPlacement } from './player-placement';
import { useCardDrag } from './use-card-drag';
import { useMiniPlayer } from './use-mini-player';

// The card and the phone's bar are in the server's HTML, so they come with this island, which
// loads when the user acts (or the player shows what that HTML does not: playback/playing-now.ts).
// The panels are needed only once opened: each is its own chunk, fetched the first time it shows.
const loadQueuePanel = fetchedOnce(() => import('./QueuePanel'));
const loadShortcutsSheet = fetchedOnce(() => import('./ShortcutsSheet'));
const loadMiniPlayer = fetchedOnce(() => import('./MiniPlayer'));

/**
 * The floating player card (SPEC §2): it lives in App.astro's persisted slot,
 * so it and the SDK device survive every client-router navigation. On phones it
 * is a one-line bar instead (PlayerBar); on /player neither shows, since the Now
 * Playing view there is the player (and holds the queue). `server` is the player as the
 * server found it for this page: shown until the island has hydrated, the stores after.
 */
function PlayerCardView({ server }: { server: PlayerState }) {
  const hydrated = useHydrated();
  const live = useStore($player);
  const player = hydrated ? live : server;
  const otherDevice = useStore($otherDevice);
  const route = useStore($route);
  const queue = useStore($queue);
  const sheet = useStore($shortcutsSheet);
  // Here, not in the card's body: the card keeps its place while it is hidden (mini-player, closed).
  const card = useRef<HTMLElement>(null);
  const mini = useMiniPlayer(card);
  const { offset, handle, attach } = useCardDrag(card);
  const narrow = useNarrowScreen();

  // The device, the panels, the route and the screen are this tab's own: the server's HTML knows none of them.
  const onNowPlaying = hydrated && route?.name === 'player';
  const queueOpen = hydrated && queue.open && !onNowPlaying;
  const placement = playerPlacement({ visible: player.visible, onNowPlaying, miniOpen: mini.win !== null, narrow: hydrated ? narrow : null });
  const view = { player, otherDeviceName: hydrated ? (otherDevice?.name ?? null) : null, hydrated, screenKnown: placement !== 'both' };
  const queuePanel = useFetched(loadQueuePanel, queueOpen);
  const shortcutsSheet = useFetched(loadShortcutsSheet, hydrated && sheet);
  const miniPlayer = useFetched(loadMiniPlayer, mini.win !== null);

  return (
    <>
      {/* Each panel shows once its chunk has come; one's first load never hides another. */}
      {shortcutsSheet && <shortcutsSheet.ShortcutsSheet />}
      <NowPlayingAnnouncer player={player} />
      {miniPlayer && mini.win && <miniPlayer.MiniPlayerWindow win={mini.win} onClose={mini.close} />}
      {(placement === 'card' || placement === 'both') && (
        <PlayerCardBody {...view} attach={attach} offset={offset} handle={handle} miniSupported={hydrated && mini.supported} openMini={mini.open} miniButton={mini.button} />
      )}
      {/* After the card: Tab goes on from the card's Queue button into the queue it opened. */}
      {queuePanel && <queuePanel.QueuePanel />}
      {(placement === 'bar' || placement === 'both') && <PlayerBar {...view} />}
    </>
  );
}

/** The island: the card as the server found what plays (a null seed: not known, an empty card until the stores speak). */
function PlayerCardIsland({ seed }: { seed: NowPlayingSeed | null }) {
  const [server] = useState(() => (seed ? withPlayingNow(initialPlayer(), seed) : initialPlayer()));
  return (
    <SeededIsland snapshot={() => nowPlayingSnapshot(seed ?? { playback: null, failure: null })} adopt={() => seed && adoptNowPlaying(seed)}>
      <PlayerCardView server={server} />
    </SeededIsland>
  );
}

export const PlayerCard = withErrorBoundary(withCarriedSeed(PlayerCardIsland), { compact: true });
