import { useCallback, useRef } from 'react';
import type { Track } from '../../api/types';
import { fetchedOnce } from '../../lib/fetched-once';
import { Icon } from '../Icon';
import { useFetched } from '../use-fetched';
import type { TrackMenuContext } from './track-menu-items';

const loadPopup = fetchedOnce(() => import('./TrackMenuPopup'));

/** Fetches the menu's chunk ahead of a first open: a pointer over a row (a touch too), a focus on its button. */
export function prepareTrackMenu(): void {
  void loadPopup();
}

interface TrackMenuProps {
  track: Track;
  context: TrackMenuContext;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A track row's "More" button and its menu. The menu is fixed to the viewport
 * (a row's list may clip or scroll); on narrow screens it is a sheet along the
 * bottom edge, where a thumb reaches it. The menu itself (./TrackMenuPopup.tsx) loads on first use.
 */
export function TrackMenu({ track, context, open, onOpenChange }: TrackMenuProps) {
  const button = useRef<HTMLButtonElement>(null);
  const popup = useFetched(loadPopup, open);
  const close = useCallback(
    (refocus: boolean) => {
      onOpenChange(false);
      if (refocus) button.current?.focus();
    },
    [onOpenChange],
  );
  return (
    <>
      <button
        type="button"
        ref={button}
        className="icon-button icon-button--plain track-row__more"
        aria-label={`More options for ${track.name}`}
        // Its menu is a script's (a popup loaded on first use): with scripting off it is not shown (global.css).
        data-needs-script
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => onOpenChange(!open)}
        onFocus={prepareTrackMenu}
      >
        <Icon name="more" size={18} />
      </button>
      {popup ? <popup.TrackMenuPopup track={track} context={context} anchor={button} onClose={close} /> : null}
    </>
  );
}
