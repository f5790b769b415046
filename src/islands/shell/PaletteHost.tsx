import { useStore } from '../../components/server-snapshot';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { useFetched } from '../../components/use-fetched';
import { fetchedOnce } from '../../lib/fetched-once';
import { $paletteOpen } from '../../stores/palette';

// All the shell's island carries of the command palette: the open flag. Its key (Ctrl+K) is the
// shell script's (stores/palette.ts listenForPaletteKey), so it works before any island has
// hydrated. The palette itself (its view, options, ranking and search) is its own chunk, fetched
// the first time it opens.
const loadPalette = fetchedOnce(() => import('./CommandPalette'));

/** The command palette while it is open. */
function PaletteHostView() {
  const open = useStore($paletteOpen);
  const palette = useFetched(loadPalette, open);
  return palette ? <palette.CommandPalette /> : null;
}

export const PaletteHost = withErrorBoundary(PaletteHostView, { compact: true });
