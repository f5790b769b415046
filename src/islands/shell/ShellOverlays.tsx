import { PlaylistDialogs } from '../playlists/PlaylistDialogs';
import { PaletteHost } from './PaletteHost';
import { PremiumDialog } from './PremiumDialog';
import { Toasts } from './Toasts';
import { TopLoadingBar } from './TopLoadingBar';

/**
 * What the shell lays over every page, as one island: the loading bar, the toasts, the premium
 * prompt, the playlist dialogs and the command palette's key. Each keeps its own error boundary.
 * As five islands they cost each page five roots to start, five modules to fetch on a first
 * visit and five island renders on the server, for parts that are always shown together.
 */
export function ShellOverlays() {
  return (
    <>
      <TopLoadingBar />
      <Toasts />
      <PremiumDialog />
      <PlaylistDialogs />
      <PaletteHost />
    </>
  );
}
