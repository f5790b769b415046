import { useStore } from '../../components/server-snapshot';
import type { Track } from '../../api/types';
import { ArtistLinks } from '../../components/browse/ArtistLinks';
import { Cover } from '../../components/browse/Cover';
import { Icon } from '../../components/Icon';
import { $queueShown, toggleQueue } from '../../stores/queue';
import { useEscapeKey } from '../../components/use-escape-key';
import { useFocusReturn } from '../../components/use-focus-trap';
import { $route } from '../../stores/route';
import { useEffect, useRef, type RefObject } from 'react';
import { partStateOf } from '../../lib/part-state';
import { QUEUE_PANEL_ID } from './queue-panel-id';

const closeQueue = () => toggleQueue(false);

function QueueRow({ track }: { track: Track }) {
  return (
    <li className="queue-panel__row">
      <Cover images={track.album?.images ?? []} alt="" size={40} />
      <span className="queue-panel__text">
        <span className="queue-panel__name">{track.name}</span>
        <span className="queue-panel__artists">
          <ArtistLinks artists={track.artists} />
        </span>
      </span>
    </li>
  );
}

/**
 * The card's panel (its Queue button, the Q key, the palette's) takes the keyboard's focus as it
 * opens: on a wide screen it stands last in the page, after the card (the Tab walk reached it 11
 * stops after its button), and on a narrow one it takes the page's place, which hides (queue.css).
 * Escape and Close send the focus back (useFocusReturn). Not the Now Playing view's panel, which
 * is part of its page (on /player, where the card shows none).
 */
function useFocusOnOpen(panel: RefObject<HTMLElement | null>, open: boolean) {
  const route = useStore($route);
  const partOfPage = route?.name === 'player';
  // After useFocusReturn's layout effect: what had focus as it opened is still where Escape and Close send it back.
  useEffect(() => {
    if (open && !partOfPage && !panel.current?.contains(document.activeElement)) panel.current?.focus();
  }, [panel, open, partOfPage]);
}

/**
 * The queue (the card's Queue button, the Q key): Now playing and Next up as the
 * provider says (GET me/player/queue), read again whenever the playing track changes and
 * every few seconds while open, and as the player shows it: a closed player's queue says
 * nothing plays (stores/queue-rules.ts). Not modal: music and the page stay usable (beside it on
 * wide screens, the page making room for it, queue.css); Escape or Close shuts it.
 */
export function QueuePanel() {
  const queue = useStore($queueShown);
  const panel = useRef<HTMLElement>(null);
  useEscapeKey(queue.open, closeQueue);
  useFocusReturn(panel, queue.open);
  useFocusOnOpen(panel, queue.open);
  if (!queue.open) return null;
  const { nowPlaying, nextUp, loaded, failed } = queue;
  const state = partStateOf({ answered: loaded, count: (nowPlaying ? 1 : 0) + nextUp.length, failure: failed ? 'error' : null });
  return (
    <aside ref={panel} id={QUEUE_PANEL_ID} className="queue-panel" aria-label="Queue" aria-busy={queue.loading} tabIndex={-1}>
      <header className="queue-panel__header">
        <h2>Queue</h2>
        <button type="button" className="icon-button" aria-label="Close queue" data-needs-script onClick={closeQueue}>
          <Icon name="close" size={18} />
        </button>
      </header>
      {state === 'error' ? (
        <p className="queue-panel__note">The queue could not be read.</p>
      ) : state === 'loading' ? (
        <p className="queue-panel__note">Loading…</p>
      ) : (
        <div className="queue-panel__lists">
          <h3>Now playing</h3>
          {nowPlaying ? (
            <ul className="queue-panel__list">
              <QueueRow track={nowPlaying} />
            </ul>
          ) : (
            <p className="queue-panel__note">Nothing is playing.</p>
          )}
          <h3>Next up</h3>
          {nextUp.length > 0 ? (
            <ol className="queue-panel__list" aria-label="Next up">
              {nextUp.map((track, index) => (
                <QueueRow key={`${track.id}-${index}`} track={track} />
              ))}
            </ol>
          ) : (
            <p className="queue-panel__note">Your queue is empty.</p>
          )}
        </div>
      )}
    </aside>
  );
}
