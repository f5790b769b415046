import { useStore } from '../../components/server-snapshot';
import { useRef } from 'react';
import { useFocusTrap } from '../../components/use-focus-trap';
import { SHORTCUTS, SINGLE_KEYS } from '../../playback/shortcuts';
import { $shortcutsSheet, $singleKeyShortcuts, setShortcutsSheet, setSingleKeyShortcuts } from '../../stores/ui';
import { useModalEscape } from '../../components/use-escape-key';

const closeShortcutsSheet = () => setShortcutsSheet(false);

/**
 * The sheet '?' opens (or the palette's "Keyboard shortcuts"): every keyboard shortcut of the
 * player, and the switch for the single-key ones. Escape, the backdrop or Close shuts it; its
 * Escape is its own (the queue Q opened under it stays open).
 */
export function ShortcutsSheet() {
  const open = useStore($shortcutsSheet);
  const singleKeys = useStore($singleKeyShortcuts);
  const panel = useRef<HTMLDivElement>(null);
  useFocusTrap(panel, open);
  const onKeyDown = useModalEscape(open, closeShortcutsSheet);
  if (!open) return null;
  return (
    <div className="dialog-backdrop" onClick={closeShortcutsSheet} onKeyDown={onKeyDown}>
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
        {/* WCAG 2.1.4: one-character shortcuts can be turned off (speech input types letters). */}
        <button
          type="button"
          role="switch"
          aria-checked={singleKeys}
          className="button button--ghost shortcuts-sheet__switch"
          onClick={() => setSingleKeyShortcuts(!singleKeys)}
        >
          Single-key shortcuts ({SINGLE_KEYS.join(', ')}): {singleKeys ? 'on' : 'off'}
        </button>
        <button type="button" className="button" onClick={closeShortcutsSheet} autoFocus>
          Close
        </button>
      </div>
    </div>
  );
}
