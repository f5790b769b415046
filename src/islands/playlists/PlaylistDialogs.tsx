import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { $duplicatePrompt, $playlistPicker, $signInAgain } from '../../stores/playlist-dialogs';
import '../../styles/playlists.css';

// Every app route hydrates this island; the dialogs and the playlist actions they call
// load the first time one opens (the budget of 110 KB of JavaScript per route, BENCHMARKS.md).
const PlaylistDialogViews = lazy(() => import('./PlaylistDialogViews').then((module) => ({ default: module.PlaylistDialogViews })));

/** The shell's playlist dialogs (picker, duplicate question, sign in again), loaded when one opens. */
function PlaylistDialogsView() {
  const picker = useStore($playlistPicker);
  const duplicate = useStore($duplicatePrompt);
  const signInAgain = useStore($signInAgain);
  if (!picker && !duplicate && !signInAgain) return null;
  return (
    <Suspense fallback={null}>
      <PlaylistDialogViews />
    </Suspense>
  );
}

export const PlaylistDialogs = withErrorBoundary(PlaylistDialogsView, { compact: true });
