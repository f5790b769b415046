import { useStore } from '../../components/server-snapshot';
import { withErrorBoundary } from '../../components/ErrorBoundary';
import { useFetched } from '../../components/use-fetched';
import { fetchedOnce } from '../../lib/fetched-once';
import { $duplicatePrompt, $playlistPicker, $signInAgain } from '../../stores/playlist-dialogs';
import '../../styles/playlists.css';

// Every app route hydrates this island; the dialogs and the playlist actions they call
// load the first time one opens (the budget of 100 KB of JavaScript per route, BENCHMARKS.md).
const loadViews = fetchedOnce(() => import('./PlaylistDialogViews'));

/** The shell's playlist dialogs (picker, duplicate question, sign in again), loaded when one opens. */
function PlaylistDialogsView() {
  const picker = useStore($playlistPicker);
  const duplicate = useStore($duplicatePrompt);
  const signInAgain = useStore($signInAgain);
  const views = useFetched(loadViews, !!picker || !!duplicate || signInAgain);
  return views ? <views.PlaylistDialogViews /> : null;
}

export const PlaylistDialogs = withErrorBoundary(PlaylistDialogsView, { compact: true });
