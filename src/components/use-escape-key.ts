import { useEffect } from 'react';

/**
 * While `open`, the Escape key anywhere on the page calls `onEscape` (panels and sheets
 * that close with it), unless something above it took that Escape for itself (a modal dialog,
 * a track menu: they call preventDefault), so one Escape closes one layer.
 */
export function useEscapeKey(open: boolean, onEscape: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onEscape();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onEscape]);
}
