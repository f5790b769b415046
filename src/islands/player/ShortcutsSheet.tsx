import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { useFocusTrap } from '../../components/use-focus-trap';
import { SHORTCUTS } from '../../playback/shortcuts';
import { $shortcutsSheet, setShortcutsSheet } from '../../stores/player';

/** The sheet '?' opens: every keyboard shortcut of the player. Escape, the backdrop or Close shuts it. */
export function ShortcutsSheet() {
  const open = useStore($shortcutsSheet);
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, open);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setShortcutsSheet(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  if (!open) return null;
  return (
    <div className="dialog-backdrop" onClick={() => setShortcutsSheet(false)}>
      <div
        ref={panel}
        className="dialog shortcuts-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="shortcuts-title"
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id="shortcuts-title">Keyboard shortcuts</h2>
        <dl className="shortcuts-sheet__list">
          {SHORTCUTS.map((shortcut) => (
            <div key={shortcut.keys}>
              <dt>
                <kbd>{shortcut.keys}</kbd>
              </dt>
              <dd>{shortcut.label}</dd>
            </div>
          ))}
        </dl>
        <button type="button" className="button" onClick={() => setShortcutsSheet(false)} autoFocus>
          Close
        </button>
      </div>
    </div>
  );
}
