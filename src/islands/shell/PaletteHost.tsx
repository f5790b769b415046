import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { useFetched } from '../../components/use-fetched';
// At once although the palette is lazy: it must see where focus was before the palette opens.
import '../../components/use-focus-trap';
import { fetchedOnce } from '../../lib/fetched-once';
import { isPaletteKey } from '../../lib/palette-key';
import { $paletteOpen, togglePalette } from '../../stores/palette';

// All the shell carries of the command palette: the key and the open flag. The palette itself
// (its view, options, ranking and search) is its own chunk, fetched the first time it opens.
const loadPalette = fetchedOnce(() => import('./CommandPalette'));

/** Listens for Ctrl+K (Cmd+K on macOS) on the whole page, a text field included, and shows the palette while it is open. */
function PaletteHostView() {
  const open = useStore($paletteOpen);
  const palette = useFetched(loadPalette, open);
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
  return palette ? <palette.CommandPalette /> : null;
}

export const PaletteHost = withErrorBoundary(PaletteHostView, { compact: true });
