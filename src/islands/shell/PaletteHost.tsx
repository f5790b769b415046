import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect } from 'react';
import { withErrorBoundary } from '../../components/ErrorBoundary';
// At once although the palette is lazy: it must see where focus was before the palette opens.
import '../../components/use-focus-trap';
import { isPaletteKey } from '../../lib/palette-key';
import { $paletteOpen, togglePalette } from '../../stores/palette';

// All the shell carries of the command palette: the key and the open flag. The palette itself
// (its view, options, ranking and search) is its own chunk, fetched the first time it opens.
const CommandPalette = lazy(() => import('./CommandPalette').then((module) => ({ default: module.CommandPalette })));

/** Listens for Ctrl+K (Cmd+K on macOS) on the whole page, a text field included, and shows the palette while it is open. */
function PaletteHostView() {
  const open = useStore($paletteOpen);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.repeat || !isPaletteKey(event)) return;
      // The browser's own Ctrl+K (its address bar search) gives way to the app's.
      event.preventDefault();
      togglePalette();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return <Suspense fallback={null}>{open && <CommandPalette />}</Suspense>;
}

export const PaletteHost = withErrorBoundary(PaletteHostView, { compact: true });
