import { useEffect } from 'react';
import { libraryFormButton } from '../../lib/library-form';
import { $inLibrary, $libraryCheckFailed, $libraryPending, checkLibrary, toggleInLibrary, type LibraryKind } from '../../stores/library';
import { Icon } from '../Icon';
import { useSeededFlag, useStore } from '../server-snapshot';

const LABELS: Record<Exclude<LibraryKind, 'track'>, [off: string, on: string]> = {
  album: ['Save', 'Saved'],
  artist: ['Follow', 'Following'],
  user: ['Follow', 'Following'],
};

/**
 * Save/Saved for an album, Follow/Following for an artist or user: flips only on the provider's 2xx
 * (SPEC §4). With JavaScript off it submits the page's library form (src/lib/library-form.ts); with
 * it, its click makes the change here and cancels that submit.
 */
export function LibraryButton({ kind, id, name, compact = false }: {
  kind: Exclude<LibraryKind, 'track'>;
  id: string;
  name: string;
  /** On a card: the icon alone, its word as the tooltip. */
  compact?: boolean;
}) {
  const flag = useSeededFlag($inLibrary[kind], id);
  const pending = useSeededFlag($libraryPending[kind], id) === true;
  const on = flag === true;
  // A page's own button whose flag the server could not learn (its check failed) asks once here,
  // rather than stay disabled until a reload; if that fails too, the button is offered anyway and
  // a click asks first (toggleInLibrary). A card's flags come with its list's, asked together.
  const checkFailed = useStore($libraryCheckFailed[kind])[id] === true;
  useEffect(() => {
    if (!compact && flag === undefined) void checkLibrary(kind, [id]);
  }, [compact, flag, kind, id]);
  const [off, onLabel] = LABELS[kind];
  return (
    <button
      {...libraryFormButton(kind, id, on)}
      className={
        compact
          ? `icon-button library-button--compact${on ? ' library-button--on' : ''}`
          : `button button--ghost library-button${on ? ' library-button--on' : ''}`
      }
      {...(compact ? { 'data-tooltip': on ? onLabel : off } : {})}
      aria-busy={pending}
      // Until the provider said whether it is saved, a click could only guess (while it is asked).
      disabled={flag === undefined && !checkFailed}
      aria-label={`${on ? onLabel : off} ${name}`}
      onClick={(event) => {
        event.preventDefault();
        void toggleInLibrary(kind, id);
      }}
    >
      {pending ? <span className="spinner" aria-hidden="true" /> : <Icon name={on ? 'check' : 'plus'} size={16} />}
      {compact ? null : <span>{on ? onLabel : off}</span>}
    </button>
  );
}
