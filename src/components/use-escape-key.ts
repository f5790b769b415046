import { useEffect } from 'react';

/**
 * While `open`, the Escape key anywhere on the page calls `onEscape` (panels and sheets
 * that close with it). Modal dialogs hear it on their backdrop instead (Dialog.tsx).
 */
export function useEscapeKey(open: boolean, onEscape: () => void): void {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onEscape();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onEscape]);
}
